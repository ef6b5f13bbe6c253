/* Unit tests of lib/model/logp: LogP times and its hyperbolic block. */
#include "hrel_test.h"
#include "logp.h"

int main(void)
{
    hrel_logp p = {10e-6, 2e-6, 4e-6};   /* L, o, g */
    double T = 0;
    char err[256] = "";
    hrel_test_init();
    HREL_CHECK_INT(hrel_logp_msgs(&p, 1, &T, err, sizeof err), 0, "one message");
    HREL_CHECK_REL(T, 14e-6, 1e-12, "one message: 2o + L = 14 us");
    hrel_logp_msgs(&p, 5, &T, err, sizeof err);
    HREL_CHECK_REL(T, 30e-6, 1e-12, "5 messages, g > o: 4*4 + 4 + 10 = 30 us");
    p.o = 6e-6;
    hrel_logp_msgs(&p, 5, &T, err, sizeof err);
    HREL_CHECK_REL(T, 46e-6, 1e-12, "5 messages, o > g: 4*6 + 12 + 10 = 46 us");
    HREL_CHECK(hrel_logp_msgs(&p, 0, &T, err, sizeof err) != 0, "zero messages refused");
    HREL_CHECK_HAS(err, "at least one message", "message says why");
    p.g = -1;
    HREL_CHECK(hrel_logp_msgs(&p, 1, &T, err, sizeof err) != 0, "negative g refused");
    {   /* the block of 003 section 6: a = 2o + L, b = max(g, o) */
        hrel_logp q = {5.0, 2.0, 3.0};
        double a, b;
        hrel_logp_block(&q, &a, &b);
        HREL_CHECK(a == 9.0 && b == 3.0, "block: a = 2o + L, b = max(g, o) (g > o)");
        q.o = 4.0;
        hrel_logp_block(&q, &a, &b);
        HREL_CHECK(a == 13.0 && b == 4.0, "block: b = o when o > g");
        HREL_CHECK_REL(hrel_logp_time(&q, 4.0), 13.0 + 3 * 4.0, 0, "T(n) = a + (n-1) b");
    }
    return hrel_test_summary("test_logp");
}
