/* logp -- see logp.h. */
#include "logp.h"

#include <math.h>
#include <stdio.h>

int hrel_logp_msgs(const hrel_logp *m, long n, double *T, char *err, size_t errlen)
{
    if (!(isfinite(m->L) && isfinite(m->o) && isfinite(m->g)) || m->L < 0 || m->o < 0 ||
        m->g < 0) {
        if (err && errlen)
            snprintf(err, errlen, "LogP parameters must be finite and >= 0 (L=%g o=%g g=%g)",
                     m->L, m->o, m->g);
        return -1;
    }
    if (n < 1) {
        if (err && errlen)
            snprintf(err, errlen, "LogP needs at least one message (got %ld)", n);
        return -1;
    }
    *T = hrel_logp_time(m, (double)n);
    return 0;
}

void hrel_logp_block(const hrel_logp *m, double *a, double *b)
{
    *a = 2.0 * m->o + m->L;
    *b = fmax(m->g, m->o);
}

double hrel_logp_time(const hrel_logp *m, double n)
{
    double a, b;
    hrel_logp_block(m, &a, &b);
    return a + (n - 1.0) * b;
}
