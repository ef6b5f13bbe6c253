/* bench_opts -- command line of the pattern benchmark master (hrel_bench).
 *
 * Contract: hrel_bench_opts_parse fills a caller-owned hrel_bench_cfg from
 * argv, applying the defaults documented in hrel_bench_opts_usage, and checks
 * everything that can be checked without a virtual machine: known patterns,
 * processor counts valid for each pattern (pairs need even counts), sizes
 * that divide as formula (4) requires for every case, a sane repetition
 * policy. It returns 0, 1 when --help was printed, or -1 with one line in err.
 * The options are those of the README's vocabulary table, parsed by
 * lib/base/args; this module uses no PVM call (unit-tested in
 * tests/unit/test_bench_opts.c).
 */
#ifndef HREL_BENCH_OPTS_H
#define HREL_BENCH_OPTS_H

#include <stdio.h>

#include "hrelation.h"
#include "reps.h"
#include "vm.h"

#define HREL_MAX_LIST 64

typedef struct hrel_bench_cfg {
    int npat;                        /* number of patterns to run */
    char pat[HREL_MAX_LIST][16];     /* their codes, in run order */
    int nprocs_pair, procs_pair[HREL_MAX_LIST];   /* p for E and PP */
    int nprocs_coll, procs_coll[HREL_MAX_LIST];   /* p for OA POA AO AA */
    int nsizes;                      /* number of h-relation sizes */
    long sizes[HREL_MAX_LIST];       /* h in bytes */
    hrel_op op;                      /* @ operator for formula (4) */
    hrel_reps_policy reps;           /* repetition policy */
    long warmup;                     /* discarded repetitions per case */
    int route;                       /* PVM routing constant for data */
    int encoding;                    /* PVM encoding constant for data */
    hrel_place place;                /* worker placement */
    double timeout_s;                /* longest wait for one message */
    char outdir[1024];               /* --out DIR: gets raw.csv and cases.csv */
    char output[1040];               /* DIR/raw.csv */
    char platform[128];              /* platform name for metadata */
    char hostfile[1024];             /* hostfile name for metadata */
    int nnotes;                      /* extra metadata lines */
    char notes[8][256];              /* their "key: value" text */
    int quiet;                       /* no progress lines */
    double max_lag_s;                /* void a repetition whose latest rank started
                                        more than this after the start time (only
                                        when every rank has a cpu of its own) */
    int corrupt_rank;                /* fault injection: rank ... (-1: off) */
    long corrupt_rep;                /* ... corrupts a byte it sends in this rep */
    int drop_rank;                   /* fault injection: rank ... (-1: off) */
    long drop_rep;                   /* ... sends nothing in this rep */
    char cmdline[2048];              /* the command line, for metadata */
    int force;                       /* --force: overwrite an existing raw.csv */
    int resume;                      /* --resume DIR: keep DIR's finished cases, run the rest */
    int dry_run;                     /* --dry-run: print the plan and its duration only */
    int quick;                       /* --quick: the short precision-driven preset */
    int recv_block;                  /* --recv block: never poll for data messages */
    double budget_s;                 /* --budget DURATION: the run's time budget (0: none) */
    char fit[1024];                  /* --fit FILE: g and L for --dry-run's estimate */
    char like[1024];                 /* --estimate-from DIR: a run whose cases.csv (and
                                        fit.csv) estimate --dry-run's durations */
    double est_g, est_L;             /* --g, --L: the estimate's g (s/byte) and L (s)
                                        where no fit row prices a case */
    int est_set;                     /* 1: --g or --L given (else the 10 Mbit/s default) */
} hrel_bench_cfg;

/* Parse ARGV into CFG. Return 0 ok, 1 help printed to OUT, -1 error in ERR. */
int hrel_bench_opts_parse(int argc, char **argv, hrel_bench_cfg *cfg, FILE *out,
                          char *err, size_t errlen);

/* Processor counts for pattern PAT in CFG; *n gets their number. */
const int *hrel_bench_procs_for(const hrel_bench_cfg *cfg, const char *pat, int *n);

/* Print the usage text to OUT. */
void hrel_bench_opts_usage(FILE *out);

#endif
