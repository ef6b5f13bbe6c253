/* hrel_psrs_constants -- measure the computational constants B, C, D, E, F,
 * H, I, J of the PSRS model (002 formulas 19-25) on this machine's processor.
 *
 * How it measures. For every P of the list it builds the data one PSRS
 * processor holds when N items are sorted on P processors (N/P items, so the
 * cache sees what it sees in the parallel run: 002 adjusts the constants to P
 * for that reason) and times the very lib/sort_seq functions hrel_psrs calls
 * in each M-step, each divided by the term its constant multiplies:
 *   B  hrel_sort_ints on N/P fresh items          / ((N/P) log2(N/P))
 *   C  hrel_sort_sample of P items                / P
 *   D  hrel_sort_merge of P runs of P samples     / P^2
 *   E  hrel_sort_pivots                           / (P-1)
 *   F  hrel_sort_fragments (P-1 binary searches)  / ((P-1) log2(N/P))
 *   H  hrel_sort_offsets twice (out and in)       / (P-1)
 *   I  hrel_sort_merge of P runs, N/P items       / (N/P)
 *   J  hrel_sort_offsets once (root displacements)/ (P-1)
 * The sort is timed once per repetition on a fresh copy (the copy is not
 * timed); the short operations are repeated until one timing lasts at least
 * 2 ms and divided by the count. Each constant is the median of --reps
 * timings. PVM is linked but not used: run it on the host whose processor the
 * prediction is for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include <math.h>

#include "clock.h"
#include "sample.h"
#include "psrs_args.h"
#include "psrs_input.h"
#include "psrs_model.h"
#include "sort_seq.h"
#include "args.h"
#include "runmeta.h"

#define MIN_TIMING_S 2e-3   /* shortest timing of a repeated short operation */

static const char usage_text[] =
    "usage: hrel_psrs_constants [-p|--procs LIST] [--n N] [--input KIND] [-r|--reps R]\n"
    "                           [--seed S] [-o|--out DIR]\n"
    "                           (--opt VALUE and --opt=VALUE both work)\n"
    "\n"
    "Measure the PSRS constants B C D E F H I J (002 formulas 19-25) on this\n"
    "processor, one row per P, with the N/P items one PSRS processor holds.\n"
    "  --procs LIST  processor counts, e.g. 2-8 or 2,4,8 (default 2-8)\n"
    "  --n N         items sorted in the parallel run (default 1048576; k, M ok)\n"
    "  --input KIND  uniform (default), dup, sorted or reverse\n"
    "  --reps R      timings per constant, the median is kept (default 5)\n"
    "  --seed S      input seed (default 1)\n"
    "  -o, --out DIR write DIR/consts.csv (default: standard output)\n"
    "Output: '# key: value' lines, then procs,n,B,C,D,E,F,H,I,J (seconds per\n"
    "unit of each term; see docs/psrs.md).\n";

/* Everything one P needs: the buffers of one processor. */
typedef struct bench {
    int p;                 /* processor count */
    size_t q;              /* N/P items of one processor */
    int *orig, *seg;       /* unsorted segment, working copy */
    int *sorted;           /* the sorted segment */
    int *runs;             /* P sorted runs totalling q items (for I) */
    const int **run;       /* run pointers (P) */
    size_t *len;           /* run lengths (P) */
    int *samp, *sruns;     /* P sample items; P runs of P sorted samples */
    const int **srun;      /* sample run pointers (P) */
    size_t *slen;          /* sample run lengths (P) */
    int *merged;           /* output of merges (max(q, P*P)) */
    int *pivot;            /* P-1 pivots */
    size_t *size, *off, *size2, *off2;   /* fragment sizes and offsets (P) */
} bench;

typedef void (*op_fn)(bench *b);

static void op_sample(bench *b) { hrel_sort_sample(b->sorted, b->q, b->p, b->samp); }
static void op_smerge(bench *b) { hrel_sort_merge(b->srun, b->slen, b->p, b->merged); }
static void op_pivots(bench *b) { hrel_sort_pivots(b->merged, (size_t)b->p * b->p, b->p, b->pivot); }
static void op_frag(bench *b) { hrel_sort_fragments(b->sorted, b->q, b->pivot, b->p, b->size); }
static void op_off2(bench *b)
{
    hrel_sort_offsets(b->size, b->p, b->off, NULL);
    hrel_sort_offsets(b->size2, b->p, b->off2, NULL);
}
static void op_merge(bench *b) { hrel_sort_merge(b->run, b->len, b->p, b->merged); }
static void op_off1(bench *b) { hrel_sort_offsets(b->size2, b->p, b->off2, NULL); }

/* Median over REPS of the time of one call of F (seconds). */
static double time_op(op_fn f, bench *b, int reps)
{
    double *t = malloc((size_t)reps * sizeof *t), res;
    long k = 1, i;
    int r;
    for (;;) {   /* calibrate the count */
        double t0 = hrel_clock_now(), dt;
        for (i = 0; i < k; i++)
            f(b);
        dt = hrel_clock_now() - t0;
        if (dt >= MIN_TIMING_S || k >= (1L << 30))
            break;
        k *= 2;
    }
    for (r = 0; r < reps; r++) {
        double t0 = hrel_clock_now();
        for (i = 0; i < k; i++)
            f(b);
        t[r] = (hrel_clock_now() - t0) / (double)k;
    }
    res = hrel_sample_median(t, (size_t)(reps));
    free(t);
    return res;
}

/* Median over REPS of one sort of a fresh copy of the segment. */
static double time_sort(bench *b, int reps)
{
    double *t = malloc((size_t)reps * sizeof *t), res;
    int r;
    for (r = 0; r < reps; r++) {
        double t0;
        memcpy(b->seg, b->orig, b->q * sizeof *b->seg);
        t0 = hrel_clock_now();
        hrel_sort_ints(b->seg, b->q);
        t[r] = hrel_clock_now() - t0;
    }
    res = hrel_sample_median(t, (size_t)(reps));
    free(t);
    return res;
}

static void bench_free(bench *b)
{
    free(b->orig); free(b->seg); free(b->sorted); free(b->runs); free(b->run);
    free(b->len); free(b->samp); free(b->sruns); free(b->srun); free(b->slen);
    free(b->merged); free(b->pivot); free(b->size); free(b->off); free(b->size2);
    free(b->off2);
}

/* Build the data of processor 0 of a PSRS run of N items on P. Return 0 or -1. */
static int bench_init(bench *b, long n, int p, hrel_psrs_kind kind, unsigned long seed)
{
    size_t q = (size_t)(n / p), i, at;
    size_t mlen = q > (size_t)p * p ? q : (size_t)p * p;
    int j;
    memset(b, 0, sizeof *b);
    b->p = p;
    b->q = q;
    b->orig = malloc(q * sizeof *b->orig);
    b->seg = malloc(q * sizeof *b->seg);
    b->sorted = malloc(q * sizeof *b->sorted);
    b->runs = malloc(q * sizeof *b->runs);
    b->run = malloc((size_t)p * sizeof *b->run);
    b->len = malloc((size_t)p * sizeof *b->len);
    b->samp = malloc((size_t)p * sizeof *b->samp);
    b->sruns = malloc((size_t)p * p * sizeof *b->sruns);
    b->srun = malloc((size_t)p * sizeof *b->srun);
    b->slen = malloc((size_t)p * sizeof *b->slen);
    b->merged = malloc(mlen * sizeof *b->merged);
    b->pivot = malloc((size_t)p * sizeof *b->pivot);
    b->size = malloc((size_t)p * sizeof *b->size);
    b->off = malloc((size_t)p * sizeof *b->off);
    b->size2 = malloc((size_t)p * sizeof *b->size2);
    b->off2 = malloc((size_t)p * sizeof *b->off2);
    if (!b->orig || !b->seg || !b->sorted || !b->runs || !b->run || !b->len || !b->samp ||
        !b->sruns || !b->srun || !b->slen || !b->merged || !b->pivot || !b->size ||
        !b->off || !b->size2 || !b->off2)
        return -1;
    /* processor 0's segment of the N-item input */
    {
        int *all = malloc((size_t)n * sizeof *all);
        if (!all)
            return -1;
        hrel_psrs_input_fill(kind, seed, all, (size_t)n);
        memcpy(b->orig, all, q * sizeof *all);
        /* P runs of P samples: processor k's regular sample of its segment */
        for (j = 0; j < p; j++) {
            memcpy(b->seg, all + (size_t)j * q, q * sizeof *all);
            hrel_sort_ints(b->seg, q);
            hrel_sort_sample(b->seg, q, p, b->sruns + (size_t)j * p);
            b->srun[j] = b->sruns + (size_t)j * p;
            b->slen[j] = (size_t)p;
        }
        free(all);
    }
    memcpy(b->sorted, b->orig, q * sizeof *b->sorted);
    hrel_sort_ints(b->sorted, q);
    op_smerge(b);
    op_pivots(b);
    op_frag(b);
    memcpy(b->size2, b->size, (size_t)p * sizeof *b->size);
    /* P runs of about q/P items, each sorted: what a processor merges in step 6 */
    memcpy(b->runs, b->orig, q * sizeof *b->runs);
    for (j = 0, at = 0; j < p; j++) {
        size_t l = q / (size_t)p + ((size_t)j < q % (size_t)p);
        b->run[j] = b->runs + at;
        b->len[j] = l;
        hrel_sort_ints(b->runs + at, l);
        at += l;
    }
    for (i = 0; i < (size_t)p; i++)
        b->off[i] = 0;
    return 0;
}

/* Measure the constants for P. */
static int measure(long n, int p, hrel_psrs_kind kind, unsigned long seed, int reps,
                   hrel_psrs_consts *k)
{
    bench b;
    double P = p, q, lq;
    if (bench_init(&b, n, p, kind, seed) != 0) {
        bench_free(&b);
        return -1;
    }
    q = (double)b.q;
    lq = log2(q);
    k->procs = p;
    k->n = n;
    k->B = time_sort(&b, reps) / (q * lq);
    k->C = time_op(op_sample, &b, reps) / P;
    k->D = time_op(op_smerge, &b, reps) / (P * P);
    k->E = time_op(op_pivots, &b, reps) / (P - 1);
    k->F = time_op(op_frag, &b, reps) / ((P - 1) * lq);
    k->H = time_op(op_off2, &b, reps) / (P - 1);
    k->I = time_op(op_merge, &b, reps) / q;
    k->J = time_op(op_off1, &b, reps) / (P - 1);
    bench_free(&b);
    return 0;
}

/* First "model name" line of /proc/cpuinfo into BUF ("unknown" if none). */
static void cpu_name(char *buf, size_t len)
{
    char line[512];
    FILE *fp = fopen("/proc/cpuinfo", "r");
    snprintf(buf, len, "unknown");
    if (!fp)
        return;
    while (fgets(line, sizeof line, fp)) {
        char *c = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && c) {
            c++;
            while (*c == ' ' || *c == '\t')
                c++;
            c[strcspn(c, "\n")] = '\0';
            snprintf(buf, len, "%s", c);
            break;
        }
    }
    fclose(fp);
}

static int fail(const char *msg)
{
    fprintf(stderr, "hrel_psrs_constants: %s\n", msg);
    return 1;
}

/* A bad command line: one line, exit status 2. */
static int usage_error(const char *msg)
{
    fprintf(stderr, "hrel_psrs_constants: %s\n", msg);
    return 2;
}

int main(int argc, char **argv)
{
    int procs[HREL_PSRS_MAX_PROCS], nprocs = 0, reps = 5, i;
    long n = 1048576;
    unsigned long seed = 1;
    hrel_psrs_kind kind = HREL_PSRS_UNIFORM;
    const char *out = "-";
    char err[256], when[64], cpu[256], outpath[1024];
    FILE *fp;
    struct utsname un;
    time_t now = time(NULL);

    {
        const char *plist = "2-8", *nstr = NULL, *outdir = NULL;
        int help = 0, first = 0, k = -1;
        long sd = 1;
        const hrel_arg table[] = {
            HREL_OPT_STR("procs", 'p', &plist),
            HREL_OPT_STR("n", 0, &nstr),
            HREL_OPT_CHOICE("input", 0, &k, hrel_psrs_input_names),
            HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &reps, 1, 1000),
            HREL_OPT_NUM("seed", 0, HREL_ARG_LONG, &sd, 0, 4294967295.0),
            HREL_OPT_STR("out", 'o', &outdir),
            HREL_OPT_END,
        };
        if (hrel_args_parse(argc, argv, table, &help, &first, err, sizeof err) != 0)
            return usage_error(err);
        if (help) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (first < argc) {
            snprintf(err, sizeof err, "unexpected argument '%.60s' (try --help)", argv[first]);
            return usage_error(err);
        }
        if (hrel_psrs_parse_procs(plist, procs, HREL_PSRS_MAX_PROCS, &nprocs, err,
                                  sizeof err) != 0 ||
            (nstr && hrel_psrs_parse_n(nstr, &n, err, sizeof err) != 0))
            return usage_error(err);
        if (k >= 0)
            kind = (hrel_psrs_kind)k;
        seed = (unsigned long)sd;
        if (outdir) {
            if (strlen(outdir) > 900) {
                snprintf(err, sizeof err, "--out: directory name longer than 900 characters");
                return usage_error(err);
            }
            if (hrel_mkdir_p(outdir) != 0) {
                snprintf(err, sizeof err, "cannot create directory '%.200s'", outdir);
                return fail(err);
            }
            snprintf(outpath, sizeof outpath, "%s/consts.csv", outdir);
            out = outpath;
        }
    }
    for (i = 0; i < nprocs; i++)
        if (hrel_psrs_check_size(n, procs[i], err, sizeof err))
            return fail(err);

    fp = strcmp(out, "-") == 0 ? stdout : fopen(out, "w");
    if (!fp) {
        snprintf(err, sizeof err, "cannot write '%.200s'", out);
        return fail(err);
    }
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    cpu_name(cpu, sizeof cpu);
    fprintf(fp, "# suite: hrel %s\n", HREL_VERSION);
    fprintf(fp, "# program: hrel_psrs_constants (PSRS constants, 002 formulas 19-25)\n");
    fprintf(fp, "# date_utc: %s\n", when);
    fprintf(fp, "# host: %s\n", uname(&un) == 0 ? un.nodename : "?");
    fprintf(fp, "# cpu: %s\n", cpu);
    fprintf(fp, "# input: %s\n", hrel_psrs_input_name(kind));
    fprintf(fp, "# seed: %lu\n", seed);
    fprintf(fp, "# reps: %d (median kept)\n", reps);
    fprintf(fp, "# units: seconds per unit of each term; log is log2\n");
    fprintf(fp, "%s\n", HREL_PSRS_CONSTS_HEADER);
    for (i = 0; i < nprocs; i++) {
        hrel_psrs_consts k;
        if (measure(n, procs[i], kind, seed, reps, &k) != 0) {
            if (fp != stdout)
                fclose(fp);
            snprintf(err, sizeof err, "out of memory for N=%ld, P=%d", n, procs[i]);
            return fail(err);
        }
        fprintf(fp, "%d,%ld,%.6e,%.6e,%.6e,%.6e,%.6e,%.6e,%.6e,%.6e\n", k.procs, k.n, k.B, k.C,
                k.D, k.E, k.F, k.H, k.I, k.J);
        fflush(fp);
    }
    if (fp != stdout && fclose(fp) != 0) {
        snprintf(err, sizeof err, "cannot write '%.200s'", out);
        return fail(err);
    }
    return 0;
}
