/* fitcsv -- see fitcsv.h. */
#include "fitcsv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const need[] = {"pattern", "procs", "g", "L", NULL};

int hrel_fitcsv_check(const hrel_csv *t, char *err, size_t errlen)
{
    int idx[4], c;
    size_t r;
    if (hrel_csv_require(t, need, idx, err, errlen) != 0)
        return -1;
    /* g and L of every row: "nan" (an unfitted pattern) or a number */
    for (r = 0; r < t->nrow; r++)
        for (c = 2; c <= 3; c++) {
            double v;
            if (strcasecmp(hrel_csv_str(t, r, idx[c]), "nan") == 0)
                continue;
            if (hrel_csv_double(t, r, idx[c], &v, err, errlen) != 0)
                return -1;
        }
    return 0;
}

/* Row R as finite g and L; 0 if both parse and are finite, else -1. */
static int row_gl(const hrel_csv *t, const int *idx, size_t r, double *g, double *L)
{
    char *e1, *e2;
    const char *sg = hrel_csv_str(t, r, idx[2]), *sl = hrel_csv_str(t, r, idx[3]);
    double vg = strtod(sg, &e1), vl = strtod(sl, &e2);
    if (*sg == '\0' || *sl == '\0' || *e1 || *e2 || !isfinite(vg) || !isfinite(vl))
        return -1;
    *g = vg;
    *L = vl;
    return 0;
}

int hrel_fitcsv_lookup(const hrel_csv *t, const char *pattern, int procs, double *g,
                       double *L, char *err, size_t errlen)
{
    int idx[4], pass;
    size_t r;
    char key[32];
    if (hrel_fitcsv_check(t, err, errlen) != 0 || hrel_csv_require(t, need, idx, err, errlen) != 0)
        return -1;
    snprintf(key, sizeof key, "%d", procs);
    for (pass = procs > 0 ? 0 : 1; pass < 2; pass++)
        for (r = 0; r < t->nrow; r++)
            if (strcasecmp(hrel_csv_str(t, r, idx[0]), pattern) == 0 &&
                strcmp(hrel_csv_str(t, r, idx[1]), pass ? "all" : key) == 0 &&
                row_gl(t, idx, r, g, L) == 0) {
                /* a negative g cannot price a message; a negative L is kept, as
                 * the papers' own fits have it (002 s3.1) and hrel fit reports it */
                if (*g < 0) {
                    snprintf(err, errlen, "%s:%zu: pattern %s: g = %g is negative and cannot "
                             "price a message", t->path, t->lineno[r], pattern, *g);
                    return -1;
                }
                return 0;
            }
    if (procs > 0)
        snprintf(err, errlen, "%s: no fitted row for pattern %s (procs %d or all)", t->path,
                 pattern, procs);
    else
        snprintf(err, errlen, "%s: no fitted row for pattern %s (procs all)", t->path, pattern);
    return -1;
}
