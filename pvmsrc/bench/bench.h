/* bench -- the protocol between the pattern benchmark's master (hrel_bench)
 * and its workers (hrel_bworker), and the shared description of one case.
 *
 * Contract: control messages are small, XDR-encoded (PvmDataDefault) and use
 * the tags below; data messages use HREL_TAG_DATA (pattern.h) only. Once, when
 * a worker starts, it sends INFO (its machine's boot id and cpu count, so the
 * master knows which ranks share CPUs, also across network namespaces). Per case:
 *   master -> each rank   CASE  (pattern, p, rank, msg_bytes, tids, options)
 *   rank  <-> other ranks HELLO (tiny, untimed: opens the direct routes both ways)
 *   rank   -> master      READY (status; send slots filled for the first rep)
 *   clock sync: master -> rank SYNC (empty), rank -> master SYNC (its clock),
 *           several times per rank, at the start of a case and every few s
 *   repeat: master -> each rank GO (rep, stop=0, start time in that rank's clock)
 *           rank  -> master REPORT (status, rep, elapsed, start lag, error text)
 *           status 0 ok, 1 failure (text says why), 2 GO came after the start
 *           time (the repetition is void and repeated with a larger margin)
 *   master -> ranks GO (stop=1); a CASE with p = 0 tells a worker to exit.
 * A worker waits until the start time, then times until the end of its part of
 * the pattern (hrel_clock_now); the master takes the maximum over the ranks.
 */
#ifndef HREL_BENCH_H
#define HREL_BENCH_H

#include <stddef.h>

#include "hrel_limits.h"
#include "tags.h"


#define HREL_REPORT_OK   0
#define HREL_REPORT_FAIL 1
#define HREL_REPORT_LATE 2

#define HREL_PATNAME_MAX 16
#define HREL_ERRTEXT_MAX 256

typedef struct hrel_case {
    char pattern[HREL_PATNAME_MAX]; /* pattern code, e.g. "AA"; p == 0 means quit */
    int p;                          /* processors taking part */
    int rank;                       /* the receiver's rank (filled per worker) */
    long msg_bytes;                 /* bytes of each message (formula 4) */
    int tids[HREL_MAX_RANKS];       /* tids of ranks 0..p-1 */
    int encoding;                   /* PVM data encoding of data messages */
    int route;                      /* PVM routing of data messages */
    double timeout_s;               /* longest wait for one data message */
    double spin_s;                  /* spin on the clock this long before the start
                                       (0: sleep only, when ranks share CPUs) */
    int poll;                       /* 1: wait for data messages by polling
                                       (pvm_nrecv), 0: blocking pvm_trecv */
    long first_rep;                 /* index of the first repetition (-warm-ups) */
    long corrupt_rep;               /* fault injection: rep in which this rank
                                       corrupts one outgoing byte (LONG_MIN: never) */
    long drop_rep;                  /* fault injection: rep in which this rank sends
                                       nothing (LONG_MIN: never) */
} hrel_case;

/* Pack C into the active send buffer (after pvm_initsend). Return 0 or -1. */
int hrel_case_pack(const hrel_case *c);

/* Unpack a case from the active receive buffer. Return 0 or -1. */
int hrel_case_unpack(hrel_case *c);

/* This machine's identity (kernel boot id: the same in every network
 * namespace of one machine) into BUF. */
void hrel_machine_id(char *buf, size_t len);

#endif
