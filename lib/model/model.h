/* model -- BSP, BSP Without Barriers (BSPWB) and Message Passing Machine (MPM,
 * the same as EBSP) predictions of a program from its M-step trace.
 *
 * Formulas (002 = Roda et al. 1999, 000 = Rodríguez et al. EuroPar'98):
 *   h_s,i   = in_s,i @ out_s,i, @ in {+, max}                       (002 f. 6)
 *   BSP     superstep s: W_s + max_i(g h_s,i + L), W_s = max_i w_s,i;
 *           total = sum over s                                   (002 f. 3)
 *   BSPWB   T_1 = max_i w_1,i + max_i(g h_1,i + L),
 *           T_s = T_s-1 + max_i w_s,i + max_i(g h_s,i + L)        (002 f. 5)
 *   MPM     Ω_s,i = {j : j sends to i in step s} ∪ {i}             (002 f. 7)
 *           H_s,i = max{h_s,j : j in Ω_s,i}                          (002 f. 9)
 *           Φ_1,i = max{w_1,j : j in Ω_1,i} + g H_1,i + L,
 *           Φ_s,i = max{Φ_s-1,j + w_s,j : j in Ω_s,i} + g H_s,i + L  (002 f. 8)
 *           Ψ = max_j Φ_R,j                                           (002 f. 10)
 *   Error   = 100 (actual - model) / actual                          (002 f. 18)
 * g and L may differ per (step, rank): the caller passes one hrel_model_gl per
 * trace row (the same everywhere for pooled parameters; per pattern when the
 * trace names patterns, see hrel_model_gl_from_fit). For row (s,i) the MPM and
 * BSPWB terms use that row's g and L.
 *
 * Contract: inputs first, outputs last; output arrays are caller-allocated
 * with the sizes given; return 0, or non-zero with a message in err. Nothing
 * here prints or exits.
 */
#ifndef HREL_MODEL_H
#define HREL_MODEL_H

#include <stddef.h>

#include "op.h"
#include "trace.h"

typedef struct hrel_model_gl {
    double g;      /* gap, seconds per byte */
    double L;      /* latency, seconds */
} hrel_model_gl;


/* Fill GL[(s-1)*p+i] (R*p entries) with the same G and L. */
void hrel_model_gl_fill(const hrel_trace *t, double g, double L, hrel_model_gl *gl);

/* Fill GL from the rows "pattern,procs,g,L,..." of `hrel fit --csv` in PATH:
 * a row (s,i) without a pattern takes the pooled row (pattern ALL, procs all);
 * a row naming pattern X takes row (X, p) with p the trace's rank count, else
 * (X, all). A missing row is an error naming the pattern. */
int hrel_model_gl_from_fit(const hrel_trace *t, const char *path, hrel_model_gl *gl,
                           char *err, size_t errlen);

/* *GL = a new array of one entry per trace row (R*p), from the fit file FIT as
 * hrel_model_gl_from_fit when FIT is not NULL, else G and L everywhere. The caller
 * frees *GL. Return 0, or -1 with the reason in err (*GL NULL). */
int hrel_model_gl_new(const hrel_trace *t, const char *fit, double g, double L,
                      hrel_model_gl **gl, char *err, size_t errlen);

/* H[(s-1)*p+i] = in_s,i @ out_s,i in bytes (R*p entries). */
void hrel_model_h(const hrel_trace *t, hrel_op op, double *h);

/* BSP: COST[s-1] = cost of superstep s (R entries), *TOTAL = their sum. */
int hrel_model_bsp(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, double *cost,
                   double *total, char *err, size_t errlen);

/* BSPWB: T[s-1] = T_s (R entries), *TOTAL = T_R. */
int hrel_model_bspwb(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, double *T,
                     double *total, char *err, size_t errlen);

/* MPM: PHI[(s-1)*p+i] = Φ_s,i and HMPM[(s-1)*p+i] = H_s,i (R*p entries each;
 * HMPM may be NULL; PHI may be NULL when only Ψ is wanted), *PSI = Ψ. */
int hrel_model_mpm(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, double *phi,
                   double *hmpm, double *psi, char *err, size_t errlen);


#endif
