/* Unit tests of lib/fit: exact lines, synthetic data with known g and L plus
 * noise, MaxErr/AvErr and a whole small analysis worked out by hand, units,
 * single sizes, missing processor counts and negative latencies. */
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "fit.h"
#include "patterns.h"
#include "hrel_test.h"
#include "fit_fixture.h"

static void test_line(void)
{
    static const double x[] = {1, 2, 3, 4}, y[] = {3, 5, 7, 9};
    static const double y2[] = {1, 2, 2, 4}, w[] = {1, 1, 1, 1};
    static const double xs[] = {5, 5, 5};
    hrel_line f;
    char err[128];

    HREL_CHECK_INT(hrel_fit_line(x, y, NULL, 4, &f, err, sizeof err), 0, "exact line");
    HREL_CHECK(f.ok, "fitted");
    HREL_CHECK_REL(f.g, 2, 1e-12, "exact g");
    HREL_CHECK_REL(f.L, 1, 1e-12, "exact L");
    HREL_CHECK_REL(f.r2, 1, 1e-12, "exact r2");
    HREL_CHECK_ABS(f.se_g, 0, 1e-12, "exact se_g 0");
    HREL_CHECK(!f.neg_L, "positive L not flagged");

    /* By hand: xbar 2.5, ybar 2.25, Sxy = 4.5, Sxx = 5 -> g 0.9, L 0;
     * residuals 0.1 0.2 -0.7 0.4 -> SSres 0.7, SStot 4.75 -> r2 = 1 - 0.7/4.75;
     * s^2 = 0.35, se_g = sqrt(0.35/5), t(0.975, 2) = 4.302652729749464. */
    HREL_CHECK_INT(hrel_fit_line(x, y2, NULL, 4, &f, err, sizeof err), 0, "noisy line");
    HREL_CHECK_REL(f.g, 0.9, 1e-12, "g by hand");
    HREL_CHECK_ABS(f.L, 0, 1e-12, "L by hand");
    HREL_CHECK_REL(f.r2, 1 - 0.7 / 4.75, 1e-12, "r2 by hand");
    HREL_CHECK_REL(f.se_g, sqrt(0.35 / 5), 1e-12, "se_g by hand");
    HREL_CHECK_REL(f.se_L, sqrt(0.35 * (1.0 / 4 + 2.5 * 2.5 / 5)), 1e-12, "se_L by hand");
    HREL_CHECK_REL(f.ci_g, 4.302652729749464 * sqrt(0.35 / 5), 1e-9, "95% CI of g");
    HREL_CHECK_INT(f.n, 4, "n");
    /* Equal weights give the same line through gsl_fit_wlinear. */
    HREL_CHECK_INT(hrel_fit_line(x, y2, w, 4, &f, err, sizeof err), 0, "weighted");
    HREL_CHECK_REL(f.g, 0.9, 1e-12, "weighted g");
    HREL_CHECK_REL(f.se_g, sqrt(0.35 / 5), 1e-12, "weighted se_g scaled by residuals");

    HREL_CHECK_INT(hrel_fit_line(x, y, NULL, 2, &f, err, sizeof err), 0, "two points");
    HREL_CHECK(f.ok && isnan(f.se_g) && isnan(f.ci_L), "two points: no error estimate");
    HREL_CHECK_INT(hrel_fit_line(xs, y, NULL, 3, &f, err, sizeof err), 0, "one size");
    HREL_CHECK(!f.ok && isnan(f.g), "one distinct size is not fitted");
    HREL_CHECK_INT(hrel_fit_line(x, y, NULL, 1, &f, err, sizeof err), 0, "one point");
    HREL_CHECK(!f.ok, "one point is not fitted");
}

/* g = 2e-8 s/byte, L = 1e-3 s, four processor counts, 20 repetitions each with
 * 1% Gaussian noise; the fit must find them within its 95% intervals and g
 * within 0.5%. Seeded, so the outcome is fixed. */
static void test_synthetic(void)
{
    static hrel_raw_row rows[4000];
    static const int procs[] = {2, 4, 6, 8};
    const double g = 2e-8, L = 1e-3;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    hrel_fit_cfg cfg;
    hrel_fit_result *r;
    size_t n = 0, ip, ih, rep, k;
    double h;

    gsl_rng_set(rng, 12345);
    for (ip = 0; ip < 4; ip++)
        for (ih = 0, h = 6720; ih < 5; ih++, h *= 4)
            for (rep = 0; rep < 20; rep++) {
                fx_add(rows, &n, "PP", procs[ip], h, (L + g * h) * (1 + 0.01 * gsl_ran_gaussian(rng, 1)));
                fx_add(rows, &n, "AA", procs[ip], h, (2 * L + 1.5 * g * h) * (1 + 0.01 * gsl_ran_gaussian(rng, 1)));
            }
    gsl_rng_free(rng);
    hrel_fit_cfg_default(&cfg);
    if (!(r = fx_fit(rows, n, &cfg)))
        return;
    HREL_CHECK_INT(r->npat, 2, "two patterns");
    HREL_CHECK_INT(r->pat[0].pattern, hrel_patterns_index("PP"), "PP first");
    HREL_CHECK_REL(r->pat[0].fit.g, g, 0.005, "PP g recovered");
    HREL_CHECK_REL(r->pat[0].fit.L, L, 0.25, "PP L recovered within 25%");
    HREL_CHECK_REL(r->pat[1].fit.g, 1.5 * g, 0.005, "AA g recovered");
    HREL_CHECK_REL(r->pat[1].fit.L, 2 * L, 0.25, "AA L recovered within 25%");
    HREL_CHECK(r->pat[0].fit.r2 > 0.999, "r2 close to 1");
    for (k = 0; k < 2; k++)
        for (ip = 0; ip < 4; ip++)
            HREL_CHECK_REL(r->pat[k].per_p[ip].g, (k ? 1.5 : 1) * g, 0.01, "g per p");
    /* Pooled: T_average = (L + g h + 2L + 1.5 g h)/2 = 1.5 L + 1.25 g h. */
    HREL_CHECK_REL(r->pooled.g, 1.25 * g, 0.005, "pooled g");
    HREL_CHECK_REL(r->pooled.L, 1.5 * L, 0.25, "pooled L");
    {
        char err[256] = "";
        HREL_CHECK_INT(hrel_fit_check_sizes(r, err, sizeof err), 0, "every pattern has sizes");
    }
    hrel_fit_result_free(r);

    /* The same data in words: g per word is 4 times g per byte, L unchanged. */
    cfg.unit_bytes = 4;
    r = fx_fit(rows, n, &cfg);
    if (r) {
        hrel_fit_result *rb;
        cfg.unit_bytes = 1;
        rb = fx_fit(rows, n, &cfg);
        HREL_CHECK_REL(r->pat[0].h[0], 6720.0 / 4, 0, "h in words");
        if (rb) {
            HREL_CHECK_REL(r->pat[0].fit.g, 4 * rb->pat[0].fit.g, 1e-12, "g per word = 4 g per byte");
            HREL_CHECK_REL(r->pat[0].fit.L, rb->pat[0].fit.L, 1e-9, "L independent of the unit");
            HREL_CHECK_REL(r->pooled.g, 4 * rb->pooled.g, 1e-12, "pooled g per word");
        }
        hrel_fit_result_free(rb);
    }
    hrel_fit_result_free(r);

    /* Weighted (least relative error) also recovers g on the same data. */
    cfg.weighted = 1;
    r = fx_fit(rows, n, &cfg);
    if (r)
        HREL_CHECK_REL(r->pat[0].fit.g, g, 0.01, "weighted fit recovers g");
    hrel_fit_result_free(r);
}

/* Coverage of the 95% intervals: 400 seeded data sets of 7 sizes with
 * homoscedastic Gaussian noise (the assumption behind the interval); the true g
 * and L must fall inside in about 95% of them. (With the 1% relative noise of
 * test_synthetic the errors are not homoscedastic and the intervals are too
 * narrow there: they describe the scatter around the line, nothing more.) */
static void test_coverage(void)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    double x[7], y[7];
    hrel_line f;
    char err[128];
    int trial, i, in_g = 0, in_L = 0;
    gsl_rng_set(rng, 777);
    for (trial = 0; trial < 400; trial++) {
        for (i = 0; i < 7; i++) {
            x[i] = 1000.0 * (1 << i);
            y[i] = 1e-3 + 2e-8 * x[i] + 1e-5 * gsl_ran_gaussian(rng, 1);
        }
        hrel_fit_line(x, y, NULL, 7, &f, err, sizeof err);
        in_g += fabs(f.g - 2e-8) <= f.ci_g;
        in_L += fabs(f.L - 1e-3) <= f.ci_L;
    }
    gsl_rng_free(rng);
    printf("95%% CI coverage over 400 data sets: g %d, L %d\n", in_g, in_L);
    HREL_CHECK(in_g >= 360 && in_g <= 396, "g interval covers about 95%");
    HREL_CHECK(in_L >= 360 && in_L <= 396, "L interval covers about 95%");
}

static void test_errors_by_hand(void)
{
    /* Times 1.0, 1.2, 0.9 at h = 1000 against L = 0.1, g = 0.001 (model 1.1):
     * deviations 0.1 0.1 0.2; MaxErr = 100*0.2/0.9; AvErr = 100*(0.4/3)/(3.1/3). */
    static const double t[] = {1.0, 1.2, NAN, 0.9};
    double av, mx;
    HREL_CHECK_INT(hrel_fit_maxerr(t, 4, 0.1, 0.001, 1000, &mx), 0, "maxerr");
    HREL_CHECK_REL(mx, 100 * 0.2 / 0.9, 1e-12, "MaxErr by hand (NaN skipped)");
    HREL_CHECK_INT(hrel_fit_errs(t, 4, 0.1, 0.001, 1000, &av, &mx), 0, "errs");
    HREL_CHECK_REL(av, 100 * 0.4 / 3.1, 1e-12, "AvErr by hand");
    HREL_CHECK_REL(mx, 100 * 0.2 / 0.9, 1e-12, "MaxErr (table 11) by hand");
    HREL_CHECK(hrel_fit_maxerr(t + 2, 1, 0.1, 0.001, 1000, &mx) != 0, "no usable time");
}

/* A small whole analysis, every number worked by hand:
 *   E  p=2: T(100,200,300) = 1.0 2.0 3.0; p=4: 1.2 2.2 3.2 (each the mean of two
 *      repetitions 0.1 apart) -> T_E = 1.1 2.1 3.1 -> g_E = 0.01, L_E = 0.1;
 *      g_E,2 = 0.01, L_E,2 = 0; g_E,4 = 0.01, L_E,4 = 0.2;
 *      MaxErr(h=100) = 100*0.1/1.0 = 10, (200) = 5, (300) = 100*0.1/3.
 *   PP p=2: 1.5 2.5 3.5 -> g_PP = 0.01, L_PP = 0.5.
 *   T_average = 1.3 2.3 3.3 -> g = 0.01, L = 0.3; at h = 100 deviations 0.2 0.2:
 *      AvErr = 100*0.2/1.3, MaxErr = 100*0.2/1.1.
 *   NB (not pooled) at one size only: not fitted, and no effect on the pooled fit. */
static void test_small_by_hand(void)
{
    static hrel_raw_row rows[64];
    static const double hs[] = {100, 200, 300};
    hrel_fit_cfg cfg;
    hrel_fit_result *r;
    size_t n = 0, i;

    for (i = 0; i < 3; i++) {
        fx_add(rows, &n, "E", 2, hs[i], (double)(i + 1) - 0.05);
        fx_add(rows, &n, "E", 2, hs[i], (double)(i + 1) + 0.05);
        fx_add(rows, &n, "E", 4, hs[i], (double)(i + 1) + 0.15);
        fx_add(rows, &n, "E", 4, hs[i], (double)(i + 1) + 0.25);
        fx_add(rows, &n, "PP", 2, hs[i], (double)(i + 1) + 0.5);
    }
    fx_add(rows, &n, "NB", 4, 100, 7.0);
    fx_add(rows, &n, "AO", 4, 100, 0.5);   /* AO: one size, no fit, not pooled */
    fx_add(rows, &n, "PP", 2, 400, 4.5);   /* a size E lacks: left out of T_average */
    hrel_fit_cfg_default(&cfg);
    if (!(r = fx_fit(rows, n, &cfg)))
        return;
    HREL_CHECK_INT(r->npat, 4, "E, PP, AO, NB");
    HREL_CHECK_REL(r->pat[0].avg[0], 1.1, 1e-12, "T_E(100)");
    HREL_CHECK_REL(r->pat[0].fit.g, 0.01, 1e-9, "g_E");
    HREL_CHECK_REL(r->pat[0].fit.L, 0.1, 1e-9, "L_E");
    HREL_CHECK_ABS(r->pat[0].per_p[0].L, 0, 1e-9, "L_E,2");
    HREL_CHECK_REL(r->pat[0].per_p[1].L, 0.2, 1e-9, "L_E,4");
    HREL_CHECK_REL(r->pat[0].per_p[1].g, 0.01, 1e-9, "g_E,4");
    HREL_CHECK_REL(r->pat[0].maxerr[0], 10, 1e-9, "MaxErr E h=100");
    HREL_CHECK_REL(r->pat[0].maxerr[1], 5, 1e-9, "MaxErr E h=200");
    HREL_CHECK_REL(r->pat[0].maxerr[2], 10.0 / 3, 1e-9, "MaxErr E h=300");
    HREL_CHECK_REL(r->pat[1].fit.L, 0.5, 1e-9, "L_PP");
    HREL_CHECK_INT(r->pat[1].nh, 4, "PP has four sizes");
    HREL_CHECK(!r->pat[3].fit.ok, "NB with one size is not fitted");
    HREL_CHECK(isnan(r->pat[3].maxerr[0]), "no MaxErr without a fit");
    HREL_CHECK(!r->pat[2].fit.ok, "AO with one size is not fitted");
    HREL_CHECK_INT(r->nh, 3, "pooled sizes: those E and PP share");
    HREL_CHECK_INT(r->npat_h[0], 2, "NB and AO are not pooled");
    HREL_CHECK_REL(r->t_average[0], 1.3, 1e-12, "T_average(100)");
    HREL_CHECK_REL(r->pooled.g, 0.01, 1e-9, "pooled g");
    HREL_CHECK_REL(r->pooled.L, 0.3, 1e-9, "pooled L");
    HREL_CHECK_REL(r->averr[0], 100 * 0.2 / 1.3, 1e-9, "AvErr h=100");
    HREL_CHECK_REL(r->maxerr[0], 100 * 0.2 / 1.1, 1e-9, "MaxErr h=100");
    HREL_CHECK_REL(r->averr[2], 100 * 0.2 / 3.3, 1e-9, "AvErr h=300");
    {   /* what `hrel fit` refuses: the first pattern with one size, named */
        char err[256] = "";
        HREL_CHECK_INT(hrel_fit_check_sizes(r, err, sizeof err), -1, "one size refused");
        HREL_CHECK_STR(err, "pattern AO has one size (100 bytes): a fit needs at least two "
                            "sizes per pattern", "one size: the message names AO");
    }
    hrel_fit_result_free(r);

    /* Minimum instead of mean: E p=2 becomes 0.95 1.95 2.95, p=4 1.15 2.15 3.15. */
    cfg.summary = HREL_SUMMARY_MIN;
    r = fx_fit(rows, n, &cfg);
    if (r)
        HREL_CHECK_REL(r->pat[0].fit.L, 0.05, 1e-9, "L_E from minima");
    hrel_fit_result_free(r);
}

/* A processor count missing at one size is skipped there; a negative latency is
 * kept and flagged. */
static void test_missing_and_negative(void)
{
    static hrel_raw_row rows[16];
    hrel_fit_cfg cfg;
    hrel_fit_result *r;
    size_t n = 0;

    fx_add(rows, &n, "AO", 4, 100, 0.8);   /* T = -0.2 + 0.01 h */
    fx_add(rows, &n, "AO", 4, 200, 1.8);
    fx_add(rows, &n, "AO", 4, 300, 2.8);
    fx_add(rows, &n, "AO", 8, 100, 1.0);   /* p=8 has no h=300 */
    fx_add(rows, &n, "AO", 8, 200, 2.0);
    hrel_fit_cfg_default(&cfg);
    if (!(r = fx_fit(rows, n, &cfg)))
        return;
    HREL_CHECK(isnan(r->pat[0].time[2 * 2 + 1]), "missing (8, 300) is NaN");
    HREL_CHECK_REL(r->pat[0].avg[2], 2.8, 1e-12, "average over the measured procs only");
    HREL_CHECK_REL(r->pat[0].per_p[0].L, -0.2, 1e-9, "negative L kept");
    HREL_CHECK(r->pat[0].per_p[0].neg_L, "negative L flagged");
    HREL_CHECK_INT(r->pat[0].per_p[1].n, 2, "p=8 fitted on its two sizes");
    hrel_fit_result_free(r);
}

/* Issue 14: a raw.csv whose every row has its own p and h (6000 rows, 205 KB)
 * once made a sizes x counts grid of 1.14 GB; such a grid is refused. */
static void test_sparse_grid(void)
{
    static hrel_raw_row rows[100];
    size_t n = 0;
    int i;
    hrel_raw raw;
    hrel_stats *st = NULL;
    hrel_fit_result *r = NULL;
    hrel_fit_cfg cfg;
    char err[512] = "";
    for (i = 0; i < 100; i++)
        fx_add(rows, &n, "PP", 2 + 2 * i, 100 + 7 * i, 0.001);
    raw.csv = NULL;
    raw.nrow = n;
    raw.row = rows;
    hrel_fit_cfg_default(&cfg);
    HREL_CHECK(hrel_stats_alloc(&raw, &st, err, sizeof err) == 0, "stats");
    HREL_CHECK(st && hrel_fit_run(st, &cfg, &r, err, sizeof err) != 0, "sparse grid refused");
    HREL_CHECK_HAS(err, "pattern PP has 100 sizes x 100 processor counts but only 100 measured",
                   "the grid and the cases named");
    hrel_fit_result_free(r);
    hrel_stats_free(st);
}

int main(void)
{
    hrel_test_init();
    test_sparse_grid();
    test_line();
    test_synthetic();
    test_coverage();
    test_errors_by_hand();
    test_small_by_hand();
    test_missing_and_negative();
    return hrel_test_summary("test_fit");
}
