/* compare_sbs -- see compare_sbs.h. */
#include "compare_sbs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csv.h"
#include "latex.h"
#include "order.h"

#define SBS_MAXPLAT 16

/* The size column of a fit table is its first. */
static double cell(const hrel_csv *t, size_t r, int c)
{
    char *end;
    const char *s = hrel_csv_str(t, r, c);
    double v = strtod(s, &end);
    return end != s && *end == '\0' ? v : NAN;
}

/* Row of T whose size is H, or -1. */
static long row_of(const hrel_csv *t, double h)
{
    size_t r;
    for (r = 0; r < t->nrow; r++)
        if (cell(t, r, 0) == h)
            return (long)r;
    return -1;
}

int hrel_compare_sbs_latex(const char *const *dirs, const char *const *names, int n,
                           const char *table, const char *caption, const char *const *col,
                           const char *const *heads, FILE *fp, char *err, size_t errlen)
{
    hrel_csv *t[SBS_MAXPLAT] = {NULL};
    int idx[SBS_MAXPLAT][2], i, k, found = 0, rc = -1;
    double *hs = NULL;
    size_t nh = 0, r, cap = 0;
    char path[4200], spec[3 * SBS_MAXPLAT + 2];
    struct stat st;

    if (n > SBS_MAXPLAT)
        n = SBS_MAXPLAT;
    for (i = 0; i < n; i++) {
        const char *need[3];
        snprintf(path, sizeof path, "%s/fit_table_%s.csv", dirs[i], table);
        if (stat(path, &st) != 0)
            continue;
        need[0] = col[0];
        need[1] = col[1];
        need[2] = NULL;
        if (hrel_csv_read(path, &t[i], err, errlen) != 0 ||
            hrel_csv_require(t[i], need, idx[i], err, errlen) != 0)
            goto done;
        found = 1;
        cap += t[i]->nrow;
    }
    if (!found) {
        rc = 0;
        goto done;
    }
    if (!(hs = malloc((cap ? cap : 1) * sizeof *hs))) {
        snprintf(err, errlen, "fit_table_%s.csv: out of memory", table);
        goto done;
    }
    for (i = 0; i < n; i++)
        for (r = 0; t[i] && r < t[i]->nrow; r++) {
            double h = cell(t[i], r, 0);
            size_t j;
            for (j = 0; j < nh && hs[j] != h; j++)
                ;
            if (j == nh && isfinite(h))
                hs[nh++] = h;
        }
    qsort(hs, nh, sizeof *hs, hrel_cmp_double);
    spec[0] = 'r';
    for (i = 0; i < n; i++) {
        spec[1 + 2 * i] = 'r';
        spec[2 + 2 * i] = 'r';
    }
    spec[1 + 2 * n] = '\0';
    /* three platforms and more: two columns each fit a text column in script size */
    hrel_latex_begin_sized(fp, caption, table, spec, n >= 3 ? "scriptsize" : "footnotesize");
    for (i = 0; i < n; i++) {
        fputs(" & \\multicolumn{2}{c}{", fp);
        hrel_latex_text(names[i], fp);
        fputs("}", fp);
    }
    fputs(" \\\\\n", fp);
    for (i = 0; i < n; i++)
        fprintf(fp, "\\cmidrule(lr){%d-%d}", 2 + 2 * i, 3 + 2 * i);
    fputs("\n$h$ (bytes)", fp);
    for (i = 0; i < n; i++)
        for (k = 0; k < 2; k++) {
            fputs(" & ", fp);
            hrel_latex_text(heads[k], fp);
        }
    fputs(" \\\\\n", fp);
    hrel_latex_midrule(fp);
    for (r = 0; r < nh; r++) {
        fprintf(fp, "%.0f", hs[r]);
        for (i = 0; i < n; i++) {
            long row = t[i] ? row_of(t[i], hs[r]) : -1;
            for (k = 0; k < 2; k++) {
                double v = row >= 0 ? cell(t[i], (size_t)row, idx[i][k]) : NAN;
                fputs(" & ", fp);
                if (!isfinite(v))
                    hrel_latex_num(v, fp);
                else if (strstr(col[k], "(%)"))
                    fprintf(fp, "%.2f", v);   /* as the papers print them: 26.43 */
                else
                    fprintf(fp, v < 100 ? "%.6f" : "%.1f", v);   /* seconds: 0.000080 */
            }
        }
        fputs(" \\\\\n", fp);
    }
    hrel_latex_end(fp, NULL);
    rc = 1;
done:
    for (i = 0; i < n; i++)
        hrel_csv_free(t[i]);
    free(hs);
    return rc;
}
