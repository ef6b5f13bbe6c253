/* fft_io -- the small files of the FFT study: the constants file written by
 * hrel_fft_constants and the g/L rows of `hrel fit --csv`.
 *
 * Constants file (CSV with "# key: value" metadata, see docs/fft.md):
 *     p,n,m,D,Ds,F,R
 *     2,524288,262144,1.1e-09,9.8e-10,1.3e-09,2.0e-09
 *     all,524288,,1.0e-09,9.9e-10,1.2e-09,2.1e-09
 * one row per processor count p measured at the sizes that p uses (m = n/p),
 * and a pooled row p = `all` (table 3 of 002 keeps one value per platform).
 *
 * Contract: loaders return 0 and fill the output, or non-zero with
 * "FILE:LINE: problem" (or "FILE: problem") in `err`; nothing prints or exits.
 */
#ifndef HREL_FFT_IO_H
#define HREL_FFT_IO_H

#include <stddef.h>

#include "fft_model.h"

/* Constants for P processors from PATH: the row p = P if present, else the
 * row `all`; *used_all is set to 1 when the pooled row was taken (may be NULL). */
int hrel_fft_consts_load(const char *path, long p, hrel_fft_consts *c, int *used_all,
                         char *err, size_t errlen);

/* g and L of PATTERN for P processors from a `hrel fit --csv` file
 * (pattern,procs,g,L,...): the row (PATTERN, P) if present, else
 * (PATTERN, all). PATTERN "ALL" is the pooled fit. */
int hrel_fft_fit_load(const char *path, const char *pattern, long p, double *g,
                      double *L, char *err, size_t errlen);

#endif
