/* plotdata -- plot-ready data files of a fit result, one per figure kind, so the
 * gnuplot scripts in plots/ read them with no reshaping.
 *
 * Contract: hrel_plotdata_write writes into DIR (which must exist):
 *   fit_T.dat        figure (a): one block per pattern (blocks separated by two
 *                    blank lines, canonical order); columns h, T_P(h) (summary
 *                    averaged over processor counts), lo and hi (minimum and
 *                    maximum single repetition over all processor counts),
 *                    L_P + g_P*h, number of processor counts;
 *   fit_Tline.dat    the fitted lines of (a) on 60 log-spaced sizes, same blocks;
 *   fit_gprocs.dat   figure (b): one block per pattern; columns procs, g_P,p,
 *                    95% CI half-width of g (NaN with < 3 sizes), L_P,p;
 *   fit_pooled.dat   figure (c): one block per pooled pattern (see fit.h), then a last block
 *                    T_average; columns h, T, 100*(T - fit)/fit (deviation in % from
 *                    the pooled line);
 *   fit_pooled_line.dat  the pooled line on 60 log-spaced sizes.
 * Every block starts with a header line whose second field is the block's name
 * (gnuplot: title columnhead(2)). Every file starts with "# unit: U" and
 * "# summary: S" comment lines. Unfitted values are written as NaN.
 */
#ifndef HREL_PLOTDATA_H
#define HREL_PLOTDATA_H

#include <stddef.h>

#include "fit.h"

/* Write the files above into DIR. Return 0, or non-zero naming the file that
 * could not be written in err. */
int hrel_plotdata_write(const hrel_fit_result *r, const char *dir, char *err,
                        size_t errlen);

#endif
