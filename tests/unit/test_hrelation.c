/* Unit tests of lib/hrelation (formula 4 of 002) and lib/reps (stopping rule). */
#include "hrelation.h"
#include "hrel_test.h"
#include "reps.h"

int main(void)
{
    char err[256];
    long m = 0;
    int p;
    hrel_reps_policy fixed = {0, 3, 0.0, 0, 0}, adapt = {1, 0, 0.02, 5, 8};
    hrel_reps_state s;
    int i;

    hrel_test_init();
    /* @ = +: h = m_PP = 2 m_E = (p-1) m_OA = (p-1) m_POA = (p-1) m_AO = 2(p-1) m_AA */
    for (p = 4; p <= 8; p += 2) {
        long h = 6720;
        HREL_CHECK_INT(hrel_h_msg_bytes("PP", p, h, HREL_OP_SUM, &m, err, sizeof err), 0, "PP ok");
        HREL_CHECK_INT(m, h, "m_PP = h");
        hrel_h_msg_bytes("E", p, h, HREL_OP_SUM, &m, err, sizeof err);
        HREL_CHECK_INT(2 * m, h, "2 m_E = h");
        hrel_h_msg_bytes("OA", p, h, HREL_OP_SUM, &m, err, sizeof err);
        HREL_CHECK_INT((p - 1) * m, h, "(p-1) m_OA = h");
        hrel_h_msg_bytes("POA", p, h, HREL_OP_SUM, &m, err, sizeof err);
        HREL_CHECK_INT((p - 1) * m, h, "(p-1) m_POA = h");
        hrel_h_msg_bytes("AO", p, h, HREL_OP_SUM, &m, err, sizeof err);
        HREL_CHECK_INT((p - 1) * m, h, "(p-1) m_AO = h");
        hrel_h_msg_bytes("AA", p, h, HREL_OP_SUM, &m, err, sizeof err);
        HREL_CHECK_INT(2 * (p - 1) * m, h, "2(p-1) m_AA = h");
        hrel_h_msg_bytes("AA", p, h, HREL_OP_MAX, &m, err, sizeof err);
        HREL_CHECK_INT((p - 1) * m, h, "max: (p-1) m_AA = h");
        hrel_h_msg_bytes("E", p, h, HREL_OP_MAX, &m, err, sizeof err);
        HREL_CHECK_INT(m, h, "max: m_E = h");
    }
    /* The seeds' sizes 6720 * 4^k all divide for p = 2..8. */
    for (p = 2; p <= 8; p++) {
        long h;
        for (h = 6720; h <= 1720320; h *= 4)
            HREL_CHECK_INT(hrel_h_msg_bytes("AA", p, h, HREL_OP_SUM, &m, err, sizeof err), 0,
                           "seed sizes divide for AA");
    }
    HREL_CHECK(hrel_h_msg_bytes("AA", 4, 1000, HREL_OP_SUM, &m, err, sizeof err) != 0,
               "1000 bytes do not divide by 6");
    HREL_CHECK_HAS(err, "multiple of 6", "divisibility error names the divisor");
    HREL_CHECK(hrel_h_msg_bytes("XX", 4, 6720, HREL_OP_SUM, &m, err, sizeof err) != 0,
               "unknown pattern fails");
    HREL_CHECK_INT(hrel_h_divisor("PP", 1, HREL_OP_SUM), -1, "one processor has no pattern");

    /* Fixed policy: exactly 3. */
    hrel_reps_reset(&s);
    for (i = 0; i < 2; i++)
        hrel_reps_add(&s, 1.0);
    HREL_CHECK_INT(hrel_reps_done(&fixed, &s), 0, "fixed: 2 of 3 not done");
    hrel_reps_add(&s, 1.0);
    HREL_CHECK_INT(hrel_reps_done(&fixed, &s), 1, "fixed: 3 of 3 done");
    /* Welford against a hand computation: 1,2,3,4 -> mean 2.5, sd sqrt(5/3). */
    hrel_reps_reset(&s);
    for (i = 1; i <= 4; i++)
        hrel_reps_add(&s, (double)i);
    HREL_CHECK_REL(s.mean, 2.5, 1e-12, "mean");
    HREL_CHECK_REL(hrel_reps_sd(&s), sqrt(5.0 / 3.0), 1e-12, "sd");
    HREL_CHECK_REL(hrel_reps_rse(&s), sqrt(5.0 / 3.0) / 2.0 / 2.5, 1e-12, "rse");
    /* Adaptive: constant samples stop at min, scattered ones run to max. */
    hrel_reps_reset(&s);
    for (i = 0; i < 4; i++)
        hrel_reps_add(&s, 2.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 0, "adaptive: below min");
    hrel_reps_add(&s, 2.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 1, "adaptive: constant stops at min");
    hrel_reps_reset(&s);
    for (i = 0; i < 7; i++)
        hrel_reps_add(&s, (i % 2) ? 1.0 : 3.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 0, "adaptive: noisy continues");
    hrel_reps_add(&s, 1.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 1, "adaptive: stops at max");
    adapt.min = 1;
    HREL_CHECK(hrel_reps_check(&adapt, err, sizeof err) != 0, "min < 2 rejected");
    fixed.fixed = 0;
    HREL_CHECK(hrel_reps_check(&fixed, err, sizeof err) != 0, "zero reps rejected");
    return hrel_test_summary("test_hrelation");
}
