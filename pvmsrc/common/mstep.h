/* mstep -- M-step instrumentation of a PVM program (002 §2: BSPWB and MPM).
 *
 * A program of p tasks (ranks 0..p-1) runs R M-steps; in every M-step each task
 * computes, sends what the others need and receives what it needs for the next
 * step. This module records, per task and step, the row of trace.csv
 * (../shared/DESIGN.md):  rank,step,w_seconds,in_bytes,out_bytes,partners,t_end
 * (plus an optional last column `pattern`, see hrel_mstep_pattern).
 *
 * How a program uses it (every task, ranks 0..p-1, TIDS[r] = tid of rank r):
 *
 *     double t0;
 *     hrel_mstep *m;
 *     // common start: the coordinator (a rank or a separate master) calls
 *     // hrel_mstep_go_send, every other task hrel_mstep_go_recv
 *     if (rank == 0) hrel_mstep_go_send(tids, p, &t0, err, sizeof err);
 *     else           hrel_mstep_go_recv(tids[0], 60.0, &t0, err, sizeof err);
 *     hrel_mstep_init(rank, p, tids, t0, &m, err, sizeof err);
 *     for (s = 1; s <= R; s++) {
 *         hrel_mstep_begin(m, err, sizeof err);
 *         ... compute ...
 *         pvm_initsend(enc); pvm_pkdouble(buf, n, 1);
 *         hrel_mstep_send(m, peer, tag, err, sizeof err);        // counts bytes out
 *         hrel_mstep_recv(m, peer, tag, 60.0, NULL, err, sizeof err); // bytes in, partner
 *         pvm_upkdouble(buf, n, 1);
 *         hrel_mstep_end(m, err, sizeof err);
 *     }
 *     // gather: every task that is not the collector sends, the collector
 *     // (rank 0 here) receives all rows and writes trace.csv
 *     if (rank != 0) {
 *         hrel_mstep_send_records(m, tids[0], err, sizeof err);
 *         hrel_mstep_wait_done(tids[0], 60.0, err, sizeof err);   // then exit
 *     } else
 *         hrel_mstep_collect(m, p, tids, 60.0, "trace.csv", meta, err, sizeof err);
 *     hrel_mstep_free(m);
 *
 * Why hrel_mstep_wait_done: a master that spawned its workers with
 * hrel_vm_spawn gets an exit notice when one exits, and hrel_vm_recv (used by
 * hrel_mstep_recv) reports any such notice as an error. A worker that exits as
 * soon as it has sent its rows could so break the master's last M-step
 * receives. hrel_mstep_collect itself ignores notices (it waits with a
 * timeout for each rank's rows) and, once it has all rows (or gives up), sends
 * HREL_TAG_MSTEP_DONE to every task; hrel_mstep_wait_done waits for it.
 *
 * What is recorded:
 * - out_bytes / in_bytes: the length of every message sent with hrel_mstep_send /
 *   hrel_mstep_mcast and received with hrel_mstep_recv, as pvm_bufinfo reports it
 *   (the packed bytes: for doubles packed raw or XDR that is 8 per value;
 *   packed ints add 4 each). Messages moved with plain pvm_* calls are not
 *   seen; declare them with hrel_mstep_count. Caution: with PvmDataInPlace
 *   the sender's buffer holds only references, and pvm_bufinfo reports 0
 *   bytes for it, so out_bytes stays 0 (in_bytes is right): instrumented
 *   programs use PvmDataRaw (hrel_psrs, hrel_fft and the demo do), or declare
 *   the bytes with hrel_mstep_count.
 * - partners: the distinct ranks other than itself a task received from in the
 *   step (the incoming partner set Ω_s,i of 002 formula 7 without i).
 * - w_seconds: if the step called hrel_mstep_work_begin/_end, the sum of those
 *   intervals; otherwise the step's wall time (begin to end) minus the time
 *   spent inside hrel_mstep_send/_mcast/_recv (so packing and unpacking count as
 *   computation; bracket the work explicitly when that matters).
 * - t_end: hrel_clock_now() at hrel_mstep_end minus the common start t0.
 *
 * The common start t0: hrel_mstep_go_send reads the clock, multicasts that
 * reading to the other tasks and returns it; hrel_mstep_go_recv waits for it.
 * A receiver on the same host as the sender (pvm_tidtohost) takes the sender's
 * reading as its t0 (CLOCK_MONOTONIC is shared by all processes of a host, so
 * all t_end of one host share one origin exactly); a receiver on another host
 * takes its own clock at the arrival of the message (clocks of different hosts
 * are unrelated), so its origin is late by the one-way latency of that message
 * and its t_end values are too small by as much (tens of microseconds to a
 * millisecond on a LAN). Each task's own
 * intervals (w, step lengths) are always exact differences of its own clock.
 *
 * Steps count from 1 in the order of hrel_mstep_begin calls; every task must
 * run the same number of steps (the collector checks). Steps should follow each
 * other without gaps (begin of s+1 right after end of s): time between steps
 * belongs to no step.
 *
 * Contract: every function returns 0 on success and non-zero on failure with
 * one readable line in the caller's buffer `err` (may be NULL); nothing here
 * prints or exits. One hrel_mstep per task, not shared between threads.
 * hrel_mstep_init allocates; hrel_mstep_free frees (NULL is fine).
 */
#ifndef HREL_MSTEP_H
#define HREL_MSTEP_H

#include "tags.h"

#include <stddef.h>


typedef struct hrel_mstep hrel_mstep;   /* one task's recorder (opaque) */

/* ---- common start ----------------------------------------------------- */

/* Coordinator: read the clock into *t0, multicast it (tag HREL_TAG_MSTEP_GO)
 * to the N tasks in TIDS except the caller itself. */
int hrel_mstep_go_send(const int *tids, int n, double *t0, char *err, size_t errlen);

/* Other tasks: wait up to TIMEOUT_S seconds (<= 0: forever) for the GO message
 * from FROM_TID (-1: anyone) and set *t0 (see the header comment). */
int hrel_mstep_go_recv(int from_tid, double timeout_s, double *t0, char *err,
                       size_t errlen);

/* ---- recorder ------------------------------------------------------- */

/* Create the recorder of task RANK of NPROC; TIDS[r] is the tid of rank r
 * (copied), T0 the common start from hrel_mstep_go_send/_recv. */
int hrel_mstep_init(int rank, int nproc, const int *tids, double t0, hrel_mstep **out,
                    char *err, size_t errlen);

/* Free a recorder; NULL is fine. */
void hrel_mstep_free(hrel_mstep *m);

/* Start the next M-step (1, 2, ...). Fails if a step is already open. */
int hrel_mstep_begin(hrel_mstep *m, char *err, size_t errlen);

/* End the open M-step and store its row. Fails if no step is open. */
int hrel_mstep_end(hrel_mstep *m, char *err, size_t errlen);

/* Bracket computation inside the open step; w of the step becomes the sum of
 * the bracketed intervals. work_end without work_begin is an error. */
int hrel_mstep_work_begin(hrel_mstep *m, char *err, size_t errlen);
int hrel_mstep_work_end(hrel_mstep *m, char *err, size_t errlen);

/* Name the communication pattern of the open step ("E", "PP", "OA", "AO",
 * "AA", ... at most 15 characters, no ',' or ';'); written in the optional
 * `pattern` column so `hrel model --fit` uses that pattern's g and L. */
int hrel_mstep_pattern(hrel_mstep *m, const char *pattern, char *err, size_t errlen);

/* Declare traffic moved outside the wrappers: IN_BYTES received from rank
 * FROM_RANK (-1: none, e.g. only sending) and OUT_BYTES sent, in the open step. */
int hrel_mstep_count(hrel_mstep *m, long in_bytes, long out_bytes, int from_rank,
                     char *err, size_t errlen);

/* ---- communication wrappers (count bytes and partners) ------------- */

/* pvm_send the active send buffer to rank DEST with TAG; add its length to
 * out_bytes of the open step. */
int hrel_mstep_send(hrel_mstep *m, int dest_rank, int tag, char *err, size_t errlen);

/* pvm_mcast the active send buffer to the N ranks in DESTS with TAG; add its
 * length once per destination other than the caller to out_bytes. */
int hrel_mstep_mcast(hrel_mstep *m, const int *dest_ranks, int n, int tag,
                     char *err, size_t errlen);

/* Receive a message with TAG (-1 any) from rank SRC_RANK (-1 any of the
 * ranks) within TIMEOUT_S seconds (<= 0: forever); it becomes the active
 * receive buffer (unpack with pvm_upk*). Add its length to in_bytes and its
 * sender to the partners of the open step; set *from_rank (may be NULL). */
int hrel_mstep_recv(hrel_mstep *m, int src_rank, int tag, double timeout_s,
                    int *from_rank, char *err, size_t errlen);

/* ---- gathering and writing trace.csv -------------------------------- */

/* Send all recorded rows of this task to the collector COLLECTOR_TID (tag
 * HREL_TAG_MSTEP_REC). Fails if a step is still open. */
int hrel_mstep_send_records(const hrel_mstep *m, int collector_tid, char *err,
                            size_t errlen);

/* Task: wait up to TIMEOUT_S seconds (<= 0: forever) for the collector's
 * HREL_TAG_MSTEP_DONE; call it after hrel_mstep_send_records, before exiting. */
int hrel_mstep_wait_done(int collector_tid, double timeout_s, char *err, size_t errlen);

/* Collector: receive the rows of the NPROC ranks in TIDS (each within
 * TIMEOUT_S seconds), except the collector's own rows which come from OWN (NULL
 * when the collector is not one of the ranks), check that every rank has the
 * same number of steps, and write PATH as trace.csv: first "# key: value"
 * lines from META (NULL-terminated list of "key: value" strings, may be NULL)
 * and "# mstep_*" lines (ranks, steps, hosts, what t_end means), then the
 * header and rows sorted by step, then rank. The `pattern` column is written
 * only if some step named one. Exit notices are left in the queue (a rank that
 * died shows as "no records from rank R ... within TIMEOUT_S s"). At the end,
 * success or not, every task but the collector is sent HREL_TAG_MSTEP_DONE. */
int hrel_mstep_collect(const hrel_mstep *own, int nproc, const int *tids,
                       double timeout_s, const char *path, const char *const *meta,
                       char *err, size_t errlen);

#endif
