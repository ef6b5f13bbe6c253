/* fitcsv -- see fitcsv.h. */
#include "fitcsv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const need[] = {"pattern", "procs", "g", "L", NULL};
static const char *const use_names[] = {"none", "fit", "origin"};

const char *hrel_fitcsv_use_name(int use)
{
    return use > HREL_USE_NONE && use <= HREL_USE_ORIGIN ? use_names[use] : use_names[0];
}

/* HREL_USE_* of WORD, or -1. */
static int use_parse(const char *word)
{
    int u;
    for (u = HREL_USE_NONE; u <= HREL_USE_ORIGIN; u++)
        if (strcmp(word, use_names[u]) == 0)
            return u;
    return -1;
}

/* The optional columns use, g_use, L_use: indices, or -1 each. */
static void use_cols(const hrel_csv *t, int *cu)
{
    cu[0] = hrel_csv_col(t, "use");
    cu[1] = hrel_csv_col(t, "g_use");
    cu[2] = hrel_csv_col(t, "L_use");
    if (cu[0] < 0 || cu[1] < 0 || cu[2] < 0)
        cu[0] = cu[1] = cu[2] = -1;
}

/* Cell (R, C): "nan" or a number, else -1 with the line named. */
static int nan_or_number(const hrel_csv *t, size_t r, int c, char *err, size_t errlen)
{
    double v;
    if (strcasecmp(hrel_csv_str(t, r, c), "nan") == 0)
        return 0;
    return hrel_csv_double(t, r, c, &v, err, errlen);
}

int hrel_fitcsv_check(const hrel_csv *t, char *err, size_t errlen)
{
    int idx[4], cu[3], c;
    size_t r;
    if (hrel_csv_require(t, need, idx, err, errlen) != 0)
        return -1;
    use_cols(t, cu);
    for (r = 0; r < t->nrow; r++) {
        for (c = 2; c <= 3; c++)
            if (nan_or_number(t, r, idx[c], err, errlen) != 0)
                return -1;
        if (cu[0] < 0)
            continue;
        if (use_parse(hrel_csv_str(t, r, cu[0])) < 0) {
            snprintf(err, errlen, "%s:%zu: use '%s' is not none, fit or origin", t->path,
                     t->lineno[r], hrel_csv_str(t, r, cu[0]));
            return -1;
        }
        if (nan_or_number(t, r, cu[1], err, errlen) != 0 ||
            nan_or_number(t, r, cu[2], err, errlen) != 0)
            return -1;
    }
    return 0;
}

/* Finite numbers of cells (R, CG) and (R, CL) into *G, *L; 0, or -1. */
static int cell_pair(const hrel_csv *t, size_t r, int cg, int cl, double *g, double *L)
{
    char *e1, *e2;
    const char *sg = hrel_csv_str(t, r, cg), *sl = hrel_csv_str(t, r, cl);
    double vg = strtod(sg, &e1), vl = strtod(sl, &e2);
    if (*sg == '\0' || *sl == '\0' || *e1 || *e2 || !isfinite(vg) || !isfinite(vl))
        return -1;
    *g = vg;
    *L = vl;
    return 0;
}

/* Row R's price into *G, *L: 0; -1 if it has none (unfitted); -2 if its fit may
 * not price (use none). */
static int row_price(const hrel_csv *t, const int *idx, const int *cu, size_t r, double *g,
                     double *L)
{
    if (cu[0] < 0)
        return cell_pair(t, r, idx[2], idx[3], g, L);
    if (use_parse(hrel_csv_str(t, r, cu[0])) == HREL_USE_NONE)
        return cell_pair(t, r, idx[2], idx[3], g, L) == 0 ? -2 : -1;
    return cell_pair(t, r, cu[1], cu[2], g, L);
}

int hrel_fitcsv_lookup(const hrel_csv *t, const char *pattern, int procs, double *g,
                       double *L, char *err, size_t errlen)
{
    int idx[4], cu[3], pass, rc;
    size_t r, refused = 0;
    char key[32];
    if (hrel_fitcsv_check(t, err, errlen) != 0 || hrel_csv_require(t, need, idx, err, errlen) != 0)
        return -1;
    use_cols(t, cu);
    snprintf(key, sizeof key, "%d", procs);
    for (pass = procs > 0 ? 0 : 1; pass < 2; pass++)
        for (r = 0; r < t->nrow; r++) {
            if (strcasecmp(hrel_csv_str(t, r, idx[0]), pattern) != 0 ||
                strcmp(hrel_csv_str(t, r, idx[1]), pass ? "all" : key) != 0)
                continue;
            rc = row_price(t, idx, cu, r, g, L);
            if (rc == -2 && !refused)
                refused = t->lineno[r];
            if (rc != 0)
                continue;
            if (*g < 0) {
                snprintf(err, errlen, "%s:%zu: pattern %s: g = %g is negative and cannot "
                         "price a message", t->path, t->lineno[r], pattern, *g);
                return -1;
            }
            if (*L < 0) {
                snprintf(err, errlen, "%s:%zu: pattern %s: L = %g is negative and would price "
                         "a message below zero (hrel fit's use,g_use,L_use columns price such "
                         "a fit through the origin)", t->path, t->lineno[r], pattern, *L);
                return -1;
            }
            return 0;
        }
    if (refused)
        snprintf(err, errlen, "%s:%zu: pattern %s: no row for procs %s%s can price a "
                 "message (use none: g <= 0, or its 95%% interval holds 0)", t->path, refused,
                 pattern, procs > 0 ? key : "all", procs > 0 ? " or all" : "");
    else if (procs > 0)
        snprintf(err, errlen, "%s: no fitted row for pattern %s (procs %d or all)", t->path,
                 pattern, procs);
    else
        snprintf(err, errlen, "%s: no fitted row for pattern %s (procs all)", t->path, pattern);
    return -1;
}

int hrel_fitcsv_write_priced(const hrel_csv *t, FILE *fp, char *notes, size_t noteslen)
{
    int cu[3], cp = hrel_csv_col(t, "pattern"), cs = hrel_csv_col(t, "procs");
    int cg = hrel_csv_col(t, "g"), cl = hrel_csv_col(t, "L");
    int cgi = hrel_csv_col(t, "g_ci95"), cli = hrel_csv_col(t, "L_ci95");
    const char *au = NULL, *ag = NULL, *al = NULL;
    size_t r, c, nl = 0;
    use_cols(t, cu);
    if (notes && noteslen)
        notes[0] = '\0';
    for (c = 0; c < t->nmeta; c++)
        fprintf(fp, "# %s: %s\n", t->meta_key[c], t->meta_val[c]);
    for (c = 0; c < t->ncol; c++)
        fprintf(fp, "%s%s", c ? "," : "", t->col[c]);
    fputc('\n', fp);
    for (r = 0; cu[0] >= 0 && cp >= 0 && cs >= 0 && r < t->nrow; r++)
        if (strcmp(hrel_csv_str(t, r, cp), "ALL") == 0 &&
            strcmp(hrel_csv_str(t, r, cs), "all") == 0 &&
            strcmp(hrel_csv_str(t, r, cu[0]), "none") != 0) {
            au = hrel_csv_str(t, r, cu[0]);
            ag = hrel_csv_str(t, r, cu[1]);
            al = hrel_csv_str(t, r, cu[2]);
        }
    for (r = 0; r < t->nrow; r++) {
        const char *use = cu[0] >= 0 ? hrel_csv_str(t, r, cu[0]) : "";
        const char *pat = hrel_csv_str(t, r, cp), *procs = hrel_csv_str(t, r, cs);
        int take = 0;
        if (notes && strcmp(use, "origin") == 0 && nl < noteslen)
            nl += (size_t)snprintf(notes + nl, noteslen - nl, "fit.csv row %s,%s: L = %s s < 0: "
                                   "priced through the origin (g = %s s/B, L = 0)\n", pat, procs,
                                   hrel_csv_str(t, r, cl), hrel_csv_str(t, r, cu[1]));
        if (strcmp(use, "none") == 0 && strcasecmp(hrel_csv_str(t, r, cg), "nan") != 0) {
            int own = 0;
            size_t q;
            for (q = 0; q < t->nrow; q++)   /* is the pattern's own "all" row usable? */
                if (strcmp(hrel_csv_str(t, q, cp), pat) == 0 &&
                    strcmp(hrel_csv_str(t, q, cs), "all") == 0 &&
                    strcmp(hrel_csv_str(t, q, cu[0]), "none") != 0)
                    own = 1;
            take = strcmp(procs, "all") == 0 && strcmp(pat, "ALL") != 0 && au;
            if (notes && nl < noteslen)
                nl += (size_t)snprintf(notes + nl, noteslen - nl, "fit.csv row %s,%s: unusable "
                                       "(g = %s s/B +- %s, L = %s s +- %s): priced by %s%s\n", pat,
                                       procs, hrel_csv_str(t, r, cg), hrel_csv_str(t, r, cgi),
                                       hrel_csv_str(t, r, cl), hrel_csv_str(t, r, cli),
                                       own ? pat : "", own ? ",all"
                                       : au ? "ALL,all" : "nothing: the models refuse it");
        }
        if (nl >= noteslen)
            nl = noteslen;
        for (c = 0; c < t->ncol; c++) {
            const char *v = t->cell[r][c];
            if (take && (int)c == cu[0])
                v = au;
            else if (take && (int)c == cu[1])
                v = ag;
            else if (take && (int)c == cu[2])
                v = al;
            fprintf(fp, "%s%s", c ? "," : "", v);
        }
        fputc('\n', fp);
    }
    return ferror(fp) ? -1 : 0;
}
