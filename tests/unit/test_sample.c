/* Unit tests of lib/stats/sample: the one median and formula (18) of 002. */
#include "hrel_test.h"
#include "sample.h"

int main(void)
{
    double odd[] = {5, 1, 3}, even[] = {4, 1, 3, 2}, one[] = {7};
    double withnan[] = {NAN, 2, INFINITY, 4}, none[] = {NAN, NAN};
    double sorted[] = {1, 2, 10, 11};

    hrel_test_init();
    HREL_CHECK_ABS(hrel_sample_median(odd, 3), 3.0, 0.0, "odd count: middle value");
    HREL_CHECK_ABS(odd[0], 1.0, 0.0, "sorted in place");
    HREL_CHECK_ABS(hrel_sample_median(even, 4), 2.5, 0.0, "even count: mean of the two middle");
    HREL_CHECK_ABS(hrel_sample_median(one, 1), 7.0, 0.0, "one value");
    HREL_CHECK_ABS(hrel_sample_median(withnan, 4), 3.0, 0.0, "non-finite values left out");
    HREL_CHECK(isnan(hrel_sample_median(none, 2)), "no finite value: NaN");
    HREL_CHECK(isnan(hrel_sample_median(NULL, 0)), "empty: NaN");
    HREL_CHECK_ABS(hrel_sample_median_sorted(sorted, 4), 6.0, 0.0, "sorted, even");
    HREL_CHECK_ABS(hrel_sample_median_sorted(sorted, 3), 2.0, 0.0, "sorted, odd");
    HREL_CHECK(isnan(hrel_sample_median_sorted(sorted, 0)), "sorted, empty: NaN");

    {   /* quantiles, type 7: q 0.5 is the median */
        double q4[] = {1.0, 2.0, 4.0, 8.0};
        HREL_CHECK_ABS(hrel_sample_quantile_sorted(q4, 4, 0.5), 3.0, 1e-12, "quantile 0.5 = median");
        HREL_CHECK_ABS(hrel_sample_quantile_sorted(q4, 4, 0.25), 1.75, 1e-12, "quantile 0.25 interpolates");
        HREL_CHECK_ABS(hrel_sample_quantile_sorted(q4, 4, 0.75), 5.0, 1e-12, "quantile 0.75 interpolates");
        HREL_CHECK_ABS(hrel_sample_quantile_sorted(q4, 4, 0.0), 1.0, 0.0, "quantile 0 = min");
        HREL_CHECK_ABS(hrel_sample_quantile_sorted(q4, 4, 1.0), 8.0, 0.0, "quantile 1 = max");
        HREL_CHECK_ABS(hrel_sample_quantile_sorted(q4, 1, 0.75), 1.0, 0.0, "one value");
        HREL_CHECK(isnan(hrel_sample_quantile_sorted(q4, 0, 0.5)), "quantile of nothing: NaN");
        HREL_CHECK(isnan(hrel_sample_quantile_sorted(q4, 4, 1.5)), "quantile outside [0,1]: NaN");
    }
    {   /* the median's robust precision: one stall among five barely moves it */
        double st[] = {1.0, 1.1, 0.9, 1.0, 5.0}, one[] = {2.0}, zero[] = {0.0, 0.0, 1.0},
               nan5[] = {1.0, NAN, 1.1, 0.9, 1.0, 5.0};
        HREL_CHECK_REL(hrel_sample_median_rse(st, 5), 1.2533 * 1.4826 * 0.1 / sqrt(5.0), 1e-9,
                       "median rse: 1.2533 * 1.4826 * MAD / sqrt(n) / median");
        HREL_CHECK_REL(hrel_sample_median_rse(nan5, 6), 1.2533 * 1.4826 * 0.1 / sqrt(5.0), 1e-9,
                       "median rse: non-finite values left out");
        HREL_CHECK(isinf(hrel_sample_median_rse(one, 1)), "median rse: one value: +inf");
        HREL_CHECK(isinf(hrel_sample_median_rse(zero, 3)), "median rse: zero median: +inf");
    }

    HREL_CHECK_REL(hrel_error_pct(10, 8), 20, 1e-12, "(10-8)/10 = 20 %: under-prediction positive");
    HREL_CHECK_REL(hrel_error_pct(8.5, 12), -41.176470588, 1e-9, "over-prediction negative");
    HREL_CHECK_REL(hrel_error_pct(3.36, 3.21), 100.0 * 0.15 / 3.36, 1e-12, "FFT table value");
    HREL_CHECK(isnan(hrel_error_pct(NAN, 1)), "no measurement, no error");
    HREL_CHECK(isnan(hrel_error_pct(1, NAN)), "no model, no error");
    HREL_CHECK(isnan(hrel_error_pct(0, 1)), "zero actual, no error");
    return hrel_test_summary("test_sample");
}
