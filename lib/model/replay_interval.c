/* replay_interval -- median and 80 % interval of the daemon-route replay.
 * See replay_interval.h. */
#include <stdlib.h>

#include "errmsg.h"
#include "replay_interval.h"
#include "sample.h"

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int hrel_replay_interval_all(const hrel_msgtrace *t, const hrel_replay_param *par, int k,
                             unsigned long long seed, double *tot, char *err, size_t errlen)
{
    int i;
    if (!par->daemon || !(par->jitter > 0) || k < 1 || k > 10000) {
        hrel_seterr(err, errlen, "replay interval: needs the daemon route, a jitter > 0 and "
                    "1 to 10000 runs");
        return -1;
    }
    for (i = 0; i < k; i++) {
        hrel_replay_param p = *par;
        p.seed = seed + (unsigned long long)i;
        p.row_t0 = p.row_t1 = NULL;   /* the timeline is the caller's one replay's */
        p.pkt_fn = NULL;              /* and so are its packets */
        if (hrel_replay_run(t, &p, NULL, &tot[i], err, errlen) != 0)
            return -1;
    }
    return 0;
}

void hrel_replay_interval_of(double *tot, int k, double *median, double *lo, double *hi)
{
    qsort(tot, (size_t)k, sizeof *tot, cmp);
    *median = hrel_sample_median_sorted(tot, (size_t)k);
    *lo = hrel_sample_quantile_sorted(tot, (size_t)k, 0.1);
    *hi = hrel_sample_quantile_sorted(tot, (size_t)k, 0.9);
}

int hrel_replay_interval(const hrel_msgtrace *t, const hrel_replay_param *par, int k,
                         unsigned long long seed, double *median, double *lo, double *hi,
                         char *err, size_t errlen)
{
    /* (K out of range: hrel_replay_interval_all says so) */
    double *tot = malloc((size_t)(k >= 1 && k <= 10000 ? k : 1) * sizeof *tot);
    if (!tot) {
        hrel_seterr(err, errlen, "replay interval: out of memory");
        return -1;
    }
    if (hrel_replay_interval_all(t, par, k, seed, tot, err, errlen) != 0) {
        free(tot);
        return -1;
    }
    hrel_replay_interval_of(tot, k, median, lo, hi);
    free(tot);
    return 0;
}
