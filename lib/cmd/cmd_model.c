/* hrel model -- predict a traced program with BSP, BSPWB or MPM, evaluate a
 * CCM program tree, or the LogP message time. See docs/model.md. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "ccm.h"
#include "sample.h"
#include "hrel_cmd.h"
#include "logp.h"
#include "model.h"
#include "trace.h"

static const char usage_text[] =
    "usage: hrel model bsp|bspwb|mpm TRACE.csv (--g G --L L | --fit FIT.csv)\n"
    "                  [--op sum|max] [--csv] [--plot-data FILE]\n"
    "       hrel model ccm FILE [--tree] [--plot-data FILE]\n"
    "       hrel model ccm --fft --n N --p P --D D --F F --C C --g G --L L [--tree]\n"
    "                      [--plot-data FILE]\n"
    "       hrel model logp --L L --o O --g G [--n N]\n"
    "       hrel model replay MSGS.csv (--fit FIT.csv | --g G --L L) [--medium M] (see\n"
    "                         hrel model replay --help)\n"
    "\n"
    "bsp|bspwb|mpm  predict the M-step trace TRACE.csv (rank,step,w_seconds,in_bytes,\n"
    "               out_bytes,partners,t_end[,pattern]); one row per step (rank 'all')\n"
    "               and for mpm also per rank: w_s, h_bytes, step_s (this step alone),\n"
    "               pred_s (predicted end of the step), measured_s (t_end), err_pct =\n"
    "               100 (measured - pred) / measured; last line 'total <seconds>'.\n"
    "  --g G --L L  gap (s/byte) and latency (s) for every step\n"
    "  --fit FIT    take g and L from 'hrel fit --csv' rows pattern,procs,g,L,r2,n:\n"
    "               steps naming a pattern use its row (procs = ranks, else all),\n"
    "               the others the pooled row ALL,all\n"
    "  --op OP      @ of h = in @ out: sum (default) or max\n"
    "  --csv        machine-readable rows model,step,rank,w_s,h_bytes,step_s,pred_s,\n"
    "               measured_s,err_pct; the last row has step 'total'\n"
    "  --plot-data FILE  write, per rank and step, the measured and MPM schedules\n"
    "               and the BSPWB T_s for plots/msteps.gp\n"
    "ccm FILE       evaluate a Collective Computing Model program (text form in\n"
    "               docs/model.md); --tree prints the tree with each node's cost;\n"
    "               --plot-data FILE writes its critical path, one superstep a row\n"
    "               (W, T_g, T_f), for plots/ccm.gp\n"
    "ccm --fft      001's divide-and-conquer FFT of N points on P processors with\n"
    "               constants D, F, C and T_PAR(h) = L + g h; prints the closed form too\n"
    "logp           T = (N-1) max(g,o) + 2o + L for N messages (default 1)\n";

/* Print "hrel model: MESSAGE" and return STATUS. */
static int fail(int status, const char *msg, const char *arg)
{
    fprintf(stderr, "hrel model: ");
    fprintf(stderr, msg, arg);
    fputc('\n', stderr);
    return status;
}

/* Parse the options of "hrel model MODEL ..." (ARGV[0] is MODEL) against OPTS
 * with hrel_args_run (usage on --help, one line on a bad option). A model
 * with an operand passes MORE, the message (a format with one %s, the extra
 * operand) for a second one, and gets the operand or NULL in *PATH; one
 * without passes NULL and refuses any operand. Return -1 to go on, else the
 * exit status. */
static int model_args(int argc, char **argv, const hrel_arg *opts, const char *more,
                      const char **path)
{
    int first = 0;
    int rc = hrel_args_run("hrel model", argc - 1, argv + 1, opts, NULL, usage_text, stdout,
                           stderr, &first);
    if (rc >= 0)
        return rc;
    if (!more && first < argc - 1)
        return fail(2, "unexpected argument '%s' (try hrel model --help)", argv[1 + first]);
    if (argc - 1 - first > 1)
        return fail(2, more, argv[1 + first + 1]);
    if (path)
        *path = first < argc - 1 ? argv[1 + first] : NULL;
    return -1;
}

/* Format V into BUF with FMT, or "-" (text) / "" (csv) when NAN. */
static const char *fmtnum(char *buf, size_t len, double v, int csv, const char *fmt)
{
    if (isnan(v))
        snprintf(buf, len, "%s", csv ? "" : "-");
    else
        snprintf(buf, len, fmt, v);
    return buf;
}

/* One result row: a step (RANK < 0: all ranks) or the total (STEP < 0). */
static void row_out(FILE *fp, const char *model, int step, int rank, double w, double h,
                    double stp, double pred, double meas, int csv)
{
    char st[16], rk[16], a[32], b[32], c[32], d[32], e[32], f[32];
    double err = hrel_error_pct(meas, pred);
    if (step < 0)
        snprintf(st, sizeof st, "total");
    else
        snprintf(st, sizeof st, "%d", step);
    if (rank < 0)
        snprintf(rk, sizeof rk, "all");
    else
        snprintf(rk, sizeof rk, "%d", rank);
    if (csv)
        fprintf(fp, "%s,%s,%s,%s,%s,%s,%.9g,%s,%s\n", model, st, rk, fmtnum(a, 32, w, 1, "%.9g"),
               fmtnum(b, 32, h, 1, "%.9g"), fmtnum(c, 32, stp, 1, "%.9g"), pred,
               fmtnum(d, 32, meas, 1, "%.9g"), fmtnum(e, 32, err, 1, "%.3f"));
    else
        fprintf(fp, "%-6s %-5s %12s %12s %12s %12.6g %12s %8s\n", st, rk,
               fmtnum(a, 32, w, 0, "%.6g"), fmtnum(b, 32, h, 0, "%.6g"),
               fmtnum(c, 32, stp, 0, "%.6g"), pred, fmtnum(d, 32, meas, 0, "%.6g"),
               fmtnum(f, 32, err, 0, "%.2f"));
}

/* Write the plot data of trace T for plots/msteps.gp. */
static int write_plot_data(const char *path, const hrel_trace *t, const double *phi,
                           const double *T)
{
    FILE *fp = fopen(path, "w");
    int s, i;
    if (!fp)
        return -1;
    fprintf(fp, "# hrel model plot data for plots/msteps.gp; trace %s\n", t->path);
    fprintf(fp, "# ranks %d steps %d; measured columns NaN where t_end is not measured\n",
            t->nproc, t->nstep);
    fprintf(fp, "# rank step meas_start meas_wend meas_end mpm_start mpm_wend mpm_end "
            "bspwb_T\n");
    for (i = 0; i < t->nproc; i++)
        for (s = 1; s <= t->nstep; s++) {
            const hrel_trace_row *r = hrel_trace_at(t, s, i);
            size_t k = (size_t)(s - 1) * (size_t)t->nproc + (size_t)i;
            double ms = s > 1 ? hrel_trace_at(t, s - 1, i)->t_end : 0.0;
            double ps = s > 1 ? phi[k - (size_t)t->nproc] : 0.0;
            double me = r->t_end;
            fprintf(fp, "%d %d ", i, s);
            if (isnan(ms) || isnan(me))
                fprintf(fp, "NaN NaN NaN ");
            else
                fprintf(fp, "%.9g %.9g %.9g ", ms, fmin(ms + r->w_s, me), me);
            fprintf(fp, "%.9g %.9g %.9g %.9g\n", ps, ps + r->w_s, phi[k], T[s - 1]);
        }
    return fclose(fp) == 0 ? 0 : -1;
}

/* Every model evaluated on one trace: per (step, rank) k = (s-1) p + i. The
 * number arrays share one allocation (mem). */
typedef struct evals {
    hrel_model_gl *gl;   /* g and L of each (step, rank) */
    double *mem;         /* h, phi, hm (R*p each), T, cost (R each) */
    double *h;           /* h = in @ out of each (step, rank) */
    double *phi;         /* MPM: predicted end of each (step, rank) */
    double *hm;          /* MPM: the h it priced each (step, rank) with */
    double *T;           /* BSPWB: predicted end of each step */
    double *cost;        /* BSP: cost of each step */
    double mpm_total;    /* MPM: predicted total */
} evals;

static void evals_free(evals *e)
{
    free(e->gl);
    free(e->mem);
}

/* Evaluate BSP, BSPWB and MPM on T with g and L from GL (one per row: copied)
 * when not NULL, else from FIT (or G, L). */
static int evals_run(const hrel_trace *t, hrel_op op, const hrel_model_gl *gl, const char *fit,
                     double g, double L, evals *e, char *err, size_t errlen)
{
    size_t n = (size_t)t->nproc * (size_t)t->nstep, r = (size_t)t->nstep;
    double total;
    if (gl) {
        if (!(e->gl = malloc(n * sizeof *e->gl))) {
            snprintf(err, errlen, "out of memory for %s", t->path);
            return -1;
        }
        memcpy(e->gl, gl, n * sizeof *e->gl);
    } else if (hrel_model_gl_new(t, fit, g, L, &e->gl, err, errlen) != 0)
        return -1;
    if (!(e->mem = malloc((3 * n + 2 * r) * sizeof *e->mem))) {
        snprintf(err, errlen, "out of memory for %s", t->path);
        return -1;
    }
    e->h = e->mem;
    e->phi = e->h + n;
    e->hm = e->phi + n;
    e->T = e->hm + n;
    e->cost = e->T + r;
    hrel_model_h(t, op, e->h);
    if (hrel_model_bsp(t, op, e->gl, e->cost, &total, err, errlen) != 0 ||
        hrel_model_bspwb(t, op, e->gl, e->T, &total, err, errlen) != 0 ||
        hrel_model_mpm(t, op, e->gl, e->phi, e->hm, &e->mpm_total, err, errlen) != 0)
        return -1;
    return 0;
}

/* The rows of step S of MODEL: one for the step, and for mpm one per rank. */
static void print_step(FILE *fp, const char *model, const hrel_trace *t, const evals *e, int s,
                       int csv)
{
    size_t base = (size_t)(s - 1) * (size_t)t->nproc;
    double wmax = 0, hmax = 0, meas = hrel_trace_step_end(t, s);
    int i, k;
    for (i = 0; i < t->nproc; i++) {
        wmax = fmax(wmax, t->row[base + (size_t)i].w_s);
        hmax = fmax(hmax, e->h[base + (size_t)i]);
    }
    if (strcmp(model, "bsp") == 0) {
        double cum = 0;
        for (k = 0; k < s; k++)
            cum += e->cost[k];
        row_out(fp, model, s, -1, wmax, hmax, e->cost[s - 1], cum, meas, csv);
    } else if (strcmp(model, "bspwb") == 0) {
        row_out(fp, model, s, -1, wmax, hmax, e->T[s - 1] - (s > 1 ? e->T[s - 2] : 0), e->T[s - 1],
                meas, csv);
    } else {
        double pmax = -INFINITY, prevmax = 0;
        for (i = 0; i < t->nproc; i++) {
            size_t j = base + (size_t)i;
            double prev = s > 1 ? e->phi[j - (size_t)t->nproc] : 0;
            pmax = fmax(pmax, e->phi[j]);
            if (s > 1)
                prevmax = fmax(prevmax, prev);
            row_out(fp, model, s, i, t->row[j].w_s, e->hm[j], e->phi[j] - prev, e->phi[j],
                    t->row[j].t_end, csv);
        }
        row_out(fp, model, s, -1, wmax, hmax, pmax - prevmax, pmax, meas, csv);
    }
}

/* The total of MODEL: the last line "total <seconds>" (or the CSV total row). */
static void print_total(FILE *fp, const char *model, const hrel_trace *t, const evals *e, int csv)
{
    double meas = hrel_trace_step_end(t, t->nstep), pred = e->T[t->nstep - 1];
    int k;
    if (strcmp(model, "mpm") == 0)
        pred = e->mpm_total;
    else if (strcmp(model, "bsp") == 0)   /* BSP's total is the sum of its step costs */
        for (k = 0, pred = 0; k < t->nstep; k++)
            pred += e->cost[k];
    if (csv) {
        row_out(fp, model, -1, -1, NAN, NAN, NAN, pred, meas, 1);
        return;
    }
    if (!isnan(meas))
        fprintf(fp, "# measured total %.6g s, error %.2f %%\n", meas, hrel_error_pct(meas, pred));
    fprintf(fp, "total %.9g\n", pred);
}

/* bsp | bspwb | mpm */
static int run_trace_model(const char *model, int argc, char **argv)
{
    const char *path = NULL, *fit = NULL, *plot = NULL;
    double g = NAN, L = NAN;
    hrel_op op = HREL_OP_SUM;
    int csv = 0, s, rc = 1;
    hrel_trace *t = NULL;
    evals ev = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    char err[512];

    {
        static const char *const ops[] = {"sum", "max", "+", NULL};
        int opi = -1;
        const hrel_arg opts[] = {
            HREL_OPT_NUM("g", 0, HREL_ARG_DOUBLE, &g, 0, 0),
            HREL_OPT_NUM("L", 0, HREL_ARG_DOUBLE, &L, 0, 0),
            HREL_OPT_STR("fit", 0, &fit),
            HREL_OPT_STR("plot-data", 0, &plot),
            HREL_OPT_CHOICE("op", 0, &opi, ops),
            HREL_OPT_FLAG("csv", 0, &csv),
            HREL_OPT_END,
        };
        int rc = model_args(argc, argv, opts, "unexpected argument '%s' (one trace file)", &path);
        if (rc >= 0)
            return rc;
        if (opi >= 0)
            hrel_op_parse(ops[opi], &op);
        if ((!isnan(g) && g < 0) || (!isnan(L) && L < 0))
            return fail(2, "--g and --L must be >= 0 (got %s)", !isnan(g) && g < 0 ? "a negative g" : "a negative L");
    }
    if (!path)
        return fail(2, "%s needs a trace file (try hrel model --help)", model);
    if (fit && (!isnan(g) || !isnan(L)))
        return fail(2, "give either --fit or --g/--L, not both%s", "");
    if (!fit && (isnan(g) || isnan(L)))
        return fail(2, "give --g and --L, or --fit FIT.csv%s", "");

    if (hrel_trace_load(path, &t, err, sizeof err) != 0)
        return fail(1, "%s", err);
    if (evals_run(t, op, NULL, fit, g, L, &ev, err, sizeof err) != 0) {
        fail(1, "%s", err);
        goto done;
    }
    if (plot && write_plot_data(plot, t, ev.phi, ev.T) != 0) {
        fail(1, "cannot write plot data '%s'", plot);
        goto done;
    }
    if (csv) {
        printf("model,step,rank,w_s,h_bytes,step_s,pred_s,measured_s,err_pct\n");
    } else {
        printf("# hrel model %s: trace %s, %d ranks, %d steps, @ = %s, ", model, path, t->nproc,
               t->nstep, hrel_op_name(op));
        if (fit)
            printf("g and L from %s%s\n", fit, t->has_pattern ? " (per pattern)" : " (pooled)");
        else
            printf("g = %g s/byte, L = %g s\n", g, L);
        printf("# %-4s %-5s %12s %12s %12s %12s %12s %8s\n", "step", "rank", "w_s", "h_bytes",
               "step_s", "pred_s", "measured_s", "err_pct");
    }
    for (s = 1; s <= t->nstep; s++)
        print_step(stdout, model, t, &ev, s, csv);
    print_total(stdout, model, t, &ev, csv);
    rc = 0;
done:
    evals_free(&ev);
    hrel_trace_free(t);
    return rc;
}

/* ccm FILE | ccm --fft ... */
static int run_ccm(int argc, char **argv)
{
    const char *path = NULL, *plot = NULL;
    int fft = 0, tree = 0, P = 0;
    double n = NAN, D = NAN, F = NAN, C = NAN, g = NAN, L = NAN, pd = NAN, total;
    hrel_ccm *m = NULL;
    char err[512];

    {
        const hrel_arg opts[] = {
            HREL_OPT_FLAG("fft", 0, &fft),
            HREL_OPT_FLAG("tree", 0, &tree),
            HREL_OPT_STR("plot-data", 0, &plot),
            HREL_OPT_NUM("n", 0, HREL_ARG_DOUBLE, &n, 0, 0),
            HREL_OPT_NUM("p", 0, HREL_ARG_DOUBLE, &pd, 0, 0),
            HREL_OPT_NUM("D", 0, HREL_ARG_DOUBLE, &D, 0, 0),
            HREL_OPT_NUM("F", 0, HREL_ARG_DOUBLE, &F, 0, 0),
            HREL_OPT_NUM("C", 0, HREL_ARG_DOUBLE, &C, 0, 0),
            HREL_OPT_NUM("g", 0, HREL_ARG_DOUBLE, &g, 0, 0),
            HREL_OPT_NUM("L", 0, HREL_ARG_DOUBLE, &L, 0, 0),
            HREL_OPT_END,
        };
        int rc = model_args(argc, argv, opts, "unexpected argument '%s'", &path);
        if (rc >= 0)
            return rc;
    }
    if (fft) {
        if (path)
            return fail(2, "give a CCM file or --fft, not both%s", "");
        if (isnan(n) || isnan(pd) || isnan(D) || isnan(F) || isnan(C) || isnan(g) || isnan(L))
            return fail(2, "--fft needs --n --p --D --F --C --g --L%s", "");
        if (pd < 1 || pd > 1 << 30 || pd != floor(pd))
            return fail(2, "--p must be a whole number of processors%s", "");
        P = (int)pd;
        if (hrel_ccm_fft(n, P, D, F, C, g, L, &m, err, sizeof err) != 0)
            return fail(1, "%s", err);
    } else {
        if (!path)
            return fail(2, "ccm needs a file or --fft (try hrel model --help)%s", "");
        if (hrel_ccm_parse_file(path, &m, err, sizeof err) != 0)
            return fail(1, "%s", err);
    }
    if (hrel_ccm_eval(m, &total, err, sizeof err) != 0) {
        hrel_ccm_free(m);
        return fail(1, "%s", err);
    }
    if (tree)
        hrel_ccm_write(m, stdout);
    if (plot) {
        FILE *fp = fopen(plot, "w");
        int bad = !fp || hrel_ccm_write_path(m, fp, err, sizeof err) != 0;
        if (fp && fclose(fp) != 0)
            bad = 1;
        if (bad) {
            hrel_ccm_free(m);
            return fail(1, "cannot write the critical path to '%s'", plot);
        }
    }
    if (fft)
        printf("# closed form of 001: %.9g s\n", hrel_ccm_fft_closed(n, P, D, F, C, g, L));
    printf("total %.9g\n", total);
    hrel_ccm_free(m);
    return 0;
}

/* logp --L --o --g [--n] */
static int run_logp(int argc, char **argv)
{
    hrel_logp p = {NAN, NAN, NAN};
    double nd = 1, T;
    char err[256];
    {
        const hrel_arg opts[] = {
            HREL_OPT_NUM("L", 0, HREL_ARG_DOUBLE, &p.L, 0, 0),
            HREL_OPT_NUM("o", 0, HREL_ARG_DOUBLE, &p.o, 0, 0),
            HREL_OPT_NUM("g", 0, HREL_ARG_DOUBLE, &p.g, 0, 0),
            HREL_OPT_NUM("n", 0, HREL_ARG_DOUBLE, &nd, 0, 0),
            HREL_OPT_END,
        };
        int rc = model_args(argc, argv, opts, NULL, NULL);
        if (rc >= 0)
            return rc;
    }
    if (isnan(p.L) || isnan(p.o) || isnan(p.g))
        return fail(2, "logp needs --L --o --g%s", "");
    if (nd != floor(nd) || nd < 1 || nd > 1e15)
        return fail(2, "--n must be a whole number of messages >= 1%s", "");
    if (hrel_logp_msgs(&p, (long)nd, &T, err, sizeof err) != 0)
        return fail(1, "%s", err);
    printf("# LogP: L = %g s, o = %g s, g = %g s, %ld messages: (n-1) max(g,o) + 2o + L\n", p.L,
           p.o, p.g, (long)nd);
    printf("total %.9g\n", T);
    return 0;
}

int hrel_cmd_model(int argc, char **argv)
{
    const char *m;
    if (argc < 2)
        return fail(2, "which model? bsp, bspwb, mpm, ccm or logp (try hrel model --help)%s", "");
    m = argv[1];
    if (strcmp(m, "--help") == 0 || strcmp(m, "-h") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(m, "bsp") == 0 || strcmp(m, "bspwb") == 0 || strcmp(m, "mpm") == 0)
        return run_trace_model(m, argc, argv);
    if (strcmp(m, "ccm") == 0)
        return run_ccm(argc, argv);
    if (strcmp(m, "logp") == 0)
        return run_logp(argc, argv);
    if (strcmp(m, "replay") == 0)
        return hrel_cmd_replay(argc - 1, argv + 1);
    return fail(2, "unknown model '%s' (bsp, bspwb, mpm, replay, ccm, logp)", m);
}

int hrel_cmd_model_steps(FILE *fp, const char *model, const hrel_trace *t,
                         const hrel_model_gl *gl, int header, double *total, char *err,
                         size_t errlen)
{
    evals ev = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    int s;
    if (evals_run(t, HREL_OP_SUM, gl, NULL, 0, 0, &ev, err, errlen) != 0) {
        evals_free(&ev);
        return -1;
    }
    if (header && fp)
        fprintf(fp, "model,step,rank,w_s,h_bytes,step_s,pred_s,measured_s,err_pct\n");
    for (s = 1; fp && s <= t->nstep; s++)
        print_step(fp, model, t, &ev, s, 1);
    if (fp)
        print_total(fp, model, t, &ev, 1);
    *total = strcmp(model, "mpm") == 0 ? ev.mpm_total : ev.T[t->nstep - 1];
    evals_free(&ev);
    return 0;
}
