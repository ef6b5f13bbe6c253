/* hrel_fft_constants -- measure the computational constants of the parallel
 * FFTs on this machine's processor, as table 3 of 002 does, and write them
 * as a small CSV file (format in lib/fft/fft_io.h and docs/fft.md).
 *
 * How it measures: for every processor count p of --procs it runs, on one
 * processor and without PVM, exactly the sequential code a rank of hrel_fft
 * runs for that p, each phase timed separately, --reps times after one
 * untimed warm-up, and keeps the median:
 *   D  = M-step division (hrel_fft_divide of rank p-1) / (N/p elements)
 *   Ds = the divide-and-conquer splits at levels 0..log2(p)-1 / (sum N/2^l)
 *        (p = 1 has no split; it is measured as for p = 2)
 *   F  = local FFT of m = N/p points / (m log2 m)
 *   R  = rank 0's combinations of halves N 2^i/p, i < log2 p, in place, /
 *        (N - N/p butterflies) (p = 1: one combination of halves N/2)
 * The row `all` pools the medians over the p rows (sum of times over sum of
 * units). It also times plain FFTW on N points against the p = 1 path
 * (division copy + local FFT) for the goal "within 1.5x of FFTW".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "clock.h"
#include "sample.h"
#include "fft_par.h"
#include "fft_seq.h"
#include "args.h"
#include "hrel_limits.h"
#include "runmeta.h"

#define MAXP 32

/* Command-line options. */
typedef struct opts {
    long n;              /* points */
    long p[MAXP];        /* processor counts */
    int np;              /* how many */
    int reps;            /* timed repetitions per phase */
    int rigour;          /* HREL_FFT_ESTIMATE / HREL_FFT_MEASURE */
    const char *out;     /* output file DIR/consts.csv, NULL = stdout */
    const char *outdir;  /* --out DIR */
    char outbuf[1024];   /* storage of out */
    const char *wisdom;  /* FFTW wisdom file to read (if present) and write, or NULL */
} opts;

/* Median seconds and units of each phase for one p. */
typedef struct phase_t {
    double d, ds, f, r;          /* median seconds */
    double ud, uds, uf, ur;      /* units: elements, elements, m log2 m, butterflies */
} phase_t;

static void usage(FILE *fp)
{
    fprintf(fp,
"usage: hrel_fft_constants [--n N] [-p|--procs LIST] [-r|--reps R]\n"
"                          [--plan estimate|measure] [--wisdom FILE] [-o|--out DIR]\n"
"Measure the FFT constants D, Ds, F, R (002 table 3) on this processor and\n"
"write them as CSV (p,n,m,D,Ds,F,R; one row per p and a pooled row 'all').\n"
"  --n N        points, a power of two, k/M allowed (default 524288)\n"
"  -p, --procs LIST  processor counts, powers of two <= N/2 (default 1,2,4,8;\n"
"               the list syntax of every hrel program; 1-8 would include 3:\n"
"               refused)\n"
"  -r, --reps R timed repetitions per phase, median kept (default 7)\n"
"  --plan       FFTW planning: measure (default) or estimate\n"
"  --wisdom FILE  FFTW wisdom: read it if it exists, write it at the end, so\n"
"               hrel_fft --wisdom FILE runs the very plans measured here\n"
"  -o, --out DIR  write DIR/consts.csv instead of standard output\n"
"--opt VALUE and --opt=VALUE both work.\n");
}

/* Parse argv into O; 0 ok, 1 help, 2 bad usage (message printed). */
static int parse(int argc, char **argv, opts *o)
{
    static const char *const plans[] = {"measure", "estimate", NULL};
    int plan = 0, help = 0, first = 0;
    const char *outdir = NULL;
    char err[256];
    const hrel_arg table[] = {
        HREL_OPT_NUM("n", 0, HREL_ARG_SIZE, &o->n, 1, 1L << 40),
        HREL_OPT_LIST("procs", 'p', HREL_ARG_PROCS, o->p, 1, HREL_MAX_RANKS, &o->np, MAXP),
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &o->reps, 1, 1000),
        HREL_OPT_CHOICE("plan", 0, &plan, plans),
        HREL_OPT_STR("out", 'o', &outdir),
        HREL_OPT_STR("wisdom", 0, &o->wisdom),
        HREL_OPT_END,
    };
    o->n = 524288;
    o->np = 4;
    o->p[0] = 1; o->p[1] = 2; o->p[2] = 4; o->p[3] = 8;
    o->reps = 7;
    o->out = NULL;
    o->wisdom = NULL;
    if (hrel_args_parse(argc, argv, table, &help, &first, err, sizeof err) != 0) {
        fprintf(stderr, "hrel_fft_constants: %s (try --help)\n", err);
        return 2;
    }
    if (help)
        return 1;
    if (first < argc) {
        fprintf(stderr, "hrel_fft_constants: unexpected argument '%.60s' (try --help)\n",
                argv[first]);
        return 2;
    }
    o->rigour = plan == 1 ? HREL_FFT_ESTIMATE : HREL_FFT_MEASURE;
    if (outdir) {
        if (strlen(outdir) > 900) {
            fprintf(stderr, "hrel_fft_constants: --out: directory name longer than 900 "
                            "characters\n");
            return 2;
        }
        snprintf(o->outbuf, sizeof o->outbuf, "%s/consts.csv", outdir);
        o->out = o->outbuf;
        o->outdir = outdir;
    }
    return 0;
}

/* Time the phases for P processors (see the header comment). */
static int measure_p(const opts *o, long p, const hrel_fft_cplx *a, hrel_fft_cplx *b1,
                     hrel_fft_cplx *b2, hrel_fft_cplx *b3, hrel_fft_twiddle *tw,
                     phase_t *ph, char *err, size_t errlen)
{
    size_t n = (size_t)o->n, m = n / (size_t)p;
    unsigned logp = hrel_fft_log2((size_t)p), logm = hrel_fft_log2(m), l, i;
    double *s = malloc((size_t)o->reps * 4 * sizeof *s), t;
    hrel_fft_plan *plan = NULL;
    int k;
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (hrel_fft_plan_alloc(m, o->rigour, &plan, err, errlen)) {
        free(s);
        return -1;
    }
    for (k = -1; k < o->reps; k++) {            /* k = -1: warm-up */
        double td, tds, tf, tr;
        /* D: the M-step division of the last rank */
        t = hrel_clock_now();
        hrel_fft_divide(a, n, (size_t)p, (size_t)p - 1, b1);
        td = hrel_clock_now() - t;
        /* F: local FFT of m points */
        t = hrel_clock_now();
        hrel_fft_plan_exec(plan, b1, b2);
        tf = hrel_clock_now() - t;
        /* Ds: the splits of levels 0..log2(p)-1 (p = 1: as p = 2) */
        t = hrel_clock_now();
        {
            const hrel_fft_cplx *cur = a;
            size_t len = n;
            unsigned levels = logp ? logp : 1;
            for (l = 0; l < levels; l++, len /= 2) {
                hrel_fft_cplx *e = cur == b1 ? b3 : b1, *od = cur == b2 ? b3 : b2;
                hrel_fft_split(cur, len, e, od);
                cur = e;                        /* keep the even half */
            }
        }
        tds = hrel_clock_now() - t;
        /* R: rank 0's in-place combinations (p = 1: halves N/2) */
        memcpy(b3, b2, m * sizeof *b3);
        hrel_fft_input(n - m, 99, b3 + m);      /* stand-in for the received halves */
        t = hrel_clock_now();
        if (logp == 0)
            hrel_fft_combine(tw, b3, b3 + n / 2, n / 2, b3);
        for (i = 0; i < logp; i++) {
            size_t h = m << i;
            hrel_fft_combine(tw, b3, b3 + h, h, b3);
        }
        tr = hrel_clock_now() - t;
        if (k >= 0) {
            s[k] = td;
            s[o->reps + k] = tds;
            s[2 * o->reps + k] = tf;
            s[3 * o->reps + k] = tr;
        }
    }
    ph->d = hrel_sample_median(s, (size_t)(o->reps));
    ph->ds = hrel_sample_median(s + o->reps, (size_t)(o->reps));
    ph->f = hrel_sample_median(s + 2 * o->reps, (size_t)(o->reps));
    ph->r = hrel_sample_median(s + 3 * o->reps, (size_t)(o->reps));
    ph->ud = (double)m;
    ph->uds = logp ? 2.0 * (double)n - 2.0 * (double)n / (double)p : (double)n;
    ph->uf = (double)m * (double)logm;
    ph->ur = logp ? (double)(n - m) : (double)(n / 2);
    hrel_fft_plan_free(plan);
    free(s);
    return 0;
}

/* Median seconds of plain FFTW on N points and of the p = 1 path. */
static int measure_fftw(const opts *o, const hrel_fft_cplx *a, hrel_fft_cplx *b1,
                        hrel_fft_cplx *b2, double *fftw_s, double *seq_s, char *err,
                        size_t errlen)
{
    size_t n = (size_t)o->n;
    hrel_fft_plan *plan = NULL;
    double *s = malloc((size_t)o->reps * 2 * sizeof *s), t;
    int k;
    if (!s || hrel_fft_plan_alloc(n, o->rigour, &plan, err, errlen)) {
        if (!s)
            snprintf(err, errlen, "out of memory");
        free(s);
        return -1;
    }
    for (k = -1; k < o->reps; k++) {
        double tw, ts;
        t = hrel_clock_now();
        hrel_fft_plan_exec(plan, a, b2);
        tw = hrel_clock_now() - t;
        t = hrel_clock_now();
        hrel_fft_divide(a, n, 1, 0, b1);
        hrel_fft_plan_exec(plan, b1, b2);
        ts = hrel_clock_now() - t;
        if (k >= 0) {
            s[k] = tw;
            s[o->reps + k] = ts;
        }
    }
    *fftw_s = hrel_sample_median(s, (size_t)(o->reps));
    *seq_s = hrel_sample_median(s + o->reps, (size_t)(o->reps));
    hrel_fft_plan_free(plan);
    free(s);
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    char err[256], host[256] = "?", date[32] = "?";
    hrel_fft_cplx *a = NULL, *b1 = NULL, *b2 = NULL, *b3 = NULL;
    hrel_fft_twiddle *tw = NULL;
    phase_t ph[MAXP], all = {0, 0, 0, 0, 0, 0, 0, 0};
    double fftw_s = 0, seq_s = 0;
    FILE *fp = stdout;
    int rc, k, status = 1;
    time_t now = time(NULL);
    size_t n;

    gsl_set_error_handler_off();
    rc = parse(argc, argv, &o);
    if (rc == 1) {
        usage(stdout);
        return 0;
    }
    if (rc)
        return 2;
    for (k = 0; k < o.np; k++) {
        if (hrel_fft_check_sizes(o.n, o.p[k], err, sizeof err)) {
            fprintf(stderr, "hrel_fft_constants: %s\n", err);
            return 2;
        }
        if (o.n / o.p[k] < 2) {
            fprintf(stderr, "hrel_fft_constants: N/p = %ld: the local FFT needs at least 2 points\n",
                    o.n / o.p[k]);
            return 2;
        }
    }
    n = (size_t)o.n;
    a = hrel_fft_cplx_alloc(n);
    b1 = hrel_fft_cplx_alloc(n);
    b2 = hrel_fft_cplx_alloc(n);
    b3 = hrel_fft_cplx_alloc(n);
    if (!a || !b1 || !b2 || !b3) {
        fprintf(stderr, "hrel_fft_constants: out of memory for N=%ld\n", o.n);
        goto done;
    }
    if (hrel_fft_twiddle_alloc(n, &tw, err, sizeof err)) {
        fprintf(stderr, "hrel_fft_constants: %s\n", err);
        goto done;
    }
    if (o.wisdom && access(o.wisdom, R_OK) == 0 &&
        hrel_fft_wisdom_import(o.wisdom, err, sizeof err)) {
        fprintf(stderr, "hrel_fft_constants: %s\n", err);
        goto done;
    }
    hrel_fft_input(n, 1, a);
    for (k = 0; k < o.np; k++) {
        if (measure_p(&o, o.p[k], a, b1, b2, b3, tw, &ph[k], err, sizeof err)) {
            fprintf(stderr, "hrel_fft_constants: %s\n", err);
            goto done;
        }
        all.d += ph[k].d; all.ds += ph[k].ds; all.f += ph[k].f; all.r += ph[k].r;
        all.ud += ph[k].ud; all.uds += ph[k].uds; all.uf += ph[k].uf; all.ur += ph[k].ur;
    }
    if (measure_fftw(&o, a, b1, b2, &fftw_s, &seq_s, err, sizeof err)) {
        fprintf(stderr, "hrel_fft_constants: %s\n", err);
        goto done;
    }
    if (o.wisdom && hrel_fft_wisdom_export(o.wisdom, err, sizeof err)) {
        fprintf(stderr, "hrel_fft_constants: %s\n", err);
        goto done;
    }
    if (o.out && (hrel_mkdir_p(o.outdir) != 0 || !(fp = fopen(o.out, "w")))) {
        fprintf(stderr, "hrel_fft_constants: cannot write '%s': %s\n", o.out, strerror(errno));
        fp = stdout;
        goto done;
    }
    gethostname(host, sizeof host - 1);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(fp, "# suite: hrel %s\n# program: hrel_fft_constants\n# date: %s\n# host: %s\n",
            HREL_VERSION, date, host);
    fprintf(fp, "# n: %ld\n# reps: %d (median kept, one warm-up)\n# plan: %s\n# wisdom: %s\n",
            o.n, o.reps, o.rigour == HREL_FFT_MEASURE ? "measure" : "estimate",
            o.wisdom ? o.wisdom : "none");
    fprintf(fp, "# units: D s/element gathered (M-step division); Ds s/element split "
                "(odd_and_even); F s/(m log2 m), m = n/p (local FFT); R s/butterfly (combination)\n");
    fprintf(fp, "# fftw_seconds: %.6g (plain FFTW, n points)\n", fftw_s);
    fprintf(fp, "# seq_seconds: %.6g (p = 1 path: division copy + local FFT)\n", seq_s);
    fprintf(fp, "# seq_over_fftw: %.3f\n", fftw_s > 0 ? seq_s / fftw_s : 0.0);
    fprintf(fp, "p,n,m,D,Ds,F,R\n");
    for (k = 0; k < o.np; k++)
        fprintf(fp, "%ld,%ld,%ld,%.6g,%.6g,%.6g,%.6g\n", o.p[k], o.n, o.n / o.p[k],
                ph[k].d / ph[k].ud, ph[k].ds / ph[k].uds, ph[k].f / ph[k].uf, ph[k].r / ph[k].ur);
    fprintf(fp, "all,%ld,,%.6g,%.6g,%.6g,%.6g\n", o.n, all.d / all.ud, all.ds / all.uds,
            all.f / all.uf, all.r / all.ur);
    status = 0;
done:
    if (fp != stdout && fclose(fp) != 0) {
        fprintf(stderr, "hrel_fft_constants: cannot write '%s'\n", o.out);
        status = 1;
    }
    hrel_fft_cplx_free(a);
    hrel_fft_cplx_free(b1);
    hrel_fft_cplx_free(b2);
    hrel_fft_cplx_free(b3);
    hrel_fft_twiddle_free(tw);
    return status;
}
