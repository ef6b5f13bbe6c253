/* hrel -- the analysis command: fits, model predictions, hyperbolic model.
 * Dispatches to the subcommands declared in hrel_cmd.h. */
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>

#include <gsl/gsl_errno.h>

#include "args.h"
#include "hrel_cmd.h"

static const struct {
    const char *name;                /* subcommand word */
    int (*run)(int, char **);        /* its entry point */
    const char *summary;             /* one line for --help */
} cmds[] = {
    {"fit", hrel_cmd_fit, "fit g and L per pattern and pooled from raw.csv"},
    {"model", hrel_cmd_model, "predict a traced program: bsp, bspwb, mpm, ccm, logp"},
    {"hyper", hrel_cmd_hyper, "hyperbolic model: fit, predict, reduce"},
    {"fft", hrel_cmd_fft, "parallel FFT predictions and predicted-vs-actual table"},
    {"compare", hrel_cmd_compare, "g and L per pattern side by side across platforms"},
    {"psrs", hrel_cmd_psrs, "PSRS predictions (002 f. 19-25) and predicted-vs-actual table"},
    {"predict", hrel_cmd_predict, "a program's run time on a characterised platform, from its trace alone"},
    {"trace", hrel_cmd_trace, "import PVM tracer files: message-level trace and M-steps; synth"},
    {"patterns", hrel_cmd_patterns, "the communication patterns hrel knows (the registry)"},
    {"quality", hrel_cmd_quality, "quality of a study run: interrupted, oversubscribed, missed"},
    {"bench", hrel_cmd_bench, "summary of a make bench run: times and ratios with spread"},
};

static void usage(FILE *fp)
{
    size_t i;
    fprintf(fp, "usage: hrel COMMAND [ARGS]   (hrel COMMAND --help for its options)\n\n");
    for (i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(fp, "  %-8s %s\n", cmds[i].name, cmds[i].summary);
}

int main(int argc, char **argv)
{
    size_t i;
    gsl_set_error_handler_off();
#ifdef __GLIBC__
    /* Blocks of 1 MiB and more come from mmap and go back to the system when
     * freed. glibc's default raises this threshold after each such free, after
     * which the large per-rank buffers of a trace import (freed as they are
     * gathered) stay resident: 390 B instead of ~300 B per event at 10^6 events
     * (docs/scale.md). */
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (hrel_args_is_help(argv[1])) {
        usage(stdout);
        return 0;
    }
    if (hrel_args_verb(argv[1], (const char *const[]){"--version", NULL}) == 0) {
        printf("hrel %s\n", HREL_VERSION);
        return 0;
    }
    for (i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (hrel_args_verb(argv[1], (const char *const[]){cmds[i].name, NULL}) == 0)
            return cmds[i].run(argc - 1, argv + 1);
    fprintf(stderr, "hrel: unknown command '%s' (try hrel --help)\n", argv[1]);
    return 2;
}
