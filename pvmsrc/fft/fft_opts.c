/* fft_opts -- see fft_opts.h. */
#include "fft_opts.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "hrel_limits.h"
#include "vmopts.h"

void hrel_fft_opts_usage(FILE *fp)
{
    fprintf(fp,
"usage: hrel_fft [--algo mstep|ccm] [--n N] [-p|--procs P] [-r|--reps R]\n"
"                [-w|--warmup W] [--seed S] [--plan measure|estimate] [--tol X]\n"
"                [--timeout DURATION] [-o|--out DIR] [--platform NAME]\n"
"                [--wisdom FILE] [--place rr|block|pvm] [--route direct|daemon]\n"
"                [--encoding raw|inplace|default]\n"
"Run a parallel FFT of N points (default 524288; k/M suffixes) on P PVM tasks\n"
"(default 2; powers of two, P <= N): --algo mstep is the M-step FFT of 002\n"
"figure 7 (result on rank 0), ccm the divide-and-conquer FFT of 001 (result on\n"
"every rank). Spawns P copies of itself as the ranks, rank r on host r mod H (a\n"
"pvmd must run, see hostfiles/vm.sh). Each repetition is checked against a GSL reference\n"
"transform (relative error <= --tol, default 1e-9, else the run fails).\n"
"Prints one line per repetition; --out DIR appends rows to DIR/runs.csv\n"
"  algo,n,p,rep,seconds,relerr,trace\n"
"(header and # metadata when the file is new) and writes the M-step trace of\n"
"each repetition as DIR/trace_ALGO_pP_rREP.csv (trace.csv format; the trace\n"
"column names it relative to DIR).\n"
"  -r, --reps R  recorded repetitions (default 3); -w, --warmup W untimed ones (1)\n"
"  --plan        FFTW planning effort (default measure)\n"
"  --wisdom FILE FFTW wisdom every rank loads before planning (e.g. written by\n"
"                hrel_fft_constants --wisdom, so the runs use the measured plans;\n"
"                the path must be readable on every host)\n"
"  --timeout DURATION  longest wait of any receive: 90, 90s, 2m (default 120s)\n"
"  --encoding    PVM encoding of the data (default raw, as every hrel program)\n"
"--opt VALUE and --opt=VALUE both work.\n");
}

int hrel_fft_opts_parse(int argc, char **argv, hrel_fft_opts *c, char *err, size_t errlen)
{
    static const char *const algos[] = {"mstep", "ccm", NULL};
    static const char *const plans[] = {"measure", "estimate", NULL};
    int algo = 0, plan = 0, place = 0, route = 0, encoding = 0;
    long seed = 1;
    const hrel_arg table[] = {
        HREL_OPT_CHOICE("algo", 0, &algo, algos),
        HREL_OPT_NUM("n", 0, HREL_ARG_SIZE, &c->n, 1, 1L << 40),
        HREL_OPT_NUM("procs", 'p', HREL_ARG_LONG, &c->p, 1, HREL_MAX_RANKS),
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &c->reps, 1, 100000),
        HREL_OPT_NUM("warmup", 'w', HREL_ARG_INT, &c->warmup, 0, 1000),
        HREL_OPT_NUM("seed", 0, HREL_ARG_LONG, &seed, 0, 4294967295.0),
        HREL_OPT_CHOICE("plan", 0, &plan, plans),
        HREL_OPT_NUM("tol", 0, HREL_ARG_DOUBLE, &c->tol, 1e-300, 1e300),
        HREL_OPT_NUM("timeout", 0, HREL_ARG_DURATION, &c->timeout_s, 1e-3, 1e7),
        HREL_OPT_STR("out", 'o', &c->out),
        HREL_OPT_STR("platform", 0, &c->platform),
        HREL_OPT_STR("wisdom", 0, &c->wisdom),
        HREL_OPT_CHOICE("place", 0, &place, hrel_vmopts_place_words),
        HREL_OPT_CHOICE("route", 0, &route, hrel_vmopts_route_words),
        {"encoding", 0, HREL_ARG_CHOICE, &encoding, 0, 0, hrel_vmopts_encoding_words, NULL, 0,
         NULL},
        HREL_OPT_FLAG("worker", 0, &c->worker),
        HREL_OPT_END,
    };
    memset(c, 0, sizeof *c);
    c->n = 524288;
    c->p = 2;
    c->reps = 3;
    c->warmup = 1;
    c->timeout_s = 120.0;
    c->tol = 1e-9;
    c->platform = getenv("HREL_PLATFORM");
    {
        int rc = hrel_args_parse_all(argc, argv, table, err, errlen);
        if (rc != 0)
            return rc;
    }
    c->algo = algo == 1 ? HREL_FFT_CCM : HREL_FFT_MSTEP;
    c->rigour = plan == 1 ? HREL_FFT_ESTIMATE : HREL_FFT_MEASURE;
    c->seed = (unsigned long)seed;
    c->place = (hrel_place)place;
    c->route_word = route;
    c->encoding_word = encoding;
    c->route = hrel_vmopts_route(route);
    c->encoding = hrel_vmopts_encoding(encoding);
    if (c->out) {
        if (strlen(c->out) > 900) {
            snprintf(err, errlen, "--out: directory name longer than 900 characters");
            return -1;
        }
        snprintf(c->runs, sizeof c->runs, "%s/runs.csv", c->out);
    }
    return 0;
}

