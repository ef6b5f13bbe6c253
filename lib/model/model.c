/* model -- see model.h. Straight transcriptions of formulas 3, 5-10 of 002. */
#include "model.h"
#include "errmsg.h"

#include "fitcsv.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

void hrel_model_gl_fill(const hrel_trace *t, double g, double L, hrel_model_gl *gl)
{
    size_t k, n = (size_t)t->nproc * (size_t)t->nstep;
    for (k = 0; k < n; k++) {
        gl[k].g = g;
        gl[k].L = L;
    }
}

/* Find row (PAT, PROCS) of the fit table; PROCS "all" or a number. Return the
 * row index or -1. */
int hrel_model_gl_new(const hrel_trace *t, const char *fit, double g, double L,
                      hrel_model_gl **gl, char *err, size_t errlen)
{
    *gl = malloc((size_t)t->nproc * (size_t)t->nstep * sizeof **gl);
    if (!*gl) {
        snprintf(err, errlen, "%s: out of memory", t->path);
        return -1;
    }
    if (!fit) {
        hrel_model_gl_fill(t, g, L, *gl);
        return 0;
    }
    if (hrel_model_gl_from_fit(t, fit, *gl, err, errlen) == 0)
        return 0;
    free(*gl);
    *gl = NULL;
    return -1;
}

int hrel_model_gl_from_fit(const hrel_trace *t, const char *path, hrel_model_gl *gl,
                           char *err, size_t errlen)
{
    hrel_csv *c = NULL;
    int s, i, rc = -1;

    if (hrel_csv_read(path, &c, err, errlen) != 0)
        return -1;
    if (hrel_fitcsv_check(c, err, errlen) != 0)
        goto done;
    for (s = 1; s <= t->nstep; s++)
        for (i = 0; i < t->nproc; i++) {
            const hrel_trace_row *r = hrel_trace_at(t, s, i);
            hrel_model_gl *o = &gl[(size_t)(s - 1) * (size_t)t->nproc + (size_t)i];
            /* a step naming its pattern uses that pattern's row (at the trace's
             * processor count, else all); the others the pooled row */
            if (hrel_fitcsv_lookup(c, r->pattern[0] ? r->pattern : "ALL",
                                   r->pattern[0] ? t->nproc : 0, &o->g, &o->L, err,
                                   errlen) != 0) {
                size_t n = strlen(err);
                snprintf(err + n, errlen > n ? errlen - n : 0, ", needed by %s:%ld", t->path,
                         r->line);
                goto done;
            }
        }
    rc = 0;
done:
    hrel_csv_free(c);
    return rc;
}

void hrel_model_h(const hrel_trace *t, hrel_op op, double *h)
{
    size_t k, n = (size_t)t->nproc * (size_t)t->nstep;
    for (k = 0; k < n; k++) {
        const hrel_trace_row *r = &t->row[k];
        h[k] = hrel_op_apply(op, r->in_bytes, r->out_bytes);
    }
}

/* h of row k under op. */
static double row_h(const hrel_trace *t, size_t k, hrel_op op)
{
    const hrel_trace_row *r = &t->row[k];
    return hrel_op_apply(op, r->in_bytes, r->out_bytes);
}

/* max_i w_s,i and max_i (g h_s,i + L) of step S. */
static void step_maxima(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, int s,
                        double *wmax, double *cmax)
{
    int i;
    *wmax = -INFINITY;
    *cmax = -INFINITY;
    for (i = 0; i < t->nproc; i++) {
        size_t k = (size_t)(s - 1) * (size_t)t->nproc + (size_t)i;
        double c = gl[k].g * row_h(t, k, op) + gl[k].L;
        if (t->row[k].w_s > *wmax)
            *wmax = t->row[k].w_s;
        if (c > *cmax)
            *cmax = c;
    }
}

static int check_args(const hrel_trace *t, const hrel_model_gl *gl, char *err, size_t errlen)
{
    if (!t || !gl || t->nproc < 1 || t->nstep < 1) {
        hrel_seterr(err, errlen, "model: empty trace or no g/L");
        return -1;
    }
    return 0;
}

int hrel_model_bsp(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, double *cost,
                   double *total, char *err, size_t errlen)
{
    int s;
    double sum = 0, w, c;
    if (check_args(t, gl, err, errlen) != 0)
        return -1;
    for (s = 1; s <= t->nstep; s++) {
        step_maxima(t, op, gl, s, &w, &c);
        cost[s - 1] = w + c;
        sum += cost[s - 1];
    }
    *total = sum;
    return 0;
}

int hrel_model_bspwb(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, double *T,
                     double *total, char *err, size_t errlen)
{
    /* BSPWB's T_s is the running sum of the BSP step costs. */
    int s;
    if (hrel_model_bsp(t, op, gl, T, total, err, errlen) != 0)
        return -1;
    for (s = 2; s <= t->nstep; s++)
        T[s - 1] += T[s - 2];
    *total = T[t->nstep - 1];
    return 0;
}

int hrel_model_mpm(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, double *phi,
                   double *hmpm, double *psi, char *err, size_t errlen)
{
    int s, i, j;
    size_t p;
    double best = -INFINITY, *own = NULL;
    if (check_args(t, gl, err, errlen) != 0)
        return -1;
    p = (size_t)t->nproc;
    if (!phi && !(phi = own = malloc(p * (size_t)t->nstep * sizeof *phi))) {
        snprintf(err, errlen, "%s: out of memory", t->path);
        return -1;
    }
    for (s = 1; s <= t->nstep; s++) {
        size_t base = (size_t)(s - 1) * p;
        for (i = 0; i < t->nproc; i++) {
            const hrel_trace_row *r = &t->row[base + (size_t)i];
            /* j = i itself, then the incoming partners */
            double prev_i = s > 1 ? phi[base - p + (size_t)i] : 0.0;
            double start = prev_i + r->w_s;
            double H = row_h(t, base + (size_t)i, op);
            for (j = 0; j < r->npartners; j++) {
                size_t kj = base + (size_t)r->partners[j];
                double prev_j = s > 1 ? phi[base - p + (size_t)r->partners[j]] : 0.0;
                double hj = row_h(t, kj, op);
                if (prev_j + t->row[kj].w_s > start)
                    start = prev_j + t->row[kj].w_s;
                if (hj > H)
                    H = hj;
            }
            phi[base + (size_t)i] = start + gl[base + (size_t)i].g * H + gl[base + (size_t)i].L;
            if (hmpm)
                hmpm[base + (size_t)i] = H;
        }
    }
    for (i = 0; i < t->nproc; i++)
        if (phi[(size_t)(t->nstep - 1) * p + (size_t)i] > best)
            best = phi[(size_t)(t->nstep - 1) * p + (size_t)i];
    *psi = best;
    free(own);
    return 0;
}

