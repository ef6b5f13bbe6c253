/* Unit tests of lib/base/hrelation (formula 4 of 002). */
#include "hrelation.h"
#include "hrel_test.h"

int main(void)
{
    char err[256];
    long m = 0;
    int p;

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

    return hrel_test_summary("test_hrelation");
}
