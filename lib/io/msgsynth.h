/* msgsynth -- synthetic message-level traces of a chosen size, for the scale
 * benchmark (experiments/bench_scale.sh, docs/scale.md) and the tests.
 *
 * Contract: hrel_msgsynth_write writes one program run of NPROC ranks in
 * lock-step iterations of a fixed shape, as msgs.csv (the README contract,
 * hrel_msgtrace_load reads it) or as the text PVM 3.4's tracer writes (SDDF,
 * hrel_pvmtrace_read + hrel_msgtrace_from_pvm read it; both give the same
 * msgs.csv), or (hrel_msgsynth_write_tev) as the preload tracer's task files
 * (tevfile.h: one file DIR/hostH.PID.tev per rank, no pack records; its import
 * has the same rows plus one end row per rank). Rank 0 spawns the others; every rank ends with exit. Shapes:
 *  - ring: each rank sends BYTES to its right (tag 1) and its left (tag 2)
 *    neighbour, then receives from its left and its right;
 *  - alltoall: each rank sends BYTES to every other (tag 3), then receives
 *    from every other, nearest source first;
 *  - mw: master/worker with wildcard receives: rank 0 multicasts BYTES of work
 *    (tag 4) to the workers; each computes and sends its result (tag 5); the
 *    master receives the results in the order they arrive (not rank order);
 *  - group: PVM's group calls, the last rank being the group server (pvmgs):
 *    each member joins the group (joingroup: a request to the server and its
 *    reply inside it), then per iteration rank 0 broadcasts BYTES (bcast: an
 *    mcast inside it, tag 6) that the others receive, each computes, and all
 *    meet at a barrier (a request to the server, tag 7, and its reply, tag 8,
 *    inside it); the server takes the requests in arrival order and replies in
 *    rank order. Not as tracer text (hrel does not read group calls there).
 * Times are whole microseconds (the tracer's resolution), computation times a
 * deterministic hash of (rank, iteration): the same arguments give the same
 * file. Iterations are added until the trace has at least EVENTS rows.
 * Rank r runs on host 1 + r % 4 (task id (host << 18) | (r + 1)).
 * Returns 0, or -1 with a message (bad argument, write error). Nothing here
 * prints except to FP.
 */
#ifndef HREL_MSGSYNTH_H
#define HREL_MSGSYNTH_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
    HREL_SYNTH_RING, HREL_SYNTH_ALLTOALL, HREL_SYNTH_MW, HREL_SYNTH_GROUP
} hrel_synth_shape;
typedef enum { HREL_SYNTH_MSGS, HREL_SYNTH_PVM, HREL_SYNTH_TEV } hrel_synth_format;

typedef struct hrel_msgsynth_opt {
    hrel_synth_shape shape;
    int nproc;             /* ranks, 2 .. 4096 */
    long events;           /* at least this many rows (msgs.csv rows), >= 1 */
    double bytes;          /* bytes of one message, 0 .. 1e9 */
} hrel_msgsynth_opt;

/* Parse "ring", "alltoall", "mw" or "group". 0, or -1 with a message. */
int hrel_msgsynth_parse_shape(const char *s, hrel_synth_shape *out, char *err, size_t errlen);

/* Write the trace in FORMAT (msgs or pvm) to FP; *ROWS (may be NULL) gets the
 * msgs.csv row count. */
int hrel_msgsynth_write(const hrel_msgsynth_opt *o, hrel_synth_format format, FILE *fp,
                        long *rows, char *err, size_t errlen);

/* Write the trace as task files into the folder DIR (which must exist); *ROWS as
 * above (the end rows not counted). */
int hrel_msgsynth_write_tev(const hrel_msgsynth_opt *o, const char *dir, long *rows, char *err,
                            size_t errlen);

#endif
