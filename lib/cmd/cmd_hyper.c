/* hrel hyper -- the hyperbolic communication model of papers/003 on the
 * command line: parameter estimation from PAIRS rows (fit), pattern
 * predictions (predict), communication-graph reduction (reduce), the LogP
 * comparison (logp) and plot-ready data for measured-vs-model figures
 * (plotdata, for plots/hyper_*.gp). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csv.h"
#include "args.h"
#include "hrel_cmd.h"
#include "hyper.h"
#include "hyper_cb.h"
#include "hyper_fit.h"
#include "hyper_patterns.h"

#define ERRLEN 1024

static void usage(FILE *fp)
{
    fprintf(fp,
        "usage: hrel hyper fit RAW.csv [--out DIR]\n"
        "       hrel hyper predict PATTERN --procs P [--neighbours K] --size X\n"
        "                  (--params PARAMS.csv | --aW A --bW B --aC A --bC B --aL A)\n"
        "                  [--preemptive]\n"
        "       hrel hyper reduce GRAPH [--size X]\n"
        "       hrel hyper logp (--L L --o O --g G | --params PARAMS.csv [--msg-bytes S])\n"
        "                  [--n N]\n"
        "       hrel hyper plotdata RAW.csv (--params PARAMS.csv | --aW ... --aL A)\n"
        "                  [--neighbours K] -o DIR\n"
        "\n"
        "The hyperbolic model T(x; a, b) = a^2/(a + b x) + b x of Stoica, Sultan and\n"
        "Keyes (papers/003). Times in seconds, b in seconds per byte, sizes in bytes.\n"
        "\n"
        "  fit       estimate the workstation (aW, bW) and network (aC, bC) blocks from\n"
        "            the PAIRS rows of RAW.csv (formulas 16-17; needs procs 2 and at\n"
        "            least one larger even procs). Prints the per-n fits as '#' lines\n"
        "            and the parameters as CSV (param,value,unit), also written to\n"
        "            DIR/hyper_params.csv with --out DIR; aL is 0 (the delay is inside aW).\n"
        "  predict   PATTERN is PAIRS, BT, SB, RED or NB. Prints the equivalent block\n"
        "            (a, b) and 'T_c <seconds>' for message size X; for PAIRS also\n"
        "            T_s, T_r and T_r_min (figure 8; non-preemptive unless --preemptive).\n"
        "            NB needs --neighbours K (1 <= K < P).\n"
        "  reduce    reduce a communication graph file (docs/hyper.md) to one block per\n"
        "            result line: 'NAME a <s> b <s/B>' and, with --size, 'T <s>'.\n"
        "  logp      LogP's L, o, g as a hyperbolic block (a = 2o + L, b = max(g, o))\n"
        "            and T_hyp/T_LogP for n = 1..N small messages (default N = 64).\n"
        "  plotdata  per pattern and processor count in RAW.csv, DIR/hyper_PAT_pP.dat\n"
        "            with columns msg_bytes median min max hyperbolic linear (the line\n"
        "            alpha + beta x fitted to the medians); for plots/hyper_tc.gp.\n"
        "            NB's K defaults to the benchmark's min(4, P-1).\n");
}

/* ------------------------------------------------------------- helpers -- */

/* Platform parameters: names, where they go, whether given. */
typedef struct sysopts {
    hrel_hyper_sys s;        /* values */
    int given[5];            /* which of aW bW aC bC aL were set */
    const char *params;      /* --params file, or NULL */
} sysopts;

static const char *const sysname[5] = {"aW", "bW", "aC", "bC", "aL"};

static double *sys_slot(hrel_hyper_sys *s, int i)
{
    double *p[5];
    p[0] = &s->aW;
    p[1] = &s->bW;
    p[2] = &s->aC;
    p[3] = &s->bC;
    p[4] = &s->aL;
    return p[i];
}

static int fail(const char *msg, int status)
{
    fprintf(stderr, "hrel hyper: %s\n", msg);
    return status;
}

/* The table entries of the platform options of O (--params and aW .. aL, each
 * a number >= 0), for hrel_args_parse. */
#define SYSOPTS(o)                                                                        \
    HREL_OPT_STR("params", 0, &(o).params),                   \
    {"aW", 0, HREL_ARG_DOUBLE, &(o).s.aW, 0, 1e300, NULL, NULL, 0, &(o).given[0]},         \
    {"bW", 0, HREL_ARG_DOUBLE, &(o).s.bW, 0, 1e300, NULL, NULL, 0, &(o).given[1]},         \
    {"aC", 0, HREL_ARG_DOUBLE, &(o).s.aC, 0, 1e300, NULL, NULL, 0, &(o).given[2]},         \
    {"bC", 0, HREL_ARG_DOUBLE, &(o).s.bC, 0, 1e300, NULL, NULL, 0, &(o).given[3]},         \
    {"aL", 0, HREL_ARG_DOUBLE, &(o).s.aL, 0, 1e300, NULL, NULL, 0, &(o).given[4]}

#define END_OPTS HREL_OPT_END

/* Parse ARGV against OPTS for subcommand SUB. A subcommand with an operand
 * passes TAKES, the message for more than one, and gets the operand (or NULL)
 * in *OPERAND; one without passes NULL and refuses any operand. Return -1 to
 * go on, else the exit status: 0 after --help (usage printed), 2 after bad
 * input (message printed). */
static int parse_opts(const char *sub, int argc, char **argv, const hrel_arg *opts,
                      const char *takes, const char **operand)
{
    char err[ERRLEN], msg[ERRLEN + 64];
    int help = 0, first;
    if (hrel_args_parse(argc, argv, opts, &help, &first, err, sizeof err) != 0) {
        snprintf(msg, sizeof msg, "%s: %s", sub, err);
        return fail(msg, 2);
    }
    if (help) {
        usage(stdout);
        return 0;
    }
    if (!takes && first < argc) {
        snprintf(msg, sizeof msg, "%s: unexpected argument '%s'", sub, argv[first]);
        return fail(msg, 2);
    }
    if (argc - first > 1)
        return fail(takes, 2);
    if (operand)
        *operand = first < argc ? argv[first] : NULL;
    return -1;
}

/* Complete O from its --params file (options given on the line win) and
 * check that every parameter is known. */
static int sys_finish(sysopts *o, char *err, size_t errlen)
{
    int k;
    if (o->params) {
        static const char *const need[] = {"param", "value", NULL};
        int idx[2];
        hrel_csv *t = NULL;
        size_t r;
        if (hrel_csv_read(o->params, &t, err, errlen) ||
            hrel_csv_require(t, need, idx, err, errlen)) {
            hrel_csv_free(t);
            return -1;
        }
        for (r = 0; r < t->nrow; r++) {
            const char *nm = hrel_csv_str(t, r, idx[0]);
            double v;
            for (k = 0; k < 5; k++)
                if (strcmp(nm, sysname[k]) == 0)
                    break;
            if (k == 5) {
                snprintf(err, errlen, "%s:%zu: unknown parameter '%s' (aW bW aC bC aL)",
                         t->path, t->lineno[r], nm);
                hrel_csv_free(t);
                return -1;
            }
            if (hrel_csv_double(t, r, idx[1], &v, err, errlen)) {
                hrel_csv_free(t);
                return -1;
            }
            if (v < 0) {
                snprintf(err, errlen, "%s:%zu: %s = %g must be >= 0", t->path, t->lineno[r], nm, v);
                hrel_csv_free(t);
                return -1;
            }
            if (!o->given[k]) {
                *sys_slot(&o->s, k) = v;
                o->given[k] = 2;
            }
        }
        hrel_csv_free(t);
    }
    for (k = 0; k < 5; k++)
        if (!o->given[k]) {
            snprintf(err, errlen, "parameter %s missing (give --%s or --params FILE)",
                     sysname[k], sysname[k]);
            return -1;
        }
    return 0;
}


/* ----------------------------------------------------------------- fit -- */

static void print_params(FILE *fp, const char *src, const hrel_hyper_fitres *r)
{
    size_t i;
    fprintf(fp, "# hrel hyper fit: n disjoint pairs (papers/003 formulas 16-17)\n");
    fprintf(fp, "# source: %s\n", src);
    fprintf(fp, "#    n  sizes   a'(s)          b'(s/B)        rms_rel  max_rel\n");
    for (i = 0; i < r->nn; i++)
        fprintf(fp, "# %4d  %5zu   %.6e   %.6e   %.4f   %.4f\n", r->per_n[i].n,
                r->per_n[i].npts, r->per_n[i].a1, r->per_n[i].b1, r->per_n[i].rms_rel,
                r->per_n[i].max_rel);
    if (!r->b_identified)
        fprintf(fp, "# note - b'(1) <= b_c so bW is only an upper bound of the workstation b\n");
    if (r->bc_upper_bound)
        fprintf(fp, "# note - no n was network-bound so bC = b'(n_max)/n_max is an upper bound\n");
    if (r->ac_clamped)
        fprintf(fp, "# note - a'(n) decreased with n so aC was set to 0\n");
    if (r->a_clamped)
        fprintf(fp, "# note - a'(1) < aC gave a negative a so aW was set to 0 (the platform does "
                "not follow formula 16)\n");
    fprintf(fp, "param,value,unit\n");
    fprintf(fp, "aW,%.9e,s\nbW,%.9e,s/B\naC,%.9e,s\nbC,%.9e,s/B\naL,0,s\n", r->a, r->b,
            r->ac, r->bc);
}

static int cmd_fit(int argc, char **argv)
{
    const char *raw = NULL, *out = NULL;
    char err[ERRLEN];
    hrel_csv *t = NULL;
    hrel_hyper_fitres *r = NULL;
    int rc;
    const hrel_arg opts[] = {
        HREL_OPT_STR("out", 'o', &out), END_OPTS};
    if ((rc = parse_opts("fit", argc, argv, opts, "fit takes one RAW.csv", &raw)) >= 0)
        return rc;
    if (!raw)
        return fail("fit needs RAW.csv (hrel hyper --help)", 2);
    if (hrel_csv_read(raw, &t, err, sizeof err) || hrel_hyper_fit_pairs(t, &r, err, sizeof err)) {
        hrel_csv_free(t);
        return fail(err, 1);
    }
    print_params(stdout, raw, r);
    if (out) {
        char path[4096];
        FILE *fp;
        snprintf(path, sizeof path, "%.4000s/hyper_params.csv", out);
        if (mkdir(out, 0777) != 0 && errno != EEXIST) {
            snprintf(err, sizeof err, "%s: cannot create directory: %s", out, strerror(errno));
            hrel_hyper_fitres_free(r);
            hrel_csv_free(t);
            return fail(err, 1);
        }
        fp = fopen(path, "w");
        if (!fp) {
            snprintf(err, sizeof err, "%.900s: cannot write: %s", path, strerror(errno));
            hrel_hyper_fitres_free(r);
            hrel_csv_free(t);
            return fail(err, 1);
        }
        print_params(fp, raw, r);
        fclose(fp);
    }
    hrel_hyper_fitres_free(r);
    hrel_csv_free(t);
    return 0;
}

/* ------------------------------------------------------------- predict -- */

static int cmd_predict(int argc, char **argv)
{
    sysopts o;
    hrel_hyper_pat pat;
    hrel_hyper_pred pr;
    const char *patname = NULL;
    char err[ERRLEN];
    int procs = -1, k = 0, pre = 0, rc;
    double x = -1;

    memset(&o, 0, sizeof o);
    {
        double xs = -1;
        const hrel_arg opts[] = {
            SYSOPTS(o),
            HREL_OPT_NUM("procs", 'p', HREL_ARG_INT, &procs, 1, 1000000),
            HREL_OPT_NUM("neighbours", 0, HREL_ARG_INT, &k, 1, 1000000),
            HREL_OPT_NUM("neighbors", 0, HREL_ARG_INT, &k, 1, 1000000),
            HREL_OPT_NUM("size", 0, HREL_ARG_DOUBLE, &xs, 0, 1e18),
            HREL_OPT_FLAG("preemptive", 0, &pre),
            END_OPTS};
        if ((rc = parse_opts("predict", argc, argv, opts, "predict takes one PATTERN",
                             &patname)) >= 0)
            return rc;
        x = xs;
    }
    if (!patname)
        return fail("predict needs a PATTERN (PAIRS BT SB RED NB)", 2);
    if (hrel_hyper_pat_parse(patname, &pat)) {
        snprintf(err, sizeof err, "unknown pattern '%s' (PAIRS BT SB RED NB)", patname);
        return fail(err, 2);
    }
    if (procs < 0)
        return fail("predict needs --procs P", 2);
    if (x < 0)
        return fail("predict needs --size X", 2);
    if (pat == HREL_HYPER_NB && k == 0)
        return fail("NB needs --neighbours K", 2);
    if (sys_finish(&o, err, sizeof err))
        return fail(err, o.params ? 1 : 2);
    if (hrel_hyper_predict(pat, &o.s, procs, k, pre, &pr, err, sizeof err))
        return fail(err, 1);
    printf("pattern %s procs %d", hrel_hyper_pat_name(pat), procs);
    if (pat == HREL_HYPER_NB)
        printf(" neighbours %d", k);
    printf(" size %.17g\n", x);
    printf("a %.9e\nb %.9e\n", pr.eq.a, pr.eq.b);
    printf("T_c %.9e\n", hrel_hyper_cb_T(x, &pr.eq));
    if (pr.has_tsr) {
        printf("T_s %.9e\n", hrel_hyper_cb_T(x, &pr.ts));
        printf("T_r %.9e\n", hrel_hyper_cb_T(x, &pr.tr));
        printf("T_r_min %.9e\n", hrel_hyper_cb_T(x, &pr.tr_min));
    }
    return 0;
}

/* -------------------------------------------------------------- reduce -- */

static int cmd_reduce(int argc, char **argv)
{
    const char *path = NULL;
    char err[ERRLEN], name[160];
    hrel_hyper_graph *g = NULL;
    hrel_hyper_cb r;
    double x = -1;
    size_t k;
    int rc;
    const hrel_arg opts[] = {
        HREL_OPT_NUM("size", 0, HREL_ARG_DOUBLE, &x, 0, 1e18), END_OPTS};
    if ((rc = parse_opts("reduce", argc, argv, opts, "reduce takes one GRAPH file", &path)) >= 0)
        return rc;
    if (!path)
        return fail("reduce needs a GRAPH file (hrel hyper --help)", 2);
    if (hrel_hyper_graph_read(path, &g, err, sizeof err))
        return fail(err, 1);
    for (k = 0; k < hrel_hyper_graph_nresult(g); k++) {
        if (hrel_hyper_graph_result(g, k, name, sizeof name, &r, err, sizeof err)) {
            hrel_hyper_graph_free(g);
            return fail(err, 1);
        }
        printf("%s a %.9e b %.9e", name, r.a, r.b);
        if (x >= 0)
            printf(" T %.9e", hrel_hyper_cb_T(x, &r));
        printf("\n");
    }
    hrel_hyper_graph_free(g);
    return 0;
}

/* ---------------------------------------------------------------- logp -- */

static int cmd_logp(int argc, char **argv)
{
    double L = -1, o = -1, g = -1, n, lo = 2.0, nlo = 1, S = 1;
    int nmax = 64;
    hrel_hyper_cb cb;
    hrel_logp m;
    sysopts so;
    char err[ERRLEN];
    memset(&so, 0, sizeof so);
    {
        int rc;
        const hrel_arg opts[] = {
            HREL_OPT_NUM("L", 0, HREL_ARG_DOUBLE, &L, 0, 1e300),
            HREL_OPT_NUM("o", 0, HREL_ARG_DOUBLE, &o, 0, 1e300),
            HREL_OPT_NUM("g", 0, HREL_ARG_DOUBLE, &g, 0, 1e300),
            HREL_OPT_NUM("n", 0, HREL_ARG_INT, &nmax, 1, 100000000),
            HREL_OPT_NUM("msg-bytes", 0, HREL_ARG_DOUBLE, &S, 1, 1e12),
            SYSOPTS(so),
            END_OPTS};
        if ((rc = parse_opts("logp", argc, argv, opts, NULL, NULL)) >= 0)
            return rc;
    }
    if (so.params) {
        /* LogP of one S-byte message from the fitted blocks (docs/hyper.md): the
         * workstation block's time is the overhead, the network's latency the
         * delay, its per-byte time the gap */
        if (sys_finish(&so, err, sizeof err) != 0)
            return fail(err, 1);
        o = hrel_hyper_T(S, so.s.aW, so.s.bW);
        L = so.s.aC + so.s.aL;
        g = so.s.bC * S;
        printf("# LogP from %s for %.0f-byte messages: o = T_W(S), L = aC + aL, g = bC S\n",
               so.params, S);
        printf("o %.9e\nL %.9e\ng %.9e\n", o, L, g);
    }
    if (L < 0 || o < 0 || g < 0)
        return fail("logp needs --L, --o and --g (seconds), or --params PARAMS.csv", 2);
    m.L = L;
    m.o = o;
    m.g = g;
    hrel_logp_block(&m, &cb.a, &cb.b);
    printf("a %.9e\nb %.9e\n", cb.a, cb.b);
    printf("# n  T_hyp_s  T_LogP_s  ratio  Ts_ratio\n");
    for (n = 1;; n = n < 16 ? n + 1 : floor(n * 1.5)) {
        double r;
        if (n > nmax)
            n = nmax;
        r = hrel_hyper_logp_ratio(n, &m);
        printf("%.0f %.9e %.9e %.6f %.6f\n", n, hrel_hyper_logp_hyp_T(n, &m),
               hrel_logp_time(&m, n), r, hrel_hyper_logp_ts_ratio(n));
        if (r < lo) {
            lo = r;
            nlo = n;
        }
        if (n >= nmax)
            break;
    }
    printf("ratio_min %.6f at n %.0f\n", lo, nlo);
    return 0;
}

/* ------------------------------------------------------------ plotdata -- */

static int write_series(const char *dir, const char *raw, hrel_hyper_pat pat, int procs, int k,
                        const hrel_hyper_point *pt, size_t n, const sysopts *o,
                        char *err, size_t errlen)
{
    char path[2048];
    double *x, *y;
    double alpha = 0, beta = 0, eh = 0, el = 0;
    int haslin;
    size_t i;
    hrel_hyper_pred pr;
    FILE *fp;

    if (hrel_hyper_points_xy(pt, n, &x, &y, err, errlen))
        return -1;
    if (hrel_hyper_predict(pat, &o->s, procs, k, 0, &pr, err, errlen)) {
        free(x);
        free(y);
        return -1;
    }
    haslin = hrel_hyper_fit_linear(x, y, n, &alpha, &beta, err, errlen) == 0 && n >= 2;
    if (k)
        snprintf(path, sizeof path, "%s/hyper_%s_p%d_k%d.dat", dir, hrel_hyper_pat_name(pat), procs, k);
    else
        snprintf(path, sizeof path, "%s/hyper_%s_p%d.dat", dir, hrel_hyper_pat_name(pat), procs);
    if (!(fp = fopen(path, "w"))) {
        snprintf(err, errlen, "%.900s: cannot write: %s", path, strerror(errno));
        free(x);
        free(y);
        return -1;
    }
    for (i = 0; i < n; i++) {
        double h = fabs(hrel_hyper_cb_T(x[i], &pr.eq) - y[i]) / y[i];
        double l = haslin ? fabs(alpha + beta * x[i] - y[i]) / y[i] : 0;
        if (h > eh)
            eh = h;
        if (l > el)
            el = l;
    }
    fprintf(fp, "# hrel hyper plotdata: pattern %s procs %d\n", hrel_hyper_pat_name(pat), procs);
    if (k)
        fprintf(fp, "# neighbours: %d\n", k);
    fprintf(fp, "# source: %s\n", raw);
    if (k)
        fprintf(fp, "# title: %s, %d processors, K = %d\n", hrel_hyper_pat_name(pat), procs, k);
    else
        fprintf(fp, "# title: %s, %d processors\n", hrel_hyper_pat_name(pat), procs);
    fprintf(fp, "# hyperbolic: a %.6e s, b %.6e s/B (aW %.4e bW %.4e aC %.4e bC %.4e aL %.4e)\n",
            pr.eq.a, pr.eq.b, o->s.aW, o->s.bW, o->s.aC, o->s.bC, o->s.aL);
    if (haslin)
        fprintf(fp, "# linear: alpha %.6e s, beta %.6e s/B (least relative squares on the medians)\n",
                alpha, beta);
    if (haslin)
        fprintf(fp, "# max relative error: hyperbolic %.4f, linear %.4f\n", eh, el);
    else
        fprintf(fp, "# max relative error: hyperbolic %.4f, linear n/a\n", eh);
    fprintf(fp, "# msg_bytes median_s min_s max_s hyperbolic_s linear_s reps\n");
    for (i = 0; i < n; i++) {
        fprintf(fp, "%.0f %.9e %.9e %.9e %.9e ", x[i], pt[i].med, pt[i].min, pt[i].max,
                hrel_hyper_cb_T(x[i], &pr.eq));
        if (haslin)
            fprintf(fp, "%.9e", alpha + beta * x[i]);
        else
            fprintf(fp, "NaN");
        fprintf(fp, " %zu\n", pt[i].nrep);
    }
    /* block 1: both models on a dense log-spaced grid, for smooth curves */
    {
        double lo = x[0] > 1 ? x[0] : 1, hi = x[n - 1] > lo ? x[n - 1] : lo * 10;
        int j;
        fprintf(fp, "\n\n# curve: msg_bytes hyperbolic_s linear_s\n");
        for (j = 0; j <= 120; j++) {
            double xv = lo * pow(hi / lo, j / 120.0);
            fprintf(fp, "%.6g %.9e ", xv, hrel_hyper_cb_T(xv, &pr.eq));
            if (haslin)
                fprintf(fp, "%.9e\n", alpha + beta * xv);
            else
                fprintf(fp, "NaN\n");
        }
    }
    fclose(fp);
    printf("%s procs %d", hrel_hyper_pat_name(pat), procs);
    if (k)
        printf(" K %d", k);
    printf(": %zu sizes, max rel err hyperbolic %.1f%%", n, 100 * eh);
    if (haslin)
        printf(", linear %.1f%%", 100 * el);
    printf(" -> %s\n", path);
    free(x);
    free(y);
    return 0;
}

static int cmd_plotdata(int argc, char **argv)
{
    sysopts o;
    const char *raw = NULL, *dir = NULL;
    char err[ERRLEN];
    hrel_csv *t = NULL;
    int rc, kopt = 0, nfile = 0, p;
    struct stat st;

    memset(&o, 0, sizeof o);
    {
        const hrel_arg opts[] = {
            SYSOPTS(o),
            HREL_OPT_STR("out", 'o', &dir),
            HREL_OPT_NUM("neighbours", 0, HREL_ARG_INT, &kopt, 1, 1000000),
            HREL_OPT_NUM("neighbors", 0, HREL_ARG_INT, &kopt, 1, 1000000),
            END_OPTS};
        if ((rc = parse_opts("plotdata", argc, argv, opts, "plotdata takes one RAW.csv",
                             &raw)) >= 0)
            return rc;
    }
    if (!raw || !dir)
        return fail("plotdata needs RAW.csv and -o DIR", 2);
    if (sys_finish(&o, err, sizeof err))
        return fail(err, o.params ? 1 : 2);
    if (stat(dir, &st) != 0 && mkdir(dir, 0777) != 0) {
        snprintf(err, sizeof err, "%s: cannot create directory: %s", dir, strerror(errno));
        return fail(err, 1);
    }
    if (hrel_csv_read(raw, &t, err, sizeof err))
        return fail(err, 1);
    for (p = 0; p <= (int)HREL_HYPER_NB; p++) {
        hrel_hyper_pat pat = (hrel_hyper_pat)p;
        hrel_hyper_point *pt = NULL;
        size_t n, a, b;
        if (hrel_hyper_raw_points(t, hrel_hyper_pat_name(pat), &pt, &n, err, sizeof err)) {
            hrel_csv_free(t);
            return fail(err, 1);
        }
        for (a = 0; a < n; a = b) {
            int k = 0;
            for (b = a; b < n && pt[b].procs == pt[a].procs; b++)
                ;
            if (pat == HREL_HYPER_NB)
                k = kopt ? kopt : hrel_hyper_nb_default_k(pt[a].procs);
            if (write_series(dir, raw, pat, pt[a].procs, k, pt + a, b - a, &o, err, sizeof err)) {
                char msg[ERRLEN + 64];
                snprintf(msg, sizeof msg, "%s procs %d: %s", hrel_hyper_pat_name(pat), pt[a].procs, err);
                free(pt);
                hrel_csv_free(t);
                return fail(msg, 1);
            }
            nfile++;
        }
        free(pt);
    }
    hrel_csv_free(t);
    if (nfile == 0) {
        snprintf(err, sizeof err, "%s: no PAIRS, BT, SB, RED or NB rows", raw);
        return fail(err, 1);
    }
    return 0;
}

/* ---------------------------------------------------------------- main -- */

/* hrel hyper SUB ... */
int hrel_cmd_hyper(int argc, char **argv)
{
    static const char *const verbs[] = {"fit", "predict", "reduce", "logp", "plotdata", NULL};
    const char *sub;
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    sub = argv[1];
    if (hrel_args_is_help(sub) || (argc >= 3 && hrel_args_is_help(argv[2]))) {
        usage(stdout);
        return 0;
    }
    switch (hrel_args_verb(sub, verbs)) {
    case 0:
        return cmd_fit(argc - 1, argv + 1);
    case 1:
        return cmd_predict(argc - 1, argv + 1);
    case 2:
        return cmd_reduce(argc - 1, argv + 1);
    case 3:
        return cmd_logp(argc - 1, argv + 1);
    case 4:
        return cmd_plotdata(argc - 1, argv + 1);
    }
    fprintf(stderr, "hrel hyper: unknown subcommand '%s' (fit predict reduce logp plotdata)\n", sub);
    return 2;
}
