/* msteps -- infer the M-steps of a message-level trace (msgtrace.h) with no
 * change to the program, and build its trace.csv rows (trace.h).
 *
 * Contract: every send, mcast and receive gets a step number so that
 *  - on each rank steps never decrease, and a rank turning from receiving to
 *    sending starts a new step (rule "switch", the default; with rule
 *    "marker" only markers start steps);
 *  - a message is received in the step it was sent in (002's M-step: compute,
 *    send, receive what the next step needs).
 * The smallest such numbering is found by relaxation. Where none exists (a
 * receive that its rank can only reach after a later step, e.g. messages of
 * one pair received out of order) the error names the rank, the event and
 * its line, and suggests --tags or a marker. Helpers for irregular programs:
 *  - tags: only messages with a tag in this list take part; the others count
 *    as computation;
 *  - marker: a send with this tag (a user may add `pvm_send(pvm_mytid(),
 *    TAG)` with its receive; both are dropped) starts a new step on its rank.
 * The messages to and from PVM's group server (the trace's group_server rank:
 * joins, barriers, lookups) take no part either: they count as computation
 * (a barrier's wait is in w), so a program with group calls gets steps from
 * its data messages (bcast's multicast, reduce's, gather's, scatter's sends).
 * Row (step, rank): w = the gaps between the rank's communication calls of
 * the step (from the end of its previous kept call, or its start), plus the
 * rank's tail (last call to exit) on its last step; in/out bytes (a mcast
 * counts once per destination); partners the source ranks; t_end the end of
 * its last call in the step (NAN when it has none); pattern E, OA, POA, AO or
 * AA when the step's sends across all ranks form one, else "".
 * Allocates the trace; the caller frees it with hrel_trace_free.
 * hrel_msteps_number gives the step numbers alone (what the table is made
 * from) and hrel_msteps_write_steps writes trace.csv from them step by step,
 * holding one step's rows (hrel trace import of millions of events): the same
 * text as hrel_msteps_write_trace of hrel_msteps_infer's table.
 */
#ifndef HREL_MSTEPS_H
#define HREL_MSTEPS_H

#include <stddef.h>
#include <stdio.h>

#include "msgtrace.h"
#include "trace.h"

typedef struct hrel_msteps_opt {
    int marker_only;       /* 1: rule "marker", steps start only at markers */
    int marker_tag;        /* marker tag, -1 for none */
    const int *tags;       /* tag class: only these tags count; NULL: all */
    int ntags;
} hrel_msteps_opt;

/* Parse a rule option "switch" or "marker" into OPT. Return 0, or -1. */
int hrel_msteps_parse_rule(const char *s, hrel_msteps_opt *opt, char *err, size_t errlen);

/* Infer the steps of T; on success set *OUT (and *STEP_OF, if not NULL, to a
 * malloc'ed array of T->n step numbers, 0 for rows outside any step). */
int hrel_msteps_infer(const hrel_msgtrace *t, const hrel_msteps_opt *opt, hrel_trace **out,
                      int **step_of, char *err, size_t errlen);

/* The step numbers of T alone: *STEP a malloc'ed array of T->n (0 for rows
 * outside any step), *NSTEP the steps; the same numbers and the same errors as
 * hrel_msteps_infer. Return 0, or -1 (ERR). */
int hrel_msteps_number(const hrel_msgtrace *t, const hrel_msteps_opt *opt, int **step,
                       int *nstep, char *err, size_t errlen);

/* Write trace T as trace.csv (with the pattern column). Return 0, or -1. */
int hrel_msteps_write_trace(const hrel_trace *t, FILE *fp);

/* Write the trace.csv of T's steps STEP[0..T->n) (1..NSTEP, from
 * hrel_msteps_number) to FP, step by step: the text hrel_msteps_write_trace
 * writes of hrel_msteps_infer's table. Return 0, or -1 (a write error, or out
 * of memory). */
int hrel_msteps_write_steps(const hrel_msgtrace *t, const int *step, int nstep, FILE *fp);

/* One rank's part of a step, as the table's row holds it: computation W (s),
 * bytes received IN and sent OUT, the end T_END of its last call (the previous
 * step's when idle), its partners PART[part .. part + npart) of the step's
 * partner array (each once, itself left out). */
typedef struct hrel_msteps_cell {
    double w, in, out, t_end;
    size_t part, npart;
} hrel_msteps_cell;

/* Called by hrel_msteps_walk for each step S (1..nstep): CELL[0..nproc) per
 * rank, PART their partners, PATTERN the step's ("" if none). Non-zero stops
 * the walk. */
typedef int (*hrel_msteps_visit)(void *ctx, int s, const hrel_msteps_cell *cell,
                                 const int *part, const char *pattern);

/* Walk T's steps STEP[0..T->n) (1..NSTEP, from hrel_msteps_number) in order,
 * holding one step's cells: the one rule for what a step's row holds (the
 * table of hrel_msteps_infer and hrel_msteps_write_steps both come from it).
 * Return 0, or -1 (out of memory, or VISIT returned non-zero). */
int hrel_msteps_walk(const hrel_msgtrace *t, const int *step, int nstep,
                     hrel_msteps_visit visit, void *ctx);

/* The pattern ("E", "OA", "POA", "AO", "AA" or "") of the step whose sends
 * and mcasts are T's rows ROWS[0..NR) (in row order); TO: a zeroed p x p
 * scratch array, left zeroed. */
const char *hrel_msteps_pattern(const hrel_msgtrace *t, const size_t *rows, size_t nr, int *to);

#endif
