/* Unit tests of lib/model/spread: the split-conformal ranks worked out by hand
 * (n = 20: the 2nd and the 19th; n = 9: the 1st and the 9th; n = 1), the
 * median, the interval of a prediction, and spread.csv's rows read back. */
#include "hrel_test.h"
#include "spread.h"

int main(void)
{
    double v[20], q10, q50, q90, lo, hi;
    hrel_spread_row row;
    char err[512];
    const char *path;
    int k;

    hrel_test_init();
    for (k = 0; k < 20; k++)   /* 0.60 .. 1.36 by 0.04, shuffled */
        v[(k * 7) % 20] = 0.60 + 0.04 * k;
    HREL_CHECK_INT(hrel_spread_percentiles(v, 20, &q10, &q50, &q90), 0, "20 ratios");
    HREL_CHECK_ABS(q10, 0.64, 1e-12, "q10: rank floor(0.1 x 21) = 2");
    HREL_CHECK_ABS(q90, 1.32, 1e-12, "q90: rank ceil(0.9 x 21) = 19");
    HREL_CHECK_ABS(q50, 0.98, 1e-12, "q50: (0.96 + 1.00) / 2");
    HREL_CHECK(v[0] < v[1] && v[18] < v[19], "sorted in place");
    for (k = 0; k < 9; k++)
        v[k] = 9 - k;
    hrel_spread_percentiles(v, 9, &q10, &q50, &q90);
    HREL_CHECK(q10 == 1 && q90 == 9 && q50 == 5, "n = 9: ranks 1 and 9 (floor 1.0, ceil 9.0)");
    v[0] = 2.5;
    hrel_spread_percentiles(v, 1, &q10, &q50, &q90);
    HREL_CHECK(q10 == 2.5 && q90 == 2.5 && q50 == 2.5, "n = 1: the one ratio");
    HREL_CHECK_INT(hrel_spread_percentiles(v, 0, &q10, &q50, &q90), -1, "no ratio refused");

    row.q10 = 0.8;
    row.q90 = 1.5;
    hrel_spread_interval(&row, 2.0, &lo, &hi);
    HREL_CHECK(lo == 1.6 && hi == 3.0, "interval: 2 s x [0.8, 1.5]");

    path = hrel_test_write_tmp("spread.csv", "# hrel_spread: test\n"
                               "route,model,programs,runs,q10,q50,q90\n"
                               "daemon,replay_pvmd,9,27,0.615,1.0073,1.3385\n"
                               "direct,replay,6,18,0.9953,1.0471,1.1981\n");
    HREL_CHECK_INT(hrel_spread_find(path, "direct", "replay", &row, err, sizeof err), 1, "found");
    HREL_CHECK(row.programs == 6 && row.runs == 18 && row.q90 == 1.1981, "its row");
    HREL_CHECK_INT(hrel_spread_find(path, "daemon", "mpm", &row, err, sizeof err), 0,
                   "no row: 0");
    return hrel_test_summary("test_spread");
}
