/* Unit tests of lib/stats: grouping, order and every summary on values worked
 * out by hand. */
#include <stdlib.h>

#include "hrel_test.h"
#include "patterns.h"
#include "names.h"
#include "stats.h"

int main(void)
{
    /* Group A (E,2,100): 1 2 3 4 100 (given unsorted); group B (E,2,50): 7;
     * group C (PP,2,100): 2 4. */
    static const double ta[] = {4, 1, 100, 3, 2};
    hrel_raw_row rows[8];
    hrel_raw raw;
    hrel_stats *st = NULL;
    char err[256];
    size_t i;

    hrel_test_init();
    memset(rows, 0, sizeof rows);
    for (i = 0; i < 5; i++) {
        rows[i].pattern = hrel_patterns_index("E");
        rows[i].procs = 2;
        rows[i].h = 100;
        rows[i].seconds = ta[i];
    }
    rows[5].pattern = hrel_patterns_index("PP");
    rows[5].procs = 2, rows[5].h = 100, rows[5].seconds = 2;
    rows[6] = rows[5];
    rows[6].seconds = 4;
    rows[7].pattern = hrel_patterns_index("E");
    rows[7].procs = 2, rows[7].h = 50, rows[7].seconds = 7;
    raw.csv = NULL;
    raw.nrow = 8;
    raw.row = rows;

    HREL_CHECK_INT(hrel_stats_alloc(&raw, &st, err, sizeof err), 0, "summarise");
    if (st) {
        HREL_CHECK_INT(st->n, 3, "three groups");
        HREL_CHECK_REL(st->s[0].h, 50, 0, "E h=50 first (sorted by h)");
        HREL_CHECK_INT(st->s[0].n, 1, "single repetition");
        HREL_CHECK_REL(st->s[0].sd, 0, 0, "sd of one value is 0");
        HREL_CHECK_REL(st->s[1].mean, 22, 1e-12, "mean (1+2+3+4+100)/5");
        HREL_CHECK_REL(st->s[1].median, 3, 1e-12, "median");
        HREL_CHECK_REL(st->s[1].min, 1, 0, "min");
        HREL_CHECK_REL(st->s[1].max, 100, 0, "max");
        /* 10% of 5 rounds down to 0 dropped: the trimmed mean is the mean. */
        HREL_CHECK_REL(st->s[1].trimmed, 22, 1e-12, "trimmed mean with n=5");
        /* sd: deviations -21 -20 -19 -18 78: squares 441+400+361+324+6084=7610. */
        HREL_CHECK_REL(st->s[1].sd, sqrt(7610.0 / 4), 1e-12, "sample sd");
        HREL_CHECK_INT(st->s[2].pattern, hrel_patterns_index("PP"), "PP after E");
        HREL_CHECK_REL(st->s[2].median, 3, 1e-12, "median of two");
        HREL_CHECK_REL(hrel_stat_value(&st->s[1], HREL_SUMMARY_MEDIAN), 3, 0, "value median");
        HREL_CHECK_REL(hrel_stat_value(&st->s[1], HREL_SUMMARY_MIN), 1, 0, "value min");
        HREL_CHECK_REL(hrel_stat_value(&st->s[1], HREL_SUMMARY_MEAN), 22, 1e-12, "value mean");
    }
    hrel_stats_free(st);

    /* 20 values 1..19 and 1000: 10% trimming drops 2 at each end -> mean of 3..18. */
    {
        hrel_raw_row r20[20];
        memset(r20, 0, sizeof r20);
        for (i = 0; i < 20; i++) {
            r20[i].pattern = 0;
            r20[i].procs = 4;
            r20[i].h = 1;
            r20[i].seconds = i < 19 ? (double)(i + 1) : 1000.0;
        }
        raw.nrow = 20;
        raw.row = r20;
        st = NULL;
        HREL_CHECK_INT(hrel_stats_alloc(&raw, &st, err, sizeof err), 0, "20 values");
        if (st)
            HREL_CHECK_REL(st->s[0].trimmed, 10.5, 1e-12, "trimmed mean of 3..18");
        hrel_stats_free(st);
    }

    HREL_CHECK_INT(hrel_names_index("trimmed", hrel_summary_names), HREL_SUMMARY_TRIMMED,
                   "the name table follows the enumeration");
    HREL_CHECK_INT(hrel_names_index("average", hrel_summary_names), -1,
                   "unknown summary rejected");
    HREL_CHECK(strcmp(hrel_summary_name(HREL_SUMMARY_MEDIAN), "median") == 0, "name");
    raw.nrow = 0;
    HREL_CHECK(hrel_stats_alloc(&raw, &st, err, sizeof err) != 0, "no rows fails");
    return hrel_test_summary("test_stats");
}
