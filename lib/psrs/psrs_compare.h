/* psrs_compare -- PSRS predicted beside actual: the runs of hrel_psrs
 * (psrs.csv and its traces) against formulas 19-25 of 002 and against the
 * BSPWB model (002 formula 5, lib/model) evaluated on each run's own trace.
 *
 * Contract: the prediction for P uses the constants row for P of the
 * constants file (hrel_psrs_consts_read) and g/L per step either from a fit
 * CSV (hrel_psrs_gl_from_fit: pooled, steps or one pattern) or one g and L for
 * all steps. The trace model uses the same g/L per step (every rank of step s
 * gets g[s-1], L[s-1]) and @ = sum. Measured per-step times come from the
 * traces: T_s = the largest t_end of step s over the ranks. Errors follow
 * formula 18: 100 (actual - model) / actual. Nothing here prints or exits;
 * problems come back as "FILE:LINE: ..." in the caller's buffer `err`.
 * hrel_psrs_compare allocates *rows; free them with free().
 */
#ifndef HREL_PSRS_COMPARE_H
#define HREL_PSRS_COMPARE_H

#include <stddef.h>

#include "psrs_model.h"

/* Where the prediction's parameters come from. */
typedef struct hrel_psrs_params {
    const char *consts_path;   /* constants file (procs,n,B,...,J) */
    const char *fit_path;      /* `hrel fit --csv` output, or NULL: use g and L */
    const char *gl_mode;       /* with fit_path: pooled, steps, POA, AO, OA, AA, E or PP */
    double g;                  /* without fit_path: gap in s/byte, every step */
    double L;                  /* without fit_path: latency in s, every step */
    double item_bytes;         /* bytes per item (4 for hrel_psrs) */
} hrel_psrs_params;

/* Predicted beside actual for one P. */
typedef struct hrel_psrs_cmp {
    int procs;                              /* P */
    long n;                                 /* N */
    int nrun;                               /* timed runs */
    double act_mean_s;                      /* mean measured total */
    double act_min_s, act_max_s;            /* spread: fastest and slowest run */
    double act_sd_s;                        /* standard deviation (0 for one run) */
    double g[HREL_PSRS_STEPS];              /* g used per step, s/byte */
    double L[HREL_PSRS_STEPS];              /* L used per step, s */
    hrel_psrs_step pred[HREL_PSRS_STEPS];   /* formulas 19-25 */
    double pred_err_pct;                    /* formula 18, mean total vs T_7 */
    int ntrace;                             /* runs whose trace was read */
    double act_T_s[HREL_PSRS_STEPS];        /* mean measured end of step s */
    double act_step_s[HREL_PSRS_STEPS];     /* mean measured T_s - T_{s-1} */
    double act_w_s[HREL_PSRS_STEPS];        /* mean of max over ranks of w_s,i */
    double act_h_bytes[HREL_PSRS_STEPS];    /* mean of max over ranks of in+out bytes */
    double bspwb_s;                         /* mean BSPWB total on the runs' own traces */
    double bspwb_err_pct;                   /* formula 18, mean total vs bspwb_s */
} hrel_psrs_cmp;

/* Predict N items on P processors with the parameters PP: fill STEP[0..7)
 * and the g, L used per step (G, L: 7 entries each). Return 0 or -1. */
int hrel_psrs_predict_params(const hrel_psrs_params *pp, long n, int p, hrel_psrs_step *step,
                             double *g, double *L, char *err, size_t errlen);

/* Read the runs file RUNS_PATH (psrs.csv of hrel_psrs; traces are found
 * beside it), keep the rows of input INPUT (NULL: all rows must have one
 * input) and fill one hrel_psrs_cmp per processor count, ascending. Runs
 * whose `sorted`, `count_ok` or `checksum_ok` is not 1 are an error. Return
 * 0 and *rows (allocated), *nrows; or -1 with a message. */
int hrel_psrs_compare(const char *runs_path, const char *input, const hrel_psrs_params *pp,
                      hrel_psrs_cmp **rows, int *nrows, char *err, size_t errlen);

#endif
