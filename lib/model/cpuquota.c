/* cpuquota -- CFS bandwidth control, period by period (see cpuquota.h). */
#include "cpuquota.h"

#include <math.h>

double hrel_cpuquota_run(hrel_cpuquota *st, double t, double w, double q, double p)
{
    double budget = q * p;
    if (!(q < 1) || !(p > 0) || !(w > 0))
        return t + (w > 0 ? w : 0);
    while (w > 1e-15) {
        long k = (long)floor(t / p);
        double pend, avail, left, run;
        if (k < st->period)   /* t on a boundary, rounded down: the state's period */
            k = st->period;
        if (k != st->period) {
            st->period = k;
            st->used = 0;
        }
        pend = (double)(k + 1) * p;
        avail = budget - st->used;
        left = pend - t;
        if (avail <= 1e-15 || left <= 1e-15) {   /* throttled, or the period is over */
            st->period = k + 1;
            st->used = 0;
            if (t < pend)
                t = pend;
            continue;
        }
        run = fmin(w, fmin(avail, left));
        t += run;
        w -= run;
        st->used += run;
    }
    return t;
}
