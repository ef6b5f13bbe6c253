/* lineuse -- the one rule that turns a fitted line T(h) = L + g*h into the g and L
 * a prediction may use (issue 12: a fit with L < 0 priced programs at negative times).
 *
 * Contract: hrel_lineuse_decide reads the fitted LINE and its points and sets
 * line->use, line->g_use, line->L_use:
 *   - HREL_USE_NONE   (g_use = L_use = NaN): not fitted, or g <= 0, or g not resolved
 *                     (its 95% half-width ci_g >= g: the data do not tell g from 0);
 *   - HREL_USE_FIT    (g_use = g, L_use = L): L >= 0;
 *   - HREL_USE_ORIGIN (g_use = slope through the origin, L_use = 0): L < 0. The
 *                     same points (and weights) refitted with L fixed at 0, so no
 *                     message is priced below zero; the as-fitted L stays in the
 *                     tables (the papers report negative L, 002 s3.1).
 * The fitted numbers (g, L, CIs, r2) are never changed. fit.csv carries the result as
 * its last columns `use,g_use,L_use` (words: hrel_fitcsv_use_name); hrel_fitcsv_lookup
 * prices with them.
 * Returns 0, or -1 with the reason in err (GSL failure). Nothing printed or allocated.
 */
#ifndef HREL_LINEUSE_H
#define HREL_LINEUSE_H

#include <stddef.h>

#include "fit.h"

int hrel_lineuse_decide(const double *x, const double *y, const double *w, size_t n,
                        hrel_line *line, char *err, size_t errlen);

#endif
