/* hrel psrs -- PSRS predictions with 002 formulas 19-25 and predicted beside
 * actual for runs of hrel_psrs. See docs/psrs.md. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "hrel_cmd.h"
#include "sample.h"
#include "psrs_args.h"
#include "psrs_compare.h"
#include "psrs_model.h"

static const char usage_text[] =
    "usage: hrel psrs predict --consts K.csv --n N --procs LIST\n"
    "                         (--fit FIT.csv [--gl MODE] | --g G --L L) [--item-bytes B] [--csv]\n"
    "       hrel psrs compare RUNS.csv --consts K.csv (--fit FIT.csv [--gl MODE] | --g G --L L)\n"
    "                         [--input KIND] [--item-bytes B] [--csv] [--plot-data DIR]\n"
    "\n"
    "predict   the BSPWB time of PSRS per M-step (002 formulas 19-25): work term,\n"
    "          h (bytes), g h + L, step time and T_s; a last line 'total P <seconds>'\n"
    "          per processor count\n"
    "compare   RUNS.csv of hrel_psrs (its traces beside it): per P the measured mean,\n"
    "          min and max, the formula prediction, the BSPWB model on each run's own\n"
    "          trace (lib/model, same g/L per step) and their errors\n"
    "          100 (actual - model) / actual (002 formula 18); then per M-step the\n"
    "          measured and predicted step times, T_s, work and h\n"
    "  --consts K.csv  constants file of hrel_psrs_constants (procs,n,B,...,J)\n"
    "  --fit FIT.csv   g and L from 'hrel fit --csv' (pattern,procs,g,L,r2,n)\n"
    "  --gl MODE       pooled (default: row ALL), steps (each step its pattern:\n"
    "                  POA AO OA AA AA AO AO), or one of POA AO OA AA E PP for all\n"
    "  --g G --L L     one gap (s/byte) and latency (s) for every step instead\n"
    "  --item-bytes B  bytes per sorted item (default 4)\n"
    "  --input KIND    compare only the runs of this input (needed if RUNS.csv has several)\n"
    "  --csv           machine-readable rows\n"
    "  --plot-data DIR write psrs_total.dat and psrs_steps.dat for plots/psrs_*.gp\n";

static int bad(const char *msg)
{
    fprintf(stderr, "hrel psrs: %s\n", msg);
    return 1;
}

static int usage_err(const char *fmt, const char *a)
{
    fprintf(stderr, "hrel psrs: ");
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    return 2;
}

/* Number or "-" (text) / "" (csv) when NAN. */
static const char *num(char *buf, size_t len, double v, int csv, const char *fmt)
{
    if (isnan(v) || isinf(v))
        snprintf(buf, len, "%s", csv ? "" : "-");
    else
        snprintf(buf, len, fmt, v);
    return buf;
}

/* Describe where g/L come from into BUF. */
static void gl_desc(const hrel_psrs_params *pp, char *buf, size_t len)
{
    if (pp->fit_path)
        snprintf(buf, len, "%s from %s", pp->gl_mode, pp->fit_path);
    else
        snprintf(buf, len, "g=%g s/byte, L=%g s", pp->g, pp->L);
}

/* ---- predict ---------------------------------------------------------------- */

static int run_predict(const hrel_psrs_params *pp, long n, const int *procs, int np, int csv)
{
    int i, s;
    char err[512], d[1024];
    size_t cnt = np > 0 ? (size_t)np : 1;
    hrel_psrs_step (*st)[HREL_PSRS_STEPS] = malloc(cnt * sizeof *st);
    double (*g)[HREL_PSRS_STEPS] = malloc(cnt * sizeof *g);
    double (*L)[HREL_PSRS_STEPS] = malloc(cnt * sizeof *L);

    if (!st || !g || !L) {
        free(st); free(g); free(L);
        return bad("out of memory");
    }
    for (i = 0; i < np; i++)   /* every prediction first: no partial table on error */
        if (hrel_psrs_predict_params(pp, n, procs[i], st[i], g[i], L[i], err, sizeof err) != 0) {
            free(st); free(g); free(L);
            return bad(err);
        }
    gl_desc(pp, d, sizeof d);
    if (csv)
        printf("procs,n,step,pattern,work_s,h_items,h_bytes,g,L,comm_s,step_s,T_s\n");
    else
        printf("# PSRS BSPWB prediction (002 formulas 19-25), N=%ld, constants %s, %s\n", n,
               pp->consts_path, d);
    for (i = 0; i < np; i++) {
        if (!csv)
            printf("%-5s %-4s %-7s %12s %12s %11s %11s %12s %12s %12s\n", "procs", "step",
                   "pattern", "work_s", "h_bytes", "g", "L", "comm_s", "step_s", "T_s");
        for (s = 0; s < HREL_PSRS_STEPS; s++) {
            const hrel_psrs_step *t = &st[i][s];
            if (csv)
                printf("%d,%ld,%d,%s,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", procs[i], n,
                       s + 1, hrel_psrs_step_pattern(s + 1), t->work_s, t->h_items, t->h_bytes,
                       g[i][s], L[i][s], t->comm_s, t->step_s, t->t_s);
            else
                printf("%-5d %-4d %-7s %12.6g %12.6g %11.4g %11.4g %12.6g %12.6g %12.6g\n",
                       procs[i], s + 1, hrel_psrs_step_pattern(s + 1), t->work_s, t->h_bytes,
                       g[i][s], L[i][s], t->comm_s, t->step_s, t->t_s);
        }
        if (!csv)
            printf("total %d %.9g\n", procs[i], st[i][HREL_PSRS_STEPS - 1].t_s);
    }
    free(st);
    free(g);
    free(L);
    return 0;
}

/* ---- compare ---------------------------------------------------------------- */

static int write_plot_data(const char *dir, const char *runs, const hrel_psrs_cmp *c, int nc,
                           const char *desc)
{
    char path[4096];
    FILE *fp;
    int i, s;
    if (mkdir(dir, 0777) < 0 && errno != EEXIST)
        return -1;
    snprintf(path, sizeof path, "%s/psrs_total.dat", dir);
    if (!(fp = fopen(path, "w")))
        return -1;
    fprintf(fp, "# PSRS predicted vs actual (plots/psrs_total.gp); runs %s; %s\n", runs, desc);
    fprintf(fp, "# procs actual_mean_s actual_min_s actual_max_s formula_s trace_bspwb_s "
                "formula_err_pct bspwb_err_pct runs\n");
    for (i = 0; i < nc; i++)
        fprintf(fp, "%d %.9g %.9g %.9g %.9g %.9g %.4f %.4f %d\n", c[i].procs, c[i].act_mean_s,
                c[i].act_min_s, c[i].act_max_s, c[i].pred[HREL_PSRS_STEPS - 1].t_s, c[i].bspwb_s,
                c[i].pred_err_pct, c[i].bspwb_err_pct, c[i].nrun);
    if (fclose(fp) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/psrs_steps.dat", dir);
    if (!(fp = fopen(path, "w")))
        return -1;
    fprintf(fp, "# PSRS per M-step (plots/psrs_steps.gp); runs %s; %s\n", runs, desc);
    fprintf(fp, "# one block per P (index i = i-th P), blocks separated by two blank lines\n");
    for (i = 0; i < nc; i++) {
        if (i)
            fprintf(fp, "\n\n");
        fprintf(fp, "step P=%d actual_step_s predicted_step_s actual_w_s predicted_work_s "
                    "err_pct\n", c[i].procs);
        for (s = 0; s < HREL_PSRS_STEPS; s++)
            fprintf(fp, "%d:%s %d %.9g %.9g %.9g %.9g %.4f\n", s + 1,
                    hrel_psrs_step_pattern(s + 1), c[i].procs, c[i].act_step_s[s],
                    c[i].pred[s].step_s, c[i].act_w_s[s], c[i].pred[s].work_s,
                    hrel_error_pct(c[i].act_step_s[s], c[i].pred[s].step_s));
    }
    return fclose(fp) == 0 ? 0 : -1;
}

/* The whole-run row of R: a line of the CSV (CSV = 1) or of the text table. */
static void print_total_row(const hrel_psrs_cmp *r, int csv)
{
    static const char *const fmt[2] = {
        "%-5d %9ld %4d %11.6g %11.6g %11.6g %11.6g %8.2f %11s %8s\n",
        "%d,%ld,total,,%d,%.9g,%.9g,%.9g,%.9g,%.4f,,,,,,,,%s,%s\n"};
    char a[2][32];
    csv = csv != 0;
    printf(fmt[csv], r->procs, r->n, r->nrun, r->act_mean_s, r->act_min_s, r->act_max_s,
           r->pred[HREL_PSRS_STEPS - 1].t_s, r->pred_err_pct,
           num(a[0], 32, r->bspwb_s, csv, csv ? "%.9g" : "%.6g"),
           num(a[1], 32, r->bspwb_err_pct, csv, csv ? "%.4f" : "%.2f"));
}

static int run_compare(const char *runs, const char *input, const hrel_psrs_params *pp,
                       int csv, const char *plot)
{
    hrel_psrs_cmp *c = NULL;
    int nc = 0, i, s;
    char err[1024], d[1024], a[8][32];

    if (hrel_psrs_compare(runs, input, pp, &c, &nc, err, sizeof err) != 0)
        return bad(err);
    gl_desc(pp, d, sizeof d);
    if (csv) {
        printf("procs,n,step,pattern,runs,actual_s,min_s,max_s,pred_s,err_pct,actual_T_s,pred_T_s,"
               "T_err_pct,actual_w_s,pred_work_s,actual_h_bytes,pred_h_bytes,trace_bspwb_s,"
               "bspwb_err_pct\n");
        for (i = 0; i < nc; i++) {
            const hrel_psrs_cmp *r = &c[i];
            print_total_row(r, 1);
            for (s = 0; s < HREL_PSRS_STEPS; s++)
                printf("%d,%ld,%d,%s,%d,%s,,,%.9g,%s,%s,%.9g,%s,%s,%.9g,%s,%.9g,,\n", r->procs,
                       r->n, s + 1, hrel_psrs_step_pattern(s + 1), r->ntrace,
                       num(a[0], 32, r->act_step_s[s], 1, "%.9g"), r->pred[s].step_s,
                       num(a[1], 32, hrel_error_pct(r->act_step_s[s], r->pred[s].step_s), 1,
                           "%.4f"),
                       num(a[2], 32, r->act_T_s[s], 1, "%.9g"), r->pred[s].t_s,
                       num(a[3], 32, hrel_error_pct(r->act_T_s[s], r->pred[s].t_s), 1, "%.4f"),
                       num(a[4], 32, r->act_w_s[s], 1, "%.9g"), r->pred[s].work_s,
                       num(a[5], 32, r->act_h_bytes[s], 1, "%.9g"), r->pred[s].h_bytes);
        }
    } else {
        printf("# PSRS predicted vs actual: runs %s%s%s\n", runs, input ? ", input " : "",
               input ? input : "");
        printf("# constants %s; %s; err = 100 (actual - model) / actual (002 f. 18)\n",
               pp->consts_path, d);
        printf("%-5s %9s %4s %11s %11s %11s %11s %8s %11s %8s\n", "procs", "N", "runs",
               "actual_s", "min_s", "max_s", "formula_s", "err_%", "trace_s", "err_%");
        for (i = 0; i < nc; i++)
            print_total_row(&c[i], 0);
        printf("\n# per M-step (mean over traced runs; T_s = last t_end of step s over ranks)\n");
        printf("%-5s %-4s %-7s %11s %11s %8s %11s %11s %11s %11s %11s %11s\n", "procs", "step",
               "pattern", "act_step_s", "pred_step_s", "err_%", "act_T_s", "pred_T_s",
               "act_w_s", "pred_work_s", "act_h_B", "pred_h_B");
        for (i = 0; i < nc; i++) {
            const hrel_psrs_cmp *r = &c[i];
            for (s = 0; s < HREL_PSRS_STEPS; s++)
                printf("%-5d %-4d %-7s %11s %11.6g %8s %11s %11.6g %11s %11.6g %11s %11.6g\n",
                       r->procs, s + 1, hrel_psrs_step_pattern(s + 1),
                       num(a[0], 32, r->act_step_s[s], 0, "%.6g"), r->pred[s].step_s,
                       num(a[1], 32, hrel_error_pct(r->act_step_s[s], r->pred[s].step_s), 0,
                           "%.2f"),
                       num(a[2], 32, r->act_T_s[s], 0, "%.6g"), r->pred[s].t_s,
                       num(a[3], 32, r->act_w_s[s], 0, "%.6g"), r->pred[s].work_s,
                       num(a[4], 32, r->act_h_bytes[s], 0, "%.6g"), r->pred[s].h_bytes);
        }
    }
    if (plot && write_plot_data(plot, runs, c, nc, d) != 0) {
        free(c);
        snprintf(err, sizeof err, "cannot write plot data into '%.900s'", plot);
        return bad(err);
    }
    free(c);
    return 0;
}

int hrel_cmd_psrs(int argc, char **argv)
{
    hrel_psrs_params pp;
    const char *sub, *runs = NULL, *input = NULL, *plot = NULL;
    int procs[HREL_PSRS_MAX_PROCS], np = 0, csv = 0, i, have_g = 0, have_L = 0;
    long n = -1;
    char err[512];

    memset(&pp, 0, sizeof pp);
    pp.gl_mode = "pooled";
    pp.item_bytes = 4;
    if (argc < 2)
        return usage_err("%s", "missing subcommand: predict or compare (try --help)");
    sub = argv[1];
    if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(sub, "predict") != 0 && strcmp(sub, "compare") != 0)
        return usage_err("unknown subcommand '%s' (predict or compare)", sub);
    {
        const char *nstr = NULL, *pstr = NULL;
        int first = 0, pred = strcmp(sub, "predict") == 0;
        const hrel_arg opts[] = {
            HREL_OPT_FLAG("csv", 0, &csv),
            HREL_OPT_STR("consts", 0, &pp.consts_path),
            HREL_OPT_STR("fit", 0, &pp.fit_path),
            HREL_OPT_STR("gl", 0, &pp.gl_mode),
            {"g", 0, HREL_ARG_DOUBLE, &pp.g, 0, 1e300, NULL, NULL, 0, &have_g},
            {"L", 0, HREL_ARG_DOUBLE, &pp.L, 0, 1e300, NULL, NULL, 0, &have_L},
            HREL_OPT_NUM("item-bytes", 0, HREL_ARG_DOUBLE, &pp.item_bytes, 1e-300, 1e12),
            HREL_OPT_STR(pred ? "n" : "input", 0, pred ? &nstr : &input),
            {pred ? "procs" : "plot-data", pred ? 'p' : 0, HREL_ARG_STR, pred ? &pstr : &plot,
             0, 0, NULL, NULL, 0, NULL},
            HREL_OPT_END,
        };
        int rc = hrel_args_run("hrel psrs", argc - 1, argv + 1, opts, NULL, usage_text, stdout,
                               stderr, &first);
        if (rc >= 0)
            return rc;
        if (nstr && hrel_psrs_parse_n(nstr, &n, err, sizeof err))
            return usage_err("--n: %s", err);
        if (pstr && hrel_psrs_parse_procs(pstr, procs, HREL_PSRS_MAX_PROCS, &np, err, sizeof err))
            return usage_err("--procs: %s", err);
        if (pred && first < argc - 1)
            return usage_err("unexpected argument '%s' (try --help)", argv[1 + first]);
        if (!pred && argc - 1 - first > 1)
            return usage_err("unexpected argument '%s' (one RUNS.csv)", argv[2 + first]);
        if (!pred && first < argc - 1)
            runs = argv[1 + first];
    }
    if (!pp.consts_path)
        return usage_err("%s", "--consts K.csv is required");
    if (pp.fit_path && (have_g || have_L))
        return usage_err("%s", "give either --fit or --g and --L, not both");
    if (!pp.fit_path && !(have_g && have_L))
        return usage_err("%s", "give --fit FIT.csv or both --g and --L");
    if (strcmp(sub, "predict") == 0) {
        if (n < 0 || np == 0)
            return usage_err("%s", "predict needs --n N and --procs LIST");
        for (i = 0; i < np; i++)
            if (hrel_psrs_check_size(n, procs[i], err, sizeof err))
                return bad(err);
        return run_predict(&pp, n, procs, np, csv);
    }
    if (!runs)
        return usage_err("%s", "compare needs RUNS.csv (psrs.csv of hrel_psrs)");
    return run_compare(runs, input, &pp, csv, plot);
}
