/* test_hyper_patterns -- pattern predictions of papers/003 section 3 against
 * the paper's 11-processor results (broadcast 8aW+3aC+3aL, reduction
 * 19aW+4aC+4aL, the large-message broadcast b), the complete-tree rule
 * h(3aW+aC+aL), the serial broadcast, neighbour exchange and formula 16.
 * Parameters aW = 1, aC = 1000, aL = 1e6 keep the three coefficients of a
 * separate in one exact number. */
#include <stdio.h>

#include "hrel_test.h"
#include "hyper_patterns.h"

static const hrel_hyper_sys coef = {1.0, 0.0, 1000.0, 0.0, 1e6};

static double max2(double a, double b)
{
    return a > b ? a : b;
}

static void test_small_limits(void)
{
    hrel_hyper_pred r;
    char err[256];
    int h;

    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_BT, &coef, 11, 0, 0, &r, err, sizeof err) == 0, "BT 11");
    HREL_CHECK_REL(r.eq.a, 8 + 3 * 1000 + 3e6, 0, "BT 11 small: 8aW + 3aC + 3aL (figure 10b)");
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_RED, &coef, 11, 0, 0, &r, err, sizeof err) == 0, "RED 11");
    HREL_CHECK_REL(r.eq.a, 19 + 4 * 1000 + 4e6, 0, "RED 11: 19aW + 4aC + 4aL (figure 13b)");
    /* complete binary trees of height h: h (3aW + aC + aL) */
    for (h = 1; h <= 6; h++) {
        int p = (1 << (h + 1)) - 1;
        HREL_CHECK(hrel_hyper_predict(HREL_HYPER_BT, &coef, p, 0, 0, &r, err, sizeof err) == 0, "BT tree");
        HREL_CHECK_REL(r.eq.a, h * (3 + 1000 + 1e6), 0, "complete tree: h(3aW + aC + aL)");
    }
    /* serial broadcast to N = p - 1: (N + 1) aW + aC + aL */
    for (h = 2; h <= 16; h += 7) {
        HREL_CHECK(hrel_hyper_predict(HREL_HYPER_SB, &coef, h, 0, 0, &r, err, sizeof err) == 0, "SB");
        HREL_CHECK_REL(r.eq.a, h * 1.0 + 1000 + 1e6, 0, "SB small: (N+1)aW + aC + aL");
    }
    /* two processors: every pattern is one message 2aW + aC + aL */
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_BT, &coef, 2, 0, 0, &r, err, sizeof err) == 0, "BT 2");
    HREL_CHECK_REL(r.eq.a, 2 + 1000 + 1e6, 0, "BT 2 = one message");
    /* RED with 2: up 2aW+aC+aL, down again */
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_RED, &coef, 2, 0, 0, &r, err, sizeof err) == 0, "RED 2");
    HREL_CHECK_REL(r.eq.a, 2 * (2 + 1000 + 1e6), 0, "RED 2 = two messages");
}

static void test_large_limits(void)
{
    /* two regimes: network-bound (bC > bW) and workstation-bound */
    const double bw[2] = {0.1, 2.5}, bc[2] = {1.0, 1.0};
    int i;
    for (i = 0; i < 2; i++) {
        hrel_hyper_sys s = coef;
        hrel_hyper_pred r;
        char err[256];
        double want;
        s.bW = bw[i];
        s.bC = bc[i];
        HREL_CHECK(hrel_hyper_predict(HREL_HYPER_BT, &s, 11, 0, 0, &r, err, sizeof err) == 0, "BT 11 large");
        want = 2 * max2(s.bC, s.bW) + max2(2 * s.bC, s.bW) + 2 * max2(3 * s.bC, s.bW);
        HREL_CHECK_REL(r.eq.b, want, 1e-15,
                       "BT 11 large: 2max(bC,bW) + max(2bC,bW) + 2max(3bC,bW) (figure 10c)");
        HREL_CHECK_REL(r.eq.a, 8 + 3 * 1000 + 3e6, 0, "BT 11: rule 4 keeps the small-message a");
        HREL_CHECK(hrel_hyper_predict(HREL_HYPER_SB, &s, 11, 0, 0, &r, err, sizeof err) == 0, "SB 11 large");
        HREL_CHECK_REL(r.eq.b, 10 * max2(s.bC, s.bW), 1e-15, "SB large: N max(bC, bW)");
        /* the paper's remark: if bC > bW no broadcast beats the serial one for large x */
        if (s.bC > s.bW) {
            hrel_hyper_pred bt, sb;
            int p, ok = 1;
            for (p = 2; p <= 40; p++) {
                hrel_hyper_predict(HREL_HYPER_BT, &s, p, 0, 0, &bt, err, sizeof err);
                hrel_hyper_predict(HREL_HYPER_SB, &s, p, 0, 0, &sb, err, sizeof err);
                if (bt.eq.b < sb.eq.b - 1e-12)
                    ok = 0;
            }
            HREL_CHECK(ok, "bC > bW: tree b >= serial b = N bC for p = 2..40");
        }
    }
}

static void test_pairs_nb(void)
{
    /* ICASE values of section 4, in seconds */
    hrel_hyper_sys s = {859.52e-6, 1.42e-6, 345.60e-6, 0.92e-6, 0.0};
    hrel_hyper_pred r;
    char err[256];
    int n, k;

    for (n = 1; n <= 8; n++) {
        HREL_CHECK(hrel_hyper_predict(HREL_HYPER_PAIRS, &s, 2 * n, 0, 0, &r, err, sizeof err) == 0, "PAIRS");
        HREL_CHECK_REL(r.eq.a, 2 * s.aW + n * s.aC + s.aL, 1e-14, "formula 16: a' = 2a + n a_c");
        HREL_CHECK_REL(r.eq.b, max2(s.bW, n * s.bC), 1e-14, "formula 16: b' = max(b, n b_c)");
        HREL_CHECK(r.has_tsr, "PAIRS has T_s/T_r");
        HREL_CHECK(r.ts.a == s.aW && r.ts.b == r.eq.b, "non-preemptive T_s: T_CB1 small, T_c large");
        HREL_CHECK(r.tr_min.a == s.aW && r.tr_min.b == s.bW, "T_r lower bound T_CBn");
    }
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_PAIRS, &s, 4, 0, 1, &r, err, sizeof err) == 0, "PAIRS preemptive");
    HREL_CHECK(r.ts.a == s.aW && r.ts.b == s.bW, "preemptive T_s = T_CB1");
    HREL_CHECK(r.tr.a == s.aW && r.tr.b == s.bW, "preemptive T_r = T_CBn");

    /* section 3.3, N = 16, K = 4 (figure 14), with a latency block */
    s.aL = 2e-4;
    for (k = 1; k <= 4; k++) {
        HREL_CHECK(hrel_hyper_predict(HREL_HYPER_NB, &s, 16, k, 0, &r, err, sizeof err) == 0, "NB");
        HREL_CHECK_REL(r.eq.a, 2 * k * s.aW + k * 16 * s.aC + s.aL, 1e-14,
                       "NB: a = 2K aW + K N aC + aL");
        /* the paper prints max(KN bC, bW); rule 3 on CB_W gives max(KN bC, K bW),
         * the same whenever N bC >= bW, as here */
        HREL_CHECK_REL(r.eq.b, max2(k * 16 * s.bC, s.bW), 1e-14, "NB: b = max(K N bC, bW)");
    }
    s.bW = 100e-6;   /* a workstation slower than 16 network shares */
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_NB, &s, 16, 2, 0, &r, err, sizeof err) == 0, "NB wbound");
    HREL_CHECK_REL(r.eq.b, 2 * s.bW, 1e-14, "NB workstation-bound: K bW (rule 3)");
}

static void test_refusals(void)
{
    hrel_hyper_pred r;
    hrel_hyper_sys bad = coef;
    char err[256];
    hrel_hyper_pat p;
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_PAIRS, &coef, 5, 0, 0, &r, err, sizeof err) != 0, "odd PAIRS");
    HREL_CHECK_HAS(err, "even", "odd PAIRS message");
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_NB, &coef, 4, 4, 0, &r, err, sizeof err) != 0, "K = N");
    HREL_CHECK_HAS(err, "K", "K message");
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_BT, &coef, 1, 0, 0, &r, err, sizeof err) != 0, "1 proc");
    bad.bC = -1.0;
    HREL_CHECK(hrel_hyper_predict(HREL_HYPER_BT, &bad, 4, 0, 0, &r, err, sizeof err) != 0, "negative bC");
    HREL_CHECK_HAS(err, "bC", "negative parameter named");
    HREL_CHECK(hrel_hyper_pat_parse("red", &p) == 0 && p == HREL_HYPER_RED, "parse red");
    HREL_CHECK(hrel_hyper_pat_parse("XX", &p) != 0, "parse unknown");
    HREL_CHECK(strcmp(hrel_hyper_pat_name(HREL_HYPER_NB), "NB") == 0, "name NB");
}

int main(void)
{
    hrel_test_init();
    test_small_limits();
    test_large_limits();
    test_pairs_nb();
    test_refusals();
    return hrel_test_summary("test_hyper_patterns");
}
