/* hyper_fit -- parameters of the hyperbolic model from the n-disjoint-pairs
 * experiment (papers/003 formulas 16-17) and the LogP correspondence (s. 6). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_vector.h>

#include "hyper_fit.h"
#include "raw.h"
#include "sample.h"
#include "errmsg.h"
#include "order.h"

/* ---------------------------------------------------------- raw points -- */

typedef struct rawrow {
    int procs;       /* processors */
    long h;          /* h-relation bytes */
    double x;        /* msg_bytes */
    double t;        /* seconds */
} rawrow;

static int row_cmp(const void *pa, const void *pb)
{
    const rawrow *a = pa, *b = pb;
    const double ka[] = {a->procs, a->x, (double)a->h, a->t};
    const double kb[] = {b->procs, b->x, (double)b->h, b->t};
    return hrel_cmp_keys(ka, kb, 4);
}

/* Median time of K rows sorted by t (lib/stats/sample.h's rule). */
static double row_median(const rawrow *r, size_t k)
{
    double t[2];
    if (k % 2) {
        t[0] = r[k / 2].t;
        return hrel_sample_median_sorted(t, 1);
    }
    t[0] = r[k / 2 - 1].t;
    t[1] = r[k / 2].t;
    return hrel_sample_median_sorted(t, 2);
}

/* Rows of one pattern, summarised by the median per (procs, h, msg_bytes). */
int hrel_hyper_raw_points(const hrel_csv *raw, const char *pattern,
                          hrel_hyper_point **pts, size_t *n, char *err, size_t errlen)
{
    static const char *const need[] = {"pattern", "procs", "h", "msg_bytes", "rep",
                                       "seconds", NULL};
    int idx[6];
    rawrow *rows = NULL;
    hrel_hyper_point *out = NULL;
    size_t nr = 0, i, j, np = 0;

    *pts = NULL;
    *n = 0;
    if (hrel_csv_require(raw, need, idx, err, errlen))
        return -1;
    if (raw->nrow && !(rows = malloc(raw->nrow * sizeof *rows)))
        goto nomem;
    for (i = 0; i < raw->nrow; i++) {
        long procs, h;
        double x, t;
        if (strcmp(hrel_csv_str(raw, i, idx[0]), pattern) != 0)
            continue;
        if (hrel_csv_long(raw, i, idx[1], &procs, err, errlen) ||
            hrel_csv_long(raw, i, idx[2], &h, err, errlen) ||
            hrel_csv_double(raw, i, idx[3], &x, err, errlen) ||
            hrel_csv_double(raw, i, idx[5], &t, err, errlen))
            goto fail;
        if (procs < 1 || procs > HREL_RAW_MAX_PROCS) {
            hrel_seterr(err, errlen, "%s:%zu: procs %ld out of range (1..%d)", raw->path,
                        raw->lineno[i], procs, HREL_RAW_MAX_PROCS);
            goto fail;
        }
        if (x < 0) {
            hrel_seterr(err, errlen, "%s:%zu: msg_bytes %g < 0", raw->path, raw->lineno[i], x);
            goto fail;
        }
        if (!(t > 0)) {
            hrel_seterr(err, errlen, "%s:%zu: seconds %g must be > 0", raw->path, raw->lineno[i], t);
            goto fail;
        }
        rows[nr].procs = (int)procs;
        rows[nr].h = h;
        rows[nr].x = x;
        rows[nr].t = t;
        nr++;
    }
    if (nr == 0) {
        free(rows);
        return 0;
    }
    qsort(rows, nr, sizeof *rows, row_cmp);
    if (!(out = malloc(nr * sizeof *out)))
        goto nomem;
    for (i = 0; i < nr; i = j) {
        size_t k;
        for (j = i; j < nr && rows[j].procs == rows[i].procs && rows[j].x == rows[i].x &&
                    rows[j].h == rows[i].h; j++)
            ;
        k = j - i;   /* rows[i..j) sorted by t */
        out[np].procs = rows[i].procs;
        out[np].h = rows[i].h;
        out[np].x = rows[i].x;
        out[np].min = rows[i].t;
        out[np].max = rows[j - 1].t;
        out[np].med = row_median(rows + i, k);
        out[np].nrep = k;
        np++;
    }
    free(rows);
    *pts = out;
    *n = np;
    return 0;
nomem:
    hrel_seterr(err, errlen, "%s: out of memory", raw->path);
fail:
    free(rows);
    free(out);
    return -1;
}

/* ------------------------------------------------------ nonlinear fit -- */

typedef struct fitdata {
    const double *x;   /* sizes */
    const double *y;   /* times */
    size_t n;          /* points */
} fitdata;

/* f_i = (T(x_i; e^p0, e^p1) - y_i) / y_i */
static int hyp_f(const gsl_vector *p, void *params, gsl_vector *f)
{
    const fitdata *d = params;
    double a = exp(gsl_vector_get(p, 0)), b = exp(gsl_vector_get(p, 1));
    size_t i;
    for (i = 0; i < d->n; i++)
        gsl_vector_set(f, i, (hrel_hyper_T(d->x[i], a, b) - d->y[i]) / d->y[i]);
    return GSL_SUCCESS;
}

/* d f_i / d p: a dT/da / y, b dT/db / y. */
static int hyp_df(const gsl_vector *p, void *params, gsl_matrix *J)
{
    const fitdata *d = params;
    double a = exp(gsl_vector_get(p, 0)), b = exp(gsl_vector_get(p, 1));
    size_t i;
    for (i = 0; i < d->n; i++) {
        double x = d->x[i], s = a + b * x, s2 = s * s;
        double dTda = (a * a + 2.0 * a * b * x) / s2;
        double dTdb = x * (1.0 - a * a / s2);
        gsl_matrix_set(J, i, 0, a * dTda / d->y[i]);
        gsl_matrix_set(J, i, 1, b * dTdb / d->y[i]);
    }
    return GSL_SUCCESS;
}

/* Sum of squared relative residuals of T(x; a, b). */
static double rel_ss(const double *x, const double *y, size_t n, double a, double b)
{
    double ss = 0.0;
    size_t i;
    for (i = 0; i < n; i++) {
        double r = (hrel_hyper_T(x[i], a, b) - y[i]) / y[i];
        ss += r * r;
    }
    return ss;
}

/* Fallback when the nonlinear solver fails (measured data with no hyperbolic
 * shape, e.g. times that fall with size): the least relative squares over a
 * bounded box in log a, log b around the start (a0, b0), refined by zooming
 * four times on a 41 x 41 grid. Always finite. */
static void grid_fit(const double *x, const double *y, size_t n, double a0, double b0,
                     double *a, double *b)
{
    double la = log(a0), lb = log(b0), span_a = log(1e4), span_b = log(1e4);
    int zoom, i, j;
    for (zoom = 0; zoom < 4; zoom++) {
        double best = INFINITY, ba = la, bb = lb;
        for (i = 0; i <= 40; i++)
            for (j = 0; j <= 40; j++) {
                double ta = la + span_a * (i / 20.0 - 1.0), tb = lb + span_b * (j / 20.0 - 1.0);
                double ss = rel_ss(x, y, n, exp(ta), exp(tb));
                if (ss < best) {
                    best = ss;
                    ba = ta;
                    bb = tb;
                }
            }
        la = ba;
        lb = bb;
        span_a /= 10.0;
        span_b /= 10.0;
    }
    *a = exp(la);
    *b = exp(lb);
}

/* Fit T(x; a, b) with relative residuals. */
int hrel_hyper_fit_curve(const double *x, const double *y, size_t n, double *a, double *b,
                         double *rms_rel, double *max_rel, char *err, size_t errlen)
{
    gsl_multifit_nlinear_parameters par = gsl_multifit_nlinear_default_parameters();
    gsl_multifit_nlinear_fdf fdf;
    gsl_multifit_nlinear_workspace *w = NULL;
    gsl_vector *p0 = NULL;
    fitdata d;
    size_t i, imin = 0, imax = 0;
    double a0, b0, ss = 0.0, mx = 0.0, fa, fb;
    int info, status, rc = -1;

    if (n < 2) {
        hrel_seterr(err, errlen, "need at least 2 message sizes to fit a and b (have %zu)", n);
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (!(y[i] > 0) || !isfinite(y[i]) || !(x[i] >= 0) || !isfinite(x[i])) {
            hrel_seterr(err, errlen, "point %zu: need x >= 0 and time > 0", i);
            return -1;
        }
        if (x[i] < x[imin])
            imin = i;
        if (x[i] > x[imax])
            imax = i;
    }
    if (x[imin] == x[imax]) {
        hrel_seterr(err, errlen, "need at least 2 distinct message sizes");
        return -1;
    }
    /* start: a from the smallest message, b from the largest */
    a0 = y[imin];
    b0 = (y[imax] - a0) / (x[imax] - x[imin]);
    if (!(b0 > 0))
        b0 = y[imax] / x[imax] * 1e-3;
    if (!(b0 > 0))
        b0 = 1e-12;
    d.x = x;
    d.y = y;
    d.n = n;
    fdf.f = hyp_f;
    fdf.df = hyp_df;
    fdf.fvv = NULL;
    fdf.n = n;
    fdf.p = 2;
    fdf.params = &d;
    if (!(w = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &par, n, 2)) ||
        !(p0 = gsl_vector_alloc(2))) {
        hrel_seterr(err, errlen, "out of memory");
        goto out;
    }
    gsl_vector_set(p0, 0, log(a0));
    gsl_vector_set(p0, 1, log(b0));
    status = gsl_multifit_nlinear_init(p0, &fdf, w);
    if (status == GSL_SUCCESS)
        status = gsl_multifit_nlinear_driver(500, 1e-12, 1e-12, 0.0, NULL, NULL, &info, w);
    fa = exp(gsl_vector_get(w->x, 0));
    fb = exp(gsl_vector_get(w->x, 1));
    /* The solver can fail or run off to infinity on data with no hyperbolic
     * shape; the bounded search then gives the best estimate in the box (the
     * residuals reported below say how poor it is). */
    if ((status != GSL_SUCCESS && status != GSL_EMAXITER) || !isfinite(fa) || !isfinite(fb) ||
        !(fa > 0) || !(fb > 0) || rel_ss(x, y, n, fa, fb) > rel_ss(x, y, n, a0, b0))
        grid_fit(x, y, n, a0, b0, &fa, &fb);
    for (i = 0; i < n; i++) {
        double r = (hrel_hyper_T(x[i], fa, fb) - y[i]) / y[i];
        ss += r * r;
        if (fabs(r) > mx)
            mx = fabs(r);
    }
    *a = fa;
    *b = fb;
    if (rms_rel)
        *rms_rel = sqrt(ss / (double)n);
    if (max_rel)
        *max_rel = mx;
    rc = 0;
out:
    gsl_multifit_nlinear_free(w);
    gsl_vector_free(p0);
    return rc;
}

/* alpha + beta x by weighted least squares, weights 1/y^2. */
int hrel_hyper_fit_linear(const double *x, const double *y, size_t n, double *alpha,
                          double *beta, char *err, size_t errlen)
{
    double *wt, c00, c01, c11, chisq;
    size_t i;
    int status;
    if (n < 2) {
        hrel_seterr(err, errlen, "need at least 2 points for a line (have %zu)", n);
        return -1;
    }
    if (!(wt = malloc(n * sizeof *wt))) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (!(y[i] > 0)) {
            free(wt);
            hrel_seterr(err, errlen, "point %zu: time must be > 0", i);
            return -1;
        }
        wt[i] = 1.0 / (y[i] * y[i]);
    }
    status = gsl_fit_wlinear(x, 1, wt, 1, y, 1, n, alpha, beta, &c00, &c01, &c11, &chisq);
    free(wt);
    if (status != GSL_SUCCESS || !isfinite(*alpha) || !isfinite(*beta)) {
        hrel_seterr(err, errlen, "linear fit failed: %s", gsl_strerror(status));
        return -1;
    }
    return 0;
}

/* --------------------------------------------------------- formula 17 -- */

/* a_c, a, b_c, b from the per-n fits. */
int hrel_hyper_derive(const hrel_hyper_pairfit *pf, size_t nn, hrel_hyper_fitres *out,
                      char *err, size_t errlen)
{
    double *xn = NULL, *ya = NULL, c0, c1, c00, c01, c11, ss;
    double b1 = 0, a1 = 0, num = 0.0, den = 0.0;
    size_t i;
    int have1 = 0, status;

    for (i = 0; i < nn; i++) {
        if (i && pf[i].n <= pf[i - 1].n) {
            hrel_seterr(err, errlen, "per-n fits must be in ascending n");
            return -1;
        }
        if (pf[i].n == 1) {
            have1 = 1;
            a1 = pf[i].a1;
            b1 = pf[i].b1;
        }
    }
    if (!have1 || nn < 2) {
        hrel_seterr(err, errlen, "formula 17 needs PAIRS with n = 1 pair (procs 2) and at least one "
               "larger n (have %zu value%s of n%s)", nn, nn == 1 ? "" : "s",
               have1 ? "" : ", none with procs 2");
        return -1;
    }
    xn = malloc(nn * sizeof *xn);
    ya = malloc(nn * sizeof *ya);
    if (!xn || !ya) {
        free(xn);
        free(ya);
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < nn; i++) {
        xn[i] = pf[i].n;
        ya[i] = pf[i].a1;
    }
    status = gsl_fit_linear(xn, 1, ya, 1, nn, &c0, &c1, &c00, &c01, &c11, &ss);
    free(xn);
    free(ya);
    if (status != GSL_SUCCESS) {
        hrel_seterr(err, errlen, "line a'(n): %s", gsl_strerror(status));
        return -1;
    }
    out->ac_clamped = c1 < 0;
    out->ac = c1 < 0 ? 0.0 : c1;
    out->a = (a1 - out->ac) / 2.0;
    out->a_clamped = out->a < 0;
    if (out->a < 0)
        out->a = 0.0;
    /* b_c: least squares of b'(n) = max(b'(1), n b_c) over n > 1; the sum of
     * squares is quadratic in b_c between the breakpoints b'(1)/n */
    {
        double best = -1.0, bestss = 0.0, none = 0.0;
        size_t j;
        for (i = 0; i < nn; i++)
            if (pf[i].n > 1)
                none += (b1 - pf[i].b1) * (b1 - pf[i].b1);
        for (j = 0; j < nn; j++) {
            double lo, hi, c, ss = 0.0;
            if (pf[j].n < 2)
                continue;
            /* b_c in (b1/n_j, b1/n_{j-1}]: exactly the n >= n_j are network-bound */
            lo = b1 / pf[j].n;
            hi = (j > 0 && pf[j - 1].n > 1) ? b1 / pf[j - 1].n : b1;
            num = den = 0.0;
            for (i = j; i < nn; i++) {
                num += pf[i].n * pf[i].b1;
                den += (double)pf[i].n * pf[i].n;
            }
            c = num / den;
            if (c < lo)
                c = lo;
            if (c > hi)
                c = hi;
            for (i = 0; i < nn; i++)
                if (pf[i].n > 1) {
                    double m = pf[i].n * c > b1 ? pf[i].n * c : b1;
                    ss += (m - pf[i].b1) * (m - pf[i].b1);
                }
            if (c > lo && (best < 0 || ss < bestss)) {
                best = c;
                bestss = ss;
            }
        }
        out->bc_upper_bound = best < 0 || none <= bestss;
        out->bc = out->bc_upper_bound ? pf[nn - 1].b1 / pf[nn - 1].n : best;
    }
    out->b = b1;
    out->b_identified = b1 > out->bc * (1.0 + 1e-9);
    return 0;
}

int hrel_hyper_points_xy(const hrel_hyper_point *pt, size_t n, double **x, double **y,
                         char *err, size_t errlen)
{
    size_t i;
    *x = malloc((n ? n : 1) * sizeof **x);
    *y = malloc((n ? n : 1) * sizeof **y);
    if (!*x || !*y) {
        free(*x);
        free(*y);
        *x = *y = NULL;
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < n; i++) {
        (*x)[i] = pt[i].x;
        (*y)[i] = pt[i].med;
    }
    return 0;
}

/* Fit each processor count's PAIRS points (PT[0..NP), sorted by procs; their
 * x and y in X, Y) into R->per_n (room for NP), then formula 17 into R. */
static int fit_groups(const hrel_csv *raw, const hrel_hyper_point *pt, size_t np,
                      const double *x, const double *y, hrel_hyper_fitres *r, char *err,
                      size_t errlen)
{
    size_t i, j;
    char msg[256];
    for (i = 0; i < np; i = j) {
        hrel_hyper_pairfit *f = &r->per_n[r->nn];
        if (pt[i].procs % 2) {
            hrel_seterr(err, errlen, "%s: PAIRS rows with odd procs %d", raw->path, pt[i].procs);
            return -1;
        }
        for (j = i; j < np && pt[j].procs == pt[i].procs; j++)
            ;
        f->n = pt[i].procs / 2;
        f->npts = j - i;
        if (hrel_hyper_fit_curve(x + i, y + i, j - i, &f->a1, &f->b1, &f->rms_rel, &f->max_rel,
                                 msg, sizeof msg)) {
            hrel_seterr(err, errlen, "%s: PAIRS procs %d: %s", raw->path, pt[i].procs, msg);
            return -1;
        }
        r->nn++;
    }
    if (hrel_hyper_derive(r->per_n, r->nn, r, msg, sizeof msg)) {
        hrel_seterr(err, errlen, "%s: %s", raw->path, msg);
        return -1;
    }
    return 0;
}

/* The whole estimation from PAIRS rows. */
int hrel_hyper_fit_pairs(const hrel_csv *raw, hrel_hyper_fitres **out, char *err,
                         size_t errlen)
{
    hrel_hyper_point *pt = NULL;
    hrel_hyper_fitres *r = NULL;
    double *x = NULL, *y = NULL;
    size_t np;
    int rc = -1;

    *out = NULL;
    if (hrel_hyper_raw_points(raw, "PAIRS", &pt, &np, err, errlen))
        return -1;
    if (np == 0)
        hrel_seterr(err, errlen, "%s: no PAIRS rows", raw->path);
    else if (!(r = calloc(1, sizeof *r + np * sizeof r->per_n[0])))
        hrel_seterr(err, errlen, "out of memory");
    else if (hrel_hyper_points_xy(pt, np, &x, &y, err, errlen) == 0)
        rc = fit_groups(raw, pt, np, x, y, r, err, errlen);
    free(pt);
    free(x);
    free(y);
    if (rc != 0) {
        free(r);
        r = NULL;
    }
    *out = r;
    return rc;
}

/* Free a fit result: one block, the header and its per-n fits. */
void hrel_hyper_fitres_free(hrel_hyper_fitres *r)
{
    free(r);
}

/* --------------------------------------------------------------- LogP -- */

/* LogP's own times and its block a = 2o + L, b = max(g, o) (rule 1 on CB_W,
 * CB_C, CB_L, CB_W) are lib/model/logp's; here only the hyperbolic side. */

/* T(n - 1; a, b) of LogP's block. */
double hrel_hyper_logp_hyp_T(double n, const hrel_logp *m)
{
    double a, b;
    hrel_logp_block(m, &a, &b);
    return hrel_hyper_T(n - 1.0, a, b);
}

/* T_hyp / T_LogP. */
double hrel_hyper_logp_ratio(double n, const hrel_logp *m)
{
    double l = hrel_logp_time(m, n);
    return l == 0.0 ? 1.0 : hrel_hyper_logp_hyp_T(n, m) / l;
}

/* 1 - (n - 1)/n^2. */
double hrel_hyper_logp_ts_ratio(double n)
{
    return 1.0 - (n - 1.0) / (n * n);
}
