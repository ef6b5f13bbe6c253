/* hypo -- the h-relation hypothesis of 000, tested: do all patterns share one
 * line T(h) = L + g*h, and does one line serve every processor count?
 *
 * Contract: hrel_hypo_run takes a fit result (fit.h) and, on the summary times
 * of every measured (pattern, procs, h), compares nested linear models with an
 * F-test (extra sum of squares; weights 1/T^2, so residuals are relative and the
 * large sizes do not drown the small ones):
 *   question "patterns": one line for all h-relation patterns that have a fit
 *     (E PP OA POA AO AA as measured) against one line per pattern;
 *   question "procs": for each such pattern, one line for all its processor
 *     counts against one line per processor count.
 * Each test row gives F, its degrees of freedom, the p-value (GSL's upper tail
 * of the F distribution) and a verdict at the 5% level ("one-line" when the
 * single line is not rejected, "differ" when it is). Each group (pattern, or
 * pattern and count) gets a row with its own g, the 95% CI half-width of g, and
 * the ratio of its g to the single line's g with an approximate 95% CI
 * half-width (the two relative CI half-widths combined in quadrature); the group
 * "differs" when that interval excludes 1. g is in seconds per unit of the fit
 * (per byte in `hrel fit`'s files). Nothing printed inside; the caller frees the
 * result with hrel_hypo_free.
 */
#ifndef HREL_HYPO_H
#define HREL_HYPO_H

#include <stddef.h>
#include <stdio.h>

#include "fit.h"

typedef struct hrel_hypo_row {
    const char *question;  /* "patterns" or "procs" (static strings) */
    int pattern;           /* pattern index; -1 for the all-pattern test row */
    int procs;             /* processor count; 0 for "all" */
    int is_test;           /* 1: an F-test row; 0: one group's g and ratio */
    size_t n;              /* points used */
    double F, df1, df2, p; /* test rows: F statistic, degrees of freedom, p-value */
    double g, g_ci;        /* group rows: g and the 95% CI half-width of g */
    double ratio, ratio_ci;/* group rows: g / g of the single line, CI half-width */
    int differs;           /* group rows: 1 if the ratio's CI excludes 1;
                              test rows: 1 if p < 0.05 */
} hrel_hypo_row;

typedef struct hrel_hypo {
    size_t nrow;
    hrel_hypo_row *row;    /* [nrow]: each test row followed by its group rows */
} hrel_hypo;

/* The significance level of the verdicts. */
#define HREL_HYPO_ALPHA 0.05

/* F-test of one line against per-group lines over N points (X, Y) with group
 * labels G (0 .. ngroup-1) and weights W (NULL: 1). Groups with fewer than two
 * distinct X are left out. Return 0 and fill *row (is_test = 1), or -1 with
 * the reason in err when there are fewer than two groups or no residual
 * degrees of freedom. */
int hrel_hypo_ftest(const double *x, const double *y, const double *w, const int *g,
                    size_t n, int ngroup, hrel_hypo_row *row, char *err, size_t errlen);

/* Run both questions on R. Return 0 and set *out (possibly with no rows when
 * nothing can be tested), or -1 with a message in err. */
int hrel_hypo_run(const hrel_fit_result *r, hrel_hypo **out, char *err, size_t errlen);

/* Write the rows as CSV (header question,pattern,procs,n,g,g_ci95,ratio,
 * ratio_ci95,differs,F,df1,df2,p_value,verdict) on FP. Return 0, or -1 on a
 * write error. */
int hrel_hypo_write_csv(const hrel_hypo *h, FILE *fp);

/* Write the verdict lines (one per test, with the groups that differ) on FP,
 * each starting with PRE. Return 0, or -1 on a write error. */
int hrel_hypo_write_verdicts(const hrel_hypo *h, const char *pre, FILE *fp);

void hrel_hypo_free(hrel_hypo *h);

#endif
