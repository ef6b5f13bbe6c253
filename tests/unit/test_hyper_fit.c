/* test_hyper_fit -- parameter estimation of papers/003 section 4 on synthetic
 * n-disjoint-pairs data generated with the ICASE values (a_c = 345.60 us,
 * b_c = 0.92 us/B, a = 859.52 us, b = 1.42 us/B), exact and with noise; the
 * curve and line fits; raw.csv errors with FILE:LINE; the LogP bounds. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "csv.h"
#include "hyper.h"
#include "hyper_fit.h"

static char tmpdir[512];

static const double A = 859.52e-6, B = 1.42e-6, AC = 345.60e-6, BC = 0.92e-6;

/* Deterministic uniform numbers in [-1, 1). */
static double lcg(unsigned long *s)
{
    *s = *s * 6364136223846793005UL + 1442695040888963407UL;
    return ((double)(*s >> 11) / 9007199254740992.0) * 2.0 - 1.0;
}

/* Write a raw.csv of PAIRS for n = 1..NMAX, sizes 1 B .. 64 KB (x2), three
 * repetitions each, relative noise up to NOISE; return the path. */
static const char *write_pairs(const char *name, int nmax, double noise)
{
    static char path[1024];
    unsigned long seed = 12345;
    FILE *fp;
    int n, rep;
    double x;
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    if (!(fp = fopen(path, "w")))
        return NULL;
    fprintf(fp, "# suite: hrel test\n# platform: synthetic ICASE values\n");
    fprintf(fp, "pattern,procs,h,msg_bytes,rep,seconds\n");
    fprintf(fp, "PP,2,8,8,0,0.001\n");   /* another pattern: ignored */
    for (n = 1; n <= nmax; n++)
        for (x = 1; x <= 65536; x *= 2) {
            double t = hrel_hyper_T(x, 2 * A + n * AC, B > n * BC ? B : n * BC);
            for (rep = 0; rep < 3; rep++) {
                double f = 1.0 + noise * lcg(&seed);
                fprintf(fp, "PAIRS,%d,%.0f,%.0f,%d,%.9e\n", 2 * n, x, x, rep, t * f);
            }
        }
    fclose(fp);
    return path;
}

static const char *write_text(const char *name, const char *text)
{
    static char path[1024];
    FILE *fp;
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    if (!(fp = fopen(path, "w")))
        return NULL;
    fputs(text, fp);
    fclose(fp);
    return path;
}

static void test_curve(void)
{
    double x[12], y[12], a, b, rms, mx, al, be;
    size_t i;
    char err[256];
    for (i = 0; i < 12; i++) {
        x[i] = (double)(1UL << (i + 1 + i / 2));
        y[i] = hrel_hyper_T(x[i], 1e-3, 2e-6);
    }
    HREL_CHECK(hrel_hyper_fit_curve(x, y, 12, &a, &b, &rms, &mx, err, sizeof err) == 0, "curve fit");
    HREL_CHECK_REL(a, 1e-3, 1e-7, "curve fit recovers a");
    HREL_CHECK_REL(b, 2e-6, 1e-7, "curve fit recovers b");
    HREL_CHECK_ABS(mx, 0.0, 1e-8, "exact data: no residual");
    HREL_CHECK(hrel_hyper_fit_curve(x, y, 1, &a, &b, &rms, &mx, err, sizeof err) != 0, "one point refused");
    /* Times that fall with size have no hyperbolic shape: the solver runs off,
     * the bounded search still gives finite a, b no worse than the start. */
    for (i = 0; i < 12; i++)
        y[i] = 1e-3 / (1.0 + (double)i);
    HREL_CHECK(hrel_hyper_fit_curve(x, y, 12, &a, &b, &rms, &mx, err, sizeof err) == 0,
               "shapeless data still fit");
    HREL_CHECK(isfinite(a) && a > 0 && isfinite(b) && b > 0, "shapeless data: finite a, b");
    HREL_CHECK(isfinite(rms) && rms > 0.1, "shapeless data: the poor fit shows in rms");
    for (i = 0; i < 12; i++)
        y[i] = hrel_hyper_T(x[i], 1e-3, 2e-6);
    for (i = 0; i < 12; i++)
        x[i] = 5.0;
    HREL_CHECK(hrel_hyper_fit_curve(x, y, 12, &a, &b, &rms, &mx, err, sizeof err) != 0,
               "one distinct size refused");
    HREL_CHECK_HAS(err, "distinct", "message says why");
    /* the plain line alpha + beta x */
    for (i = 0; i < 6; i++) {
        x[i] = 10.0 * (double)i;
        y[i] = 3e-4 + 5e-7 * x[i];
    }
    HREL_CHECK(hrel_hyper_fit_linear(x, y, 6, &al, &be, err, sizeof err) == 0, "line fit");
    HREL_CHECK_REL(al, 3e-4, 1e-9, "line alpha");
    HREL_CHECK_REL(be, 5e-7, 1e-9, "line beta");
}

static void test_pairs(double noise, double tol, double tol_derived, const char *what)
{
    const char *path = write_pairs("hyper_pairs.csv", 8, noise);
    hrel_csv *t = NULL;
    hrel_hyper_fitres *r = NULL;
    char err[512];
    size_t i;

    HREL_CHECK(path && hrel_csv_read(path, &t, err, sizeof err) == 0, "synthetic raw.csv read");
    if (!t)
        return;
    HREL_CHECK(hrel_hyper_fit_pairs(t, &r, err, sizeof err) == 0, "PAIRS fit");
    if (!r) {
        printf("  (%s)\n", err);
        hrel_csv_free(t);
        return;
    }
    HREL_CHECK_INT(r->nn, 8, "eight values of n");
    for (i = 0; i < r->nn; i++) {
        int n = r->per_n[i].n;
        HREL_CHECK_INT(n, (int)i + 1, "n ascending");
        HREL_CHECK_REL(r->per_n[i].a1, 2 * A + n * AC, tol, "a'(n) = 2a + n a_c");
        HREL_CHECK_REL(r->per_n[i].b1, B > n * BC ? B : n * BC, tol, "b'(n) = max(b, n b_c)");
        HREL_CHECK_INT(r->per_n[i].npts, 17, "17 sizes 1 B .. 64 KB");
    }
    printf("  %s: a_c %.4g us, b_c %.4g us/B, a %.4g us, b %.4g us/B\n", what, r->ac * 1e6,
           r->bc * 1e6, r->a * 1e6, r->b * 1e6);
    HREL_CHECK_REL(r->ac, AC, tol_derived, what);
    HREL_CHECK_REL(r->bc, BC, tol_derived, what);
    HREL_CHECK_REL(r->a, A, tol_derived, what);
    HREL_CHECK_REL(r->b, B, tol_derived, what);
    HREL_CHECK(r->b_identified && !r->bc_upper_bound && !r->ac_clamped, "b > b_c identified");
    hrel_hyper_fitres_free(r);
    hrel_csv_free(t);
}

static void test_pairs_errors(void)
{
    static const struct {
        const char *text;   /* file */
        const char *want;   /* in the message */
    } bad[] = {
        {"pattern,procs,h,msg_bytes,rep,seconds\nPP,2,1,1,0,0.1\n", "no PAIRS rows"},
        {"pattern,procs,h,msg_bytes,rep,seconds\nPAIRS,2,1,1,0,0.1\nPAIRS,2,8,8,0,0.2\n",
         "at least one larger n"},
        {"pattern,procs,h,msg_bytes,rep,seconds\nPAIRS,2,1,1,0,0.1\nPAIRS,2,8,8,0,abc\n",
         ":3: column seconds"},
        {"pattern,procs,h,msg_bytes,rep,seconds\nPAIRS,2,1,1,0,0.1\nPAIRS,4,8,8,0,-1\n",
         ":3: seconds -1 must be > 0"},
        {"pattern,procs,h,msg_bytes,seconds\nPAIRS,2,1,1,0.1\n", "rep"},
        {"pattern,procs,h,msg_bytes,rep,seconds\nPAIRS,4,1,1,0,0.1\nPAIRS,4,8,8,0,0.2\n"
         "PAIRS,6,1,1,0,0.1\nPAIRS,6,8,8,0,0.3\n", "none with procs 2"},
        /* the limit is named (issue 14, "limits that are stated") */
        {"pattern,procs,h,msg_bytes,rep,seconds\nPAIRS,2,1,1,0,0.1\nPAIRS,1000001,8,8,0,0.2\n",
         ":3: procs 1000001 out of range (1..1000000)"},
    };
    size_t i;
    char err[512], nm[64];
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        hrel_csv *t = NULL;
        hrel_hyper_fitres *r = NULL;
        const char *path;
        snprintf(nm, sizeof nm, "hyper_badraw%zu.csv", i);
        path = write_text(nm, bad[i].text);
        err[0] = '\0';
        if (hrel_csv_read(path, &t, err, sizeof err) == 0)
            HREL_CHECK(hrel_hyper_fit_pairs(t, &r, err, sizeof err) != 0, "bad raw refused");
        else
            HREL_CHECK(0, "bad raw read");
        HREL_CHECK_HAS(err, bad[i].want, "message names the problem");
        hrel_hyper_fitres_free(r);
        hrel_csv_free(t);
    }
}

/* Formula 17 on hand-made per-n fits. */
static void test_derive(void)
{
    /* a = 5, a_c = 2, b = 3, b_c = 1: a' = 10 + 2n, b' = max(3, n) */
    hrel_hyper_pairfit pf[3] = {{1, 5, 12, 3, 0, 0}, {2, 5, 14, 3, 0, 0}, {4, 5, 18, 4, 0, 0}};
    hrel_hyper_pairfit flat[2] = {{1, 5, 12, 3, 0, 0}, {3, 5, 16, 3, 0, 0}};
    hrel_hyper_pairfit no1[2] = {{2, 5, 14, 3, 0, 0}, {3, 5, 16, 3, 0, 0}};
    hrel_hyper_fitres r;
    char err[256];
    memset(&r, 0, sizeof r);
    HREL_CHECK(hrel_hyper_derive(pf, 3, &r, err, sizeof err) == 0, "derive");
    HREL_CHECK_REL(r.ac, 2.0, 1e-12, "a_c = slope of a'(n)");
    HREL_CHECK_REL(r.a, 5.0, 1e-12, "a = (a'(1) - a_c)/2");
    HREL_CHECK_REL(r.bc, 1.0, 1e-12, "b_c from the one network-bound n (4)");
    HREL_CHECK_REL(r.b, 3.0, 1e-12, "b = b'(1)");
    HREL_CHECK(r.b_identified && !r.bc_upper_bound, "b identified, b_c not a bound");
    HREL_CHECK(hrel_hyper_derive(flat, 2, &r, err, sizeof err) == 0, "derive flat");
    HREL_CHECK(r.bc_upper_bound, "b' never grows: b_c only an upper bound");
    HREL_CHECK_REL(r.bc, 1.0, 1e-12, "upper bound b'(n_max)/n_max");
    HREL_CHECK(!r.a_clamped, "a >= 0 not clamped");
    {
        /* a'(1) = 1 but a_c = 2: a would be -0.5 */
        hrel_hyper_pairfit neg[2] = {{1, 5, 1, 3, 0, 0}, {2, 5, 3, 3, 0, 0}};
        HREL_CHECK(hrel_hyper_derive(neg, 2, &r, err, sizeof err) == 0, "derive a < 0");
        HREL_CHECK(r.a_clamped && r.a == 0.0, "a < 0 set to 0 and flagged");
    }
    HREL_CHECK(hrel_hyper_derive(no1, 2, &r, err, sizeof err) != 0, "no n = 1 refused");
    HREL_CHECK_HAS(err, "n = 1", "message names n = 1");
}

static void test_points(void)
{
    const char *path = write_text("hyper_pts.csv",
                                  "# x: y\npattern,procs,h,msg_bytes,rep,seconds\n"
                                  "BT,4,8,8,0,0.3\nBT,4,8,8,1,0.1\nBT,4,8,8,2,0.2\n"
                                  "BT,4,8,8,3,0.9\nBT,2,8,8,0,0.5\nSB,4,8,8,0,0.7\n");
    hrel_csv *t = NULL;
    hrel_hyper_point *p = NULL;
    size_t n = 0;
    char err[256];
    HREL_CHECK(hrel_csv_read(path, &t, err, sizeof err) == 0, "points read");
    if (!t)
        return;
    HREL_CHECK(hrel_hyper_raw_points(t, "BT", &p, &n, err, sizeof err) == 0, "BT points");
    HREL_CHECK_INT(n, 2, "two (procs, size) groups");
    if (n == 2) {
        HREL_CHECK(p[0].procs == 2 && p[0].med == 0.5, "sorted by procs");
        HREL_CHECK_REL(p[1].med, 0.25, 1e-15, "median of 4 reps = mean of middle two");
        HREL_CHECK(p[1].min == 0.1 && p[1].max == 0.9 && p[1].nrep == 4, "min, max, reps");
    }
    if (n == 2) {
        double *x = NULL, *y = NULL;
        HREL_CHECK_INT(hrel_hyper_points_xy(p, n, &x, &y, err, sizeof err), 0, "points_xy");
        HREL_CHECK(x && y && x[0] == 8 && x[1] == 8, "points_xy: x = msg_bytes");
        HREL_CHECK(x && y && y[0] == 0.5 && y[1] == p[1].med, "points_xy: y = medians");
        free(x);
        free(y);
    }
    free(p);
    HREL_CHECK(hrel_hyper_raw_points(t, "NB", &p, &n, err, sizeof err) == 0 && n == 0, "no NB: empty");
    hrel_csv_free(t);
}

static void test_logp(void)
{
    hrel_logp cb;   /* with o = 0 LogP's block is a = L, b = g (lib/model/logp.h) */
    double a, b, n, lo = 2, hi = 0;
    cb.o = 0.0;
    /* formula 18 over a grid */
    for (a = 0.0; a <= 100.0; a = a * 3 + 0.5)
        for (b = 0.0; b <= 100.0; b = b * 3 + 0.25)
            for (n = 1; n <= 5000; n = n < 10 ? n + 1 : n * 1.7) {
                double r;
                cb.L = a;
                cb.g = b;
                r = hrel_hyper_logp_ratio(n, &cb);
                if (r < lo)
                    lo = r;
                if (r > hi)
                    hi = r;
            }
    HREL_CHECK(lo >= 0.75 - 1e-12 && hi <= 1.0 + 1e-12, "formula 18: 3/4 <= T_hyp/T_LogP <= 1");
    printf("  T_hyp/T_LogP over the grid: min %.6f max %.6f\n", lo, hi);
    /* the minimum 3/4 is reached at (n - 1) b = a */
    cb.L = 6.0;
    cb.g = 2.0;
    HREL_CHECK_REL(hrel_hyper_logp_ratio(4.0, &cb), 0.75, 1e-15, "ratio 3/4 at (n-1)b = a");
    HREL_CHECK_REL(hrel_hyper_logp_ratio(1.0, &cb), 1.0, 1e-15, "ratio 1 at n = 1");
    /* formula 19 */
    HREL_CHECK_REL(hrel_hyper_logp_ts_ratio(2.0), 0.75, 1e-15, "T_s ratio 3/4 at n = 2");
    HREL_CHECK_REL(hrel_hyper_logp_ts_ratio(1.0), 1.0, 1e-15, "T_s ratio 1 at n = 1");
    HREL_CHECK_REL(hrel_hyper_logp_ts_ratio(10.0), 1.0 - 9.0 / 100.0, 1e-15, "T_s ratio n = 10");
    /* and it is (o/n + (n-1) o) / (n o) */
    HREL_CHECK_REL(hrel_hyper_logp_ts_ratio(7.0), (2.0 / 7 + 6 * 2.0) / (7 * 2.0), 1e-14,
                   "T_s ratio = T(n-1; o, o) / (n o)");
}

int main(void)
{
    const char *t = getenv("HREL_TEST_TMP");
    hrel_test_init();
    snprintf(tmpdir, sizeof tmpdir, "%s", t && *t ? t : "/tmp");
    test_curve();
    test_pairs(0.0, 1e-6, 1e-6, "exact ICASE data");
    test_pairs(0.02, 0.03, 0.03, "ICASE data with 2% noise");
    test_pairs_errors();
    test_derive();
    test_points();
    test_logp();
    return hrel_test_summary("test_hyper_fit");
}
