/* recommend -- the model to trust for a platform and route, from the validation
 * matrix's summary (docs/data/predict_matrix/summary.csv: platform,source,route,
 * model,cells,median_abs_err_untraced_pct,...; experiments/predict_matrix.sh).
 *
 * Contract: among the NMODEL names in MODELS (those that gave a prediction) but
 * the internal variants (hrel_recommend_internal: what only --all-models shows, so
 * the answer is the same with or without it), the one with the least median
 * |error| (equal medians, as the summary prints them to 0.1 %: the lower
 * p90_abs_err_untraced_pct where the summary has it) against untraced runs on
 * cells of PLATFORM
 * with ROUTE and the program's own traces (source "same"); where PLATFORM has no
 * rows and is an emulated platform other than local (EMULATED), the rows of
 * "LANs"; else the replay (or the first model) with the reason that the
 * platform is not in the matrix. *BEST is its index, WHY says on what it rests
 * (the cells, and where the summary has the columns, how many matrices they came
 * from and the largest |error|: experiments/matrix_summary.sh pools several).
 * A missing or unreadable SUMMARY counts as no rows. Nothing prints.
 */
#ifndef HREL_RECOMMEND_H
#define HREL_RECOMMEND_H

#include <stddef.h>

/* 1 when MODEL is one of the replay's internal variants (replay_nomedium,
 * replay_nosetup, replay_pvmd_fresh), never recommended; else 0. */
int hrel_recommend_internal(const char *model);

void hrel_recommend(const char *summary, const char *platform, int emulated, const char *route,
                    const char *const *models, int nmodel, int *best, char *why,
                    size_t whylen);

#endif
