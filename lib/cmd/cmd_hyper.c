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
#include "hrel_cmd.h"
#include "hyper.h"
#include "hyper_cb.h"
#include "hyper_fit.h"
#include "hyper_patterns.h"

#define ERRLEN 1024

static void usage(FILE *fp)
{
    fprintf(fp,
        "usage: hrel hyper fit RAW.csv [-o PARAMS.csv]\n"
        "       hrel hyper predict PATTERN --procs P [--neighbours K] --size X\n"
        "                  (--params PARAMS.csv | --aW A --bW B --aC A --bC B --aL A)\n"
        "                  [--preemptive]\n"
        "       hrel hyper reduce GRAPH [--size X]\n"
        "       hrel hyper logp --L L --o O --g G [--n N]\n"
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
        "            PARAMS.csv with -o; aL is 0 (the delay is inside aW).\n"
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

static int parse_double(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return *s && *end == '\0' && errno == 0 && isfinite(*v) ? 0 : -1;
}

static int parse_int(const char *s, int *v)
{
    char *end;
    long l;
    errno = 0;
    l = strtol(s, &end, 10);
    if (!*s || *end != '\0' || errno || l < -1000000000L || l > 1000000000L)
        return -1;
    *v = (int)l;
    return 0;
}

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

/* If ARGV[*I] is a platform option, take it (and its value). Return 1 taken,
 * 0 not ours, -1 bad value (message in err). */
static int take_sysopt(int argc, char **argv, int *i, sysopts *o, char *err, size_t errlen)
{
    int k;
    if (strcmp(argv[*i], "--params") == 0) {
        if (*i + 1 >= argc) {
            snprintf(err, errlen, "--params needs a file");
            return -1;
        }
        o->params = argv[++*i];
        return 1;
    }
    for (k = 0; k < 5; k++) {
        if (argv[*i][0] == '-' && argv[*i][1] == '-' && strcmp(argv[*i] + 2, sysname[k]) == 0) {
            double v;
            if (*i + 1 >= argc || parse_double(argv[*i + 1], &v) || v < 0) {
                snprintf(err, errlen, "--%s needs a number >= 0", sysname[k]);
                return -1;
            }
            *sys_slot(&o->s, k) = v;
            o->given[k] = 1;
            ++*i;
            return 1;
        }
    }
    return 0;
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

static int fail(const char *msg, int status)
{
    fprintf(stderr, "hrel hyper: %s\n", msg);
    return status;
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
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) {
            snprintf(err, sizeof err, "fit: unknown option '%s'", argv[i]);
            return fail(err, 2);
        } else if (!raw)
            raw = argv[i];
        else
            return fail("fit takes one RAW.csv", 2);
    }
    if (!raw)
        return fail("fit needs RAW.csv (hrel hyper --help)", 2);
    if (hrel_csv_read(raw, &t, err, sizeof err) || hrel_hyper_fit_pairs(t, &r, err, sizeof err)) {
        hrel_csv_free(t);
        return fail(err, 1);
    }
    print_params(stdout, raw, r);
    if (out) {
        FILE *fp = fopen(out, "w");
        if (!fp) {
            snprintf(err, sizeof err, "%s: cannot write: %s", out, strerror(errno));
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
    int i, procs = -1, k = 0, pre = 0, rc;
    double x = -1;

    memset(&o, 0, sizeof o);
    for (i = 1; i < argc; i++) {
        if ((rc = take_sysopt(argc, argv, &i, &o, err, sizeof err)) < 0)
            return fail(err, 2);
        if (rc)
            continue;
        if (strcmp(argv[i], "--procs") == 0) {
            if (i + 1 >= argc || parse_int(argv[++i], &procs))
                return fail("--procs needs a whole number", 2);
        } else if (strcmp(argv[i], "--neighbours") == 0 || strcmp(argv[i], "--neighbors") == 0) {
            if (i + 1 >= argc || parse_int(argv[++i], &k))
                return fail("--neighbours needs a whole number", 2);
        } else if (strcmp(argv[i], "--size") == 0) {
            if (i + 1 >= argc || parse_double(argv[++i], &x) || x < 0)
                return fail("--size needs a number of bytes >= 0", 2);
        } else if (strcmp(argv[i], "--preemptive") == 0) {
            pre = 1;
        } else if (argv[i][0] == '-') {
            snprintf(err, sizeof err, "predict: unknown option '%s'", argv[i]);
            return fail(err, 2);
        } else if (!patname) {
            patname = argv[i];
        } else
            return fail("predict takes one PATTERN", 2);
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
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--size") == 0) {
            if (i + 1 >= argc || parse_double(argv[++i], &x) || x < 0)
                return fail("--size needs a number of bytes >= 0", 2);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            snprintf(err, sizeof err, "reduce: unknown option '%s'", argv[i]);
            return fail(err, 2);
        } else if (!path)
            path = argv[i];
        else
            return fail("reduce takes one GRAPH file", 2);
    }
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
    double L = -1, o = -1, g = -1, n, lo = 2.0, nlo = 1;
    int nmax = 64, i;
    hrel_hyper_cb cb;
    hrel_logp m;
    char err[ERRLEN];
    for (i = 1; i < argc; i++) {
        double *dst = strcmp(argv[i], "--L") == 0 ? &L : strcmp(argv[i], "--o") == 0 ? &o
                    : strcmp(argv[i], "--g") == 0 ? &g : NULL;
        if (dst) {
            if (i + 1 >= argc || parse_double(argv[i + 1], dst) || *dst < 0) {
                snprintf(err, sizeof err, "%s needs a number of seconds >= 0", argv[i]);
                return fail(err, 2);
            }
            i++;
        } else if (strcmp(argv[i], "--n") == 0) {
            if (i + 1 >= argc || parse_int(argv[++i], &nmax) || nmax < 1 || nmax > 100000000)
                return fail("--n needs a whole number 1..1e8", 2);
        } else {
            snprintf(err, sizeof err, "logp: unknown argument '%s'", argv[i]);
            return fail(err, 2);
        }
    }
    if (L < 0 || o < 0 || g < 0)
        return fail("logp needs --L, --o and --g (seconds)", 2);
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
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double alpha = 0, beta = 0, eh = 0, el = 0;
    int haslin;
    size_t i;
    hrel_hyper_pred pr;
    FILE *fp;

    if (!x || !y) {
        free(x);
        free(y);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < n; i++) {
        x[i] = pt[i].x;
        y[i] = pt[i].med;
    }
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
    int i, rc, kopt = 0, nfile = 0, p;
    struct stat st;

    memset(&o, 0, sizeof o);
    for (i = 1; i < argc; i++) {
        if ((rc = take_sysopt(argc, argv, &i, &o, err, sizeof err)) < 0)
            return fail(err, 2);
        if (rc)
            continue;
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strcmp(argv[i], "--neighbours") == 0 || strcmp(argv[i], "--neighbors") == 0) {
            if (i + 1 >= argc || parse_int(argv[++i], &kopt) || kopt < 1)
                return fail("--neighbours needs a whole number >= 1", 2);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            snprintf(err, sizeof err, "plotdata: unknown option '%s'", argv[i]);
            return fail(err, 2);
        } else if (!raw)
            raw = argv[i];
        else
            return fail("plotdata takes one RAW.csv", 2);
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
    const char *sub;
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    sub = argv[1];
    if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (strcmp(sub, "fit") == 0)
        return cmd_fit(argc - 1, argv + 1);
    if (strcmp(sub, "predict") == 0)
        return cmd_predict(argc - 1, argv + 1);
    if (strcmp(sub, "reduce") == 0)
        return cmd_reduce(argc - 1, argv + 1);
    if (strcmp(sub, "logp") == 0)
        return cmd_logp(argc - 1, argv + 1);
    if (strcmp(sub, "plotdata") == 0)
        return cmd_plotdata(argc - 1, argv + 1);
    fprintf(stderr, "hrel hyper: unknown subcommand '%s' (fit predict reduce logp plotdata)\n", sub);
    return 2;
}
