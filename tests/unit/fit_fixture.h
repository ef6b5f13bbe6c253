/* fit_fixture -- what the unit tests of lib/fit share: raw rows made by hand,
 * summarised and fitted in one call. Header-only (static), test use only.
 *
 * Contract: fx_fit counts one check (hrel_test.h): the fit of the rows
 * succeeds; a caller tests its result for NULL only to skip what follows. */
#ifndef HREL_FIT_FIXTURE_H
#define HREL_FIT_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "fit.h"
#include "hrel_test.h"
#include "patterns.h"
#include "raw.h"
#include "stats.h"

/* Append one raw row of pattern PAT. */
static void fx_add(hrel_raw_row *rows, size_t *n, const char *pat, int procs, double h,
                   double sec)
{
    memset(&rows[*n], 0, sizeof rows[*n]);
    rows[*n].pattern = hrel_patterns_index(pat);
    rows[*n].procs = procs;
    rows[*n].h = h;
    rows[*n].seconds = sec;
    (*n)++;
}

/* Summarise and fit N rows with CFG (NULL: the defaults); NULL on failure,
 * counted as a failed check with the reason printed. The caller frees the
 * result. */
static hrel_fit_result *fx_fit(hrel_raw_row *rows, size_t n, const hrel_fit_cfg *cfg)
{
    hrel_raw raw;
    hrel_stats *st = NULL;
    hrel_fit_result *r = NULL;
    hrel_fit_cfg def;
    char err[256] = "";
    hrel_fit_cfg_default(&def);
    raw.csv = NULL;
    raw.nrow = n;
    raw.row = rows;
    if (hrel_stats_alloc(&raw, &st, err, sizeof err) == 0)
        hrel_fit_run(st, cfg ? cfg : &def, &r, err, sizeof err);
    if (!r)
        printf("fit of hand-made rows: %s\n", err);
    HREL_CHECK(r != NULL, "fit of hand-made rows");
    hrel_stats_free(st);
    return r;
}

#endif
