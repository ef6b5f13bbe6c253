/* pvmdcpu -- pvmd's CPU per message and per packet (see pvmdcpu.h). */
#include "pvmdcpu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_fit.h>

#include "csv.h"
#include "errmsg.h"
#include "pvmdnet.h"

long hrel_pvmdcpu_packets(double bytes)
{
    long k = (long)ceil(bytes / HREL_PVMDNET_DATA);
    return k < 1 ? 1 : k;
}

void hrel_pvmdcpu_point(int remote, double packets, double roundtrips, double dgrams, double cpu,
                        double *x, double *y)
{
    *x = !remote ? packets : dgrams >= 0 ? dgrams / (2 * roundtrips) : 2 * packets;
    *y = cpu / (2 * roundtrips);
}

int hrel_pvmdcpu_fit(const double *x, const double *y, size_t n, hrel_pvmdcpu_line *out,
                     char *err, size_t errlen)
{
    double c0, c1, cov00, cov01, cov11, sumsq;
    size_t i, distinct = 0;
    memset(out, 0, sizeof *out);
    for (i = 0; i < n; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i])) {
            hrel_seterr(err, errlen, "point %zu is not a finite number", i + 1);
            return -1;
        }
        if (i > 0 && x[i] != x[0])
            distinct = 1;
    }
    if (n < 2 || !distinct) {
        hrel_seterr(err, errlen, "%zu point%s with %s x: a line needs two sizes",
                    n, n == 1 ? "" : "s", n ? "one" : "no");
        return -1;
    }
    gsl_fit_linear(x, 1, y, 1, n, &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    (void)cov01;
    (void)sumsq;
    out->msg_s = c0;
    out->unit_s = c1;
    out->msg_se = n > 2 ? sqrt(cov00) : NAN;
    out->unit_se = n > 2 ? sqrt(cov11) : NAN;
    out->n = n;
    return 0;
}

int hrel_pvmdcpu_read(const char *path, hrel_pvmdcpu *out, char *err, size_t errlen)
{
    static const char *const cols[] = {"where", "bytes", "packets", "roundtrips", "wall_s",
                                       "pvmd_a_s", "pvmd_b_s", "dgrams_a", "dgrams_b", NULL};
    int idx[9], rc = -1;
    hrel_csv *t = NULL;
    double *x[2] = {NULL, NULL}, *y[2] = {NULL, NULL};
    size_t n[2] = {0, 0}, r;
    char e2[256];
    memset(out, 0, sizeof *out);
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, cols, idx, err, errlen) != 0)
        goto out;
    for (r = 0; r < 2; r++)
        if (!(x[r] = malloc((2 * t->nrow + 1) * sizeof *x[r])) ||
            !(y[r] = malloc((2 * t->nrow + 1) * sizeof *y[r]))) {
            hrel_seterr(err, errlen, "%s: out of memory", path);
            goto out;
        }
    for (r = 0; r < t->nrow; r++) {
        const char *w = hrel_csv_str(t, r, idx[0]);
        int remote = strcmp(w, "remote") == 0, p;
        double bytes, pk, rt, wall, cpu, dg;
        if (!remote && strcmp(w, "local") != 0) {
            hrel_seterr(err, errlen, "%s:%zu: where '%s' is neither local nor remote", path,
                        t->lineno[r], w);
            goto out;
        }
        if (hrel_csv_double(t, r, idx[1], &bytes, err, errlen) ||
            hrel_csv_double(t, r, idx[2], &pk, err, errlen) ||
            hrel_csv_double(t, r, idx[3], &rt, err, errlen) ||
            hrel_csv_double(t, r, idx[4], &wall, err, errlen))
            goto out;
        if (bytes < 0 || pk < 1 || rt < 1 || wall < 0) {
            hrel_seterr(err, errlen, "%s:%zu: bytes, packets, roundtrips or wall_s out of "
                        "range", path, t->lineno[r]);
            goto out;
        }
        for (p = 0; p < 1 + remote; p++) {
            if (hrel_csv_double(t, r, idx[5 + p], &cpu, err, errlen) ||
                (remote && hrel_csv_double(t, r, idx[7 + p], &dg, err, errlen)))
                goto out;
            if (cpu < 0) {
                hrel_seterr(err, errlen, "%s:%zu: a negative CPU time", path, t->lineno[r]);
                goto out;
            }
            hrel_pvmdcpu_point(remote, pk, rt, remote ? dg : -1, cpu, &x[remote][n[remote]],
                               &y[remote][n[remote]]);
            n[remote]++;
        }
    }
    for (r = 0; r < 2; r++)
        if (n[r] && hrel_pvmdcpu_fit(x[r], y[r], n[r], r ? &out->remote : &out->local, e2,
                                     sizeof e2) != 0) {
            hrel_seterr(err, errlen, "%s: the %s rows: %s", path, r ? "remote" : "local", e2);
            goto out;
        }
    rc = 0;
out:
    for (r = 0; r < 2; r++) {
        free(x[r]);
        free(y[r]);
    }
    hrel_csv_free(t);
    return rc;
}
