/* fitcsv -- g and L for a pattern and processor count from a fit CSV, the
 * contract rows `pattern,procs,g,L,r2,n[,g_ci95,L_ci95,use,g_use,L_use]` of
 * `hrel fit --csv` (g in s/byte).
 *
 * Contract: the row (PATTERN, PROCS) is used when it exists and is usable;
 * otherwise the row (PATTERN, all); otherwise an error that names the file, the
 * pattern and the count, and why the rows found could not be used. A row is usable
 * when its g and L are finite and, in files with the `use` column (lib/fit/lineuse.h
 * states the rule), `use` is not "none"; its price is then g_use and L_use (L fixed
 * at 0 where the fit's L was negative), else g and L. Rows of an unfitted pattern
 * carry "nan" and are skipped. A number that is not one, or an unknown `use`, names
 * its line; a negative g or L is refused where it would price a message (the papers'
 * fits have negative L, 002 s3.1: hrel fit keeps it in g and L and prices it through
 * the origin in g_use, L_use).
 * Nothing allocated or printed.
 */
#ifndef HREL_FITCSV_H
#define HREL_FITCSV_H

#include <stddef.h>

#include "csv.h"

/* What a prediction may take from a fitted line (fit.csv column `use`). */
enum { HREL_USE_NONE = 0, HREL_USE_FIT = 1, HREL_USE_ORIGIN = 2 };

/* The fit.csv word of USE: "none", "fit", "origin". */
const char *hrel_fitcsv_use_name(int use);

/* Check that T has the columns pattern, procs, g, L. Return 0, or -1. */
int hrel_fitcsv_check(const hrel_csv *t, char *err, size_t errlen);

/* Store g (s/byte) and L (s) for PATTERN on PROCS processors (PROCS <= 0:
 * only the "all" row) in *G, *L. Return 0, or -1 with the reason in err. */
int hrel_fitcsv_lookup(const hrel_csv *t, const char *pattern, int procs, double *g,
                       double *L, char *err, size_t errlen);

/* Write T to FP as the fit a prediction prices with (experiments/predict.sh's
 * fit_priced.csv): the same rows, except that a pattern's "all" row with use
 * "none" takes the use, g_use, L_use of the pooled row ALL,all when that one is
 * usable (so a pattern whose line could not be fitted is priced by the pooled
 * line rather than refused). NOTES (may be NULL) gets one line per row priced
 * through the origin or unusable, as the caller says them (each ending in
 * '\n', cut at NOTESLEN). Metadata lines are kept. Return 0, or -1 (write error). */
#include <stdio.h>
int hrel_fitcsv_write_priced(const hrel_csv *t, FILE *fp, char *notes, size_t noteslen);

#endif
