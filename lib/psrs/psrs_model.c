/* psrs_model -- see psrs_model.h. */
#include "psrs_model.h"
#include "patterns.h"
#include "psrs_args.h"

#include "fitcsv.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csv.h"

static const char *const step_pattern[HREL_PSRS_STEPS] = {
    "POA", "AO", "OA", "AA", "AA", "AO", "AO"
};

const char *hrel_psrs_step_pattern(int s)
{
    if (s < 1 || s > HREL_PSRS_STEPS)
        return NULL;
    return step_pattern[s - 1];
}

int hrel_psrs_predict(double n, int p, double word_bytes, const hrel_psrs_consts *k,
                      const double *g, const double *L, hrel_psrs_step *step,
                      char *err, size_t errlen)
{
    double P = (double)p, q, lq, work[HREL_PSRS_STEPS], h[HREL_PSRS_STEPS];
    double t = 0.0;
    int s;

    if (p < 2 || !(n >= P * P)) {
        snprintf(err, errlen, "PSRS model needs P >= 2 and N >= P*P (got N=%g, P=%d)", n, p);
        return -1;
    }
    if (!(word_bytes > 0.0) || !isfinite(word_bytes)) {
        snprintf(err, errlen, "PSRS model: item size %g bytes is not positive", word_bytes);
        return -1;
    }
    q = n / P;              /* N/P items per processor */
    lq = log2(q);
    work[0] = 0.0;                                      /* (19) */
    h[0] = (P - 1) * q;
    work[1] = k->B * q * lq + k->C * P;                 /* (20) */
    h[1] = P * (P - 1);
    work[2] = k->D * P * P + k->E * (P - 1);            /* (21) */
    h[2] = (P - 1) * (P - 1);
    work[3] = k->F * (P - 1) * lq;                      /* (22) */
    h[3] = 2 * (P - 1);
    work[4] = k->H * (P - 1);                           /* (23) */
    h[4] = 2 * (P - 1) * n / (P * P);
    work[5] = k->I * q;                                 /* (24) */
    h[5] = P - 1;
    work[6] = k->J * (P - 1);                           /* (25) */
    h[6] = (P - 1) * q;

    for (s = 0; s < HREL_PSRS_STEPS; s++) {
        hrel_psrs_step *st = &step[s];
        if (!isfinite(g[s]) || !isfinite(L[s]) || !isfinite(work[s])) {
            snprintf(err, errlen, "PSRS model: step %d: g, L or a constant is not finite", s + 1);
            return -1;
        }
        st->work_s = work[s];
        st->h_items = h[s];
        st->h_bytes = h[s] * word_bytes;
        st->comm_s = g[s] * st->h_bytes + L[s];
        st->step_s = st->work_s + st->comm_s;
        t += st->step_s;
        st->t_s = t;
    }
    return 0;
}


/* ---- constants file ----------------------------------------------------- */

int hrel_psrs_consts_read(const char *path, int p, long n, hrel_psrs_consts *k,
                          char *err, size_t errlen)
{
    static const char *const cols[] = {"procs", "n", "B", "C", "D", "E", "F", "H", "I", "J", NULL};
    hrel_csv *t = NULL;
    int idx[10], rc = -1, c;
    size_t r, best = 0;
    long best_dn = -1;

    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, cols, idx, err, errlen) != 0)
        goto done;
    for (r = 0; r < t->nrow; r++) {
        long procs, nn, dn;
        double v;
        if (hrel_csv_long(t, r, idx[0], &procs, err, errlen) != 0 ||
            hrel_csv_long(t, r, idx[1], &nn, err, errlen) != 0)
            goto done;
        for (c = 2; c < 10; c++) {   /* every row must be numeric, not just ours */
            if (hrel_csv_double(t, r, idx[c], &v, err, errlen) != 0)
                goto done;
            if (v < 0) {
                snprintf(err, errlen, "%s:%zu: constant %s = %g is negative", path,
                         t->lineno[r], t->col[idx[c]], v);
                goto done;
            }
        }
        if (nn < 1 || nn > HREL_PSRS_MAX_N || procs < 1) {
            snprintf(err, errlen, "%s:%zu: n = %ld and procs = %ld must be 1..%ld", path,
                     t->lineno[r], nn, procs, HREL_PSRS_MAX_N);
            goto done;
        }
        if (procs != p)
            continue;
        dn = nn > n ? nn - n : n - nn;   /* both in 1..HREL_PSRS_MAX_N: no overflow */
        if (best_dn < 0 || dn < best_dn) {
            best_dn = dn;
            best = r;
        }
    }
    if (best_dn < 0) {
        snprintf(err, errlen, "%s: no constants for P=%d (run hrel_psrs_constants with that P)",
                 path, p);
        goto done;
    }
    {
        double v[8];
        long procs, nn;
        hrel_csv_long(t, best, idx[0], &procs, err, errlen);
        hrel_csv_long(t, best, idx[1], &nn, err, errlen);
        for (c = 0; c < 8; c++)
            hrel_csv_double(t, best, idx[c + 2], &v[c], err, errlen);
        k->procs = (int)procs;
        k->n = nn;
        k->B = v[0]; k->C = v[1]; k->D = v[2]; k->E = v[3];
        k->F = v[4]; k->H = v[5]; k->I = v[6]; k->J = v[7];
    }
    rc = 0;
done:
    hrel_csv_free(t);
    return rc;
}

/* ---- g and L from a fit CSV --------------------------------------------- */

int hrel_psrs_gl_from_fit(const char *path, const char *mode, int p,
                          double *g, double *L, char *err, size_t errlen)
{
    hrel_csv *t = NULL;
    int s, i, rc = -1, ok;
    char up[16], known[128];

    /* pooled, steps, or an h-relation pattern of the registry (any case) */
    for (i = 0; mode[i] && i < (int)sizeof up - 1; i++)
        up[i] = (char)toupper((unsigned char)mode[i]);
    up[i] = '\0';
    ok = strcasecmp(mode, "pooled") == 0 || strcasecmp(mode, "steps") == 0 ||
         (strlen(mode) < sizeof up && hrel_patterns_find(up) &&
          hrel_patterns_find(up)->family == HREL_PATFAM_HREL);
    if (!ok) {
        snprintf(err, errlen, "unknown g/L choice '%s' (pooled, steps, or one of %s)", mode,
                 hrel_patterns_names(HREL_PATFAM_HREL, ", ", known, sizeof known));
        return -1;
    }
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_fitcsv_check(t, err, errlen) != 0)
        goto done;
    for (s = 1; s <= HREL_PSRS_STEPS; s++) {
        const char *pat = mode;
        if (strcasecmp(mode, "pooled") == 0)
            pat = "ALL";   /* the pooled row (procs all) */
        else if (strcasecmp(mode, "steps") == 0)
            pat = hrel_psrs_step_pattern(s);
        if (hrel_fitcsv_lookup(t, pat, p, &g[s - 1], &L[s - 1], err, errlen) != 0)
            goto done;
    }
    rc = 0;
done:
    hrel_csv_free(t);
    return rc;
}
