/* trace -- an M-step trace (trace.csv of ../shared/DESIGN.md) in memory.
 *
 * Contract: a trace has p ranks 0..p-1 and R steps 1..R and exactly one row per
 * (step, rank). The file's columns are
 *   rank,step,w_seconds,in_bytes,out_bytes,partners,t_end[,pattern]
 * (any order; extra columns are ignored). `partners` lists the ranks that sent
 * to `rank` in `step`, separated by ';' (Ω_s,i of 002 formula 7 without i;
 * `rank` itself, if listed, is ignored). `t_end` is the time the rank finished
 * the step in seconds since the common start, empty when not measured. The
 * optional column `pattern` names the communication pattern of the step on
 * that rank (E, PP, OA, AO, AA, ...; empty: none) so that per-pattern g and L
 * can be used. hrel_trace_load checks all of this and reports the first
 * problem as "FILE:LINE: ..."; nothing here prints or exits.
 * Limits: ranks and partners 0..HREL_TRACE_MAX_RANK, steps 1..HREL_TRACE_MAX_STEP,
 * and at most 4 x rows + 1024 (rank, step) cells (a grid far larger than the
 * file is refused before allocation); the file as lib/io/csv.h streams it, twice
 * (standard input: read whole, as hrel_csv_read does).
 * hrel_trace_alloc / hrel_trace_load allocate; hrel_trace_free frees (NULL ok).
 */
#ifndef HREL_TRACE_H
#define HREL_TRACE_H

#include <stddef.h>

#define HREL_TRACE_MAX_RANK 1000000   /* largest rank a trace.csv may name */
#define HREL_TRACE_MAX_STEP 100000000 /* largest step a trace.csv may name */
#define HREL_TRACE_PATLEN 16    /* room for a pattern name and its '\0' */

typedef struct hrel_trace_row {
    double w_s;            /* computation time w_s,i in seconds */
    double in_bytes;       /* bytes received in the step */
    double out_bytes;      /* bytes sent in the step */
    double t_end;          /* measured end of the step (s since start), NAN if not measured */
    int *partners;         /* ranks that sent to this rank in the step (distinct, not itself) */
    int npartners;         /* length of partners */
    char pattern[HREL_TRACE_PATLEN]; /* named pattern, "" if none */
    long line;             /* line in the file, 0 if built in memory */
} hrel_trace_row;

typedef struct hrel_trace {
    char *path;            /* file name for messages ("" if built in memory) */
    int nproc;             /* p: ranks are 0..p-1 */
    int nstep;             /* R: steps are 1..R */
    hrel_trace_row *row;   /* row[(step-1)*nproc + rank] */
    int has_pattern;       /* non-zero if some row names a pattern */
} hrel_trace;

/* Allocate an empty trace of NPROC ranks and NSTEP steps (all fields zero, no
 * partners, t_end NAN) for filling in code. */
int hrel_trace_alloc(int nproc, int nstep, hrel_trace **out, char *err, size_t errlen);

/* Free a trace; NULL is fine. */
void hrel_trace_free(hrel_trace *t);

/* The row of RANK (0..p-1) in STEP (1..R), or NULL if out of range. */
hrel_trace_row *hrel_trace_at(const hrel_trace *t, int step, int rank);

/* Set the partners of (STEP, RANK) to the N ranks in P (copied; duplicates and
 * RANK itself dropped). Return non-zero for a rank outside 0..p-1. */
int hrel_trace_set_partners(hrel_trace *t, int step, int rank, const int *p, int n,
                            char *err, size_t errlen);

/* Load and validate PATH ("-" for standard input). */
int hrel_trace_load(const char *path, hrel_trace **out, char *err, size_t errlen);

/* Measured end of STEP: the largest t_end over the ranks, NAN if any is missing. */
double hrel_trace_step_end(const hrel_trace *t, int step);

#endif
