/* sample -- see sample.h. */
#include "sample.h"

#include <math.h>
#include <stdlib.h>

#include "order.h"

double hrel_sample_median_sorted(const double *v, size_t n)
{
    if (n == 0)
        return NAN;
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double hrel_sample_median(double *v, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < n; i++)
        if (isfinite(v[i])) {
            double t = v[k];
            v[k++] = v[i];
            v[i] = t;
        }
    if (k > 1)   /* qsort's array may not be NULL, even for no element (C99 7.20.5) */
        qsort(v, k, sizeof *v, hrel_cmp_double);
    return hrel_sample_median_sorted(v, k);
}

double hrel_sample_quantile_sorted(const double *v, size_t n, double q)
{
    double pos, f;
    size_t i;
    if (n == 0 || !(q >= 0.0 && q <= 1.0))
        return NAN;
    pos = q * (double)(n - 1);
    i = (size_t)pos;
    f = pos - (double)i;
    return i + 1 < n ? v[i] + f * (v[i + 1] - v[i]) : v[i];
}

double hrel_sample_median_rse(double *v, size_t n)
{
    size_t i, k = 0;
    double med, mad;
    for (i = 0; i < n; i++)
        k += isfinite(v[i]) != 0;
    med = hrel_sample_median(v, n);   /* the k finite values now lead, sorted */
    if (k < 2 || med == 0.0)
        return INFINITY;
    for (i = 0; i < k; i++)
        v[i] = fabs(v[i] - med);
    mad = hrel_sample_median(v, k);
    return 1.2533 * 1.4826 * mad / sqrt((double)k) / fabs(med);
}

double hrel_error_pct(double actual, double model)
{
    if (isnan(actual) || isnan(model) || actual == 0.0)
        return NAN;
    return 100.0 * (actual - model) / actual;
}
