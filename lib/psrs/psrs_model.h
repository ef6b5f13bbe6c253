/* psrs_model -- the BSPWB time of PSRS in seven M-steps, formulas 19-25 of
 * 002 (Roda et al. 1999, section 4.2), and the error of formula 18.
 *
 * Contract: N/P is evaluated as a real number and log is log2, as the
 * constants program (hrel_psrs_constants) measures B and F. h-relations are
 * counted in items as in 002 and turned into bytes with WORD_BYTES (4 for the
 * 32-bit ints hrel_psrs sorts), because hrel's g is in seconds per byte. Each
 * step s has its own g[s-1], L[s-1] so that a per-pattern fit can price each
 * step with the pattern it uses (see hrel_psrs_step_pattern); pass the same
 * value seven times for a pooled fit. Nothing here prints or exits; readers
 * report "FILE:LINE: problem" in the caller's buffer `err`.
 *
 *   s  work term (constants)          h (items, @ = sum, busiest processor)
 *   1  -                              (P-1) N/P         POA  scatter from 0
 *   2  B (N/P) log2(N/P) + C P        P (P-1)           AO   samples to 0
 *   3  D P^2 + E (P-1)                (P-1)(P-1)        OA   pivots from 0
 *   4  F (P-1) log2(N/P)              2 (P-1)           AA   fragment sizes
 *   5  H (P-1)                        2 (P-1) N/P^2     AA   fragments
 *   6  I N/P                          P-1               AO   sizes to 0
 *   7  J (P-1)                        (P-1) N/P         AO   gather at 0
 *   T_s = T_{s-1} + work_s + g_s h_s + L_s,  T_0 = 0.
 */
#ifndef HREL_PSRS_MODEL_H
#define HREL_PSRS_MODEL_H

#include <stddef.h>

#define HREL_PSRS_STEPS 7   /* M-steps of PSRS in 002 */

/* Computational constants of one processor count, seconds per unit of the
 * term each multiplies (see the table above). */
typedef struct hrel_psrs_consts {
    int procs;     /* P they were measured for */
    long n;        /* N (items) they were measured for */
    double B;      /* local sort, per (N/P) log2(N/P) */
    double C;      /* regular sample, per sampled item (P) */
    double D;      /* merge of the samples, per P^2 */
    double E;      /* pivot selection, per pivot (P-1) */
    double F;      /* binary searches, per (P-1) log2(N/P) */
    double H;      /* fragment offsets, per (P-1) */
    double I;      /* merge of the P fragments, per N/P */
    double J;      /* displacements at the root, per (P-1) */
} hrel_psrs_consts;

/* Prediction of one M-step. */
typedef struct hrel_psrs_step {
    double work_s;     /* computation term of the step */
    double h_items;    /* h-relation in items (002's count) */
    double h_bytes;    /* the same in bytes (h_items * word_bytes) */
    double comm_s;     /* g h_bytes + L */
    double step_s;     /* work_s + comm_s */
    double t_s;        /* T_s: cumulative BSPWB time at the end of the step */
} hrel_psrs_step;

/* Pattern whose g/L price step S (1..7): "POA", "AO", "OA" or "AA"; NULL
 * outside 1..7. */
const char *hrel_psrs_step_pattern(int s);

/* Formulas 19-25 for N items on P processors: fill STEP[0..7). G and L hold
 * one value per step (s/byte, s). Return 0, or -1 with a message if N < P*P,
 * P < 2, WORD_BYTES <= 0 or a value is not finite. */
int hrel_psrs_predict(double n, int p, double word_bytes, const hrel_psrs_consts *k,
                      const double *g, const double *L, hrel_psrs_step *step,
                      char *err, size_t errlen);

/* Formula 18: 100 (actual - model) / actual; NaN when actual is 0. */
double hrel_psrs_error_pct(double actual_s, double model_s);

/* Read the constants file PATH (format in docs/psrs.md: header
 * procs,n,B,C,D,E,F,H,I,J) and return the row for P in *K; when several rows
 * have P, the one whose n is closest to N. Return 0, or -1 with
 * "PATH:LINE: problem" or "PATH: no constants for P=..." in err. */
int hrel_psrs_consts_read(const char *path, int p, long n, hrel_psrs_consts *k,
                          char *err, size_t errlen);

/* Header line and row format of the constants file (no newline in the header). */
#define HREL_PSRS_CONSTS_HEADER "procs,n,B,C,D,E,F,H,I,J"

/* g and L per step from the fit CSV PATH (rows pattern,procs,g,L,r2,n of
 * `hrel fit --csv`). MODE "pooled": the ALL row (procs P if present, else
 * "all") for every step; MODE "steps": each step its own pattern
 * (hrel_psrs_step_pattern); MODE a pattern name (POA, AO, OA, AA, E, PP): that
 * pattern for every step. A pattern's row with procs = P is preferred to its
 * "all" row. Return 0, or -1 with "PATH: no fit for pattern X at P=..." or
 * "PATH:LINE: problem" in err. */
int hrel_psrs_gl_from_fit(const char *path, const char *mode, int p,
                          double *g, double *L, char *err, size_t errlen);

#endif
