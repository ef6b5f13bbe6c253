/* hrel fft -- predictions of the two parallel FFTs and the study's
 * predicted-versus-actual table (docs/fft.md).
 *
 *   hrel fft predict --consts C.csv (--fit FIT.csv [--pattern X] | --g G --L L)
 *                    [--n N] [--procs 1,2,4,8] [--algo mstep|ccm|both] [--op sum|max]
 *                    [--bytes B]
 *   hrel fft table RUNS.csv --consts C.csv (--fit FIT.csv | --g G --L L)
 *                    [--pattern-mstep X] [--pattern-ccm X] [--op sum|max]
 *                    [--bytes B] [--format csv|text]
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "sample.h"
#include "fft_io.h"
#include "fft_model.h"
#include "ccm.h"
#include "fft_par.h"
#include "args.h"
#include "hrel_cmd.h"
#include "model.h"
#include "trace.h"

#define MAXP 64            /* processor counts in one --p list */

/* Options shared by both verbs. */
typedef struct fft_opts {
    const char *consts;    /* constants file */
    const char *fit;       /* hrel fit --csv output, or NULL */
    const char *pat_mstep; /* fit pattern for the M-step FFT */
    const char *pat_ccm;   /* fit pattern for the divide-and-conquer FFT */
    const char *ccm_path;  /* predict: write the CCM critical path of the largest p here */
    double g, L;           /* explicit g and L (used when fit is NULL) */
    int have_g, have_L;    /* whether --g / --L were given */
    hrel_op op;            /* the @ operator */
    long bytes;            /* bytes per complex value */
    long n;                /* predict: points */
    long p[MAXP];          /* predict: processor counts */
    int np;                /* predict: how many */
    int algo;              /* predict: 1 mstep, 2 ccm, 3 both */
    int text;              /* table: 1 for the text layout */
    int gl_step;           /* 1: M-step PingPong i takes the fit row of p/2^i processors */
} fft_opts;

static void usage(FILE *fp)
{
    fprintf(fp,
"usage: hrel fft predict --consts C.csv (--fit FIT.csv [--pattern X] | --g G --L L)\n"
"                        [--n N] [--procs 1,2,4,8] [--algo mstep|ccm|both] [--op sum|max]\n"
"                        [--gl-procs step|p] [--bytes B]\n"
"       hrel fft table RUNS.csv --consts C.csv (--fit FIT.csv | --g G --L L)\n"
"                        [--pattern-mstep PP] [--pattern-ccm E] [--op sum|max]\n"
"                        [--gl-procs step|p] [--bytes B]\n"
"                        [--format csv|text]\n"
"       hrel fft sizes --n N --procs LIST [--bytes B] [--op sum|max]\n"
"                        (the h of the FFT's own PingPong and Exchange messages,\n"
"                        one comma-separated line for hrel_bench --sizes)\n"
"\n"
"Predicted times of the M-step FFT (002 formulas 15-17 = 000 formula 3) and the\n"
"divide-and-conquer FFT (001 recursive CCM cost), from the constants of\n"
"hrel_fft_constants (row p, else 'all') and g (s/byte), L (s) of `hrel fit --csv`\n"
"(row pattern,p else pattern,all; pattern ALL = pooled; default PP for the\n"
"M-step FFT, E for the divide-and-conquer FFT; --pattern sets both).\n"
"predict prints CSV: algo,n,p,pattern,g,L,D,Ds,F,R,model_s\n"
"table reads RUNS.csv of hrel_fft (algo,n,p,rep,seconds,relerr[,trace]) and prints\n"
"algo,n,p,reps,actual_s,actual_min_s,actual_max_s,model_s,error_pct,mpm_s,mpm_error_pct\n"
"(actual = median over reps; error = 100 (actual - model) / actual, 002 formula 18;\n"
"mpm = median MPM prediction (002 formulas 7-10, as `hrel model mpm`) of each\n"
"rep's trace with the same g, L (--fit: the trace's pattern rows; with\n"
"--gl-procs step a step's row is that of the number of ranks moving data in\n"
"it) and --op).\n"
"  --gl-procs step|p  M-step FFT: PingPong step i (p/2^(i+1) pairs) takes the fit\n"
"              row of p/2^i processors (step, default; else that pattern's 'all'\n"
"              row) or every step the row of p (p); predict prints step 0's g, L\n"
"  --bytes B   bytes per complex value in the messages (default 16: two doubles)\n"
"  --op        h of an Exchange is in+out (sum, default) or max(in,out)\n");
}

/* Parse the options of VERB from argv[first..]; *pos gets the one positional
 * argument (table) or stays NULL. Return 0, 1 for --help, 2 for bad usage
 * (message printed). */
static int parse_opts(const char *verb, int argc, char **argv, int first, fft_opts *o,
                      const char **pos)
{
    memset(o, 0, sizeof *o);
    o->pat_mstep = "PP";
    o->pat_ccm = "E";
    o->bytes = 16;
    o->n = 524288;
    o->p[0] = 1; o->p[1] = 2; o->p[2] = 4; o->p[3] = 8;
    o->np = 4;
    o->algo = 3;
    o->gl_step = 1;
    *pos = NULL;
    {
        static const char *const algos[] = {"mstep", "ccm", "both", NULL};
        static const char *const glp[] = {"step", "p", NULL};
        static const char *const fmts[] = {"csv", "text", NULL};
        static const char *const ops[] = {"sum", "max", "+", NULL};
        const char *pat = NULL;
        int algo = -1, gl = -1, fmt = -1, opi = -1, help = 0, k, nop = 0;
        char err[512];
        const hrel_arg opts[] = {
            HREL_OPT_STR("consts", 0, &o->consts),
            HREL_OPT_STR("fit", 0, &o->fit),
            HREL_OPT_STR("pattern", 0, &pat),
            HREL_OPT_STR("pattern-mstep", 0, &o->pat_mstep),
            HREL_OPT_STR("pattern-ccm", 0, &o->pat_ccm),
            HREL_OPT_STR("ccm-path", 0, &o->ccm_path),
            {"g", 0, HREL_ARG_DOUBLE, &o->g, 0, 1e300, NULL, NULL, 0, &o->have_g},
            {"L", 0, HREL_ARG_DOUBLE, &o->L, 0, 1e300, NULL, NULL, 0, &o->have_L},
            HREL_OPT_CHOICE("op", 0, &opi, ops),
            HREL_OPT_NUM("bytes", 0, HREL_ARG_SIZE, &o->bytes, 1, 1L << 20),
            HREL_OPT_NUM("n", 0, HREL_ARG_SIZE, &o->n, 1, 1L << 40),
            HREL_OPT_LIST("procs", 'p', HREL_ARG_PROCS, o->p, 1, 1L << 20, &o->np, MAXP),
            HREL_OPT_CHOICE("algo", 0, &algo, algos),
            HREL_OPT_CHOICE("gl-procs", 0, &gl, glp),
            HREL_OPT_CHOICE("format", 0, &fmt, fmts),
            HREL_OPT_END,
        };
        if (hrel_args_parse(argc - first + 1, argv + first - 1, opts, &help, &k, err,
                            sizeof err) != 0) {
            fprintf(stderr, "hrel fft %s: %s\n", verb, err);
            return 2;
        }
        if (help)
            return 1;
        nop = argc - first + 1 - k;
        if (nop > 1) {
            fprintf(stderr, "hrel fft %s: unexpected argument '%s'\n", verb,
                    argv[first - 1 + k + 1]);
            return 2;
        }
        if (nop == 1)
            *pos = argv[first - 1 + k];
        if (pat)
            o->pat_mstep = o->pat_ccm = pat;
        if (algo >= 0)
            o->algo = algo + 1;
        if (gl >= 0)
            o->gl_step = gl == 0;
        if (fmt >= 0)
            o->text = fmt == 1;
        if (opi >= 0)
            hrel_op_parse(ops[opi], &o->op);
    }
    if (!o->consts) {
        fprintf(stderr, "hrel fft %s: --consts FILE is required\n", verb);
        return 2;
    }
    if (!o->fit && !(o->have_g && o->have_L)) {
        fprintf(stderr, "hrel fft %s: give --fit FIT.csv or both --g and --L\n", verb);
        return 2;
    }
    return 0;
}

/* Predict ALGO (1 mstep, 2 ccm) for N, P; fill *g, *L, *c and *model. */
static int predict_one(const fft_opts *o, int algo, long n, long p, double *g, double *L,
                       hrel_fft_consts *c, double *model, char *err, size_t errlen)
{
    const char *pat = algo == 1 ? o->pat_mstep : o->pat_ccm;
    if (hrel_fft_check_sizes(n, p, err, errlen))
        return -1;
    if (hrel_fft_consts_load(o->consts, p, c, NULL, err, errlen))
        return -1;
    double gs[64], Ls[64];
    long i, logp = (long)hrel_fft_log2((size_t)p);
    if (o->fit) {
        if (p == 1) {
            /* no communication at p = 1: take any row of the pattern */
            if (hrel_fft_fit_load(o->fit, pat, 2, g, L, err, errlen))
                return -1;
        } else if (hrel_fft_fit_load(o->fit, pat, p, g, L, err, errlen))
            return -1;
    }
    if (o->have_g)
        *g = o->g;
    if (o->have_L)
        *L = o->L;
    /* M-step FFT: combination step i has p/2^(i+1) PingPong pairs, i.e. the
     * pattern on p/2^i processors: its own fit row unless --gl-procs p */
    for (i = 0; i < logp; i++) {
        gs[i] = *g;
        Ls[i] = *L;
        if (o->fit && o->gl_step && i > 0 &&
            hrel_fft_fit_load(o->fit, pat, p >> i, &gs[i], &Ls[i], err, errlen))
            return -1;
        if (o->have_g)
            gs[i] = o->g;
        if (o->have_L)
            Ls[i] = o->L;
    }
    if (algo == 1)
        return hrel_fft_model_mstep_gl((size_t)n, (size_t)p, (size_t)o->bytes, c, gs, Ls,
                                       NULL, model, err, errlen);
    return hrel_fft_model_ccm((size_t)n, (size_t)p, (size_t)o->bytes, o->op, c, *g,
                              *L, model, err, errlen);
}

/* The divide-and-conquer FFT of the largest p as 001's CCM tree (lib/model/ccm:
 * D = Ds, F = R, C = F, T_PAR(h) = L + g op(b/2, b/2) h for h values), checked
 * against the formula, its critical path written to PATH for plots/ccm.gp. */
static int write_ccm_path(const fft_opts *o, const char *path, char *err, size_t errlen)
{
    long p = 1;
    int k, rc;
    double g = 0, L = 0, model, total;
    hrel_fft_consts c;
    hrel_ccm *m = NULL;
    FILE *fp;
    for (k = 0; k < o->np; k++)
        if (o->p[k] > p)
            p = o->p[k];
    if (predict_one(o, 2, o->n, p, &g, &L, &c, &model, err, errlen) != 0 ||
        hrel_ccm_fft((double)o->n, (int)p, c.Ds, c.R, c.F,
                     g * hrel_op_apply(o->op, o->bytes / 2.0, o->bytes / 2.0), L, &m, err,
                     errlen) != 0)
        return -1;
    rc = hrel_ccm_eval(m, &total, err, errlen);
    if (rc == 0 && fabs(total - model) > 1e-9 * fabs(model)) {
        snprintf(err, errlen, "CCM tree %.9g s differs from the formula %.9g s", total, model);
        rc = -1;
    }
    if (rc == 0 && !(fp = fopen(path, "w"))) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        rc = -1;
    } else if (rc == 0) {
        rc = hrel_ccm_write_path(m, fp, err, errlen);
        if (fclose(fp) != 0 && rc == 0) {
            snprintf(err, errlen, "cannot write '%s'", path);
            rc = -1;
        }
    }
    hrel_ccm_free(m);
    return rc;
}

static const char *algo_name(int algo)
{
    return algo == 1 ? "mstep" : "ccm";
}

static int cmd_predict(int argc, char **argv)
{
    fft_opts o;
    const char *pos;
    char err[512];
    int rc = parse_opts("predict", argc, argv, 2, &o, &pos), algo, k, pass;
    if (rc == 1) {
        usage(stdout);
        return 0;
    }
    if (rc)
        return 2;
    if (pos) {
        fprintf(stderr, "hrel fft predict: unexpected argument '%s'\n", pos);
        return 2;
    }
    /* every prediction first, so a bad input prints only the error line */
    for (pass = 0; pass < 2; pass++) {
        if (pass == 1)
            printf("algo,n,p,pattern,g,L,D,Ds,F,R,model_s\n");
        for (algo = 1; algo <= 2; algo++) {
            if (!(o.algo & algo))
                continue;
            for (k = 0; k < o.np; k++) {
                double g = 0, L = 0, model;
                hrel_fft_consts c;
                if (predict_one(&o, algo, o.n, o.p[k], &g, &L, &c, &model, err, sizeof err)) {
                    fprintf(stderr, "hrel fft predict: %s\n", err);
                    return 1;
                }
                if (pass == 1)
                    printf("%s,%ld,%ld,%s,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g\n",
                           algo_name(algo), o.n, o.p[k],
                           o.fit ? (algo == 1 ? o.pat_mstep : o.pat_ccm) : "given", g, L,
                           c.D, c.Ds, c.F, c.R, model);
            }
        }
    }
    if (o.ccm_path && write_ccm_path(&o, o.ccm_path, err, sizeof err) != 0) {
        fprintf(stderr, "hrel fft predict: %s\n", err);
        return 1;
    }
    return 0;
}

/* ---- table ---------------------------------------------------------------- */

/* One (algo, n, p) group of runs. */
typedef struct group {
    int algo;              /* 1 mstep, 2 ccm */
    long n, p;             /* size and processors */
    double *t;             /* actual seconds per rep */
    double *mpm;           /* hrel model mpm seconds per rep (NaN if absent) */
    size_t nt, cap;        /* reps stored, room */
} group;


static int group_cmp(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->algo != y->algo)
        return x->algo - y->algo;
    if (x->n != y->n)
        return x->n < y->n ? -1 : 1;
    return (x->p > y->p) - (x->p < y->p);
}

/* Read RUNS into groups; return 0 or non-zero with FILE:LINE in err. */
/* --gl-procs step for traces: a step naming a pattern takes the fit row of
 * that pattern for the number of ranks that move data in the step (the
 * M-step FFT's PingPongs involve p, p/2, ..., 2 ranks), else (pattern, all). */
static int gl_per_step(const fft_opts *o, const hrel_trace *t, hrel_model_gl *gl, char *err,
                       size_t errlen)
{
    int s, r, active;
    for (s = 1; s <= t->nstep; s++) {
        const char *pat = hrel_trace_at(t, s, 0)->pattern;
        double g, L;
        if (!pat[0])
            continue;
        for (active = 0, r = 0; r < t->nproc; r++) {
            const hrel_trace_row *row = hrel_trace_at(t, s, r);
            active += row->in_bytes + row->out_bytes > 0;
        }
        if (active < 2)
            continue;
        if (hrel_fft_fit_load(o->fit, pat, active, &g, &L, err, errlen))
            return -1;
        for (r = 0; r < t->nproc; r++) {
            gl[(size_t)(s - 1) * (size_t)t->nproc + (size_t)r].g = g;
            gl[(size_t)(s - 1) * (size_t)t->nproc + (size_t)r].L = L;
        }
    }
    return 0;
}

/* MPM prediction (002 formulas 7-10, lib/model) of the trace TPATH named in
 * RUNS: a file beside RUNS (lib/io/csv.h hrel_csv_path_beside). */
static int mpm_of_trace(const fft_opts *o, const char *runs, const char *tpath, double *psi,
                        char *err, size_t errlen)
{
    hrel_trace *t = NULL;
    hrel_model_gl *gl = NULL;
    char path[4096];
    int status;
    if (hrel_csv_path_beside(runs, tpath, path, sizeof path, err, errlen) != 0 ||
        hrel_trace_load(path, &t, err, errlen) != 0)
        return -1;
    status = hrel_model_gl_new(t, o->fit, o->g, o->L, &gl, err, errlen) != 0 ||
             (o->fit && o->gl_step && gl_per_step(o, t, gl, err, errlen) != 0) ||
             hrel_model_mpm(t, o->op, gl, NULL, NULL, psi, err, errlen) != 0 ? -1 : 0;
    free(gl);
    hrel_trace_free(t);
    return status;
}

static int read_runs(const fft_opts *o, const char *path, group **out, size_t *ngroup,
                     char *err, size_t errlen)
{
    static const char *const names[] = {"algo", "n", "p", "seconds", "relerr", NULL};
    hrel_csv *t = NULL;
    int idx[5], itrace, status = -1;
    size_t r, ng = 0, k;
    group *gs = NULL;
    *out = NULL;
    *ngroup = 0;
    if (hrel_csv_read(path, &t, err, errlen))
        return -1;
    if (hrel_csv_require(t, names, idx, err, errlen))
        goto done;
    itrace = hrel_csv_col(t, "trace");
    gs = calloc(t->nrow ? t->nrow : 1, sizeof *gs);
    if (!gs) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto done;
    }
    for (r = 0; r < t->nrow; r++) {
        const char *a = hrel_csv_str(t, r, idx[0]);
        long n, p;
        double sec, relerr, mpm = NAN;
        int algo = strcmp(a, "mstep") == 0 ? 1 : strcmp(a, "ccm") == 0 ? 2 : 0;
        if (!algo) {
            snprintf(err, errlen, "%s:%zu: algo '%s' is not mstep or ccm", path, t->lineno[r], a);
            goto done;
        }
        if (hrel_csv_long(t, r, idx[1], &n, err, errlen) ||
            hrel_csv_long(t, r, idx[2], &p, err, errlen) ||
            hrel_csv_double(t, r, idx[3], &sec, err, errlen) ||
            hrel_csv_double(t, r, idx[4], &relerr, err, errlen))
            goto done;
        if (itrace >= 0 && hrel_csv_str(t, r, itrace)[0] &&
            mpm_of_trace(o, path, hrel_csv_str(t, r, itrace), &mpm, err, errlen))
            goto done;
        if (hrel_fft_check_sizes(n, p, err, errlen)) {
            char tmp[200];
            snprintf(tmp, sizeof tmp, "%.199s", err);
            snprintf(err, errlen, "%s:%zu: %s", path, t->lineno[r], tmp);
            goto done;
        }
        for (k = 0; k < ng; k++)
            if (gs[k].algo == algo && gs[k].n == n && gs[k].p == p)
                break;
        if (k == ng) {
            gs[ng].algo = algo;
            gs[ng].n = n;
            gs[ng].p = p;
            ng++;
        }
        if (gs[k].nt == gs[k].cap) {
            size_t cap = gs[k].cap ? 2 * gs[k].cap : 8;
            double *nt = realloc(gs[k].t, cap * sizeof *nt), *nm;
            if (nt)
                gs[k].t = nt;
            nm = nt ? realloc(gs[k].mpm, cap * sizeof *nm) : NULL;
            if (!nt || !nm) {
                snprintf(err, errlen, "%s: out of memory", path);
                goto done;
            }
            gs[k].mpm = nm;
            gs[k].cap = cap;
        }
        gs[k].t[gs[k].nt] = sec;
        gs[k].mpm[gs[k].nt] = mpm;
        gs[k].nt++;
    }
    if (ng == 0) {
        snprintf(err, errlen, "%s: no runs", path);
        goto done;
    }
    qsort(gs, ng, sizeof *gs, group_cmp);
    *out = gs;
    *ngroup = ng;
    gs = NULL;
    status = 0;
done:
    if (gs)
        for (k = 0; k < t->nrow; k++) {
            free(gs[k].t);
            free(gs[k].mpm);
        }
    free(gs);
    hrel_csv_free(t);
    return status;
}

/* Print "%.6g" or NaN. */
static void pr(double v, const char *sep)
{
    if (isfinite(v))
        printf("%.6g%s", v, sep);
    else
        printf("NaN%s", sep);
}

static int cmd_table(int argc, char **argv)
{
    fft_opts o;
    const char *runs;
    char err[512];
    group *gs;
    size_t ng, k;
    double *row;
    int rc = parse_opts("table", argc, argv, 2, &o, &runs), status = 0;
    if (rc == 1) {
        usage(stdout);
        return 0;
    }
    if (rc)
        return 2;
    if (!runs) {
        fprintf(stderr, "hrel fft table: RUNS.csv is required\n");
        return 2;
    }
    if (read_runs(&o, runs, &gs, &ng, err, sizeof err)) {
        fprintf(stderr, "hrel fft table: %s\n", err);
        return 1;
    }
    /* per group: actual median, min, max, model, err, mpm, mpm err */
    row = calloc(ng * 7, sizeof *row);
    if (!row) {
        fprintf(stderr, "hrel fft table: out of memory\n");
        status = 1;
        goto done;
    }
    for (k = 0; k < ng; k++) {
        group *gp = &gs[k];
        double g = 0, L = 0, model, *r = row + 7 * k;
        hrel_fft_consts c;
        if (predict_one(&o, gp->algo, gp->n, gp->p, &g, &L, &c, &model, err, sizeof err)) {
            fprintf(stderr, "hrel fft table: %s\n", err);
            status = 1;
            goto done;
        }
        r[3] = model;
        r[5] = hrel_sample_median(gp->mpm, gp->nt);
        r[0] = hrel_sample_median(gp->t, gp->nt);       /* sorts t: min/max are the ends */
        r[1] = gp->t[0];
        r[2] = gp->t[gp->nt - 1];
        r[4] = hrel_error_pct(r[0], model);
        r[6] = hrel_error_pct(r[0], r[5]);
    }
    if (!o.text) {
        printf("algo,n,p,reps,actual_s,actual_min_s,actual_max_s,model_s,error_pct,mpm_s,mpm_error_pct\n");
        for (k = 0; k < ng; k++) {
            double *r = row + 7 * k;
            int j;
            printf("%s,%ld,%ld,%zu,", algo_name(gs[k].algo), gs[k].n, gs[k].p, gs[k].nt);
            for (j = 0; j < 7; j++)
                pr(r[j], j == 6 ? "\n" : ",");
        }
    } else {
        /* like table 14 of 000: one block per algorithm, columns p */
        static const char *lab[] = {"REAL", "MIN", "MAX", "MODEL", "ERROR%", "MPM", "MPM ERR%"};
        int algo, j;
        for (algo = 1; algo <= 2; algo++) {
            int any = 0;
            for (k = 0; k < ng; k++)
                any |= gs[k].algo == algo;
            if (!any)
                continue;
            printf("%s (seconds; ERROR = 100 (REAL - MODEL) / REAL)\n%-10s",
                   algo == 1 ? "M-step FFT" : "divide-and-conquer FFT", "p");
            for (k = 0; k < ng; k++)
                if (gs[k].algo == algo)
                    printf(" %10ld", gs[k].p);
            printf("\n");
            for (j = 0; j < 7; j++) {
                printf("%-10s", lab[j]);
                for (k = 0; k < ng; k++)
                    if (gs[k].algo == algo) {
                        double v = row[7 * k + j];
                        if (isfinite(v))
                            printf(j == 4 || j == 6 ? " %10.2f" : " %10.4g", v);
                        else
                            printf(" %10s", "-");
                    }
                printf("\n");
            }
            printf("\n");
        }
    }
done:
    for (k = 0; k < ng; k++) {
        free(gs[k].t);
        free(gs[k].mpm);
    }
    free(gs);
    free(row);
    return status;
}

/* sizes: the h-relation sizes of the FFT's own messages, for a benchmark at
 * exactly those sizes: the PingPong of combination step i (h = B N 2^i / p)
 * and the Exchange of the same step (h = m @ m), for every p > 1. */
static int cmd_sizes(int argc, char **argv)
{
    static const char *const ops[] = {"sum", "max", "+", NULL};
    long procs[MAXP], n = 524288, bytes = 16, sizes[4 * MAXP * 64];
    int np = 0, opi = -1, first = 0, ns = 0, k, j, dup;
    hrel_op op = HREL_OP_SUM;
    const hrel_arg opts[] = {
        HREL_OPT_NUM("n", 0, HREL_ARG_SIZE, &n, 1, 1L << 40),
        HREL_OPT_LIST("procs", 'p', HREL_ARG_PROCS, procs, 1, 1L << 20, &np, MAXP),
        HREL_OPT_NUM("bytes", 0, HREL_ARG_SIZE, &bytes, 1, 1L << 20),
        HREL_OPT_CHOICE("op", 0, &opi, ops),
        HREL_OPT_END,
    };
    if ((k = hrel_args_run("hrel fft sizes", argc, argv, opts, usage, NULL, stdout, stderr,
                           &first)) >= 0)
        return k;
    if (opi >= 0)
        hrel_op_parse(ops[opi], &op);
    if (np == 0) {
        fprintf(stderr, "hrel fft sizes: --procs LIST is required\n");
        return 2;
    }
    if (first < argc) {
        fprintf(stderr, "hrel fft sizes: unexpected argument '%s'\n", argv[first]);
        return 2;
    }
    for (k = 0; k < np; k++) {
        long p = procs[k], m, i;
        if (p < 2)
            continue;
        m = bytes * n / p;
        for (i = 1; i < p && ns + 2 <= (int)(sizeof sizes / sizeof sizes[0]); i *= 2) {
            long h[2];
            int t;
            h[0] = m * i;
            h[1] = (long)hrel_op_apply(op, (double)(m * i), (double)(m * i));
            for (t = 0; t < 2; t++) {
                for (j = 0, dup = 0; j < ns; j++)
                    dup |= sizes[j] == h[t];
                if (!dup)
                    sizes[ns++] = h[t];
            }
        }
    }
    /* ascending, one line: the --sizes list of hrel_bench */
    for (k = 1; k < ns; k++)
        for (j = k; j > 0 && sizes[j - 1] > sizes[j]; j--) {
            long t = sizes[j];
            sizes[j] = sizes[j - 1];
            sizes[j - 1] = t;
        }
    for (k = 0; k < ns; k++)
        printf("%s%ld", k ? "," : "", sizes[k]);
    printf("\n");
    return ns ? 0 : 1;
}

int hrel_cmd_fft(int argc, char **argv)
{
    static const char *const verbs[] = {"predict", "table", "sizes", NULL};
    if (argc < 2 || hrel_args_is_help(argv[1])) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    switch (hrel_args_verb(argv[1], verbs)) {
    case 0:
        return cmd_predict(argc, argv);
    case 1:
        return cmd_table(argc, argv);
    case 2:
        return cmd_sizes(argc - 1, argv + 1);
    }
    fprintf(stderr, "hrel fft: unknown verb '%s' (predict, table or sizes)\n", argv[1]);
    return 2;
}
