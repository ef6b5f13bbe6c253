/* spread -- how a platform's run times spread around a model's predictions:
 * the spread.csv of a characterisation (experiments/spread.sh writes it from
 * predict.sh runs of several programs on that platform). Per route and model,
 * the 10th, 50th and 90th percentile of the ratio
 *     untraced run time / the model's prediction of that program
 * over every untraced run of those programs; `hrel predict` turns a
 * prediction S into the 80 % interval [S q10, S q90] (docs/predict.md, "An
 * interval from the measured spread").
 * File: hrel's CSV (lib/io/csv.h) with the header
 *     route,model,programs,runs,q10,q50,q90
 * route "direct" or "daemon", programs and runs >= 1, 0 < q10 <= q50 <= q90,
 * each (route, model) at most once. Nothing prints; errors go into err.
 * `hrel trace spread` makes the rows from runs and predictions (cmd_spread.c).
 */
#ifndef HREL_SPREAD_H
#define HREL_SPREAD_H

#include <stddef.h>

typedef struct hrel_spread_row {
    char route[16];
    char model[64];
    long programs, runs;     /* what the percentiles were taken over */
    double q10, q50, q90;    /* percentiles of run time / prediction */
} hrel_spread_row;

/* The percentiles of the N ratios V (sorted in place, ascending): *Q10 and
 * *Q90 the split-conformal ranks floor(0.1 (n + 1)) and ceil(0.9 (n + 1)) of
 * them (1-based, kept within 1..n: a new ratio exchangeable with them falls
 * between the two with probability at least 80 %), *Q50 their median. Return
 * 0, or -1 when N is 0. */
int hrel_spread_percentiles(double *v, size_t n, double *q10, double *q50, double *q90);

/* The 80 % interval of a prediction S from ROW: [S q10, S q90]. */
void hrel_spread_interval(const hrel_spread_row *row, double s, double *lo, double *hi);

/* Read spread.csv PATH whole (every row is checked) and find the row of ROUTE
 * and MODEL. Return 1 and fill *ROW when found, 0 when the file has no such
 * row, -1 with one line "PATH:LINE: problem" in err when the file is bad. */
int hrel_spread_find(const char *path, const char *route, const char *model,
                     hrel_spread_row *row, char *err, size_t errlen);

#endif
