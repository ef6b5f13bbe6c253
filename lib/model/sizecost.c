/* sizecost -- a message priced at its own size (see sizecost.h). */
#include "sizecost.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "errmsg.h"
#include "hrelation.h"

int hrel_sizecost_set(hrel_sizecost *c, const double *bytes, const double *sec, size_t n,
                      char *err, size_t errlen)
{
    size_t i, j;
    memset(c, 0, sizeof *c);
    if (n < 2) {
        hrel_seterr(err, errlen, "%zu size%s: a cost by size needs two", n, n == 1 ? "" : "s");
        return -1;
    }
    for (i = 0; i < n; i++)
        if (!(isfinite(bytes[i]) && bytes[i] > 0 && isfinite(sec[i]) && sec[i] > 0)) {
            hrel_seterr(err, errlen, "size %zu: bytes and seconds must be numbers > 0", i + 1);
            return -1;
        }
    if (!(c->bytes = malloc(n * sizeof *c->bytes)) || !(c->sec = malloc(n * sizeof *c->sec))) {
        hrel_sizecost_free(c);
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < n; i++) {   /* insertion by size: a handful of sizes */
        for (j = i; j > 0 && c->bytes[j - 1] > bytes[i]; j--) {
            c->bytes[j] = c->bytes[j - 1];
            c->sec[j] = c->sec[j - 1];
        }
        c->bytes[j] = bytes[i];
        c->sec[j] = sec[i];
    }
    for (i = 1; i < n; i++)
        if (c->bytes[i] == c->bytes[i - 1]) {
            hrel_seterr(err, errlen, "size %g bytes twice", c->bytes[i]);
            hrel_sizecost_free(c);
            return -1;
        }
    c->n = n;
    return 0;
}

int hrel_sizecost_read(const char *path, const char *pattern, int procs, hrel_sizecost *c,
                       char *err, size_t errlen)
{
    static const char *const cols[] = {"pattern", "procs", "h", "n", "median_s", NULL};
    int idx[5], mcol, rc = -1;
    hrel_csv *t = NULL;
    double *b = NULL, *s = NULL;
    size_t r, k = 0;
    char e2[256];
    memset(c, 0, sizeof *c);
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, cols, idx, err, errlen) != 0)
        goto out;
    mcol = hrel_csv_col(t, "msg_bytes");
    if (!(b = malloc((t->nrow + 1) * sizeof *b)) || !(s = malloc((t->nrow + 1) * sizeof *s))) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto out;
    }
    for (r = 0; r < t->nrow; r++) {
        long p, n;
        double h, m, sec;
        if (hrel_csv_long(t, r, idx[1], &p, err, errlen) ||
            hrel_csv_double(t, r, idx[2], &h, err, errlen) ||
            hrel_csv_long(t, r, idx[3], &n, err, errlen) ||
            hrel_csv_double(t, r, idx[4], &sec, err, errlen))
            goto out;
        if (p < 1 || !(h > 0) || n < 1 || !(sec > 0) || !isfinite(h) || !isfinite(sec)) {
            hrel_seterr(err, errlen, "%s:%zu: procs, h, n or median_s out of range", path,
                        t->lineno[r]);
            goto out;
        }
        if (p != procs || strcmp(hrel_csv_str(t, r, idx[0]), pattern) != 0)
            continue;
        if (mcol >= 0) {   /* the size of each of its messages */
            if (hrel_csv_double(t, r, mcol, &m, err, errlen))
                goto out;
            if (!(m > 0) || !isfinite(m)) {
                hrel_seterr(err, errlen, "%s:%zu: msg_bytes out of range", path, t->lineno[r]);
                goto out;
            }
        } else {   /* an older file: hrel_bench's default op, the sum */
            long d = hrel_h_divisor(pattern, (int)p, HREL_OP_SUM);
            m = d > 1 ? h / (double)d : h;
        }
        b[k] = m;
        s[k++] = sec;
    }
    if (k < 2) {
        hrel_seterr(err, errlen, "%s: %zu size%s of %s at %d processors: no cost by size", path,
                    k, k == 1 ? "" : "s", pattern, procs);
        rc = 1;
        goto out;
    }
    if (hrel_sizecost_set(c, b, s, k, e2, sizeof e2) != 0) {
        hrel_seterr(err, errlen, "%s: %s at %d processors: %s", path, pattern, procs, e2);
        goto out;
    }
    rc = 0;
out:
    free(b);
    free(s);
    hrel_csv_free(t);
    return rc;
}

double hrel_sizecost_tx(const hrel_sizecost *c, double L, double g, double m)
{
    double x0 = 0, y0 = L, t;
    size_t i;
    if (m <= 0)
        return 0;
    for (i = 0; i < c->n && c->bytes[i] < m; i++) {
        x0 = c->bytes[i];
        y0 = c->sec[i];
    }
    if (i < c->n)   /* between the point before and the measured size i */
        t = y0 + (c->sec[i] - y0) * (m - x0) / (c->bytes[i] - x0);
    else            /* beyond the largest: the fitted slope */
        t = y0 + (g > 0 ? g : 0) * (m - x0);
    return t - L > 0 ? t - L : 0;
}

void hrel_sizecost_free(hrel_sizecost *c)
{
    free(c->bytes);
    free(c->sec);
    c->bytes = c->sec = NULL;
    c->n = 0;
}
