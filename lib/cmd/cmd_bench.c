/* hrel bench DIR -- the summary of a `make bench` run (experiments/bench.sh):
 * per size, each program's one-way time (median over the rounds, min, max),
 * and the ratios of programs taken within each round (median, interquartile
 * range, min, max over the rounds), from the round directories read by
 * lib/stats/benchrun. Text table, or with --csv one row per figure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "benchrun.h"
#include "hrel_cmd.h"
#include "sample.h"

static void usage(FILE *fp)
{
    fprintf(fp, "usage: hrel bench RUN_DIR [--csv]\n"
                "\n"
                "Summarise a `make bench` run (experiments/bench.sh): RUN_DIR/round-K/ hold\n"
                "one round each (suite/raw.csv, bare.csv, netpipe-BYTES.out, tcp.csv). Per\n"
                "size: each program's one-way time (median over the rounds, min, max) and\n"
                "the ratios suite/bare_pvm, netpipe_pvm/bare_pvm, suite/netpipe_pvm and\n"
                "bare_pvm/raw_tcp taken within each round (median, IQR, min, max); with\n"
                "suiteblock/ rounds (bench.sh --with-block) also suite_block/bare_pvm and\n"
                "suite/suite_block; with baretraced rounds (hrel_pingpong under the preload\n"
                "tracer) bare_traced/bare_pvm and the tracer's cost per message in ns\n"
                "(bare_traced - bare_pvm).\n"
                "\n"
                "  --csv   bytes,figure,rounds,median,q1,q3,min,max (seconds or ratio)\n");
}

/* The ratios shown: numerator and denominator programs. */
static const int ratios[][2] = {
    {HREL_BENCH_SUITE, HREL_BENCH_BARE},
    {HREL_BENCH_NETPIPE, HREL_BENCH_BARE},
    {HREL_BENCH_SUITE, HREL_BENCH_NETPIPE},
    {HREL_BENCH_BARE, HREL_BENCH_TCP},
    {HREL_BENCH_SUITE_BLOCK, HREL_BENCH_BARE},
    {HREL_BENCH_SUITE, HREL_BENCH_SUITE_BLOCK},
    {HREL_BENCH_BARE_TRACED, HREL_BENCH_BARE},
};
#define NRATIO (sizeof ratios / sizeof ratios[0])

typedef struct spread {
    size_t n;
    double med, q1, q3, min, max;
} spread;

/* Spread of the finite values among V[0..N) (V reordered). */
static spread spread_of(double *v, size_t n)
{
    spread s;
    s.med = hrel_sample_median(v, n);   /* finite values first, sorted */
    for (s.n = 0; s.n < n && isfinite(v[s.n]); s.n++)
        ;
    s.q1 = hrel_sample_quantile_sorted(v, s.n, 0.25);
    s.q3 = hrel_sample_quantile_sorted(v, s.n, 0.75);
    s.min = s.n ? v[0] : NAN;
    s.max = s.n ? v[s.n - 1] : NAN;
    return s;
}

/* Per-round values of program A (B < 0) or of the ratio A/B at size K. */
static spread figure(const hrel_benchrun *b, double *tmp, size_t k, int a, int bb)
{
    size_t r;
    for (r = 0; r < b->nround; r++) {
        double x = hrel_benchrun_at(b, r, k, a);
        tmp[r] = bb < 0 ? x : x / hrel_benchrun_at(b, r, k, bb);
    }
    return spread_of(tmp, b->nround);
}

/* Per-round differences A - B (one-way seconds) at size K. */
static spread difference(const hrel_benchrun *b, double *tmp, size_t k, int a, int bb)
{
    size_t r;
    for (r = 0; r < b->nround; r++)
        tmp[r] = hrel_benchrun_at(b, r, k, a) - hrel_benchrun_at(b, r, k, bb);
    return spread_of(tmp, b->nround);
}

static void csv_row(long bytes, const char *what, const spread *s)
{
    printf("%ld,%s,%zu,%.9g,%.9g,%.9g,%.9g,%.9g\n", bytes, what, s->n, s->med, s->q1, s->q3,
           s->min, s->max);
}

static void print_csv(const hrel_benchrun *b, double *tmp, const char *dir)
{
    size_t k, i;
    (void)dir;
    printf("bytes,figure,rounds,median,q1,q3,min,max\n");
    for (k = 0; k < b->nsize; k++) {
        for (i = 0; i < HREL_BENCH_NPROG; i++) {
            char name[64];
            spread s = figure(b, tmp, k, (int)i, -1);
            snprintf(name, sizeof name, "%s_s", hrel_benchrun_prog[i]);
            if (s.n)
                csv_row(b->bytes[k], name, &s);
        }
        for (i = 0; i < NRATIO; i++) {
            char name[64];
            spread s = figure(b, tmp, k, ratios[i][0], ratios[i][1]);
            snprintf(name, sizeof name, "%s/%s", hrel_benchrun_prog[ratios[i][0]],
                     hrel_benchrun_prog[ratios[i][1]]);
            if (s.n)
                csv_row(b->bytes[k], name, &s);
        }
        {
            spread s = difference(b, tmp, k, HREL_BENCH_BARE_TRACED, HREL_BENCH_BARE);
            if (s.n)
                csv_row(b->bytes[k], "bare_traced-bare_pvm_s", &s);
        }
    }
}

/* 1 if program PROG has a figure in some round at some size. */
static int ran(const hrel_benchrun *b, int prog)
{
    size_t r, k;
    for (r = 0; r < b->nround; r++)
        for (k = 0; k < b->nsize; k++)
            if (isfinite(hrel_benchrun_at(b, r, k, prog)))
                return 1;
    return 0;
}

static void print_text(const hrel_benchrun *b, double *tmp, const char *dir)
{
    size_t k, i;
    int show[HREL_BENCH_NPROG];
    for (i = 0; i < HREL_BENCH_NPROG; i++)
        show[i] = (int)i < HREL_BENCH_SUITE_BLOCK || ran(b, (int)i);   /* the four always */
    printf("# hrel bench %s: %zu interleaved rounds; one-way time in us: median over the "
           "rounds [min, max]\n", dir, b->nround);
    printf("%9s", "bytes");
    for (i = 0; i < HREL_BENCH_NPROG; i++)
        if (show[i])
            printf(" %27s", hrel_benchrun_prog[i]);
    printf("\n");
    for (k = 0; k < b->nsize; k++) {
        printf("%9ld", b->bytes[k]);
        for (i = 0; i < HREL_BENCH_NPROG; i++) {
            spread s = figure(b, tmp, k, (int)i, -1);
            if (!show[i])
                continue;
            if (s.n)
                printf(" %10.2f [%6.5g, %6.5g]", 1e6 * s.med, 1e6 * s.min, 1e6 * s.max);
            else
                printf(" %27s", "-");
        }
        printf("\n");
    }
    printf("# ratios within each round: median (IQR q1..q3; min..max) over the rounds\n");
    printf("%9s", "bytes");
    for (i = 0; i < NRATIO; i++) {
        char name[64];
        if (!show[ratios[i][0]] || !show[ratios[i][1]])
            continue;
        snprintf(name, sizeof name, "%s/%s", hrel_benchrun_prog[ratios[i][0]],
                 hrel_benchrun_prog[ratios[i][1]]);
        printf(" %32s", name);
    }
    printf("\n");
    for (k = 0; k < b->nsize; k++) {
        printf("%9ld", b->bytes[k]);
        for (i = 0; i < NRATIO; i++) {
            spread s = figure(b, tmp, k, ratios[i][0], ratios[i][1]);
            if (!show[ratios[i][0]] || !show[ratios[i][1]])
                continue;
            if (s.n)
                printf(" %6.3f (%5.3f..%5.3f; %5.3f..%5.3f)", s.med, s.q1, s.q3, s.min, s.max);
            else
                printf(" %32s", "-");
        }
        printf("\n");
    }
    if (!show[HREL_BENCH_BARE_TRACED])
        return;
    printf("# the preload tracer's cost per message (one send and its receive): bare_traced - "
           "bare_pvm one way, ns, within each round: median (IQR q1..q3; min..max)\n");
    for (k = 0; k < b->nsize; k++) {
        spread s = difference(b, tmp, k, HREL_BENCH_BARE_TRACED, HREL_BENCH_BARE);
        if (s.n)
            printf("%9ld %8.0f (%.0f..%.0f; %.0f..%.0f)\n", b->bytes[k], 1e9 * s.med,
                   1e9 * s.q1, 1e9 * s.q3, 1e9 * s.min, 1e9 * s.max);
    }
}

int hrel_cmd_bench(int argc, char **argv)
{
    int csv = 0, first = 0, rc;
    hrel_benchrun *b = NULL;
    double *tmp = NULL;
    char err[1024];
    if ((rc = hrel_cmd_one_dir("hrel bench", argc, argv, "csv", &csv, usage,
                               "bench run directory", &first)) >= 0)
        return rc;
    if (hrel_benchrun_load(argv[first], &b, err, sizeof err) == 0 &&
        !(tmp = malloc((b->nround + 1) * sizeof *tmp)))
        snprintf(err, sizeof err, "out of memory");
    if (!tmp) {
        fprintf(stderr, "hrel bench: %s\n", err);
        hrel_benchrun_free(b);
        return 1;
    }
    (csv ? print_csv : print_text)(b, tmp, argv[first]);
    if ((rc = fflush(stdout) ? 1 : 0))
        fprintf(stderr, "hrel bench: standard output: write failed\n");
    free(tmp);
    hrel_benchrun_free(b);
    return rc;
}
