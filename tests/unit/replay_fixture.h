/* replay_fixture -- the unit tests' one way to replay a hand-made msgs.csv.
 *
 * Contract: hrel_test_replay_total loads the trace at P, replays it with PAR
 * (replay.h; END as hrel_replay_run takes it, may be NULL) and returns the
 * total, or NAN with the reason in ERR. The trace is freed before it returns.
 */
#ifndef HREL_REPLAY_FIXTURE_H
#define HREL_REPLAY_FIXTURE_H

#include <math.h>
#include <stddef.h>

#include "msgtrace.h"
#include "replay.h"

static inline double hrel_test_replay_total(const char *p, hrel_replay_param *par, double *end,
                                            char *err, size_t errlen)
{
    hrel_msgtrace *t = NULL;
    double total = NAN;
    if (hrel_msgtrace_load(p, &t, err, errlen) == 0 &&
        hrel_replay_run(t, par, end, &total, err, errlen) != 0)
        total = NAN;
    hrel_msgtrace_free(t);
    return total;
}

#endif
