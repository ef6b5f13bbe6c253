/* lineuse -- see lineuse.h. */
#include "lineuse.h"

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>

#include "errmsg.h"

int hrel_lineuse_decide(const double *x, const double *y, const double *w, size_t n,
                        hrel_line *line, char *err, size_t errlen)
{
    double g0, cov, sumsq;
    int rc;

    line->use = HREL_USE_NONE;
    line->g_use = line->L_use = NAN;
    if (!line->ok || !(line->g > 0) || (isfinite(line->ci_g) && line->ci_g >= line->g))
        return 0;
    if (line->L >= 0) {
        line->use = HREL_USE_FIT;
        line->g_use = line->g;
        line->L_use = line->L;
        return 0;
    }
    rc = w ? gsl_fit_wmul(x, 1, w, 1, y, 1, n, &g0, &cov, &sumsq)
           : gsl_fit_mul(x, 1, y, 1, n, &g0, &cov, &sumsq);
    if (rc != GSL_SUCCESS) {
        hrel_seterr(err, errlen, "fit: GSL least squares through the origin failed: %s",
                    gsl_strerror(rc));
        return -1;
    }
    if (g0 > 0) {
        line->use = HREL_USE_ORIGIN;
        line->g_use = g0;
        line->L_use = 0;
    }
    return 0;
}
