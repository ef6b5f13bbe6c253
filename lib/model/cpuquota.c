/* cpuquota -- CFS bandwidth control, period by period (see cpuquota.h). */
#include "cpuquota.h"

#include <math.h>

double hrel_cpuquota_run(hrel_cpuquota *st, double t, double w, double q, double p)
{
    double budget = q * p;
    if (!(q < 1) || !(p > 0) || !(w > 0))
        return t + (w > 0 ? w : 0);
    while (w > 0) {
        long k = (long)floor(t / p);
        double pend = (double)(k + 1) * p, run;
        if (k != st->period) {
            st->period = k;
            st->used = 0;
        }
        run = fmin(w, fmin(budget - st->used, pend - t));
        if (run > 0) {
            t += run;
            w -= run;
            st->used += run;
        }
        if (w > 0 && (st->used >= budget - 1e-15 || pend - t <= 1e-15))
            t = pend;   /* throttled (or the period is over): the next one */
        if (w > 0 && w < 1e-15)
            w = 0;
    }
    return t;
}
