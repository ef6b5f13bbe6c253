/* streamq -- the wait behind a direct-route stream. See streamq.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "errmsg.h"
#include "sample.h"
#include "streamq.h"

int hrel_streamq_read(const char *path, double *wait, int *nrep, char *err, size_t errlen)
{
    static const char *const names[] = {"phase", "rep", "median_rtt_s", NULL};
    hrel_csv *t = NULL;
    int ix[3], rc = -1;
    double *med[2] = {NULL, NULL}, *d = NULL;
    size_t i, n = 0, cap;
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, names, ix, err, errlen) != 0)
        goto out;
    cap = t->nrow ? t->nrow : 1;
    if (!(med[0] = malloc(cap * sizeof *med[0])) || !(med[1] = malloc(cap * sizeof *med[1])) ||
        !(d = malloc(cap * sizeof *d))) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto out;
    }
    for (i = 0; i < cap; i++)
        med[0][i] = med[1][i] = NAN;
    for (i = 0; i < t->nrow; i++) {
        const char *ph = hrel_csv_str(t, i, ix[0]);
        long rep;
        double v;
        int k = ph && strcmp(ph, "alone") == 0 ? 0 : ph && strcmp(ph, "stream") == 0 ? 1 : -1;
        if (k < 0) {
            hrel_seterr(err, errlen, "%s:%zu: phase '%s' is neither alone nor stream", path,
                        t->lineno[i], ph ? ph : "");
            goto out;
        }
        if (hrel_csv_long(t, i, ix[1], &rep, err, errlen) != 0 ||
            hrel_csv_double(t, i, ix[2], &v, err, errlen) != 0)
            goto out;
        if (rep < 0 || (size_t)rep >= cap) {
            hrel_seterr(err, errlen, "%s:%zu: rep %ld is out of range (0..%zu)", path,
                        t->lineno[i], rep, cap - 1);
            goto out;
        }
        if (!(v > 0) || !isfinite(v)) {
            hrel_seterr(err, errlen, "%s:%zu: median_rtt_s must be a time > 0 s", path,
                        t->lineno[i]);
            goto out;
        }
        if (!isnan(med[k][rep])) {
            hrel_seterr(err, errlen, "%s:%zu: repetition %ld of phase %s twice", path,
                        t->lineno[i], rep, ph);
            goto out;
        }
        med[k][rep] = v;
    }
    for (i = 0; i < cap; i++)
        if (!isnan(med[0][i]) && !isnan(med[1][i]))
            d[n++] = med[1][i] - med[0][i];
    if (n == 0) {
        hrel_seterr(err, errlen, "%s: no repetition has both phases (alone and stream)", path);
        goto out;
    }
    *wait = fmax(0.0, hrel_sample_median(d, n));
    *nrep = (int)n;
    rc = 0;
out:
    free(med[0]);
    free(med[1]);
    free(d);
    hrel_csv_free(t);
    return rc;
}
