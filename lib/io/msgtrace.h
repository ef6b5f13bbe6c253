/* msgtrace -- the message-level trace of a PVM program (msgs.csv).
 *
 * Contract (README "Data contracts"): `#` metadata lines, then the header
 *     rank,host,kind,peers,bytes,tag,t_begin,t_end
 * and one row per call, per rank in the rank's call order. kind is start (the
 * task's first traced event), spawn (peers: the ranks it started), send,
 * mcast (peers: the destination ranks, ';'-separated; bytes: one copy),
 * recv (peers: the source rank) or exit. Ranks follow spawn order (the task
 * started from the shell is 0; another shell-started task that neither spawns
 * nor moves a message, such as a console query, is left out); host is PVM's host number of the task; times
 * are seconds since rank 0's first event on the common clock. A receive is
 * matched to the send (or mcast) of the same source, destination and tag in
 * FIFO order (PVM keeps order between two tasks); an unmatched receive is
 * an error.
 *
 * hrel_msgtrace_from_pvm builds it from the events of PVM's tracer (see
 * pvmtrace.h) and reports, as "FILE:LINE: ..." or naming the task, a trace
 * cut short, a call hrel does not model (group operations), a task started
 * neither from the shell nor by a traced spawn, or a program that spawned
 * nothing. Limits (named in their messages): ranks and peers
 * 0..HREL_MSGTRACE_MAX_RANK; the file as lib/io/csv.h streams it (row by row, no
 * size limit). Memory: 72 bytes per row and 4 per peer; receives are matched
 * through a FIFO queue per (source, destination, tag), in time linear in the rows.
 * The functions allocate; the caller frees with hrel_msgtrace_free.
 * Nothing here prints (hrel_msgtrace_write writes to the stream given).
 */
#ifndef HREL_MSGTRACE_H
#define HREL_MSGTRACE_H

#include <stddef.h>
#include <stdio.h>

#include "pvmtrace.h"

#define HREL_MSGTRACE_MAX_RANK 100000   /* largest rank (and peer) of a msgs.csv */

typedef enum {
    HREL_MSG_START, HREL_MSG_SPAWN, HREL_MSG_SEND, HREL_MSG_MCAST, HREL_MSG_RECV,
    HREL_MSG_EXIT
} hrel_msgkind;

typedef struct hrel_msg {
    int rank;
    int host;
    hrel_msgkind kind;
    int *peers;            /* ranks (NULL when none); into the trace's pool when it
                              has one, else the row's own malloc'ed array */
    int npeers;
    double bytes;          /* bytes of one message */
    int tag;               /* message tag, -1 when none */
    double t0, t1;         /* begin and end of the call, seconds */
    long match;            /* recv: row index of its send or mcast; else -1 */
    long line;             /* line in the source file, 0 if none */
} hrel_msg;

typedef struct hrel_msgtrace {
    char *path;
    int nproc;
    size_t n;
    hrel_msg *row;         /* grouped by rank, in call order */
    size_t *first;         /* rows of rank r: first[r] .. first[r+1]-1 */
    int *tid;              /* PVM task id per rank (0 when loaded from CSV) */
    int *pool;             /* every row's peers in one block (hrel_msgtrace_free frees
                              it, not the rows' arrays); NULL: each row owns its peers */
    double clock_shift_max;  /* largest clock correction applied, s */
    double clock_bound;      /* widest causality interval of an offset, s (0: none) */
} hrel_msgtrace;

/* Build from tracer events. */
int hrel_msgtrace_from_pvm(const hrel_pvmtrace *pt, hrel_msgtrace **out, char *err,
                           size_t errlen);

/* Load msgs.csv. */
int hrel_msgtrace_load(const char *path, hrel_msgtrace **out, char *err, size_t errlen);

/* Write msgs.csv (metadata, header, rows). Return 0, or -1 on a write error. */
int hrel_msgtrace_write(const hrel_msgtrace *t, FILE *fp);

/* Name of a kind ("send"), and the kind of a name (-1 if unknown). */
const char *hrel_msgkind_name(hrel_msgkind k);
int hrel_msgkind_parse(const char *s);

void hrel_msgtrace_free(hrel_msgtrace *t);

#endif
