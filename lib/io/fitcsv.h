/* fitcsv -- g and L for a pattern and processor count from a fit CSV, the
 * contract rows `pattern,procs,g,L,r2,n` of `hrel fit --csv` (g in s/byte).
 *
 * Contract: the row (PATTERN, PROCS) is used when it exists and was fitted
 * (finite g and L); otherwise the row (PATTERN, all); otherwise an error that
 * names the file, the pattern and the count. Rows of an unfitted pattern carry
 * "nan" and are skipped. A g or L that is not a number names its line; a
 * negative g is refused where it would price a message (a negative L is
 * allowed: the papers' fits have them, 002 s3.1). Nothing allocated or printed.
 */
#ifndef HREL_FITCSV_H
#define HREL_FITCSV_H

#include <stddef.h>

#include "csv.h"

/* Check that T has the columns pattern, procs, g, L. Return 0, or -1. */
int hrel_fitcsv_check(const hrel_csv *t, char *err, size_t errlen);

/* Store g (s/byte) and L (s) for PATTERN on PROCS processors (PROCS <= 0:
 * only the "all" row) in *G, *L. Return 0, or -1 with the reason in err. */
int hrel_fitcsv_lookup(const hrel_csv *t, const char *pattern, int procs, double *g,
                       double *L, char *err, size_t errlen);

#endif
