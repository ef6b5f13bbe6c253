/* pattern -- one communication pattern of the benchmark, as the worker runs it.
 *
 * Contract: a pattern is a `static const hrel_pattern` in its own file
 * pvmsrc/pat_<name>.c (netgauge style) whose header comment says how it
 * measures; hrel_pattern_find() looks it up in the table of pattern.c. Its
 * `run` function executes ONE timed repetition on rank c->rank of c->p: only
 * sends and receives, through the helpers below (which pack from the send slot
 * of the destination and unpack into the receive slot of the source). The
 * caller fills the send slots before and checks the receive slots after the
 * timed region, so `run` never computes. Message size c->msg_bytes comes from
 * formula (4) (lib/base/hrelation.h). Helpers return 0, or -1 with c->err filled.
 */
#ifndef HREL_PATTERN_H
#define HREL_PATTERN_H

#include <stddef.h>

#include "hrelation.h"
#include "hrel_limits.h"
#include "tags.h"
#include "patterns.h"


typedef struct hrel_pat_ctx {
    int rank;                /* this task's rank in the case, 0..p-1 */
    int p;                   /* processors in the case */
    const int *tids;         /* tids[r] = PVM tid of rank r */
    size_t msg_bytes;        /* size of each message */
    long rep;                /* repetition index (warm-ups are negative) */
    int encoding;            /* PvmDataInPlace / PvmDataRaw / PvmDataDefault */
    double timeout_s;        /* longest wait for one message (<= 0: forever) */
    int poll;                /* 1: receives poll (pvm_nrecv) instead of blocking */
    unsigned char *sbuf;     /* send slots: slot d (to rank d) at d * msg_bytes */
    unsigned char *rbuf;     /* receive slots: slot s (from rank s) at s * msg_bytes */
    int *got;                /* got[s] = 1 once a message from rank s was unpacked */
    int bcast;               /* 1 if messages are broadcasts (content dest = -1) */
    char *err;               /* message buffer for failures */
    size_t errlen;           /* its size */
} hrel_pat_ctx;

/* How the benchmark runs a pattern. What the pattern IS (title, what is
 * timed, formula 4, even processor counts, broadcast or personalised) is in
 * the registry lib/base/patterns.h, looked up by name through `info`. */
typedef struct hrel_pattern {
    const char *name;        /* raw.csv pattern code, e.g. "PP": its registry key */
    int (*run)(hrel_pat_ctx *c);        /* one timed repetition on c->rank */
    int (*sends_to)(int rank, int p, int dest);   /* 1 if rank sends to dest */
} hrel_pattern;

/* Look up pattern NAME; NULL if unknown to the registry or not implemented. */
const hrel_pattern *hrel_pattern_find(const char *name);

/* The registry entry of PAT (never NULL for a pattern hrel_pattern_find gave). */
const hrel_patinfo *hrel_pattern_info(const hrel_pattern *pat);

/* Check that every registry pattern has an implementation here and every
 * implementation a registry entry. Return 0, or -1 naming the first mismatch. */
int hrel_pattern_check(char *err, size_t errlen);

/* The PP and POA steps, shared with PAIRS and SB (the same sends under the
 * names the hyperbolic experiments use). */
int hrel_pat_pp_run(hrel_pat_ctx *c);
int hrel_pat_pp_sends_to(int rank, int p, int dest);
int hrel_pat_poa_run(hrel_pat_ctx *c);
int hrel_pat_poa_sends_to(int rank, int p, int dest);

/* Send slot DEST to rank DEST. */
int hrel_pat_send(hrel_pat_ctx *c, int dest);

/* Send slot 0 to every rank in DESTS[0..N) with one pvm_mcast. */
int hrel_pat_mcast(hrel_pat_ctx *c, const int *dests, int n);

/* Receive one message from rank SRC (-1: any rank of the case) into the
 * receive slot of its sender, checking its length. Blocks in pvm_trecv, or
 * with c->poll spins on pvm_nrecv (no scheduler wake-up in the timed region;
 * only when the rank has a cpu of its own). */
int hrel_pat_recv(hrel_pat_ctx *c, int src);

/* Receive N messages from any ranks of the case (hrel_pat_recv(c, -1) N times). */
int hrel_pat_recv_any(hrel_pat_ctx *c, int n);

/* Send slot 0 to ranks rank+1, ..., rank+K (mod p), in that order. */
int hrel_pat_send_next(hrel_pat_ctx *c, int k);

#endif
