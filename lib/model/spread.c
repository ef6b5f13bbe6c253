/* spread -- a characterisation's spread.csv (see spread.h). */
#include "spread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "errmsg.h"
#include "sample.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int hrel_spread_percentiles(double *v, size_t n, double *q10, double *q50, double *q90)
{
    size_t lo, hi;
    if (n == 0)
        return -1;
    qsort(v, n, sizeof *v, cmp_double);
    lo = (n + 1) / 10;                /* floor(0.1 (n + 1)), exactly */
    hi = (9 * (n + 1) + 9) / 10;      /* ceil(0.9 (n + 1)) */
    if (lo < 1)
        lo = 1;
    if (hi > n)
        hi = n;
    *q10 = v[lo - 1];
    *q90 = v[hi - 1];
    *q50 = hrel_sample_median_sorted(v, n);
    return 0;
}

void hrel_spread_interval(const hrel_spread_row *row, double s, double *lo, double *hi)
{
    *lo = s * row->q10;
    *hi = s * row->q90;
}

/* Check row R of T into *OUT. Return 0, or -1 with err. */
static int get_row(const hrel_csv *t, size_t r, const int *ix, hrel_spread_row *out,
                   char *err, size_t errlen)
{
    const char *route = hrel_csv_str(t, r, ix[0]), *model = hrel_csv_str(t, r, ix[1]);
    if (strcmp(route, "direct") != 0 && strcmp(route, "daemon") != 0) {
        hrel_seterr(err, errlen, "%s:%zu: route '%s' is not direct or daemon", t->path,
                    t->lineno[r], route);
        return -1;
    }
    if (!*model || strlen(model) >= sizeof out->model) {
        hrel_seterr(err, errlen, "%s:%zu: model name empty or too long", t->path, t->lineno[r]);
        return -1;
    }
    snprintf(out->route, sizeof out->route, "%s", route);
    snprintf(out->model, sizeof out->model, "%s", model);
    if (hrel_csv_long(t, r, ix[2], &out->programs, err, errlen) != 0 ||
        hrel_csv_long(t, r, ix[3], &out->runs, err, errlen) != 0 ||
        hrel_csv_double(t, r, ix[4], &out->q10, err, errlen) != 0 ||
        hrel_csv_double(t, r, ix[5], &out->q50, err, errlen) != 0 ||
        hrel_csv_double(t, r, ix[6], &out->q90, err, errlen) != 0)
        return -1;
    if (out->programs < 1 || out->runs < out->programs) {
        hrel_seterr(err, errlen, "%s:%zu: needs programs >= 1 and runs >= programs",
                    t->path, t->lineno[r]);
        return -1;
    }
    if (!(out->q10 > 0 && out->q10 <= out->q50 && out->q50 <= out->q90)) {
        hrel_seterr(err, errlen, "%s:%zu: needs 0 < q10 <= q50 <= q90", t->path, t->lineno[r]);
        return -1;
    }
    return 0;
}

int hrel_spread_find(const char *path, const char *route, const char *model,
                     hrel_spread_row *row, char *err, size_t errlen)
{
    static const char *const names[] = {"route", "model", "programs", "runs",
                                        "q10", "q50", "q90", NULL};
    hrel_csv *t = NULL;
    int ix[7], found = 0;
    size_t r, s;
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, names, ix, err, errlen) != 0) {
        hrel_csv_free(t);
        return -1;
    }
    for (r = 0; r < t->nrow; r++) {
        hrel_spread_row x;
        if (get_row(t, r, ix, &x, err, errlen) != 0) {
            hrel_csv_free(t);
            return -1;
        }
        for (s = 0; s < r; s++)
            if (strcmp(hrel_csv_str(t, s, ix[0]), x.route) == 0 &&
                strcmp(hrel_csv_str(t, s, ix[1]), x.model) == 0) {
                hrel_seterr(err, errlen, "%s:%zu: route %s, model %s given twice", t->path,
                            t->lineno[r], x.route, x.model);
                hrel_csv_free(t);
                return -1;
            }
        if (!found && strcmp(x.route, route) == 0 && strcmp(x.model, model) == 0) {
            *row = x;
            found = 1;
        }
    }
    hrel_csv_free(t);
    return found;
}
