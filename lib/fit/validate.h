/* validate -- held-out validation of the fitted h-relation lines: fit on part
 * of the measurements, predict the rest.
 *
 * Contract: hrel_validate_run takes a fit result (fit.h) and, per pattern:
 *   "size":  fits L_P + g_P*h to T_P(h) (mean over the processor counts, as
 *            fit.h) without the largest size (needs 3 sizes or more) and
 *            predicts the largest size at every processor count;
 *   "procs": fits the same line to the mean over the processor counts without
 *            the largest count (needs 2 counts or more) and predicts every
 *            size at that count.
 * Each prediction is a row: pattern, procs, h (units of the fit), measured
 * and predicted seconds, err_pct = formula (18) of 002 (hrel_error_pct: 100
 * (measured - predicted) / measured) and which part was held out. The caller
 * frees the result with hrel_validate_free; nothing printed inside.
 */
#ifndef HREL_VALIDATE_H
#define HREL_VALIDATE_H

#include <stddef.h>
#include <stdio.h>

#include "fit.h"

typedef struct hrel_validate_row {
    int pattern;           /* pattern index */
    int procs;             /* processor count predicted */
    double h;              /* size, units of the fit */
    double measured_s;     /* summary time measured */
    double predicted_s;    /* L + g*h of the line fitted without it */
    double err_pct;        /* formula (18) */
    const char *held_out;  /* "size" or "procs" (static strings) */
} hrel_validate_row;

typedef struct hrel_validate {
    size_t nrow;
    hrel_validate_row *row;
} hrel_validate;

/* Return 0 and set *out, or -1 with a message in err. */
int hrel_validate_run(const hrel_fit_result *r, hrel_validate **out, char *err,
                      size_t errlen);

/* Mean and maximum |err_pct| of the rows held out as HELD ("size", "procs");
 * *n their number (0: both NaN). */
void hrel_validate_summary(const hrel_validate *v, const char *held, size_t *n,
                           double *mean_abs, double *max_abs);

/* validation.csv: header pattern,procs,h,measured_s,predicted_s,err_pct,held_out
 * after the provenance lines. Return 0, or -1 on a write error. */
int hrel_validate_write_csv(const hrel_validate *v, FILE *fp);

/* One summary line per held-out kind, each starting with PRE. */
int hrel_validate_write_summary(const hrel_validate *v, const char *pre, FILE *fp);

void hrel_validate_free(hrel_validate *v);

#endif
