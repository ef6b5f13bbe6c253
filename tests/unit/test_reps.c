/* Unit tests of lib/base/reps: the repetition policy's stopping rule. */
#include "hrel_test.h"
#include "reps.h"

#include <string.h>

/* S restarted with N samples alternating EVEN, ODD (EVEN first). */
static void refill(hrel_reps_state *s, int n, double even, double odd)
{
    int i;
    hrel_reps_reset(s);
    for (i = 0; i < n; i++)
        hrel_reps_add(s, (i % 2) ? odd : even);
}

int main(void)
{
    char err[256];
    hrel_reps_policy fixed = {0, 3, 0.0, 0, 0, 0}, adapt = {1, 0, 0.02, 5, 8, 0};
    hrel_reps_state s;
    int i;

    hrel_test_init();
    /* Fixed policy: exactly 3. */
    refill(&s, 2, 1.0, 1.0);
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
    refill(&s, 4, 2.0, 2.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 0, "adaptive: below min");
    hrel_reps_add(&s, 2.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 1, "adaptive: constant stops at min");
    refill(&s, 7, 3.0, 1.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 0, "adaptive: noisy continues");
    hrel_reps_add(&s, 1.0);
    HREL_CHECK_INT(hrel_reps_done(&adapt, &s), 1, "adaptive: stops at max");
    /* hrel_reps_enough: the same rule on a given precision (the median's). */
    adapt.median = 1;
    HREL_CHECK_INT(hrel_reps_enough(&adapt, 4, 0.0), 0, "enough: below min even if precise");
    HREL_CHECK_INT(hrel_reps_enough(&adapt, 5, 0.019), 1, "enough: precise at min");
    HREL_CHECK_INT(hrel_reps_enough(&adapt, 6, 0.3), 0, "enough: imprecise continues");
    HREL_CHECK_INT(hrel_reps_enough(&adapt, 8, 0.3), 1, "enough: stops at max");
    {
        char d[256];
        hrel_reps_describe(&adapt, d, sizeof d);
        HREL_CHECK(strstr(d, "of the median") != NULL, "describe names the median rule");
    }
    adapt.min = 1;
    HREL_CHECK(hrel_reps_check(&adapt, err, sizeof err) != 0, "min < 2 rejected");
    fixed.fixed = 0;
    HREL_CHECK(hrel_reps_check(&fixed, err, sizeof err) != 0, "zero reps rejected");
    return hrel_test_summary("test_reps");
}
