/* predict_table -- the predict.csv table (README "File contracts"): the
 * predictions of N models against the median of measured runs, as
 * `hrel trace table` and `hrel predict` write it.
 *
 *   # measured_runs_s: LIST            (when MEASURED)
 *   # untraced_runs_s: LIST, # untraced_median_s: M, # tracing_overhead_pct: P
 *                                      (when UNTRACED too)
 *   model,predicted_s,measured_s,err_pct,lo_s,hi_s
 *   NAME,PRED,MEDIAN,ERR,LO,HI         (measured_s, err_pct empty without MEASURED;
 *                                      lo_s, hi_s the model's 80 % interval, empty
 *                                      where LO is NULL or the entry NaN)
 * MEASURED and UNTRACED are comma-separated seconds (NULL: none). Return 0, or -1
 * with one line in err (a list that is not seconds). Nothing else printed.
 */
#ifndef HREL_PREDICT_TABLE_H
#define HREL_PREDICT_TABLE_H

#include <stddef.h>
#include <stdio.h>

/* *MED = the median of the comma-separated seconds LIST (OPT names it in errors). */
int hrel_predict_median(const char *opt, const char *list, double *med, char *err,
                        size_t errlen);

int hrel_predict_table(FILE *fp, const char *measured, const char *untraced,
                       const char *const *names, const double *pred, const double *lo,
                       const double *hi, int n, char *err, size_t errlen);

#endif
