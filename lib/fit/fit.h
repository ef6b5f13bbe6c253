/* fit -- least-squares g and L of the h-relation model T(h) = L + g*h.
 *
 * Contract: hrel_fit_line fits one straight line (GSL gsl_fit_linear, or
 * gsl_fit_wlinear when weights are given) and returns L, g, their standard errors,
 * 95% confidence half-widths (Student t, n-2 degrees of freedom), r^2 and a flag
 * for a negative L (kept, never clipped: the seeds report such latencies).
 * hrel_fit_run does the seeds' whole analysis on per-(pattern,p,h) summaries:
 *   - per pattern P: T_P(h) = mean over the measured processor counts of the
 *     summary times, fitted to L_P + g_P*h (000 section 3, tables P.1/P.2);
 *   - per pattern and processor count p: g_P,p and L_P,p (002 figures 2-6);
 *   - MaxErr per h and pattern (000 section 3, hrel_fit_maxerr);
 *   - pooled over the h-relation patterns E PP OA POA AO AA that have a fit of
 *     their own (two sizes or more): T_average(h) = mean over those patterns of
 *     T_P(h) (000 section 4, 002 formula 11), formed at the sizes all of them
 *     measured (so every point averages the same patterns), fitted to L + g*h,
 *     with AvErr and MaxErr per h (000 table 11, hrel_fit_errs).
 * h is expressed in packets of cfg->unit_bytes bytes (1 = bytes, 4 = words), so g
 * is in seconds per unit. A pattern with a single size gets an unfitted line
 * (ok = 0, numbers NaN); a processor count missing at some h is skipped there.
 * Nothing here prints; errors go into err.
 */
#ifndef HREL_FIT_H
#define HREL_FIT_H

#define HREL_FIT_GRID_FILL 16   /* most (size, count) grid cells per measured case */

#include <stddef.h>

#include "fitcsv.h"
#include "stats.h"

typedef struct hrel_line {
    int ok;              /* 1 if fitted (at least two distinct h), else 0 */
    double L;            /* intercept, seconds */
    double g;            /* slope, seconds per unit of h */
    double se_L;         /* standard error of L (NaN with fewer than 3 points) */
    double se_g;         /* standard error of g (NaN with fewer than 3 points) */
    double ci_L;         /* half-width of the 95% confidence interval of L */
    double ci_g;         /* half-width of the 95% confidence interval of g */
    double r2;           /* coefficient of determination (weighted if weights) */
    size_t n;            /* number of points used */
    int neg_L;           /* 1 if L < 0 (kept as fitted, flagged in tables) */
    int use;             /* HREL_USE_*: what a prediction may take (lineuse.h) */
    double g_use;        /* g a prediction uses (NaN with HREL_USE_NONE) */
    double L_use;        /* L a prediction uses: L, or 0 through the origin */
} hrel_line;

typedef struct hrel_fit_cfg {
    hrel_summary summary;  /* which per-group summary feeds the fits */
    double unit_bytes;     /* packet unit in bytes: 1 bytes, 4 words, or any N */
    int weighted;          /* 0: ordinary least squares as the seeds; 1: weights
                              1/T^2, i.e. least relative error */
} hrel_fit_cfg;

typedef struct hrel_fit_pattern {
    int pattern;         /* pattern index (raw.h) */
    size_t nh;           /* number of sizes measured for this pattern */
    double *h;           /* [nh] sizes in units, ascending */
    size_t np;           /* number of processor counts measured */
    int *procs;          /* [np] processor counts, ascending */
    double *time;        /* [ih*np+ip] summary seconds, NaN where not measured */
    double *lo;          /* [ih*np+ip] minimum seconds (spread), NaN if absent */
    double *hi;          /* [ih*np+ip] maximum seconds (spread), NaN if absent */
    double *sd;          /* [ih*np+ip] standard deviation seconds, NaN if absent */
    double *avg;         /* [ih] T_P(h): mean of time over the measured procs */
    double *maxerr;      /* [ih] MaxErr in percent, NaN if the fit failed */
    hrel_line fit;       /* L_P, g_P on avg */
    hrel_line *per_p;    /* [np] L_P,p, g_P,p on each processor count */
} hrel_fit_pattern;

typedef struct hrel_fit_result {
    hrel_fit_cfg cfg;        /* the configuration used */
    size_t npat;             /* number of patterns in the data */
    hrel_fit_pattern *pat;   /* [npat] in canonical pattern order */
    size_t nh;               /* number of sizes measured by every pooled pattern */
    double *h;               /* [nh] those sizes in units, ascending */
    size_t *npat_h;          /* [nh] patterns averaged at each size */
    double *t_average;       /* [nh] T_average(h), seconds */
    double *averr;           /* [nh] AvErr percent against the pooled line */
    double *maxerr;          /* [nh] MaxErr percent against the pooled line */
    hrel_line pooled;        /* pooled L and g */
} hrel_fit_result;

/* Set CFG to the defaults: mean, bytes, unweighted. */
void hrel_fit_cfg_default(hrel_fit_cfg *cfg);

/* Fit Y = L + g*X over N points; W (weights, may be NULL) all > 0. Return 0 and
 * fill *out (ok = 0 when fewer than two distinct X), non-zero on a GSL failure
 * or bad arguments, with a message in err. */
int hrel_fit_line(const double *x, const double *y, const double *w, size_t n,
                  hrel_line *out, char *err, size_t errlen);

/* MaxErr of 000 section 3 at one size H: 100 * max_i |T[i] - (L + g*H)| /
 * min_i T[i] over the N times T (NaN entries skipped). Return 0 and set *out, or
 * non-zero if no time is finite and positive. */
int hrel_fit_maxerr(const double *t, size_t n, double L, double g, double h,
                    double *out);

/* AvErr and MaxErr of 000 table 11 at one size H over the N pattern times T
 * (NaN skipped): AvErr = 100 * mean|T - (g*H + L)| / mean T, MaxErr = 100 *
 * max|T - (g*H + L)| / min T. Return 0, or non-zero if no time is usable. */
int hrel_fit_errs(const double *t, size_t n, double L, double g, double h,
                  double *averr, double *maxerr);

/* Run the whole analysis on ST with CFG. Return 0 and set *out, or non-zero
 * with a message in err. */
int hrel_fit_run(const hrel_stats *st, const hrel_fit_cfg *cfg,
                 hrel_fit_result **out, char *err, size_t errlen);

/* 0 if every pattern of R has two sizes or more (what a line needs), else -1
 * with "pattern NAME has one size (H bytes): a fit needs at least two sizes per
 * pattern" in err (the first such pattern). hrel_fit_run itself accepts such a
 * pattern (an unfitted line, see above); `hrel fit` refuses it with this. */
int hrel_fit_check_sizes(const hrel_fit_result *r, char *err, size_t errlen);

/* Free a result of hrel_fit_run; NULL is fine. */
void hrel_fit_result_free(hrel_fit_result *r);

/* 1 if pattern index P is an h-relation pattern that may be pooled
 * (E PP POA AO AA, as 000 section 4 / 002 formula 11: not the broadcast OA);
 * it is pooled if it also has a fit of its own. */
int hrel_fit_pooled_pattern(int p);

#endif
