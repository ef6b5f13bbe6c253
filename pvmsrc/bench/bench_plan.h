/* bench_plan -- what hrel_bench will run before it runs: the finished cases of
 * an interrupted run (--resume), the overwrite guard, and the plan with its
 * estimated duration (--dry-run).
 *
 * Contract: PVM-free. hrel_bench_done_load reads DIR/cases.csv (one row per
 * finished case) into a caller-owned set; hrel_bench_raw_trim rewrites
 * DIR/raw.csv keeping its metadata, header and the rows of finished cases only
 * (the rows of a half-measured case go, the old end marks go);
 * hrel_bench_plan_print prints every case still to run with its repetitions
 * and estimated seconds, and a total. Errors are one line in err.
 */
#ifndef HREL_BENCH_PLAN_H
#define HREL_BENCH_PLAN_H

#include <stdio.h>

#include "bench_opts.h"

typedef struct hrel_bench_done {
    size_t n, cap;
    int old_cases;   /* 1: DIR/cases.csv has no median_s,rse_median (written before them) */
    struct { char pat[16]; int procs; long h; } *c;
} hrel_bench_done;

/* 1 if (PAT, PROCS, H) is in DONE (NULL: nothing is). */
int hrel_bench_done_has(const hrel_bench_done *done, const char *pat, int procs, long h);

/* Load the finished cases of DIR/cases.csv into *DONE (zeroed first). Return
 * 0, or -1 with "FILE: problem" or "FILE:LINE: problem" in err. */
int hrel_bench_done_load(const char *dir, hrel_bench_done *done, char *err, size_t errlen);

void hrel_bench_done_free(hrel_bench_done *done);

/* Rewrite RAW (a raw.csv) keeping metadata, header and the rows of DONE's
 * cases; *kept gets the number of rows kept. Return 0, or -1 with err. */
int hrel_bench_raw_trim(const char *raw, const hrel_bench_done *done, long *kept, char *err,
                        size_t errlen);

/* Estimated seconds of one timed repetition of PAT on PROCS at H bytes: L + g*H
 * from the fit table FITPATH (its row for PAT and PROCS, else PAT all), or, when
 * FITPATH is empty or has no row, G0 and L0 (hrel_bench's default: a 10 Mbit/s
 * network, g 0.8 us/byte per destination port, L 1 ms). */
double hrel_bench_rep_estimate(const char *fitpath, double g0, double L0, const char *pat,
                               int procs, long h);

/* Print the plan of CFG on FP (cases of DONE skipped); *total_s gets the
 * estimated seconds. A case that the run CFG->like (--estimate-from DIR) measured
 * is estimated as it went there: (repetitions + voided + warm-ups) x (mean time +
 * start margin), the repetitions those DIR needed within CFG's bounds (or CFG's
 * fixed count); any other from CFG->fit (or DIR/fit.csv), else est_g and est_L,
 * at the minimum repetitions. Every case adds 0.01 s per processor (set-up and
 * clock sync). Return the number of cases to run, or -1 with err (DIR/cases.csv
 * unreadable or without its columns). */
int hrel_bench_plan_print(const hrel_bench_cfg *cfg, const hrel_bench_done *done, FILE *fp,
                          double *total_s, char *err, size_t errlen);

#endif
