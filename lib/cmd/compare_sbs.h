/* compare_sbs -- the papers' per-size tables with the platforms side by side (000
 * tables E.1 .. AA.1 and 11): for each h-relation size, two columns per platform,
 * taken from the fit_table_NAME.csv that `hrel fit -o` writes into every run.
 *
 * Contract: hrel_compare_sbs_latex writes one booktabs table (lib/io/latex) to FP:
 * a first column h (bytes), the union of the sizes of all platforms in increasing
 * order, then for platform i the columns COL[0] and COL[1] of DIRS[i]/
 * fit_table_TABLE.csv under the heading NAMES[i] (HEADS[0], HEADS[1] below it);
 * "--" where a platform did not measure a size or has no such file; numbers in
 * fixed point as the papers print them (percentages 26.43, seconds 0.000080). Returns 1 if it
 * wrote the table, 0 if no platform has the file (nothing written), -1 with err on
 * a file that exists but cannot be read or lacks a column. Nothing allocated
 * survives the call. */
#ifndef HREL_COMPARE_SBS_H
#define HREL_COMPARE_SBS_H

#include <stddef.h>
#include <stdio.h>

int hrel_compare_sbs_latex(const char *const *dirs, const char *const *names, int n,
                           const char *table, const char *caption, const char *const *col,
                           const char *const *heads, FILE *fp, char *err, size_t errlen);

#endif
