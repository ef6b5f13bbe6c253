/* msgtrace -- the message-level trace of a PVM program (msgs.csv).
 *
 * Contract (README "Data contracts"): `#` metadata lines, then the header
 *     rank,host,kind,peers,bytes,tag,t_begin,t_end
 * and one row per call, per rank in the rank's call order. kind is start (the
 * task's first traced event; with the preload tracer the process start),
 * enrol (the first pvm_mytid), spawn (peers: the ranks it started), send,
 * mcast (peers: the destination ranks, ';'-separated; bytes: one copy),
 * recv (peers: the source rank), exit (pvm_exit), end (the process end), or a
 * group call named as PVM names it without pvm_ (joingroup, lvgroup, barrier,
 * bcast, reduce, gather, scatter; bytes of one member's data, peers: the
 * root's rank for reduce/gather/scatter). A row made inside a group call has
 * `inside` = that call's kind in msgs.csv (the nearest earlier row of the rank
 * of that kind) and its row index in hrel_msg. Ranks follow spawn order (the task
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
 * size limit). Memory: 80 bytes per row and 4 per peer; receives are matched
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
    HREL_MSG_EXIT,
    HREL_MSG_ENROL, HREL_MSG_END,               /* the preload tracer's lifecycle */
    HREL_MSG_JOINGROUP, HREL_MSG_LVGROUP, HREL_MSG_BARRIER, HREL_MSG_BCAST,
    HREL_MSG_REDUCE, HREL_MSG_GATHER, HREL_MSG_SCATTER   /* group calls */
} hrel_msgkind;

typedef struct hrel_msg {   /* 80 bytes: the 8-byte fields first, no padding inside */
    int *peers;            /* ranks (NULL when none); into the trace's pool when it
                              has one, else the row's own malloc'ed array */
    double bytes;          /* bytes of one message */
    double t0, t1;         /* begin and end of the call, seconds */
    long match;            /* recv: row index of its send or mcast; else -1 */
    long inside;           /* row index of the enclosing group call, else -1 */
    long line;             /* line in the source file, 0 if none */
    int rank;
    int host;
    hrel_msgkind kind;
    int npeers;
    int tag;               /* message tag, -1 when none */
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
    char tracer[16];         /* "pvm", "preload", "" when not known */
    int *status;             /* exit status per rank, -1 unknown (NULL: none known) */
    int group_server;        /* rank of PVM's group server, -1 if none */
    long outside;            /* sends to tasks outside the trace (kept, no peer) */
    char route[8];           /* the route the program asked for: "direct" (every message
                                between its tasks sent with pvm_setopt(PvmRoute,
                                PvmRouteDirect) in effect), "daemon" (none), "mixed", or
                                "" when not known (PVM's tracer, an older preload trace,
                                no message) */
    long route_direct, route_msgs;   /* ... of how many messages (the group server's
                                        own not counted) */
    double *gap_cpu;         /* per row, NULL when none: the CPU time (s) its rank's
                                thread used in the gap before it (from the previous
                                row's end, or a group row's begin, as the replay takes
                                a gap; on a start row the process's start-up, from
                                its fork to the tracer's first record); NAN where not
                                known */
    unsigned char *gap_blocked;   /* per row with gap_cpu: 1 when the thread blocked in
                                     that gap (a voluntary context switch: it read, slept
                                     or waited outside PVM), 2 when it did and the row is
                                     a poll (pvm_nrecv) that found its message: the
                                     program slept between polls, waiting for it; 0 when
                                     it only computed or waited for a CPU */
    double *call_cpu;        /* per row, NULL when none: the CPU time (s) its rank's
                                thread used inside the row's call (t_begin to t_end;
                                a group call: the whole call, its inner rows too);
                                NAN where not known */
} hrel_msgtrace;

/* Rows of one rank while a trace is built: hrel_msgrows_push appends a
 * cleared row (no peers, match and inside -1, tag -1), or returns NULL when
 * out of memory; the caller frees row (and the rows' peers). The first push
 * reserves HREL_MSGROWS_FIRST rows (1.1 MiB, above hrel's mmap threshold: the
 * pages cost memory only when used, and go back to the system when freed). */
#define HREL_MSGROWS_FIRST 16384
typedef struct hrel_msgrows {
    hrel_msg *row;
    size_t n, cap;
} hrel_msgrows;
hrel_msg *hrel_msgrows_push(hrel_msgrows *b);

/* Build from tracer events. */
int hrel_msgtrace_from_pvm(const hrel_pvmtrace *pt, hrel_msgtrace **out, char *err,
                           size_t errlen);

/* Build from the tracer file PATH: the same trace, or the same message, as
 * hrel_pvmtrace_read + hrel_msgtrace_from_pvm, in one streamed pass that holds
 * the rows and not the events (about 80 bytes per row at the peak), in file
 * order per task. A file it cannot settle so (a task's events out of time
 * order, or an error) is read again that way, holding every event. */
int hrel_msgtrace_import_pvm(const char *path, hrel_msgtrace **out, char *err,
                             size_t errlen);

/* The row kind of PVM call NAME ("send"): a kind, -2 a call that moves no
 * message (counted as computation), -1 one hrel does not model. */
int hrel_msgtrace_pvm_call_kind(const char *name);

/* Build from the preload tracer's task files (tevfile.h): ranks in spawn
 * order (tasks no traced task spawned first, by start time), the group server
 * a rank like any other. Errors (naming the file): a spawned task without a
 * task file, a task file with no end (killed, or cut short; the group server
 * may run on), a message from a task outside the trace (one sent to such a
 * task is kept as a send with no peer, counted in outside), a group call
 * whose root instance never joined. */
struct hrel_tevdir;
int hrel_msgtrace_from_tev(const struct hrel_tevdir *d, hrel_msgtrace **out, char *err,
                           size_t errlen);

/* The same, freeing each task file's records as soon as its rows are built
 * (the peak holds the records or the rows, hardly both): D's files keep
 * their paths and heads but no records after it. */
int hrel_msgtrace_from_tev_consume(struct hrel_tevdir *d, hrel_msgtrace **out, char *err,
                                   size_t errlen);

/* For builders of a trace: with rows grouped by rank, fill first[] and match
 * the receives (an unmatched one is an error); then shift host clocks so
 * messages respect causality (clock_shift_max, clock_bound). */
int hrel_msgtrace_finish(hrel_msgtrace *t, char *err, size_t errlen);
void hrel_msgtrace_align_clocks(hrel_msgtrace *t);

/* Is K a group call (joingroup .. scatter)? */
int hrel_msgkind_is_group(hrel_msgkind k);

/* Where the gap before the row after M begins (the replay's gaps, and
 * gap_cpu's): M's end, or a group call's begin (its inner rows follow it).
 * hrel_msg_gap_at_end: 1 for the end, 0 for the begin. */
int hrel_msg_gap_at_end(const hrel_msg *m);
double hrel_msg_gap_from(const hrel_msg *m);

/* Load msgs.csv. */
int hrel_msgtrace_load(const char *path, hrel_msgtrace **out, char *err, size_t errlen);

/* Rank R's start-up CPU time (s): its first row's gap_cpu_s where that row is
 * its start row and the time is known and > 0 (the preload tracer's reading
 * from the process's fork); NAN otherwise. */
double hrel_msgtrace_startup_cpu(const hrel_msgtrace *t, int r);

/* Write msgs.csv (metadata, header, rows). Return 0, or -1 on a write error. */
int hrel_msgtrace_write(const hrel_msgtrace *t, FILE *fp);

/* Name of a kind ("send"), and the kind of a name (-1 if unknown). */
const char *hrel_msgkind_name(hrel_msgkind k);
int hrel_msgkind_parse(const char *s);

void hrel_msgtrace_free(hrel_msgtrace *t);

#endif
