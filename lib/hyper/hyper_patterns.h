/* hyper_patterns -- hyperbolic-model predictions for the communication
 * patterns of papers/003 section 3, for any number of processors.
 *
 * Contract. The platform is the system of section 3: a workstation block
 * CB_W (aW, bW) at each end of a message, the shared network CB_C (aC, bC)
 * and a latency block CB_L (aL, b_L = 0) in front of the receiver; send and
 * receive are non-preemptive. Seconds and seconds per byte throughout.
 * Each pattern is reduced to one equivalent block (a, b); T_c(x) = T(x; a, b).
 *   PAIRS  n = procs/2 disjoint pairs 2i -> 2i+1 at once (formula 16): graph
 *          reduction (rules 1, 3): a = 2aW + n aC + aL, b = max(bW, n bC).
 *   NB     every processor sends one message to each of K neighbours
 *          (i -> i+1..i+K mod procs) at once (section 3.3): graph reduction
 *          with separate send and receive workstation blocks:
 *          a = 2K aW + K procs aC + aL, b = max(K procs bC, K bW).
 *   BT     binary-tree broadcast from rank 0 (i sends to 2i+1, then 2i+2),
 *   SB     serial broadcast (rank 0 sends to 1, 2, ..., procs-1),
 *   RED    global reduction of p4 (section 3.2: values up the same tree, then
 *          rank 0 sends the result to 1, ..., procs-1):
 *          a = completion time of the small-message schedule, walked event by
 *          event (a send costs the sender aW, the message then needs aC + aL,
 *          the receiver spends aW; a processor does one thing at a time);
 *          b = sum over the rounds of the large-message schedule (a send
 *          occupies sender and receiver for one round; a round with n
 *          transmissions, r of them into one receiver, costs
 *          max(n bC, r bW) per byte, rule 3); combined by rule 4.
 * T_s and T_r (figure 8) are given for PAIRS, the one pattern with a single
 * message path between two processes.
 */
#ifndef HREL_HYPER_PATTERNS_H
#define HREL_HYPER_PATTERNS_H

#include <stddef.h>

#include "hyper.h"

typedef struct hrel_hyper_sys {
    double aW;   /* workstation fixed service time, s */
    double bW;   /* workstation incremental service time, s/B */
    double aC;   /* network fixed service time (medium access), s */
    double bC;   /* network incremental service time (1/bandwidth), s/B */
    double aL;   /* latency block delay L, s (its b is 0) */
} hrel_hyper_sys;

typedef enum {
    HREL_HYPER_PAIRS,   /* n disjoint pairs */
    HREL_HYPER_BT,      /* binary-tree broadcast */
    HREL_HYPER_SB,      /* serial broadcast */
    HREL_HYPER_RED,     /* global reduction (p4 scheme) */
    HREL_HYPER_NB       /* neighbour exchange, K neighbours */
} hrel_hyper_pat;

typedef struct hrel_hyper_pred {
    hrel_hyper_cb eq;     /* equivalent block: T_c(x) = T(x; eq.a, eq.b) */
    int has_tsr;          /* 1 if ts/tr below are defined (PAIRS) */
    hrel_hyper_cb ts;     /* sending time T_s(x) = T(x; ts.a, ts.b) */
    hrel_hyper_cb tr;     /* receiving time T_r, single message (upper bound) */
    hrel_hyper_cb tr_min; /* receiving time lower bound T_CBn */
} hrel_hyper_pred;

/* Parse "PAIRS", "BT", "SB", "RED", "NB" (any case). Return 0, or -1. */
int hrel_hyper_pat_parse(const char *s, hrel_hyper_pat *out);

/* The raw.csv code of P. */
const char *hrel_hyper_pat_name(hrel_hyper_pat p);

/* Check S: all parameters finite and >= 0. Return 0, or -1 with a message. */
int hrel_hyper_sys_check(const hrel_hyper_sys *s, char *err, size_t errlen);

/* K of the NB benchmark pattern (pvmsrc/bench/pat_nb.c) on PROCS processors:
 * min(4, procs - 1), the four neighbours of a 2-D decomposition (figure 14). */
int hrel_hyper_nb_default_k(int procs);

/* Predict pattern PAT on PROCS processors (K neighbours for NB, ignored
 * otherwise); PREEMPTIVE selects the preemptive T_s/T_r of figure 8. Return
 * 0, or -1 with a message for an impossible case (PAIRS with odd procs, NB
 * with K outside 1..procs-1, procs < 2). */
int hrel_hyper_predict(hrel_hyper_pat pat, const hrel_hyper_sys *s, int procs, int k,
                       int preemptive, hrel_hyper_pred *out, char *err, size_t errlen);

#endif
