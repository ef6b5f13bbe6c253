/* hypo -- see hypo.h. */
#include "hypo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fit.h>

#include "errmsg.h"
#include "grow.h"
#include "patterns.h"
#include "provenance.h"

/* Weighted residual sum of squares *RSS of one line through the points of X, Y,
 * W (NULL: 1) of group WANT in G (-1: all points), copied into XS, YS, WS.
 * Return 0, or -1 with fewer than two points or on a GSL failure. */
static int line_rss(const double *x, const double *y, const double *w, const int *g,
                    int want, size_t n, double *xs, double *ys, double *ws, double *rss)
{
    size_t i, m = 0;
    double c0, c1, c00, c01, c11;
    for (i = 0; i < n; i++)
        if (want < 0 || g[i] == want) {
            xs[m] = x[i];
            ys[m] = y[i];
            ws[m] = w ? w[i] : 1.0;
            m++;
        }
    if (m < 2)
        return -1;
    return gsl_fit_wlinear(xs, 1, ws, 1, ys, 1, m, &c0, &c1, &c00, &c01, &c11, rss) ? -1 : 0;
}

/* 1 if group WANT has at least two distinct X; *cnt its number of points. */
static int group_usable(const double *x, const int *g, size_t n, int want, size_t *cnt)
{
    size_t i;
    double lo = INFINITY, hi = -INFINITY;
    *cnt = 0;
    for (i = 0; i < n; i++)
        if (g[i] == want) {
            (*cnt)++;
            lo = x[i] < lo ? x[i] : lo;
            hi = x[i] > hi ? x[i] : hi;
        }
    return *cnt >= 2 && hi > lo;
}

int hrel_hypo_ftest(const double *x, const double *y, const double *w, const int *g,
                    size_t n, int ngroup, hrel_hypo_row *row, char *err, size_t errlen)
{
    double *buf, *xs, *ys, *ws, *x2, *y2, *w2, rss_f = 0, rss_r, rss;
    int *g2, k, G = 0;
    size_t i, m = 0, cnt;
    int rc = -1;

    memset(row, 0, sizeof *row);
    row->is_test = 1;
    row->F = row->df1 = row->df2 = row->p = NAN;
    row->g = row->g_ci = row->ratio = row->ratio_ci = NAN;
    row->differs = -1;
    buf = malloc((n ? n : 1) * 6 * sizeof *buf);
    g2 = malloc((n ? n : 1) * sizeof *g2);
    if (!buf || !g2) {
        hrel_seterr(err, errlen, "hypothesis test: out of memory");
        goto done;
    }
    xs = buf; ys = buf + n; ws = buf + 2 * n; x2 = buf + 3 * n; y2 = buf + 4 * n;
    w2 = buf + 5 * n;
    for (k = 0; k < ngroup; k++) {
        if (!group_usable(x, g, n, k, &cnt))
            continue;
        for (i = 0; i < n; i++)
            if (g[i] == k) {
                x2[m] = x[i]; y2[m] = y[i]; w2[m] = w ? w[i] : 1.0; g2[m] = k;
                m++;
            }
        if (line_rss(x, y, w, g, k, n, xs, ys, ws, &rss)) {
            hrel_seterr(err, errlen, "hypothesis test: a group's line failed");
            goto done;
        }
        rss_f += rss;
        G++;
    }
    row->n = m;
    if (G < 2) {
        hrel_seterr(err, errlen, "hypothesis test: fewer than two groups with two sizes");
        goto done;
    }
    if (m <= (size_t)(2 * G)) {
        hrel_seterr(err, errlen, "hypothesis test: %zu points leave no residual degree of "
                    "freedom for %d lines", m, G);
        goto done;
    }
    if (line_rss(x2, y2, w2, g2, -1, m, xs, ys, ws, &rss_r)) {
        hrel_seterr(err, errlen, "hypothesis test: the single line failed");
        goto done;
    }
    row->df1 = 2.0 * G - 2.0;
    row->df2 = (double)m - 2.0 * G;
    if (rss_f > 0) {
        row->F = ((rss_r - rss_f) / row->df1) / (rss_f / row->df2);
        if (row->F < 0)
            row->F = 0;   /* rounding: the nested model cannot fit better */
        row->p = gsl_cdf_fdist_Q(row->F, row->df1, row->df2);
    } else {              /* exact per-group lines */
        row->F = rss_r > 0 ? INFINITY : 0;
        row->p = rss_r > 0 ? 0 : 1;
    }
    row->differs = row->p < HREL_HYPO_ALPHA;
    rc = 0;
done:
    free(buf);
    free(g2);
    return rc;
}

/* ================================================================ the run == */

typedef struct pts {
    double *x, *y, *w;
    int *g;
    size_t n;
} pts;

static int add_row(hrel_hypo *h, size_t *cap, const hrel_hypo_row *r)
{
    if (hrel_grow(&h->row, cap, h->nrow, sizeof *h->row))
        return -1;
    h->row[h->nrow++] = *r;
    return 0;
}

/* Line through the points of group WANT (-1: all) with its 95% CI of g. */
static int group_line(const pts *P, int want, hrel_line *out, char *err, size_t errlen)
{
    double *buf = malloc((P->n ? P->n : 1) * 3 * sizeof *buf);
    size_t i, m = 0;
    int rc;
    if (!buf) {
        hrel_seterr(err, errlen, "hypothesis test: out of memory");
        return -1;
    }
    for (i = 0; i < P->n; i++)
        if (want < 0 || P->g[i] == want) {
            buf[m] = P->x[i];
            buf[P->n + m] = P->y[i];
            buf[2 * P->n + m] = P->w[i];
            m++;
        }
    rc = hrel_fit_line(buf, buf + P->n, buf + 2 * P->n, m, out, err, errlen);
    free(buf);
    return rc;
}

/* The test and its group rows for the points P; group k's label via LABEL. */
static int one_question(hrel_hypo *h, size_t *cap, const pts *P, int ngroup,
                        const char *question, int pattern, const int *gpat,
                        const int *gprocs, char *err, size_t errlen)
{
    hrel_hypo_row t, r;
    hrel_line all, one;
    char e2[256];
    int k;
    size_t cnt;
    if (hrel_hypo_ftest(P->x, P->y, P->w, P->g, P->n, ngroup, &t, e2, sizeof e2) != 0)
        t.differs = -1;   /* untestable: the row says so with NaN numbers */
    t.question = question;
    t.pattern = pattern;
    t.procs = 0;
    if (add_row(h, cap, &t))
        goto nomem;
    if (group_line(P, -1, &all, err, errlen))
        return -1;
    for (k = 0; k < ngroup; k++) {
        if (!group_usable(P->x, P->g, P->n, k, &cnt))
            continue;
        if (group_line(P, k, &one, err, errlen))
            return -1;
        memset(&r, 0, sizeof r);
        r.question = question;
        r.pattern = gpat[k];
        r.procs = gprocs[k];
        r.n = cnt;
        r.F = r.df1 = r.df2 = r.p = NAN;
        r.g = one.g;
        r.g_ci = one.ci_g;
        r.ratio = all.ok && all.g != 0 ? one.g / all.g : NAN;
        r.ratio_ci = fabs(r.ratio) * hypot(one.ci_g / one.g, all.ci_g / all.g);
        r.differs = isfinite(r.ratio_ci) ? fabs(r.ratio - 1) > r.ratio_ci : -1;
        if (add_row(h, cap, &r))
            goto nomem;
    }
    return 0;
nomem:
    hrel_seterr(err, errlen, "hypothesis test: out of memory");
    return -1;
}

/* 1 if pattern K of R takes part: an h-relation pattern with a fit. */
static int takes_part(const hrel_fit_result *r, size_t k)
{
    const hrel_patinfo *pi = hrel_patterns_at((size_t)r->pat[k].pattern);
    return pi && pi->family == HREL_PATFAM_HREL && r->pat[k].fit.ok;
}

/* Append the points of pattern K to P with group label G (-1: its procs index). */
static void add_points(const hrel_fit_result *r, size_t k, int g, pts *P)
{
    const hrel_fit_pattern *p = &r->pat[k];
    size_t ih, ip;
    for (ih = 0; ih < p->nh; ih++)
        for (ip = 0; ip < p->np; ip++) {
            double t = p->time[ih * p->np + ip];
            if (!isfinite(t) || t <= 0)
                continue;
            P->x[P->n] = p->h[ih];
            P->y[P->n] = t;
            P->w[P->n] = 1.0 / (t * t);
            P->g[P->n] = g >= 0 ? g : (int)ip;
            P->n++;
        }
}

int hrel_hypo_run(const hrel_fit_result *r, hrel_hypo **out, char *err, size_t errlen)
{
    hrel_hypo *h = calloc(1, sizeof *h);
    size_t k, cap = 0, total = 0, maxp = 0;
    int ng = 0, rc = -1;
    int *gpat = NULL, *gprocs = NULL;
    pts P = {0};

    *out = NULL;
    for (k = 0; k < r->npat; k++) {
        total += r->pat[k].nh * r->pat[k].np;
        maxp = r->pat[k].np > maxp ? r->pat[k].np : maxp;
    }
    P.x = malloc((total + 1) * sizeof *P.x);
    P.y = malloc((total + 1) * sizeof *P.y);
    P.w = malloc((total + 1) * sizeof *P.w);
    P.g = malloc((total + 1) * sizeof *P.g);
    gpat = malloc((r->npat + maxp + 1) * sizeof *gpat);
    gprocs = malloc((r->npat + maxp + 1) * sizeof *gprocs);
    if (!h || !P.x || !P.y || !P.w || !P.g || !gpat || !gprocs) {
        hrel_seterr(err, errlen, "hypothesis test: out of memory");
        goto done;
    }
    for (k = 0; k < r->npat; k++)
        if (takes_part(r, k)) {
            gpat[ng] = r->pat[k].pattern;
            gprocs[ng] = 0;
            add_points(r, k, ng++, &P);
        }
    if (ng > 0 && one_question(h, &cap, &P, ng, "patterns", -1, gpat, gprocs, err, errlen))
        goto done;
    for (k = 0; k < r->npat; k++) {
        size_t ip;
        if (!takes_part(r, k) || r->pat[k].np < 2)
            continue;
        P.n = 0;
        add_points(r, k, -1, &P);
        for (ip = 0; ip < r->pat[k].np; ip++) {
            gpat[ip] = r->pat[k].pattern;
            gprocs[ip] = r->pat[k].procs[ip];
        }
        if (one_question(h, &cap, &P, (int)r->pat[k].np, "procs", r->pat[k].pattern, gpat,
                         gprocs, err, errlen))
            goto done;
    }
    *out = h;
    h = NULL;
    rc = 0;
done:
    hrel_hypo_free(h);
    free(P.x); free(P.y); free(P.w); free(P.g);
    free(gpat); free(gprocs);
    return rc;
}

/* ================================================================ writers == */

static const char *verdict(const hrel_hypo_row *r)
{
    if (r->differs < 0)
        return "untestable";
    return r->differs ? "differ" : "one-line";
}

static const char *pat_name(int p)
{
    return p < 0 ? "ALL" : hrel_patterns_name(p);
}

int hrel_hypo_write_csv(const hrel_hypo *h, FILE *fp)
{
    size_t i;
    int bad = hrel_prov_write(fp, "# ") != 0;
    bad |= fprintf(fp, "question,pattern,procs,n,g,g_ci95,ratio,ratio_ci95,differs,"
                          "F,df1,df2,p_value,verdict\n") < 0;
    for (i = 0; h && i < h->nrow; i++) {
        const hrel_hypo_row *r = &h->row[i];
        char procs[16];
        if (r->procs > 0)
            snprintf(procs, sizeof procs, "%d", r->procs);
        else
            snprintf(procs, sizeof procs, "all");
        bad |= fprintf(fp, "%s,%s,%s,%zu,%.6e,%.6e,%.6f,%.6f,%s,%.6g,%.0f,%.0f,%.6g,%s\n",
                       r->question, pat_name(r->pattern), procs, r->n, r->g, r->g_ci, r->ratio,
                       r->ratio_ci, r->differs < 0 ? "nan" : r->differs ? "yes" : "no", r->F,
                       r->df1, r->df2, r->p, r->is_test ? verdict(r) : "") < 0;
    }
    return bad ? -1 : 0;
}

int hrel_hypo_write_verdicts(const hrel_hypo *h, const char *pre, FILE *fp)
{
    size_t i, j;
    int bad = 0;
    for (i = 0; h && i < h->nrow; i++) {
        const hrel_hypo_row *t = &h->row[i];
        if (!t->is_test)
            continue;
        if (t->pattern < 0)
            bad |= fprintf(fp, "%sh-relation hypothesis, one line for all patterns: ", pre) < 0;
        else
            bad |= fprintf(fp, "%sone line for every processor count of %s: ", pre,
                           pat_name(t->pattern)) < 0;
        if (t->differs < 0) {
            bad |= fprintf(fp, "untestable (too few sizes or groups)\n") < 0;
            continue;
        }
        bad |= fprintf(fp, "%s (F(%.0f,%.0f) = %.3g, p = %.3g)", t->differs ? "REJECTED"
                       : "not rejected", t->df1, t->df2, t->F, t->p) < 0;
        bad |= fprintf(fp, "; g / common g:") < 0;
        for (j = i + 1; j < h->nrow && !h->row[j].is_test; j++) {
            const hrel_hypo_row *r = &h->row[j];
            if (t->pattern < 0)
                bad |= fprintf(fp, " %s %.3f+-%.3f%s", pat_name(r->pattern), r->ratio,
                               r->ratio_ci, r->differs > 0 ? "*" : "") < 0;
            else
                bad |= fprintf(fp, " p=%d %.3f+-%.3f%s", r->procs, r->ratio, r->ratio_ci,
                               r->differs > 0 ? "*" : "") < 0;
        }
        bad |= fprintf(fp, " (* differs: 95%% CI excludes 1)\n") < 0;
    }
    return bad ? -1 : 0;
}

void hrel_hypo_free(hrel_hypo *h)
{
    if (!h)
        return;
    free(h->row);
    free(h);
}
