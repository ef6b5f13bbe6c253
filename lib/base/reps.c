/* reps -- see reps.h. */
#include "reps.h"

#include <math.h>
#include <stdio.h>

int hrel_reps_check(const hrel_reps_policy *pol, char *err, size_t errlen)
{
    if (!pol->adaptive) {
        if (pol->fixed < 1) {
            snprintf(err, errlen, "repetitions must be at least 1 (got %ld)", pol->fixed);
            return -1;
        }
        return 0;
    }
    if (!(pol->rse > 0.0 && pol->rse < 1.0)) {
        snprintf(err, errlen, "relative standard error target must be in (0, 1) (got %g)",
                 pol->rse);
        return -1;
    }
    if (pol->min < 2 || pol->max < pol->min) {
        snprintf(err, errlen,
                 "adaptive repetitions need 2 <= min <= max (got min %ld, max %ld)",
                 pol->min, pol->max);
        return -1;
    }
    return 0;
}

void hrel_reps_describe(const hrel_reps_policy *pol, char *buf, size_t len)
{
    if (pol->adaptive)
        snprintf(buf, len,
                 "adaptive: stop when the relative standard error of the %s <= %g, "
                 "at least %ld, at most %ld repetitions",
                 pol->median ? "median (1.2533 * 1.4826 MAD / sqrt(n) / median)" : "mean",
                 pol->rse, pol->min, pol->max);
    else
        snprintf(buf, len, "fixed: %ld repetitions", pol->fixed);
}

void hrel_reps_reset(hrel_reps_state *s)
{
    s->n = 0;
    s->mean = 0.0;
    s->m2 = 0.0;
}

void hrel_reps_add(hrel_reps_state *s, double x)
{
    double d = x - s->mean;
    s->n++;
    s->mean += d / (double)s->n;
    s->m2 += d * (x - s->mean);
}

double hrel_reps_sd(const hrel_reps_state *s)
{
    if (s->n < 2)
        return INFINITY;
    return sqrt(s->m2 / (double)(s->n - 1));
}

double hrel_reps_rse(const hrel_reps_state *s)
{
    if (s->n < 2 || s->mean == 0.0)
        return INFINITY;
    return hrel_reps_sd(s) / sqrt((double)s->n) / fabs(s->mean);
}

int hrel_reps_enough(const hrel_reps_policy *pol, long n, double rse)
{
    if (!pol->adaptive)
        return n >= pol->fixed;
    if (n >= pol->max)
        return 1;
    if (n < pol->min)
        return 0;
    return rse <= pol->rse;
}

int hrel_reps_done(const hrel_reps_policy *pol, const hrel_reps_state *s)
{
    return hrel_reps_enough(pol, s->n, hrel_reps_rse(s));
}
