/* fit -- see fit.h. GSL does the least squares; this file arranges the data. */
#include "fit.h"
#include "lineuse.h"
#include "patterns.h"
#include "errmsg.h"
#include "order.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>

void hrel_fit_cfg_default(hrel_fit_cfg *cfg)
{
    cfg->summary = HREL_SUMMARY_MEAN;
    cfg->unit_bytes = 1.0;
    cfg->weighted = 0;
}

/* The pooled set of 000 section 4 and 002 formula 11 is the registry's
 * (lib/base/patterns.h): E, PP, POA, AO, AA. */
int hrel_fit_pooled_pattern(int p)
{
    const hrel_patinfo *pat = hrel_patterns_at((size_t)p);
    return p >= 0 && pat && pat->poolable;
}

/* ================================================================ one line == */

static void line_unfitted(size_t n, hrel_line *out)
{
    out->ok = 0;
    out->L = out->g = out->se_L = out->se_g = NAN;
    out->ci_L = out->ci_g = out->r2 = NAN;
    out->n = n;
    out->neg_L = 0;
    out->use = HREL_USE_NONE;
    out->g_use = out->L_use = NAN;
}

int hrel_fit_line(const double *x, const double *y, const double *w, size_t n,
                  hrel_line *out, char *err, size_t errlen)
{
    double c0, c1, cov00, cov01, cov11, sumsq, ybar, sw, sstot, ssres, t975;
    size_t i;
    int rc, distinct = 0;

    line_unfitted(n, out);
    for (i = 0; i < n; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]) || (w && !(w[i] > 0 && isfinite(w[i])))) {
            hrel_seterr(err, errlen, "fit: point %zu is not finite (or its weight not > 0)", i);
            return -1;
        }
        if (x[i] != x[0])
            distinct = 1;
    }
    if (n < 2 || !distinct)
        return 0;
    if (w)
        rc = gsl_fit_wlinear(x, 1, w, 1, y, 1, n, &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    else
        rc = gsl_fit_linear(x, 1, y, 1, n, &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
    if (rc != GSL_SUCCESS) {
        hrel_seterr(err, errlen, "fit: GSL least squares failed: %s", gsl_strerror(rc));
        return -1;
    }
    out->ok = 1;
    out->L = c0;
    out->g = c1;
    out->neg_L = c0 < 0;
    /* r^2 = 1 - SSres/SStot, with the same weights as the fit. */
    for (i = 0, ybar = 0, sw = 0; i < n; i++) {
        double wi = w ? w[i] : 1.0;
        ybar += wi * y[i];
        sw += wi;
    }
    ybar /= sw;
    for (i = 0, sstot = 0, ssres = 0; i < n; i++) {
        double wi = w ? w[i] : 1.0, r = y[i] - (c0 + c1 * x[i]);
        sstot += wi * (y[i] - ybar) * (y[i] - ybar);
        ssres += wi * r * r;
    }
    out->r2 = sstot > 0 ? 1.0 - ssres / sstot : (ssres == 0 ? 1.0 : NAN);
    if (n > 2) {
        /* gsl_fit_linear scales the covariance by the residual variance; the
         * weighted fit takes the weights as 1/variance, which ours (1/T^2) are
         * not, so scale it by chi^2/(n-2) the same way. */
        double scale = w ? sumsq / (double)(n - 2) : 1.0;
        out->se_L = sqrt(cov00 * scale);
        out->se_g = sqrt(cov11 * scale);
        t975 = gsl_cdf_tdist_Pinv(0.975, (double)(n - 2));
        out->ci_L = t975 * out->se_L;
        out->ci_g = t975 * out->se_g;
    }
    return hrel_lineuse_decide(x, y, w, n, out, err, errlen);
}

/* ============================================================ error measures == */

int hrel_fit_maxerr(const double *t, size_t n, double L, double g, double h,
                    double *out)
{
    double dmax = 0, tmin = INFINITY;
    size_t i, used = 0;
    for (i = 0; i < n; i++) {
        if (!isfinite(t[i]) || t[i] <= 0)
            continue;
        dmax = fmax(dmax, fabs(t[i] - (L + g * h)));
        tmin = fmin(tmin, t[i]);
        used++;
    }
    if (!used || !isfinite(L) || !isfinite(g))
        return -1;
    *out = 100.0 * dmax / tmin;
    return 0;
}

int hrel_fit_errs(const double *t, size_t n, double L, double g, double h,
                  double *averr, double *maxerr)
{
    double dsum = 0, tsum = 0;
    size_t i, used = 0;
    if (hrel_fit_maxerr(t, n, L, g, h, maxerr) != 0)
        return -1;
    for (i = 0; i < n; i++) {
        if (!isfinite(t[i]) || t[i] <= 0)
            continue;
        dsum += fabs(t[i] - (g * h + L));
        tsum += t[i];
        used++;
    }
    *averr = 100.0 * (dsum / used) / (tsum / used);
    return 0;
}

/* ========================================================== whole analysis == */

/* Sort the N elements of SIZE bytes at V with CMP and drop repeats (CMP says
 * equal); return the new count. V then is a sorted set for find(). */
static size_t uniq(void *v, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    char *b = v;
    size_t i, k = 0;
    qsort(v, n, size, cmp);
    for (i = 0; i < n; i++)
        if (k == 0 || cmp(b + i * size, b + (k - 1) * size) != 0)
            memmove(b + k++ * size, b + i * size, size);
    return k;
}

/* The index of KEY in the sorted set of N elements at V (made by uniq with
 * the same CMP), or N when it is not there. */
static size_t find(const void *key, const void *v, size_t n, size_t size,
                   int (*cmp)(const void *, const void *))
{
    const char *at = n ? bsearch(key, v, n, size, cmp) : NULL;
    return at ? (size_t)(at - (const char *)v) / size : n;
}

static void pattern_free(hrel_fit_pattern *p)
{
    free(p->h);
    free(p->procs);
    free(p->time);
    free(p->lo);
    free(p->hi);
    free(p->sd);
    free(p->avg);
    free(p->maxerr);
    free(p->per_p);
}

/* Fit Y over X (N points, NaN entries skipped) into OUT, weighted by 1/Y^2 if
 * WEIGHTED. SCRATCH holds at least 3 N doubles (the kept x, y and weights). */
static int fit_skip_nan(const double *x, const double *y, size_t n, int weighted,
                        double *scratch, hrel_line *out, char *err, size_t errlen)
{
    double *xs = scratch, *ys = scratch + n, *ws = scratch + 2 * n;
    size_t i, k = 0;
    for (i = 0; i < n; i++)
        if (isfinite(y[i]) && y[i] > 0) {
            xs[k] = x[i];
            ys[k] = y[i];
            ws[k] = 1.0 / (y[i] * y[i]);
            k++;
        }
    return hrel_fit_line(xs, ys, weighted ? ws : NULL, k, out, err, errlen);
}

/* Set "fit: out of memory" in ERR; return -1. */
static int nomem(char *err, size_t errlen)
{
    hrel_seterr(err, errlen, "fit: out of memory");
    return -1;
}

/* Build pattern P from groups S[0..n-1] (all of that pattern). WORK holds at
 * least 4 N doubles. What P holds is freed by pattern_free, also on failure. */
static int pattern_build(const hrel_stat *s, size_t n, const hrel_fit_cfg *cfg, double *work,
                         hrel_fit_pattern *p, char *err, size_t errlen)
{
    size_t i, ih, ip, np, nh, cnt;
    double *y;

    p->pattern = s[0].pattern;
    p->h = malloc(n * sizeof *p->h);
    p->procs = malloc(n * sizeof *p->procs);
    if (!p->h || !p->procs)
        return nomem(err, errlen);
    for (i = 0; i < n; i++) {
        p->h[i] = s[i].h / cfg->unit_bytes;
        p->procs[i] = s[i].procs;
    }
    nh = p->nh = uniq(p->h, n, sizeof *p->h, hrel_cmp_double);
    np = p->np = uniq(p->procs, n, sizeof *p->procs, hrel_cmp_int);
    /* the sizes x processor-counts grid of a study is nearly full; a grid far
     * larger than the cases measured is refused before it is allocated, so
     * memory follows the size of the input, not the values in it */
    if ((double)nh * (double)np > HREL_FIT_GRID_FILL * (double)n + 4096.0) {
        hrel_seterr(err, errlen, "fit: pattern %s has %zu sizes x %zu processor counts but "
                    "only %zu measured cases (a study measures most sizes at most counts; at "
                    "most %d grid cells per case)", hrel_patterns_name(p->pattern), nh, np, n,
                    HREL_FIT_GRID_FILL);
        return -1;
    }
    p->time = malloc(nh * np * sizeof *p->time);
    p->lo = malloc(nh * np * sizeof *p->lo);
    p->hi = malloc(nh * np * sizeof *p->hi);
    p->sd = malloc(nh * np * sizeof *p->sd);
    p->avg = malloc(nh * sizeof *p->avg);
    p->maxerr = malloc(nh * sizeof *p->maxerr);
    p->per_p = calloc(np, sizeof *p->per_p);
    if (!p->time || !p->lo || !p->hi || !p->sd || !p->avg || !p->maxerr || !p->per_p)
        return nomem(err, errlen);
    for (i = 0; i < nh * np; i++)
        p->time[i] = p->lo[i] = p->hi[i] = p->sd[i] = NAN;
    for (i = 0; i < n; i++) {
        double h = s[i].h / cfg->unit_bytes;
        ih = find(&h, p->h, nh, sizeof *p->h, hrel_cmp_double);
        ip = find(&s[i].procs, p->procs, np, sizeof *p->procs, hrel_cmp_int);
        p->time[ih * np + ip] = hrel_stat_value(&s[i], cfg->summary);
        p->lo[ih * np + ip] = s[i].min;
        p->hi[ih * np + ip] = s[i].max;
        p->sd[ih * np + ip] = s[i].sd;
    }
    /* T_P(h): average over the processor counts measured at h. */
    for (ih = 0; ih < nh; ih++) {
        double sum = 0;
        for (ip = 0, cnt = 0; ip < np; ip++)
            if (isfinite(p->time[ih * np + ip])) {
                sum += p->time[ih * np + ip];
                cnt++;
            }
        p->avg[ih] = cnt ? sum / cnt : NAN;
    }
    if (fit_skip_nan(p->h, p->avg, nh, cfg->weighted, work, &p->fit, err, errlen))
        return -1;
    for (ih = 0; ih < nh; ih++)
        if (!p->fit.ok ||
            hrel_fit_maxerr(p->time + ih * np, np, p->fit.L, p->fit.g, p->h[ih],
                            &p->maxerr[ih]) != 0)
            p->maxerr[ih] = NAN;
    y = work + 3 * nh;   /* after fit_skip_nan's 3 NH */
    for (ip = 0; ip < np; ip++) {
        for (ih = 0; ih < nh; ih++)
            y[ih] = p->time[ih * np + ip];
        if (fit_skip_nan(p->h, y, nh, cfg->weighted, work, &p->per_p[ip], err, errlen))
            return -1;
    }
    return 0;
}

/* 1 if pattern K of R takes part in the pooled fit: an h-relation pattern
 * (E PP OA POA AO AA) with a fitted line of its own. */
static int pooled_member(const hrel_fit_result *r, size_t k)
{
    return hrel_fit_pooled_pattern(r->pat[k].pattern) && r->pat[k].fit.ok;
}

/* Pool the members of R into T_average and fit it. T_average is formed only at
 * the sizes every member measured, so each point averages the same patterns
 * (formula 11 of 002 assumes that). WORK holds at least 3 NH + NPAT doubles
 * (NH at most the sizes of one pattern). */
static int pooled_build(hrel_fit_result *r, double *work, char *err, size_t errlen)
{
    size_t i, k, ih, cnt, first = r->npat;
    double *t;

    for (k = 0; k < r->npat && first == r->npat; k++)
        if (pooled_member(r, k))
            first = k;
    r->nh = 0;
    r->h = malloc((first < r->npat ? r->pat[first].nh : 0) * sizeof *r->h + 1);
    if (!r->h)
        return nomem(err, errlen);
    if (first < r->npat)
        for (i = 0; i < r->pat[first].nh; i++) {
            int everywhere = 1;
            for (k = first + 1; k < r->npat; k++)
                if (pooled_member(r, k) &&
                    find(&r->pat[first].h[i], r->pat[k].h, r->pat[k].nh, sizeof *r->h,
                         hrel_cmp_double) == r->pat[k].nh)
                    everywhere = 0;
            if (everywhere)
                r->h[r->nh++] = r->pat[first].h[i];
        }
    r->npat_h = calloc(r->nh + 1, sizeof *r->npat_h);
    r->t_average = malloc((r->nh + 1) * sizeof *r->t_average);
    r->averr = malloc((r->nh + 1) * sizeof *r->averr);
    r->maxerr = malloc((r->nh + 1) * sizeof *r->maxerr);
    if (!r->npat_h || !r->t_average || !r->averr || !r->maxerr)
        return nomem(err, errlen);
    t = work + 3 * r->nh;   /* after fit_skip_nan's 3 NH */
    for (ih = 0; ih < r->nh; ih++) {
        double sum = 0;
        for (k = 0, cnt = 0; k < r->npat; k++) {
            const hrel_fit_pattern *p = &r->pat[k];
            size_t j = find(&r->h[ih], p->h, p->nh, sizeof *p->h, hrel_cmp_double);
            if (pooled_member(r, k) && j < p->nh && isfinite(p->avg[j])) {
                sum += p->avg[j];
                t[cnt++] = p->avg[j];
            }
        }
        r->npat_h[ih] = cnt;
        r->t_average[ih] = cnt ? sum / cnt : NAN;
    }
    if (fit_skip_nan(r->h, r->t_average, r->nh, r->cfg.weighted, work, &r->pooled,
                     err, errlen))
        return -1;
    for (ih = 0; ih < r->nh; ih++) {
        for (k = 0, cnt = 0; k < r->npat; k++) {
            const hrel_fit_pattern *p = &r->pat[k];
            size_t j = find(&r->h[ih], p->h, p->nh, sizeof *p->h, hrel_cmp_double);
            if (pooled_member(r, k) && j < p->nh)
                t[cnt++] = p->avg[j];
        }
        if (!r->pooled.ok || hrel_fit_errs(t, cnt, r->pooled.L, r->pooled.g, r->h[ih],
                                           &r->averr[ih], &r->maxerr[ih]) != 0)
            r->averr[ih] = r->maxerr[ih] = NAN;
    }
    return 0;
}

/* Fit every pattern of ST and then the pool into R (calloc'd, cfg set), with
 * WORK (4 (st->n + 1) doubles: 4 a group covers a pattern's fits, at most all
 * groups, and the pool's, sizes and patterns each at most the groups). */
static int build_all(const hrel_stats *st, const hrel_fit_cfg *cfg, double *work,
                     hrel_fit_result *r, char *err, size_t errlen)
{
    size_t i, j, k;
    /* The groups are sorted by pattern: count the runs. */
    for (i = 0, k = 0; i < st->n; i++)
        if (i == 0 || st->s[i].pattern != st->s[i - 1].pattern)
            k++;
    if (!(r->pat = calloc(k, sizeof *r->pat)))
        return nomem(err, errlen);
    r->npat = k;
    for (i = 0, k = 0; i < st->n; i = j, k++) {
        for (j = i; j < st->n && st->s[j].pattern == st->s[i].pattern; j++)
            ;
        if (pattern_build(st->s + i, j - i, cfg, work, &r->pat[k], err, errlen) != 0)
            return -1;
    }
    return pooled_build(r, work, err, errlen);
}

int hrel_fit_run(const hrel_stats *st, const hrel_fit_cfg *cfg,
                 hrel_fit_result **out, char *err, size_t errlen)
{
    hrel_fit_result *r;
    double *work;
    int rc;

    *out = NULL;
    if (!st || st->n == 0) {
        hrel_seterr(err, errlen, "fit: no data");
        return -1;
    }
    if (!(cfg->unit_bytes > 0) || !isfinite(cfg->unit_bytes)) {
        hrel_seterr(err, errlen, "fit: packet unit must be a positive number of bytes");
        return -1;
    }
    r = calloc(1, sizeof *r);
    work = malloc(4 * (st->n + 1) * sizeof *work);
    if (!r || !work) {
        rc = nomem(err, errlen);
    } else {
        r->cfg = *cfg;
        rc = build_all(st, cfg, work, r, err, errlen);
    }
    free(work);
    if (rc == 0)
        *out = r;
    else
        hrel_fit_result_free(r);
    return rc;
}

int hrel_fit_check_sizes(const hrel_fit_result *r, char *err, size_t errlen)
{
    size_t k;
    for (k = 0; r && k < r->npat; k++)
        if (r->pat[k].nh < 2) {
            hrel_seterr(err, errlen, "pattern %s has one size (%.0f bytes): a fit needs at "
                        "least two sizes per pattern", hrel_patterns_name(r->pat[k].pattern),
                        r->pat[k].nh ? r->pat[k].h[0] * r->cfg.unit_bytes : 0.0);
            return -1;
        }
    return 0;
}

void hrel_fit_result_free(hrel_fit_result *r)
{
    size_t k;
    if (!r)
        return;
    for (k = 0; k < r->npat; k++)
        pattern_free(&r->pat[k]);
    free(r->pat);
    free(r->h);
    free(r->npat_h);
    free(r->t_average);
    free(r->averr);
    free(r->maxerr);
    free(r);
}
