/* psrs_compare -- see psrs_compare.h. */
#include "psrs_compare.h"
#include "sample.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "model.h"
#include "trace.h"
#include "order.h"

int hrel_psrs_predict_params(const hrel_psrs_params *pp, long n, int p, hrel_psrs_step *step,
                             double *g, double *L, char *err, size_t errlen)
{
    hrel_psrs_consts k;
    int s;
    if (hrel_psrs_consts_read(pp->consts_path, p, n, &k, err, errlen) != 0)
        return -1;
    if (pp->fit_path) {
        if (hrel_psrs_gl_from_fit(pp->fit_path, pp->gl_mode ? pp->gl_mode : "pooled", p, g, L,
                                  err, errlen) != 0)
            return -1;
    } else
        for (s = 0; s < HREL_PSRS_STEPS; s++) {
            g[s] = pp->g;
            L[s] = pp->L;
        }
    return hrel_psrs_predict((double)n, p, pp->item_bytes, &k, g, L, step, err, errlen);
}

/* Directory part of PATH into OUT ("." if none). */
static void dir_of(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (slash)
        snprintf(out, len, "%.*s", (int)(slash - path), path);
    else
        snprintf(out, len, ".");
}

/* Add the trace TPATH of a run on P processors to C (sums; divided later). */
static int add_trace(const char *tpath, int p, const double *g, const double *L,
                     hrel_psrs_cmp *c, char *err, size_t errlen)
{
    hrel_trace *t = NULL;
    hrel_model_gl *gl = NULL;
    double T[HREL_PSRS_STEPS], total = 0.0, prev = 0.0;
    int s, i, rc = -1;

    if (hrel_trace_load(tpath, &t, err, errlen) != 0)
        return -1;
    if (t->nproc != p || t->nstep != HREL_PSRS_STEPS) {
        snprintf(err, errlen, "%s: %d ranks and %d steps, expected %d ranks and %d steps",
                 tpath, t->nproc, t->nstep, p, HREL_PSRS_STEPS);
        goto done;
    }
    gl = malloc((size_t)p * HREL_PSRS_STEPS * sizeof *gl);
    if (!gl) {
        snprintf(err, errlen, "%s: out of memory", tpath);
        goto done;
    }
    for (s = 1; s <= HREL_PSRS_STEPS; s++) {
        double end = hrel_trace_step_end(t, s), wmax = 0.0, hmax = 0.0;
        if (isnan(end)) {
            snprintf(err, errlen, "%s: step %d has no t_end on some rank", tpath, s);
            goto done;
        }
        for (i = 0; i < p; i++) {
            const hrel_trace_row *r = hrel_trace_at(t, s, i);
            if (r->w_s > wmax)
                wmax = r->w_s;
            if (r->in_bytes + r->out_bytes > hmax)
                hmax = r->in_bytes + r->out_bytes;
            gl[(s - 1) * p + i].g = g[s - 1];
            gl[(s - 1) * p + i].L = L[s - 1];
        }
        c->act_T_s[s - 1] += end;
        c->act_step_s[s - 1] += end - prev;
        c->act_w_s[s - 1] += wmax;
        c->act_h_bytes[s - 1] += hmax;
        prev = end;
    }
    if (hrel_model_bspwb(t, HREL_OP_SUM, gl, T, &total, err, errlen) != 0)
        goto done;
    c->bspwb_s += total;
    c->ntrace++;
    rc = 0;
done:
    free(gl);
    hrel_trace_free(t);
    return rc;
}

/* The processor counts of the rows of RUNS kept (input INPUT, or the one
 * input of all rows), each run checked; into PROCS (ascending), *NP set. */
static int collect_procs(const hrel_csv *t, const int *idx, const char *runs_path,
                         const char *input, int *procs, int *np, char *err, size_t errlen)
{
    const char *first_input = NULL;
    size_t r;
    int k;
    *np = 0;
    for (r = 0; r < t->nrow; r++) {
        long p;
        int c;
        const char *in = hrel_csv_str(t, r, idx[2]);
        if (input && strcmp(in, input) != 0)
            continue;
        if (!input) {
            if (!first_input)
                first_input = in;
            else if (strcmp(first_input, in) != 0) {
                snprintf(err, errlen, "%s:%zu: runs of inputs '%s' and '%s': choose one (--input)",
                         runs_path, t->lineno[r], first_input, in);
                return -1;
            }
        }
        if (hrel_csv_long(t, r, idx[0], &p, err, errlen) != 0)
            return -1;
        for (c = 4; c <= 6; c++) {
            long ok;
            if (hrel_csv_long(t, r, idx[c], &ok, err, errlen) != 0)
                return -1;
            if (ok != 1) {
                snprintf(err, errlen, "%s:%zu: run failed its check (%s = %ld)", runs_path,
                         t->lineno[r], t->col[idx[c]], ok);
                return -1;
            }
        }
        for (k = 0; k < *np && procs[k] != (int)p; k++)
            ;
        if (k == *np)
            procs[(*np)++] = (int)p;
    }
    if (*np == 0) {
        snprintf(err, errlen, "%s: no runs%s%s", runs_path, input ? " of input " : "",
                 input ? input : "");
        return -1;
    }
    qsort(procs, (size_t)*np, sizeof *procs, hrel_cmp_int);
    return 0;
}

/* The trace named in row R, read into C: a name relative to DIR (the runs
 * file's folder); an absolute name or one that climbs out with ".." is
 * refused, so a runs file can only point at its own traces. */
static int row_trace(const hrel_csv *t, size_t r, int col, const char *dir, const char *runs_path,
                     hrel_psrs_cmp *c, char *err, size_t errlen)
{
    char tpath[8192], why[512];
    const char *tn = hrel_csv_str(t, r, col);
    (void)dir;
    if (!tn[0])
        return 0;
    if (hrel_csv_path_beside(runs_path, tn, tpath, sizeof tpath, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s:%zu: trace %s", runs_path, t->lineno[r], why);
        return -1;
    }
    return add_trace(tpath, c->procs, c->g, c->L, c, err, errlen);
}

/* Fill C (its procs set) from the runs of RUNS with that processor count. */
static int fill_cmp(const hrel_csv *t, const int *idx, const char *runs_path, const char *dir,
                    const char *input, const hrel_psrs_params *pp, hrel_psrs_cmp *c,
                    char *err, size_t errlen)
{
    double sum = 0.0, sum2 = 0.0;
    size_t r;
    c->n = -1;
    c->act_min_s = INFINITY;
    c->act_max_s = -INFINITY;
    for (r = 0; r < t->nrow; r++) {
        long p, n;
        double sec;
        if (input && strcmp(hrel_csv_str(t, r, idx[2]), input) != 0)
            continue;
        hrel_csv_long(t, r, idx[0], &p, err, errlen);
        if (p != c->procs)
            continue;
        if (hrel_csv_long(t, r, idx[1], &n, err, errlen) != 0 ||
            hrel_csv_double(t, r, idx[3], &sec, err, errlen) != 0)
            return -1;
        if (c->n < 0) {
            c->n = n;
            if (hrel_psrs_predict_params(pp, n, c->procs, c->pred, c->g, c->L, err, errlen) != 0)
                return -1;
        } else if (n != c->n) {
            snprintf(err, errlen, "%s:%zu: N=%ld differs from N=%ld of the other runs with P=%d",
                     runs_path, t->lineno[r], n, c->n, c->procs);
            return -1;
        }
        c->nrun++;
        sum += sec;
        sum2 += sec * sec;
        c->act_min_s = fmin(c->act_min_s, sec);
        c->act_max_s = fmax(c->act_max_s, sec);
        if (row_trace(t, r, idx[7], dir, runs_path, c, err, errlen) != 0)
            return -1;
    }
    c->act_mean_s = sum / c->nrun;
    c->act_sd_s = c->nrun > 1 ? sqrt(fmax(0.0, (sum2 - sum * sum / c->nrun) / (c->nrun - 1)))
                              : 0.0;
    return 0;
}

/* The means over C's traces, and the errors of formula 18. */
static void finish_cmp(hrel_psrs_cmp *c)
{
    int s;
    c->pred_err_pct = hrel_error_pct(c->act_mean_s, c->pred[HREL_PSRS_STEPS - 1].t_s);
    for (s = 0; s < HREL_PSRS_STEPS; s++) {
        if (c->ntrace > 0) {
            c->act_T_s[s] /= c->ntrace;
            c->act_step_s[s] /= c->ntrace;
            c->act_w_s[s] /= c->ntrace;
            c->act_h_bytes[s] /= c->ntrace;
        } else
            c->act_T_s[s] = c->act_step_s[s] = c->act_w_s[s] = c->act_h_bytes[s] = NAN;
    }
    if (c->ntrace > 0) {
        c->bspwb_s /= c->ntrace;
        c->bspwb_err_pct = hrel_error_pct(c->act_mean_s, c->bspwb_s);
    } else
        c->bspwb_s = c->bspwb_err_pct = NAN;
}

int hrel_psrs_compare(const char *runs_path, const char *input, const hrel_psrs_params *pp,
                      hrel_psrs_cmp **rows, int *nrows, char *err, size_t errlen)
{
    static const char *const cols[] = {"procs", "n", "input", "seconds", "sorted", "count_ok",
                                       "checksum_ok", "trace", NULL};
    hrel_csv *t = NULL;
    hrel_psrs_cmp *out = NULL;
    int idx[8], *procs = NULL, np = 0, k, rc = -1;
    char dir[4096];

    *rows = NULL;
    *nrows = 0;
    if (hrel_csv_read(runs_path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, cols, idx, err, errlen) != 0)
        goto done;
    dir_of(runs_path, dir, sizeof dir);
    procs = malloc((t->nrow + 1) * sizeof *procs);
    if (!procs) {
        snprintf(err, errlen, "%s: out of memory", runs_path);
        goto done;
    }
    if (collect_procs(t, idx, runs_path, input, procs, &np, err, errlen) != 0)
        goto done;
    out = calloc((size_t)np, sizeof *out);
    if (!out) {
        snprintf(err, errlen, "%s: out of memory", runs_path);
        goto done;
    }
    for (k = 0; k < np; k++) {
        out[k].procs = procs[k];
        if (fill_cmp(t, idx, runs_path, dir, input, pp, &out[k], err, errlen) != 0)
            goto done;
        finish_cmp(&out[k]);
    }
    *rows = out;
    *nrows = np;
    out = NULL;
    rc = 0;
done:
    free(out);
    free(procs);
    hrel_csv_free(t);
    return rc;
}
