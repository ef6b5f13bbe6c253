/* psrs_opts -- the command line of hrel_psrs (PSRS on the virtual machine).
 *
 * Contract: hrel_psrs_opts_parse fills a caller-owned hrel_psrs_opts from
 * argv with lib/base/args and lib/psrs/psrs_args (processor lists, item
 * counts, the N >= P*P rule), applying the defaults of hrel_psrs_opts_usage.
 * It returns 0, 1 when --help was asked for, or -1 with one line in err (the
 * caller prefixes the program name and exits 2). No PVM call (PVM constants
 * come from pvm3.h's macros through vmopts): tests/unit/test_psrs_opts.c
 * links it without a daemon.
 */
#ifndef HREL_PSRS_OPTS_H
#define HREL_PSRS_OPTS_H

#include <limits.h>
#include <stddef.h>

#include "psrs_args.h"
#include "vm.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

typedef struct hrel_psrs_opts {
    int procs[HREL_PSRS_MAX_PROCS];   /* processor counts, in run order */
    int nprocs;                       /* their number */
    long n;                           /* items */
    int kinds[4];                     /* hrel_psrs_kind of the inputs */
    int nkinds;                       /* their number */
    int reps;                         /* timed runs per (P, input) */
    int warmup;                       /* untimed runs before them */
    unsigned long seed;               /* input seed (the same for every run) */
    char out[PATH_MAX];               /* output directory */
    int route;                        /* PVM route for data */
    int encoding;                     /* PVM encoding for data */
    hrel_place place;                 /* placement of the ranks */
    double timeout_s;                 /* longest wait for one message */
    char platform[128];               /* platform name (metadata) */
    char hostfile[1024];              /* hostfile (metadata) */
    int quiet;                        /* no progress lines */
    int worker;                       /* --worker: a spawned rank */
    char cmdline[2048];               /* the command line (metadata) */
} hrel_psrs_opts;

/* The usage text. */
extern const char hrel_psrs_opts_usage[];

/* Parse ARGV into CFG. Return 0, 1 for --help, -1 with ERR. */
int hrel_psrs_opts_parse(int argc, char **argv, hrel_psrs_opts *cfg, char *err, size_t errlen);

#endif
