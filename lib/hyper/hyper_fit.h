/* hyper_fit -- estimating the hyperbolic model's parameters from the
 * n-disjoint-pairs experiment (papers/003 section 4, formulas 16-17), and the
 * LogP correspondence of section 6.
 *
 * Contract. raw.csv rows (DESIGN.md: pattern,procs,h,msg_bytes,rep,seconds)
 * are grouped per (procs, msg_bytes) of one pattern and summarised by the
 * median of their repetitions (robust to the odd slow repetition). For PAIRS,
 * n = procs/2 and each n gives the curve T(x; a', b') of formula 16, fitted
 * by nonlinear least squares (GSL multifit_nlinear, trust region, relative
 * residuals (T - y)/y so that 1 B and 64 KB weigh alike, parameters kept
 * positive through a = e^p0, b = e^p1). Then (formula 17):
 *   a_c = slope of the least-squares line a'(n) = 2a + n a_c;
 *   a   = (a'(1) - a_c) / 2;
 *   b_c = slope through the origin of b'(n) over the n > 1 where b'(n) > b'(1)
 *         (the network-bound regime, b' = n b_c); if there is none, the
 *         upper bound b'(n_max)/n_max, flagged;
 *   b   = b'(1) = max(b, b_c); it is the workstation's own b only if > b_c.
 * The CB_L of section 3 is not separable in this experiment: its delay is
 * inside a (a_L = 0). Errors name FILE:LINE of the offending row. Nothing
 * prints; the caller frees what the _alloc/_read functions return.
 */
#ifndef HREL_HYPER_FIT_H
#define HREL_HYPER_FIT_H

#include <stddef.h>

#include "csv.h"
#include "hyper.h"
#include "logp.h"

typedef struct hrel_hyper_point {
    int procs;          /* processors of the case */
    long h;             /* h-relation size, bytes (as in raw.csv) */
    double x;           /* message size msg_bytes */
    double med;         /* median of the repetitions' seconds */
    double min, max;    /* fastest and slowest repetition */
    size_t nrep;        /* repetitions */
} hrel_hyper_point;

typedef struct hrel_hyper_pairfit {
    int n;              /* pairs (procs / 2) */
    size_t npts;        /* message sizes fitted */
    double a1, b1;      /* fitted a' (s) and b' (s/B) of formula 16 */
    double rms_rel;     /* root mean square relative residual of the fit */
    double max_rel;     /* largest |relative residual| */
} hrel_hyper_pairfit;

typedef struct hrel_hyper_fitres {
    size_t nn;                 /* number of n values */
    double a, b;               /* workstation CB, s and s/B */
    double ac, bc;             /* network CB, s and s/B */
    int b_identified;          /* 1: b'(1) > b_c, so b is the workstation's */
    int bc_upper_bound;        /* 1: no network-bound n, b_c is an upper bound */
    int ac_clamped;            /* 1: the slope for a_c came out < 0, set to 0 */
    int a_clamped;             /* 1: a'(1) < a_c gave a < 0, set to 0 */
    hrel_hyper_pairfit per_n[]; /* their fits, n ascending (one block with the
                                 * header: hrel_hyper_fitres_free frees both) */
} hrel_hyper_fitres;

/* The rows of PATTERN in RAW summarised per (procs, h, msg_bytes), sorted by
 * procs, then msg_bytes, then h; *PTS allocated (free()). Return 0 (also with
 * no rows: *N = 0), or -1 with "FILE:LINE: problem". */
int hrel_hyper_raw_points(const hrel_csv *raw, const char *pattern,
                          hrel_hyper_point **pts, size_t *n, char *err, size_t errlen);

/* The message sizes and the medians of the N points PT as two new arrays
 * *X and *Y (x[i] = pt[i].x, y[i] = pt[i].med; the caller frees both).
 * Return 0, or -1 with "out of memory" (then *X and *Y are NULL). */
int hrel_hyper_points_xy(const hrel_hyper_point *pt, size_t n, double **x, double **y,
                         char *err, size_t errlen);

/* Fit T(x; a, b) to the N points (X[i], Y[i]) (N >= 2, two distinct x, Y > 0)
 * minimising relative residuals. Return 0, or -1 with a message. */
int hrel_hyper_fit_curve(const double *x, const double *y, size_t n, double *a, double *b,
                         double *rms_rel, double *max_rel, char *err, size_t errlen);

/* Fit alpha + beta x to the same kind of data, also with relative residuals
 * (weights 1/y^2), for the comparison with the plain linear model. */
int hrel_hyper_fit_linear(const double *x, const double *y, size_t n, double *alpha,
                          double *beta, char *err, size_t errlen);

/* Formula 17 from the per-n fits PF[0..NN) (n ascending, n = 1 among them,
 * at least two n): fills a, b, ac, bc and the flags of OUT (not per_n). */
int hrel_hyper_derive(const hrel_hyper_pairfit *pf, size_t nn, hrel_hyper_fitres *out,
                      char *err, size_t errlen);

/* The whole estimation from the PAIRS rows of RAW; *OUT allocated. */
int hrel_hyper_fit_pairs(const hrel_csv *raw, hrel_hyper_fitres **out, char *err,
                         size_t errlen);

/* Free a result of hrel_hyper_fit_pairs; NULL is fine. */
void hrel_hyper_fitres_free(hrel_hyper_fitres *r);

/* ---- LogP (section 6): CB_W = (o, o), CB_C = (0, g), CB_L = (L, 0). ---- */



/* Hyperbolic time of the same, a message of n units: T(n - 1; a, b). */
double hrel_hyper_logp_hyp_T(double n, const hrel_logp *m);

/* T_hyp(n) / T_LogP(n), in [3/4, 1] for n >= 1 (formula 18); 1 if both are 0. */
double hrel_hyper_logp_ratio(double n, const hrel_logp *m);

/* Sending-time ratio T_s_hyp / T_s_LogP = 1 - (n - 1)/n^2 (formula 19). */
double hrel_hyper_logp_ts_ratio(double n);

#endif
