/* predict_table -- predict.csv's table (see predict_table.h). */
#include "predict_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "errmsg.h"
#include "sample.h"

int hrel_predict_median(const char *opt, const char *list, double *med, char *err,
                        size_t errlen)
{
    double v[HREL_ARGS_MAX_LIST];
    int n = 0;
    char *dup = hrel_strdup(list), *tok, *save = NULL;
    if (!dup) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == HREL_ARGS_MAX_LIST) {
            hrel_seterr(err, errlen, "%s: too many values", opt);
            free(dup);
            return -1;
        }
        if (hrel_args_double(opt, tok, 1e-9, 1e9, &v[n++], err, errlen) != 0) {
            free(dup);
            return -1;
        }
    }
    free(dup);
    if (n == 0) {
        hrel_seterr(err, errlen, "%s is empty", opt);
        return -1;
    }
    *med = hrel_sample_median(v, (size_t)n);
    return 0;
}

int hrel_predict_table(FILE *fp, const char *measured, const char *untraced,
                       const char *const *names, const double *pred, const double *lo,
                       const double *hi, int n, char *err, size_t errlen)
{
    double med = NAN, umed = NAN;
    int i;
    if ((measured && hrel_predict_median("--measured", measured, &med, err, errlen) != 0) ||
        (untraced && hrel_predict_median("--untraced", untraced, &umed, err, errlen) != 0))
        return -1;
    if (measured)
        fprintf(fp, "# measured_runs_s: %s\n", measured);
    if (measured && untraced)
        fprintf(fp, "# untraced_runs_s: %s\n# untraced_median_s: %.6f\n"
                "# tracing_overhead_pct: %.2f\n", untraced, umed, 100.0 * (med - umed) / umed);
    fprintf(fp, "model,predicted_s,measured_s,err_pct,lo_s,hi_s\n");
    for (i = 0; i < n; i++) {
        if (measured)
            fprintf(fp, "%s,%.6f,%.6f,%.2f,", names[i], pred[i], med, hrel_error_pct(med, pred[i]));
        else
            fprintf(fp, "%s,%.6f,,,", names[i], pred[i]);
        if (lo && hi && !isnan(lo[i]) && !isnan(hi[i]))
            fprintf(fp, "%.6f,%.6f\n", lo[i], hi[i]);
        else
            fprintf(fp, ",\n");
    }
    return 0;
}
