/* psrs_run -- one rank of Parallel Sorting by Regular Sampling in the seven
 * M-steps of 002 section 4.2 (figure 8), instrumented with pvmsrc/common/mstep.h.
 *
 *   1 POA  rank 0 scatters the N/P segments (N mod P ranks get one more item)
 *   2 AO   every rank sorts its segment, takes a regular sample of P items;
 *          the samples are gathered at rank 0
 *   3 OA   rank 0 merges the P*P samples, selects P-1 pivots, multicasts them
 *   4 AA   every rank cuts its segment by binary search and sends fragment
 *          size j to rank j (all to all, one int each)
 *   5 AA   offsets; fragment j moves to rank j (all to all)
 *   6 AO   every rank merges its P fragments and sends its size to rank 0
 *   7 AO   rank 0 computes the displacements and gathers the sorted segments
 *          directly into their final places
 * Computation is bracketed with hrel_mstep_work_begin/_end, so w_seconds holds
 * only the sequential parts the constants B..J describe; packing, sending,
 * receiving and unpacking belong to the communication. Every step names its
 * pattern (POA, AO, OA, AA) in the trace. Rank 0 generates the input before
 * the common start and verifies the result after step 7 (sorted, item count,
 * order-independent checksum); none of that is timed.
 *
 * Contract: hrel_psrs_run returns 0, or -1 with one line in err naming the
 * step and the problem (a timeout, a message of the wrong length, a failed
 * verification). Nothing here prints or exits.
 */
#ifndef HREL_PSRS_RUN_H
#define HREL_PSRS_RUN_H

#include <stddef.h>
#include <stdint.h>


/* What every rank of one run is told. */
typedef struct hrel_psrs_case {
    int p;                 /* processors (ranks 0..p-1) */
    int rank;              /* this task's rank */
    long n;                /* items to sort */
    int kind;              /* hrel_psrs_kind of the input */
    uint64_t seed;         /* input seed */
    int encoding;          /* PVM encoding for data messages */
    double timeout_s;      /* longest wait for one message */
    int rep;               /* repetition number (metadata) */
    char trace[1024];      /* trace.csv path written by rank 0; "" = no trace */
    char platform[128];    /* platform name (metadata) */
    int tids[1024];        /* tid of every rank */
} hrel_psrs_case;

/* What a run measured on this rank. */
typedef struct hrel_psrs_result {
    double seconds;        /* rank 0: common start to end of step 7 */
    long items;            /* items this rank held after step 6 */
    int sorted;            /* rank 0: result ascending (1/0) */
    int count_ok;          /* rank 0: N items came back (1/0) */
    int checksum_ok;       /* rank 0: same multiset checksum as the input (1/0) */
} hrel_psrs_result;

/* Run this task's part of PSRS for case C; fill *RES. Rank 0 writes C->trace
 * when it is not empty (all ranks send their records to it). */
int hrel_psrs_run(const hrel_psrs_case *c, hrel_psrs_result *res, char *err, size_t errlen);

#endif
