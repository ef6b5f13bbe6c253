/* quality -- how much to trust a study run: per case and run-level, from the
 * files hrel_bench wrote.
 *
 * Contract: hrel_quality_load reads RUN/cases.csv (columns pattern, procs, h,
 * reps, rse, void_reps, oversubscribed) and its "# repetitions:" metadata (an
 * adaptive policy's target "<= X"; a policy on "the median" judges the column
 * rse_median instead, when present), and RUN/raw.csv's end mark (runmark.h).
 * Per case: oversubscribed (ranks shared cpus), precision target missed (rse
 * above the adaptive target; never for a fixed policy), voided repetitions.
 * Run level: counts of each and whether the run is complete. hrel_quality_write
 * renders the summary and the flagged cases as text (lines starting with PRE)
 * or as an HTML fragment. Allocates the result (hrel_quality_free); nothing
 * printed inside; errors "FILE: problem" or "FILE:LINE: problem" in err.
 */
#ifndef HREL_QUALITY_H
#define HREL_QUALITY_H

#include <stddef.h>
#include <stdio.h>

#include "runmark.h"

typedef struct hrel_quality_case {
    char pattern[16];
    int procs;
    long h, reps, void_reps;
    double rse;
    int oversub;     /* 1: ranks shared cpus */
    int missed;      /* 1: rse above the adaptive target */
} hrel_quality_case;

typedef struct hrel_quality {
    size_t ncase;
    hrel_quality_case *c;
    double target;          /* adaptive rse target, NaN for a fixed policy */
    size_t n_oversub, n_missed, n_voided_cases;
    long void_reps;
    hrel_runmark mark;      /* raw.csv complete / interrupted / unmarked */
    char why[256];          /* interruption reason */
} hrel_quality;

int hrel_quality_load(const char *run, hrel_quality **out, char *err, size_t errlen);

/* HTML: 0 text (each line starting with PRE), 1 an HTML fragment. */
int hrel_quality_write(const hrel_quality *q, int html, const char *pre, FILE *fp);

void hrel_quality_free(hrel_quality *q);

#endif
