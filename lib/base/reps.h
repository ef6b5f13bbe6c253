/* reps -- when to stop repeating a measurement.
 *
 * Contract: a policy is either a fixed count or adaptive: stop once the
 * relative standard error of the mean (sd / sqrt(n) / mean) is at most `rse`,
 * but never before `min` and always at `max` repetitions. With `median` set
 * the precision asked for is the median's (robust to a few TCP stalls): the
 * caller keeps the samples, computes it (lib/stats/sample.h
 * hrel_sample_median_rse) and asks hrel_reps_enough. The state keeps a
 * running mean and variance (Welford), so no samples are stored here (the raw
 * samples go to raw.csv). Warm-up repetitions are the caller's business: do
 * not add them. Pure arithmetic: no I/O, no allocation.
 */
#ifndef HREL_REPS_H
#define HREL_REPS_H

#include <stddef.h>

typedef struct hrel_reps_policy {
    int adaptive;     /* 0: exactly `fixed` repetitions; 1: adaptive */
    long fixed;       /* count for the fixed policy (>= 1) */
    double rse;       /* adaptive: target relative standard error (e.g. 0.02) */
    long min;         /* adaptive: at least this many (>= 2) */
    long max;         /* adaptive: at most this many (>= min) */
    int median;       /* adaptive: 1 = `rse` is the median's precision, 0 = the mean's */
} hrel_reps_policy;

typedef struct hrel_reps_state {
    long n;           /* samples added */
    double mean;      /* running mean */
    double m2;        /* running sum of squared deviations */
} hrel_reps_state;

/* Check a policy's fields. Return 0, or -1 with the reason in err. */
int hrel_reps_check(const hrel_reps_policy *pol, char *err, size_t errlen);

/* Describe a policy in one line for metadata, e.g. "adaptive: rse <= 0.02, 10..500". */
void hrel_reps_describe(const hrel_reps_policy *pol, char *buf, size_t len);

/* Reset S to no samples. */
void hrel_reps_reset(hrel_reps_state *s);

/* Add one sample X to S. */
void hrel_reps_add(hrel_reps_state *s, double x);

/* Standard deviation (n-1) and relative standard error of the mean of S;
 * both are +inf with fewer than 2 samples or a zero mean. */
double hrel_reps_sd(const hrel_reps_state *s);
double hrel_reps_rse(const hrel_reps_state *s);

/* 1 when POL says S has enough repetitions, else 0 (the mean's precision;
 * for a median policy use hrel_reps_enough). */
int hrel_reps_done(const hrel_reps_policy *pol, const hrel_reps_state *s);

/* 1 when POL says N repetitions whose statistic has relative standard error
 * RSE are enough, else 0. */
int hrel_reps_enough(const hrel_reps_policy *pol, long n, double rse);

#endif
