/* hrel compare -- g and L per pattern and pooled, side by side across platforms
 * (like tables 2-12 of 000 across the four architectures), from the fit CSV
 * (`hrel fit --csv`, written by experiments/report.sh as RUN/fit.csv) of one
 * run per platform. Prints a text table (or --csv / --latex) and, with -o DIR,
 * writes DIR/compare.dat for plots/fig_compare.gp.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csv.h"
#include "args.h"
#include "hrel_cmd.h"
#include "latex.h"
#include "compare_sbs.h"
#include "patterns.h"

#define MAXPLAT 16
#define MAXPAT 32

/* The columns: the h-relation patterns of the registry (lib/base/patterns.h),
 * then the pooled fit ALL; filled by init_pats(). */
static const char *pats[MAXPAT];
static int npat;

static void init_pats(void)
{
    size_t i;
    npat = 0;
    for (i = 0; i < hrel_patterns_count() && npat < MAXPAT - 1; i++)
        if (hrel_patterns_at(i)->family == HREL_PATFAM_HREL)
            pats[npat++] = hrel_patterns_at(i)->name;
    pats[npat++] = "ALL";
}

typedef struct plat {
    char name[128];          /* platform name (raw.csv metadata, dir name, or NAME=) */
    char dir[128];           /* base name of the run's folder (tells runs apart) */
    char path[1024];         /* the run's folder (its fit_table_*.csv) */
    double g[MAXPAT], L[MAXPAT]; /* over all processor counts; NAN if absent */
} plat;

static void usage(FILE *fp)
{
    fputs("usage: hrel compare [NAME=]RUN_OR_FIT ... [--csv | --latex] [--out DIR]\n"
          "Side by side, per platform: g and L of each pattern over all processor counts\n"
          "and the pooled fit (ALL). Each argument is a run directory holding fit.csv\n"
          "(experiments/report.sh writes it) or a fit CSV from `hrel fit --csv`; the\n"
          "platform name comes from NAME=, else from the run's raw.csv metadata, else\n"
          "from the directory name.\n"
          "  --csv      rows platform,pattern,g,L\n"
          "  --latex    the two tables for a report\n"
          "  -o, --out DIR  also write DIR/compare.dat (plot-ready, for plots/fig_compare.gp)\n",
          fp);
}

/* Fill P from ARG. Return 0, or 1 with a message on stderr. */
static int load(const char *arg, plat *p)
{
    char path[1024], dir[1024], err[512];
    struct stat st;
    /* NAME=PATH names a platform, but an existing path is a path even when
     * it holds '=' (a run directory may be named anything) */
    const char *eq = stat(arg, &st) == 0 ? NULL : strchr(arg, '=');
    const char *spec = eq ? eq + 1 : arg;
    hrel_csv *t = NULL, *raw = NULL;
    int idx[4], k;
    size_t r;
    static const char *const need[] = {"pattern", "procs", "g", "L", NULL};

    if (eq && (eq == arg || eq[1] == '\0')) {
        fprintf(stderr, "hrel compare: '%s': NAME=PATH needs a name before '=' and a path "
                "after it (a path holding '=' must exist)\n", arg);
        return 1;
    }
    for (k = 0; k < npat; k++)
        p->g[k] = p->L[k] = NAN;
    if (stat(spec, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(dir, sizeof dir, "%s", spec);
        snprintf(path, sizeof path, "%s/fit.csv", spec);
    } else {
        const char *slash = strrchr(spec, '/');
        snprintf(path, sizeof path, "%s", spec);
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - spec) : 1, slash ? spec : ".");
    }
    if (hrel_csv_read(path, &t, err, sizeof err) != 0 ||
        hrel_csv_require(t, need, idx, err, sizeof err) != 0) {
        fprintf(stderr, "hrel compare: %s\n", err);
        hrel_csv_free(t);
        return 1;
    }
    for (r = 0; r < t->nrow; r++) {
        double g, L;
        if (strcmp(hrel_csv_str(t, r, idx[1]), "all") != 0)
            continue;
        for (k = 0; k < npat; k++)
            if (strcmp(hrel_csv_str(t, r, idx[0]), pats[k]) == 0)
                break;
        if (k == npat)
            continue;
        if (strcmp(hrel_csv_str(t, r, idx[2]), "nan") == 0)
            continue;   /* a pattern hrel fit could not fit */
        if (hrel_csv_double(t, r, idx[2], &g, err, sizeof err) != 0 ||
            hrel_csv_double(t, r, idx[3], &L, err, sizeof err) != 0) {
            fprintf(stderr, "hrel compare: %s\n", err);
            hrel_csv_free(t);
            return 1;
        }
        p->g[k] = g;
        p->L[k] = L;
    }
    hrel_csv_free(t);
    {
        const char *b = strrchr(dir, '/');
        snprintf(p->dir, sizeof p->dir, "%.127s", b ? b + 1 : dir);
        snprintf(p->path, sizeof p->path, "%.1023s", dir);
    }
    if (eq) {
        snprintf(p->name, sizeof p->name, "%.*s", (int)(eq - arg), arg);
    } else {
        char rawp[1100];
        const char *name = NULL, *base = strrchr(dir, '/');
        snprintf(rawp, sizeof rawp, "%s/raw.csv", dir);
        if (hrel_csv_read(rawp, &raw, err, sizeof err) == 0)
            name = hrel_csv_meta(raw, "platform");
        snprintf(p->name, sizeof p->name, "%.127s", name ? name : base ? base + 1 : dir);
        hrel_csv_free(raw);
    }
    return 0;
}

/* Two runs of one platform get their run folder after the name ("local
 * (run-a)", "local (run-b)"), or their position where the folders match too, so
 * that no two columns, rows or figure labels read the same. */
static void distinct_names(plat *pl, int n)
{
    char base[MAXPLAT][128];
    int i, j, dup, same_dir;
    for (i = 0; i < n; i++)
        snprintf(base[i], sizeof base[i], "%.127s", pl[i].name);
    for (i = 0; i < n; i++) {
        for (dup = 0, same_dir = 0, j = 0; j < n; j++)
            if (j != i && strcmp(base[j], base[i]) == 0) {
                dup = 1;
                same_dir |= strcmp(pl[j].dir, pl[i].dir) == 0;
            }
        if (!dup)
            continue;
        if (same_dir || strcmp(pl[i].dir, base[i]) == 0)
            snprintf(pl[i].name, sizeof pl[i].name, "%.100s #%d", base[i], i + 1);
        else
            snprintf(pl[i].name, sizeof pl[i].name, "%.60s (%.60s)", base[i], pl[i].dir);
    }
}

/* The pattern with the smallest g on P (not ALL), or NULL. */
static const char *fastest(const plat *p)
{
    int k, best = -1;
    for (k = 0; k < npat - 1; k++)
        if (!isnan(p->g[k]) && (best < 0 || p->g[k] < p->g[best]))
            best = k;
    return best < 0 ? NULL : pats[best];
}

/* One table cell: the value, or "-" when absent. */
static void cell(double v)
{
    if (isnan(v))
        printf(" %14s", "-");
    else
        printf(" %14.4e", v);
}

/* One text table: TITLE, a column per platform, a row per pattern, the value
 * of g (WANT_L 0) or L (WANT_L 1). */
static void print_block(const plat *pl, int n, const char *title, int want_L)
{
    int i, k;
    printf("%s per pattern over all processor counts, and pooled (ALL)\n%-8s", title, "pattern");
    for (i = 0; i < n; i++)
        printf(" %14s", pl[i].name);
    printf("\n");
    for (k = 0; k < npat; k++) {
        printf("%-8s", pats[k]);
        for (i = 0; i < n; i++)
            cell(want_L ? pl[i].L[k] : pl[i].g[k]);
        printf("\n");
    }
}

static void print_text(const plat *pl, int n)
{
    int i;
    print_block(pl, n, "g (s/byte)", 0);
    printf("\n");
    print_block(pl, n, "L (s)", 1);
    printf("\n%-8s", "fastest");
    for (i = 0; i < n; i++)
        printf(" %14s", fastest(&pl[i]) ? fastest(&pl[i]) : "-");
    printf("   (pattern with the smallest g)\n");
}

/* Platforms side by side, in the one LaTeX style (lib/io/latex.h). */
/* The papers' per-size tables (000 tables E.1 .. AA.1 and 11) with the platforms
 * side by side, from each run's fit_table_*.csv (lib/cmd/compare_sbs). 0, or 1
 * after a message. */
static int print_per_size(const plat *pl, int n)
{
    static const char *const t_col[] = {"T avg over p (s)", "MaxErr (%)"};
    static const char *const t_head[] = {"T (s)", "MaxErr"};
    static const char *const e_col[] = {"AvErr (%)", "MaxErr (%)"};
    static const char *const e_head[] = {"AvErr", "MaxErr"};
    const char *dirs[MAXPLAT], *names[MAXPLAT];
    char table[32], caption[160], err[512];
    int i, k;
    for (i = 0; i < n; i++) {
        dirs[i] = pl[i].path;
        names[i] = pl[i].name;
    }
    for (k = 0; k <= npat; k++) {
        int rc;
        if (k < npat && strcmp(pats[k], "ALL") == 0)
            continue;
        if (k < npat) {
            snprintf(table, sizeof table, "%s.1", pats[k]);
            snprintf(caption, sizeof caption, "Pattern %s (%s.1): time averaged over the processor "
                     "counts and MaxErr (%%) per h-relation size, per platform", pats[k], pats[k]);
            rc = hrel_compare_sbs_latex(dirs, names, n, table, caption, t_col, t_head, stdout,
                                        err, sizeof err);
        } else {
            rc = hrel_compare_sbs_latex(dirs, names, n, "11", "AvErr and MaxErr (%) of the pattern "
                                        "times against the pooled line (table 11), per platform",
                                        e_col, e_head, stdout, err, sizeof err);
        }
        if (rc < 0) {
            fprintf(stderr, "hrel compare: %s\n", err);
            return 1;
        }
    }
    return 0;
}

static int print_latex(const plat *pl, int n)
{
    int i, k, pass;
    char spec[MAXPLAT + 2];
    spec[0] = 'l';
    for (i = 0; i < n && i < MAXPLAT; i++)
        spec[i + 1] = 'r';
    spec[i + 1] = '\0';
    for (pass = 0; pass < 2; pass++) {
        hrel_latex_begin(stdout, pass ? "L (s) per pattern and pooled, per platform"
                                      : "g (s/byte) per pattern and pooled, per platform",
                         pass ? "compare-L" : "compare-g", spec);
        fputs("pattern", stdout);
        for (i = 0; i < n; i++) {
            fputs(" & ", stdout);
            hrel_latex_text(pl[i].name, stdout);
        }
        fputs(" \\\\\n", stdout);
        hrel_latex_midrule(stdout);
        for (k = 0; k < npat; k++) {
            printf("$%s_{%s}$", pass ? "L" : "g", pats[k]);
            for (i = 0; i < n; i++) {
                fputs(" & ", stdout);
                hrel_latex_num(pass ? pl[i].L[k] : pl[i].g[k], stdout);
            }
            fputs(" \\\\\n", stdout);
        }
        hrel_latex_end(stdout, NULL);
    }
    return print_per_size(pl, n);
}

/* DIR/compare.dat: one block per platform (gnuplot index), rows
 * pattern_index pattern g L. */
static int write_dat(const plat *pl, int n, const char *dir)
{
    char path[1100];
    FILE *fp;
    int i, k;
    mkdir(dir, 0777);
    snprintf(path, sizeof path, "%s/compare.dat", dir);
    if (!(fp = fopen(path, "w"))) {
        fprintf(stderr, "hrel compare: cannot write %s\n", path);
        return 1;
    }
    fprintf(fp, "# hrel compare: g (s/byte) and L (s) per pattern, one block per platform\n");
    for (i = 0; i < n; i++) {
        fprintf(fp, "%s\"%s\"\n# idx pattern g L\n", i ? "\n\n" : "", pl[i].name);
        for (k = 0; k < npat; k++)
            if (!isnan(pl[i].g[k]))
                fprintf(fp, "%d %s %.6e %.6e\n", k, pats[k], pl[i].g[k], pl[i].L[k]);
    }
    fclose(fp);
    return 0;
}

int hrel_cmd_compare(int argc, char **argv)
{
    plat pl[MAXPLAT];
    int i, n = 0, csv = 0, latex = 0, k;
    const char *outdir = NULL;
    init_pats();
    {
        int first = 0;
        const hrel_arg opts[] = {
            HREL_OPT_FLAG("csv", 0, &csv),
            HREL_OPT_FLAG("latex", 0, &latex),
            HREL_OPT_STR("out", 'o', &outdir),
            HREL_OPT_END,
        };
        int rc = hrel_args_run("hrel compare", argc, argv, opts, usage, NULL, stdout, stderr,
                               &first);
        if (rc >= 0)
            return rc;
        for (i = first; i < argc; i++) {
            if (n >= MAXPLAT) {
                fprintf(stderr, "hrel compare: at most %d platforms\n", MAXPLAT);
                return 2;
            }
            if (load(argv[i], &pl[n]) != 0)
                return 1;
            n++;
        }
    }
    if (n == 0) {
        usage(stderr);
        return 2;
    }
    distinct_names(pl, n);
    if (csv) {
        printf("platform,pattern,g,L\n");
        for (i = 0; i < n; i++)
            for (k = 0; k < npat; k++)
                if (!isnan(pl[i].g[k]))
                    printf("%s,%s,%.6e,%.6e\n", pl[i].name, pats[k], pl[i].g[k], pl[i].L[k]);
    } else if (latex) {
        if (print_latex(pl, n) != 0)
            return 1;
    } else {
        print_text(pl, n);
    }
    return outdir ? write_dat(pl, n, outdir) : 0;
}
