/* hyper_cb -- communication blocks, the four reduction rules of the
 * hyperbolic model (papers/003 section 2) and communication graphs that are
 * reduced to one block per message.
 *
 * Contract. Rules (each returns 0, or -1 for an empty list, a negative
 * parameter or an impossible size):
 *   rule 1 serial:     a = sum a_i;  b = max b_i (independent) | sum b_i (dependent)
 *   rule 2 parallel:   a = min a_i;  1/b = sum 1/b_i (independent) | b = min b_i (dependent)
 *   rule 3 concurrent: a CB that processes n messages of total size X is, for
 *                      the message of size x_i, a CB (n a, b X / x_i)  (formula 14)
 *   rule 4 general:    a from the small-message graph, b from the large one.
 * Graph. Blocks carry a processor name ("on"); blocks on the same processor
 * are dependent, all others independent. A phase is a set of messages in
 * flight at the same time; each message has a size and a path of stages from
 * source to destination, a stage being one block or alternatives "B1|B2"
 * (parallel interconnection). Reducing message m of phase P: every block of
 * m's path is first scaled by rule 3 over the messages of P whose path uses
 * it; each stage is reduced by rule 2 (alternatives on one processor
 * dependent, across processors independent); the stages are reduced by
 * rule 1 (a = sum; b = max over processors of the sum of b of the stages on
 * that processor, which is rule 1 for the all-dependent and the
 * all-independent case alike).
 * Text form (hrel_hyper_graph_read), one statement a line, '#' comments:
 *   block NAME a=SECONDS b=SECONDS_PER_BYTE [on=PROCESSOR]
 *   phase NAME                      (messages below belong to it; default "main")
 *   message NAME path=S1,S2,...  [size=BYTES]     (a stage Si is B or B1|B2|...)
 *   reduce [PHASE:]MESSAGE          (a result line: rules 1-3)
 *   general NAME small=[PHASE:]MSG large=[PHASE:]MSG   (a result line: rule 4)
 * Limits: a stage holds at most HREL_HYPER_MAX_ALT alternatives (a longer one is
 * refused when the message is added, naming FILE:LINE when read from text); a line
 * at most 4095 characters and 64 words. Errors name FILE:LINE. The caller frees a graph with
 * hrel_hyper_graph_free.
 */
#ifndef HREL_HYPER_CB_H
#define HREL_HYPER_CB_H

#include <stddef.h>

#include "hyper.h"

#define HREL_HYPER_MAX_ALT 64   /* most alternatives B1|B2|... in one stage */

/* Rule 1: N blocks in series, all DEPENDENT (1) or all independent (0). */
int hrel_hyper_cb_serial(const hrel_hyper_cb *cb, size_t n, int dependent,
                         hrel_hyper_cb *out);

/* Rule 2: N blocks in parallel, all DEPENDENT (1) or all independent (0). */
int hrel_hyper_cb_parallel(const hrel_hyper_cb *cb, size_t n, int dependent,
                           hrel_hyper_cb *out);

/* Rule 3 (formula 14): CB processes N messages of total size X_TOTAL; the
 * equivalent block for the message of size X_I (0 < X_I <= X_TOTAL). */
int hrel_hyper_cb_concurrent(const hrel_hyper_cb *cb, size_t n, double x_i,
                             double x_total, hrel_hyper_cb *out);

/* Rule 4: a of SMALL (x -> 0 graph), b of LARGE (x -> inf graph). */
void hrel_hyper_cb_general(const hrel_hyper_cb *small, const hrel_hyper_cb *large,
                           hrel_hyper_cb *out);

typedef struct hrel_hyper_graph hrel_hyper_graph;

/* A new empty graph (current phase "main"). Return 0, or -1 out of memory. */
int hrel_hyper_graph_alloc(hrel_hyper_graph **g);

/* Free G; NULL is fine. */
void hrel_hyper_graph_free(hrel_hyper_graph *g);

/* Add block NAME (a, b) on processor ON (NULL: its own processor). */
int hrel_hyper_graph_block(hrel_hyper_graph *g, const char *name, double a, double b,
                           const char *on, char *err, size_t errlen);

/* Make PHASE the phase of the messages added next (created if new). */
int hrel_hyper_graph_phase(hrel_hyper_graph *g, const char *phase, char *err, size_t errlen);

/* Add message NAME of SIZE bytes (> 0) along PATH ("W0,C,L|L2,W1") to the
 * current phase; every block must exist. */
int hrel_hyper_graph_message(hrel_hyper_graph *g, const char *name, double size,
                             const char *path, char *err, size_t errlen);

/* Reduce message MSG of phase PHASE (NULL: the current phase) to one block. */
int hrel_hyper_graph_reduce(const hrel_hyper_graph *g, const char *phase, const char *msg,
                            hrel_hyper_cb *out, char *err, size_t errlen);

/* Read the text form from PATH ("-" for stdin) into a new graph *G. */
int hrel_hyper_graph_read(const char *path, hrel_hyper_graph **g, char *err, size_t errlen);

/* Number of results the graph asks for: its reduce/general lines, or, when it
 * has none, one per message of every phase. */
size_t hrel_hyper_graph_nresult(const hrel_hyper_graph *g);

/* Result I: its label into NAME[0..NAMELEN) and its block into *OUT. */
int hrel_hyper_graph_result(const hrel_hyper_graph *g, size_t i, char *name, size_t namelen,
                            hrel_hyper_cb *out, char *err, size_t errlen);

#endif
