/* replay_interval -- the daemon-route replay's spread: a median and an 80 %
 * interval from pvmd's timing jitter, simulated.
 *
 * Contract: the replay (replay.h) of trace T with parameters PAR is run K
 * times, run i with PAR's jitter and the seed SEED + i (PAR itself is not
 * changed); the totals' median and their 10th and 90th percentiles (linear
 * between order statistics, sample.h) are the answer. Why jitter and what it
 * stands for: docs/predict.md, "An interval from pvmd's jitter". Needs the
 * daemon route (PAR->daemon != 0), a jitter > 0 (else every run is the same
 * and the interval has no width: refused) and 1 <= K <= 10000. Nothing here
 * prints.
 */
#ifndef HREL_REPLAY_INTERVAL_H
#define HREL_REPLAY_INTERVAL_H

#include <stddef.h>

#include "msgtrace.h"
#include "replay.h"

/* *MEDIAN, *LO (10th percentile), *HI (90th) of K replays, seconds. 0, or -1
 * with a message (bad arguments, a replay's own error, no memory). */
int hrel_replay_interval(const hrel_msgtrace *t, const hrel_replay_param *par, int k,
                         unsigned long long seed, double *median, double *lo, double *hi,
                         char *err, size_t errlen);

/* The median and 10th and 90th percentile (linear between order statistics)
 * of the K >= 1 totals TOT, which it sorts. */
void hrel_replay_interval_of(double *tot, int k, double *median, double *lo, double *hi);

/* The K totals themselves, run i's in TOT[i] (caller-allocated, K of them; seed
 * SEED + i, in that order): what the interval above is taken from. 0, or -1 with a
 * message, as above. */
int hrel_replay_interval_all(const hrel_msgtrace *t, const hrel_replay_param *par, int k,
                             unsigned long long seed, double *tot, char *err, size_t errlen);

#endif
