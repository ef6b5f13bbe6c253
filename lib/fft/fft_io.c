/* fft_io -- see fft_io.h. */
#include "fft_io.h"

#include "fitcsv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

/* Row index whose column COL equals KEY, or -1. */
static long find_row(const hrel_csv *t, int col, const char *key)
{
    size_t r;
    for (r = 0; r < t->nrow; r++)
        if (strcmp(hrel_csv_str(t, r, col), key) == 0)
            return (long)r;
    return -1;
}

int hrel_fft_consts_load(const char *path, long p, hrel_fft_consts *c, int *used_all,
                         char *err, size_t errlen)
{
    static const char *const names[] = {"p", "D", "Ds", "F", "R", NULL};
    hrel_csv *t = NULL;
    int idx[5], status = -1;
    char key[32];
    long r;
    double *dst[4];
    int k;
    if (hrel_csv_read(path, &t, err, errlen))
        return -1;
    if (hrel_csv_require(t, names, idx, err, errlen))
        goto done;
    snprintf(key, sizeof key, "%ld", p);
    r = find_row(t, idx[0], key);
    if (used_all)
        *used_all = r < 0;
    if (r < 0)
        r = find_row(t, idx[0], "all");
    if (r < 0) {
        snprintf(err, errlen, "%s: no row for p=%ld and no row 'all'", path, p);
        goto done;
    }
    dst[0] = &c->D;
    dst[1] = &c->Ds;
    dst[2] = &c->F;
    dst[3] = &c->R;
    for (k = 0; k < 4; k++) {
        if (hrel_csv_double(t, (size_t)r, idx[k + 1], dst[k], err, errlen))
            goto done;
        if (*dst[k] < 0) {
            snprintf(err, errlen, "%s:%zu: column %s: negative constant", path,
                     t->lineno[r], names[k + 1]);
            goto done;
        }
    }
    status = 0;
done:
    hrel_csv_free(t);
    return status;
}

int hrel_fft_fit_load(const char *path, const char *pattern, long p, double *g,
                      double *L, char *err, size_t errlen)
{
    hrel_csv *t = NULL;
    int status;
    if (hrel_csv_read(path, &t, err, errlen))
        return -1;
    status = hrel_fitcsv_lookup(t, pattern, (int)p, g, L, err, errlen);
    hrel_csv_free(t);
    return status;
}
