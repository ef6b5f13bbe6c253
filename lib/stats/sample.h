/* sample -- the one home of the statistics of a plain sample of numbers and of
 * the papers' prediction error.
 *
 * Contract: every median in hrel (lib/, pvmsrc/, and through `hrel` the
 * scripts) is hrel_sample_median: the middle value of the finite values, the
 * mean of the two middle ones for an even count (as GSL's
 * gsl_stats_median_from_sorted_data). hrel_error_pct is formula (18) of 002.
 * Pure: no I/O, no allocation.
 */
#ifndef HREL_SAMPLE_H
#define HREL_SAMPLE_H

#include <stddef.h>

/* Median of the finite values among V[0..N) (V is reordered: the finite
 * values come first, sorted). NaN if there is none. */
double hrel_sample_median(double *v, size_t n);

/* Median of N >= 1 values already sorted ascending; NaN if N is 0. */
double hrel_sample_median_sorted(const double *v, size_t n);

/* Quantile Q in [0, 1] of N >= 1 values sorted ascending, interpolated
 * linearly between order statistics (R type 7, as GSL's
 * gsl_stats_quantile_from_sorted_data; Q 0.5 is the median). NaN if N is 0. */
double hrel_sample_quantile_sorted(const double *v, size_t n, double q);

/* Relative standard error of the median of the finite values among V[0..N),
 * robust to a few outlying values: 1.2533 * 1.4826 * MAD / sqrt(n) / |median|
 * (MAD = median absolute deviation from the median; 1.4826 MAD estimates the
 * standard deviation of a normal core, 1.2533 sigma / sqrt(n) is the standard
 * error of a normal sample's median). V is overwritten (scratch). +inf with
 * fewer than 2 finite values or a zero median. */
double hrel_sample_median_rse(double *v, size_t n);

/* Formula (18) of 002: 100 (ACTUAL - MODEL) / ACTUAL, in percent; positive
 * when the model predicts less than was measured. NaN when either is NaN or
 * ACTUAL is 0. */
double hrel_error_pct(double actual, double model);

#endif
