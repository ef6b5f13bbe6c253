/* Unit tests of lib/fit/hypo: the F-test of one line against per-group lines on
 * a case worked by hand, exact and untestable cases, and synthetic data with a
 * known common line or known different slopes (deterministic noise). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hrel_test.h"
#include "hypo.h"

/* Deterministic noise in [-1, 1] (an LCG; the tests must not depend on luck). */
static double noise(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return ((double)((*s >> 8) & 0xffff) / 32767.5) - 1.0;
}

int main(void)
{
    char err[256];
    hrel_hypo_row row;
    hrel_test_init();

    {   /* by hand: group 0 (0,0)(1,1)(2,1), group 1 (0,1)(1,1)(2,2): RSS per group
           1/6 each, one line (0.5 + 0.5x) RSS 1: F = (2/3 / 2) / (1/3 / 2) = 2 on
           (2, 2) degrees of freedom, p = 1 / (1 + F) = 1/3 */
        const double x[] = {0, 1, 2, 0, 1, 2}, y[] = {0, 1, 1, 1, 1, 2};
        const int g[] = {0, 0, 0, 1, 1, 1};
        HREL_CHECK_INT(hrel_hypo_ftest(x, y, NULL, g, 6, 2, &row, err, sizeof err), 0,
                       "hand case tested");
        HREL_CHECK_REL(row.F, 2.0, 1e-9, "F by hand");
        HREL_CHECK_REL(row.df1, 2.0, 1e-12, "df1 = 2G - 2");
        HREL_CHECK_REL(row.df2, 2.0, 1e-12, "df2 = N - 2G");
        HREL_CHECK_REL(row.p, 1.0 / 3.0, 1e-9, "p = 1/(1+F) for F(2,2)");
        HREL_CHECK_INT(row.differs, 0, "p = 1/3: one line not rejected");
    }
    {   /* exact different lines: F infinite, p 0 */
        const double x[] = {0, 1, 2, 0, 1, 2}, y[] = {0, 1, 2, 0, 2, 4};
        const int g[] = {0, 0, 0, 1, 1, 1};
        HREL_CHECK_INT(hrel_hypo_ftest(x, y, NULL, g, 6, 2, &row, err, sizeof err), 0,
                       "exact lines tested");
        HREL_CHECK(isinf(row.F) && row.p == 0 && row.differs == 1, "exact: rejected, p 0");
    }
    {   /* one usable group, and no residual degree of freedom: refused */
        const double x[] = {0, 1, 2, 5, 5, 5}, y[] = {0, 1, 2, 1, 2, 3};
        const int g[] = {0, 0, 0, 1, 1, 1};
        HREL_CHECK(hrel_hypo_ftest(x, y, NULL, g, 6, 2, &row, err, sizeof err) != 0,
                   "group 1 has one size: untestable");
        HREL_CHECK_HAS(err, "fewer than two groups", "says why");
        HREL_CHECK(hrel_hypo_ftest(x, y, NULL, g, 4, 2, &row, err, sizeof err) != 0,
                   "2 + 1 points for 2 lines: untestable");
    }
    {   /* synthetic: 3 groups, 5 sizes x 4 repeats each, T = 1e-3 + 1e-6 h with 1%
           relative noise, weights 1/T^2. Same line: not rejected; group 2 with
           g 20% larger: rejected. */
        double x[60], y[60], w[60], y2[60];
        int g[60], i;
        unsigned s = 7;
        int same_rejected = 0, diff_rejected = 0;
        for (i = 0; i < 60; i++) {
            double h = 6720.0 * pow(4.0, (i / 4) % 5), t = 1e-3 + 1e-6 * h;
            double e = 1.0 + 0.01 * noise(&s);
            g[i] = i / 20;
            x[i] = h;
            y[i] = t * e;
            y2[i] = (g[i] == 2 ? 1e-3 + 1.2e-6 * h : t) * e;
            w[i] = 1.0 / (y[i] * y[i]);
        }
        HREL_CHECK_INT(hrel_hypo_ftest(x, y, w, g, 60, 3, &row, err, sizeof err), 0,
                       "common line tested");
        same_rejected = row.differs;
        HREL_CHECK(row.p > 0.05, "common line: p > 0.05");
        for (i = 0; i < 60; i++)
            w[i] = 1.0 / (y2[i] * y2[i]);
        HREL_CHECK_INT(hrel_hypo_ftest(x, y2, w, g, 60, 3, &row, err, sizeof err), 0,
                       "different slope tested");
        diff_rejected = row.differs;
        HREL_CHECK(row.p < 1e-6, "20% larger g in one group: p < 1e-6");
        HREL_CHECK(!same_rejected && diff_rejected, "verdicts: same kept, different rejected");
        HREL_CHECK_INT((int)row.n, 60, "all points used");
    }
    return hrel_test_summary("test_hypo");
}
