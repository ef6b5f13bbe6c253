/* timeline -- a replay's timeline file (README "File contracts"), as
 * `hrel model replay --timeline` and `hrel predict --timeline` write it: every
 * row of a message-level trace as traced and as replayed, to find where a
 * prediction parts from its run.
 *
 *   # WHO --timeline: TRACE as traced and as replayed (...)
 *   rank,row,kind,peers,bytes,tag,traced_t0,traced_t1,replay_t0,replay_t1
 *
 * Times are seconds since rank 0's start; a call starts when its gap is done;
 * replay_t0, replay_t1 are empty for a row the replay did not reach (NaN in
 * T0 or T1, one entry per row of the trace). Return 0, or -1 with one line in
 * ERR (the file cannot be written). Nothing printed.
 */
#ifndef HREL_TIMELINE_H
#define HREL_TIMELINE_H

#include <stddef.h>

#include "msgtrace.h"

int hrel_timeline_write(const char *path, const char *who, const hrel_msgtrace *t,
                        const double *t0, const double *t1, char *err, size_t errlen);

/* *T0 and *T1 for a replay of T (one per row, NaN until the replay reaches the
 * row: hrel_replay_param's row_t0, row_t1); the caller frees both, also when
 * this fails. 0, or -1 when out of memory. */
int hrel_timeline_alloc(const hrel_msgtrace *t, double **t0, double **t1);

#endif
