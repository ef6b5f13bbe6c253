/* hrel fit -- g and L per pattern, per processor count and pooled from a raw.csv;
 * prints the seeds' tables (text, --csv contract rows, or --latex) and writes
 * plot-ready data and table CSV files next to the input (or into -o DIR). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "errmsg.h"
#include "fit.h"
#include "hrel_cmd.h"
#include "hypo.h"
#include "validate.h"
#include "plotdata.h"
#include "raw.h"
#include "patterns.h"
#include "runmark.h"
#include "sizecost.h"
#include "stats.h"
#include "tables.h"

static void usage(FILE *fp)
{
    fprintf(fp,
            "usage: hrel fit RAW.csv [--csv | --latex] [--summary mean|median|min|trimmed]\n"
            "                [--unit bytes|words|N] [--weighted] [--out DIR] [--no-files]\n"
            "\n"
            "Fit T(h) = L + g*h per pattern (on times averaged over processor counts),\n"
            "per pattern and processor count, and pooled over E PP OA POA AO AA\n"
            "(T_average, 000 section 4). Prints tables P.1, P.2, 11, 12 and g per\n"
            "pattern per processor count. Every pattern needs two sizes or more (a\n"
            "pattern measured at one size is refused, named).\n"
            "\n"
            "  --csv        print only the rows pattern,procs,g,L,r2,n (procs a number or\n"
            "               'all'; the pooled fit is pattern ALL); g is always in s/byte\n"
            "               there (--unit does not apply), so every consumer of the\n"
            "               contract reads one unit\n"
            "  --latex      print the tables as LaTeX\n"
            "  --summary S  summary of the repetitions fed to the fits (default mean)\n"
            "  --unit U     packet unit of h and g: bytes (default), words (4 bytes) or\n"
            "               a number of bytes\n"
            "  --weighted   least relative error (weights 1/T^2) instead of ordinary\n"
            "               least squares (the seeds' method, the default)\n"
            "  -o, --out DIR  write the files into DIR (default: the input's directory)\n"
            "  --no-files   write no files\n"
            "\n"
            "Files (one call writes all a report needs): tables.txt, tables.tex, fit.csv\n"
            "(the contract rows, per byte), fit_T.dat fit_Tline.dat fit_gprocs.dat\n"
            "fit_pooled.dat fit_pooled_line.dat (for plots/*.gp), fit_table_NAME.csv\n"
            "per table and fit_tables.tsv (name, title, note of each table, in order).\n");
}

/* Parse a packet unit word or number. Return 0 or -1. */
static int parse_unit(const char *s, double *bytes)
{
    char *end;
    double v;
    if (strcmp(s, "bytes") == 0 || strcmp(s, "byte") == 0) {
        *bytes = 1;
        return 0;
    }
    if (strcmp(s, "words") == 0 || strcmp(s, "word") == 0) {
        *bytes = 4;
        return 0;
    }
    v = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || !(v > 0) || v > 1e12)
        return -1;
    *bytes = v;
    return 0;
}

/* Directory part of PATH into BUF ("." if none). */
/* Put "IN: " before the message in ERR (a whole-file problem names the file);
 * return -1, the status of the failure it reports. */
static int prefix_file(const char *in, char *err, size_t errlen)
{
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", err);
    hrel_seterr(err, errlen, "%s: %s", in, msg);
    return -1;
}

static void dirname_of(const char *path, char *buf, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, len, ".");
    else if (slash == path)
        snprintf(buf, len, "/");
    else
        snprintf(buf, len, "%.*s", (int)(slash - path), path);
}

/* The tables in print order; *n set. Return NULL-padded array or NULL. */
static int build_tables(const hrel_fit_result *r, hrel_table ***out, size_t *n,
                        char *err, size_t errlen)
{
    size_t k, m = 0, cap = r->npat + 5;
    hrel_table **t = calloc(cap, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    *out = t;
    for (k = 0; k < r->npat; k++)
        if (hrel_tables_pi1(r, k, &t[m++], err, errlen))
            goto fail;
    if (hrel_tables_pi2(r, &t[m++], err, errlen) || hrel_tables_errs(r, &t[m++], err, errlen)
        || hrel_tables_pooled(r, &t[m++], err, errlen)
        || hrel_tables_gprocs(r, &t[m++], err, errlen))
        goto fail;
    *n = m;
    return 0;
fail:
    *n = m;
    return -1;
}

static void free_tables(hrel_table **t, size_t n)
{
    size_t i;
    if (!t)
        return;
    for (i = 0; i < n; i++)
        hrel_table_free(t[i]);
    free(t);
}

/* The fit's settings line, after the comment character PRE. */
static void print_settings(FILE *fp, const char *pre, const char *in, const hrel_raw *raw,
                           const hrel_fit_cfg *cfg)
{
    fprintf(fp, "%s hrel fit %s: %zu rows, summary %s, packet unit %g byte(s), %s\n", pre, in,
            raw->nrow, hrel_summary_name(cfg->summary), cfg->unit_bytes,
            cfg->weighted ? "weighted 1/T^2" : "ordinary least squares");
}

/* S on FP with tabs and line ends made spaces (one TSV field). */
static void put_field(FILE *fp, const char *s)
{
    for (; s && *s; s++)
        fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, fp);
}

/* DIR/fit_tables.tsv: the tables in their order, one line each,
 * name<TAB>title<TAB>note (note empty if none), after the settings line
 * ("# hrel fit ...") and a header line, so a script lists them without
 * reading tables.txt. */
static int write_table_index(hrel_table **t, size_t n, const char *dir, const char *in,
                             const hrel_raw *raw, const hrel_fit_cfg *cfg, char *err,
                             size_t errlen)
{
    char path[4096];
    size_t i;
    FILE *fp;
    snprintf(path, sizeof path, "%.3900s/fit_tables.tsv", dir);
    if (!(fp = fopen(path, "w"))) {
        snprintf(err, errlen, "%.900s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    print_settings(fp, "#", in, raw, cfg);
    fputs("name\ttitle\tnote\n", fp);
    for (i = 0; i < n; i++) {
        put_field(fp, t[i]->name);
        fputc('\t', fp);
        put_field(fp, t[i]->title);
        fputc('\t', fp);
        put_field(fp, t[i]->note);
        fputc('\n', fp);
    }
    if (fclose(fp) != 0) {
        snprintf(err, errlen, "%.900s: write failed", path);
        return -1;
    }
    return 0;
}

/* Write every table as DIR/fit_table_NAME.csv, and their index. */
static int write_table_csvs(hrel_table **t, size_t n, const char *dir, const char *in,
                            const hrel_raw *raw, const hrel_fit_cfg *cfg, char *err,
                            size_t errlen)
{
    char path[4096];
    size_t i;
    if (write_table_index(t, n, dir, in, raw, cfg, err, errlen) != 0)
        return -1;
    for (i = 0; i < n; i++) {
        FILE *fp;
        int bad;
        snprintf(path, sizeof path, "%.3900s/fit_table_%.64s.csv", dir, t[i]->name);
        if (!(fp = fopen(path, "w"))) {
            snprintf(err, errlen, "%.900s: cannot write: %s", path, strerror(errno));
            return -1;
        }
        bad = hrel_table_write(t[i], HREL_TABLE_CSV, fp);
        if (fclose(fp) != 0 || bad) {
            snprintf(err, errlen, "%.900s: write failed", path);
            return -1;
        }
    }
    return 0;
}

/* The header lines of a table listing: the input, the fit's settings and the
 * raw.csv metadata, after the comment character PRE. */
static void print_header(FILE *fp, const char *pre, const char *in, const hrel_raw *raw,
                         const hrel_fit_cfg *cfg)
{
    size_t m;
    print_settings(fp, pre, in, raw, cfg);
    for (m = 0; m < raw->csv->nmeta; m++)
        if (strcmp(raw->csv->meta_key[m], "complete") != 0)
            fprintf(fp, "%s %s: %s\n", pre, raw->csv->meta_key[m], raw->csv->meta_val[m]);
    {
        hrel_runmark st = HREL_RUN_UNMARKED;
        char why[512], e[256];
        if (strcmp(in, "-") != 0 && hrel_runmark_read(in, &st, why, sizeof why, e, sizeof e) == 0
            && st != HREL_RUN_UNMARKED)
            fprintf(fp, "%s run: %s\n", pre, st == HREL_RUN_COMPLETE ? "complete"
                    : "INTERRUPTED, the fits cover only the cases measured");
        if (st == HREL_RUN_INTERRUPTED)
            fprintf(fp, "%s interrupted: %s\n", pre, why);
    }
    fprintf(fp, "\n");
}

/* Write DIR/NAME: BODY(FP, CTX, ERR, ERRLEN) writes its content and returns
 * nonzero on a write error. Return 0, or -1 with "PATH: cannot write: why" or
 * "PATH: write failed" in ERR. */
typedef int (*body_fn)(FILE *fp, const void *ctx, char *err, size_t errlen);

static int write_file(const char *dir, const char *name, body_fn body, const void *ctx,
                      char *err, size_t errlen)
{
    char path[4096];
    FILE *fp;
    int bad;
    snprintf(path, sizeof path, "%.3900s/%s", dir, name);
    if (!(fp = fopen(path, "w"))) {
        snprintf(err, errlen, "%.900s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    bad = body(fp, ctx, err, errlen);
    if (fclose(fp) != 0 || bad) {
        snprintf(err, errlen, "%.900s: write failed", path);
        return -1;
    }
    return 0;
}

static int validation_csv(FILE *fp, const void *v, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    return hrel_validate_write_csv(v, fp);
}

static int hypothesis_csv(FILE *fp, const void *h, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    return hrel_hypo_write_csv(h, fp);
}

/* The verdict lines of the hypothesis test after the tables (comment lines with
 * the prefix PRE). */
static int print_verdicts(FILE *fp, const hrel_fit_result *r, const char *pre, char *err,
                          size_t errlen)
{
    hrel_hypo *h = NULL;
    int bad;
    if (hrel_hypo_run(r, &h, err, errlen))
        return -1;
    bad = hrel_hypo_write_verdicts(h, pre, fp);
    hrel_hypo_free(h);
    {
        hrel_validate *v = NULL;
        if (hrel_validate_run(r, &v, err, errlen))
            return -1;
        bad |= hrel_validate_write_summary(v, pre, fp);
        hrel_validate_free(v);
    }
    return bad;
}

/* What one listing shows (write_listing). */
typedef struct listing {
    const char *in;
    const hrel_raw *raw;
    const hrel_fit_cfg *cfg;
    hrel_table **tabs;
    size_t ntab;
    const hrel_table *contract;
    int latex;
    const hrel_fit_result *res;
} listing;

static int listing_body(FILE *fp, const void *ctx, char *err, size_t errlen)
{
    const listing *l = ctx;
    size_t k;
    int bad = 0;
    if (l->contract)
        return hrel_table_write(l->contract, HREL_TABLE_CSV, fp);
    print_header(fp, l->latex ? "%" : "#", l->in, l->raw, l->cfg);
    for (k = 0; k < l->ntab; k++)
        bad |= hrel_table_write(l->tabs[k], l->latex ? HREL_TABLE_LATEX : HREL_TABLE_TEXT, fp);
    bad |= print_verdicts(fp, l->res, l->latex ? "% " : "", err, errlen) != 0;
    return bad;
}

/* Write one listing: DIR/NAME in FORMAT (text or LaTeX tables, or the
 * contract CSV TABLE when TABS is NULL). */
static int write_listing(const char *dir, const char *name, const char *in, const hrel_raw *raw,
                         const hrel_fit_cfg *cfg, hrel_table **tabs, size_t ntab,
                         const hrel_table *contract, int latex, const hrel_fit_result *res,
                         char *err, size_t errlen)
{
    const listing l = {in, raw, cfg, tabs, ntab, contract, latex, res};
    return write_file(dir, name, listing_body, &l, err, errlen);
}

/* DIR/hypothesis.csv, the h-relation hypothesis tested on R (hypo.h), and
 * DIR/validation.csv, held-out predictions on R (validate.h); h in bytes. */
static int write_checks(const char *dir, const hrel_fit_result *r, char *err, size_t errlen)
{
    hrel_hypo *h = NULL;
    hrel_validate *v = NULL;
    int rc = -1;
    if (hrel_hypo_run(r, &h, err, errlen) == 0 &&
        write_file(dir, "hypothesis.csv", hypothesis_csv, h, err, errlen) == 0 &&
        hrel_validate_run(r, &v, err, errlen) == 0 &&
        write_file(dir, "validation.csv", validation_csv, v, err, errlen) == 0)
        rc = 0;
    hrel_hypo_free(h);
    hrel_validate_free(v);
    return rc;
}

/* sizes.csv (sizecost.h): every (pattern, procs, h) group's mean, median and
 * minimum, for the replay's cost of a message at its own size. */
typedef struct sizes_ctx {
    const hrel_stats *st;
    const char *in;
} sizes_ctx;

static int sizes_csv(FILE *fp, const void *v, char *err, size_t errlen)
{
    const sizes_ctx *c = v;
    size_t i;
    (void)err;
    (void)errlen;
    fprintf(fp, "# hrel fit: each case's repetitions summarised (lib/model/sizecost.h)\n"
                "# source: %s\n%s\n", c->in, HREL_SIZECOST_HEADER);
    for (i = 0; i < c->st->n; i++) {
        const hrel_stat *s = &c->st->s[i];
        fprintf(fp, "%s,%d,%.17g,%zu,%.9e,%.9e,%.9e,%.17g\n", hrel_patterns_name(s->pattern),
                s->procs, s->h, s->n, s->mean, s->median, s->min, s->msg_bytes);
    }
    return ferror(fp) ? -1 : 0;
}

/* One call writes what a report needs: DIR/tables.txt, DIR/tables.tex and the
 * contract rows DIR/fit.csv (always per byte: refitted with unit 1 when --unit
 * says otherwise). */
static int write_reports(const char *in, const hrel_raw *raw, const hrel_fit_result *res,
                         const hrel_stats *st, const hrel_fit_cfg *cfg, hrel_table **tabs,
                         size_t ntab, const char *dir, char *err, size_t errlen)
{
    hrel_fit_result *res1 = NULL;
    hrel_table *contract = NULL;
    hrel_fit_cfg c1 = *cfg;
    int rc = -1;
    c1.unit_bytes = 1.0;
    if (write_listing(dir, "tables.txt", in, raw, cfg, tabs, ntab, NULL, 0, res, err, errlen) ||
        write_listing(dir, "tables.tex", in, raw, cfg, tabs, ntab, NULL, 1, res, err, errlen))
        return -1;
    if (cfg->unit_bytes != 1.0 && hrel_fit_run(st, &c1, &res1, err, errlen))
        return -1;
    sizes_ctx sc = {st, in};
    if (hrel_tables_fitcsv(res1 ? res1 : res, &contract, err, errlen) == 0 &&
        write_listing(dir, "fit.csv", in, raw, cfg, NULL, 0, contract, 0, NULL, err, errlen) == 0 &&
        write_file(dir, "sizes.csv", sizes_csv, &sc, err, errlen) == 0 &&
        write_checks(dir, res1 ? res1 : res, err, errlen) == 0)
        rc = 0;
    hrel_table_free(contract);
    hrel_fit_result_free(res1);
    return rc;
}

int hrel_cmd_fit(int argc, char **argv)
{
    const char *in = NULL, *outdir = NULL;
    int csv = 0, latex = 0, files = 1, rc = 1;
    hrel_fit_cfg cfg;
    hrel_raw *raw = NULL;
    hrel_stats *st = NULL;
    hrel_fit_result *res = NULL;
    hrel_table **tabs = NULL, *contract = NULL;
    size_t ntab = 0, k;
    char err[1024] = "", dir[4096];

    hrel_fit_cfg_default(&cfg);
    {
        const char *unit = NULL;
        int summary = -1, weighted = 0, nofiles = 0, first = 0;
        const hrel_arg opts[] = {
            HREL_OPT_FLAG("csv", 0, &csv),
            HREL_OPT_FLAG("latex", 0, &latex),
            HREL_OPT_FLAG("weighted", 0, &weighted),
            HREL_OPT_FLAG("no-files", 0, &nofiles),
            HREL_OPT_CHOICE("summary", 0, &summary, hrel_summary_names),
            HREL_OPT_STR("unit", 0, &unit),
            HREL_OPT_STR("out", 'o', &outdir),
            HREL_OPT_END,
        };
        if ((rc = hrel_args_run("hrel fit", argc, argv, opts, usage, NULL, stdout, stderr,
                                &first)) >= 0)
            return rc;
        rc = 1;
        if (argc - first > 1) {
            fprintf(stderr, "hrel fit: more than one input file ('%s', '%s')\n", argv[first],
                    argv[first + 1]);
            return 2;
        }
        in = first < argc ? argv[first] : NULL;
        cfg.weighted = weighted;
        files = !nofiles;
        if (summary >= 0)
            cfg.summary = (hrel_summary)summary;
        if (unit && parse_unit(unit, &cfg.unit_bytes)) {
            fprintf(stderr, "hrel fit: --unit: '%s' is not bytes, words or a positive "
                            "number of bytes\n", unit);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, "hrel fit: no input file (usage: hrel fit RAW.csv; try --help)\n");
        return 2;
    }
    if (csv && latex) {
        fprintf(stderr, "hrel fit: --csv and --latex exclude each other\n");
        return 2;
    }
    if (csv)
        cfg.unit_bytes = 1.0;   /* the contract rows are per byte, whatever --unit says */

    if (hrel_raw_load(in, &raw, err, sizeof err) || hrel_stats_alloc(raw, &st, err, sizeof err)
        || hrel_fit_run(st, &cfg, &res, err, sizeof err)
        || (hrel_fit_check_sizes(res, err, sizeof err) && prefix_file(in, err, sizeof err))
        || build_tables(res, &tabs, &ntab, err, sizeof err)
        || hrel_tables_fitcsv(res, &contract, err, sizeof err))
        goto fail;

    {
        hrel_runmark st = HREL_RUN_UNMARKED;
        char why[512], e[256];
        if (strcmp(in, "-") != 0 && hrel_runmark_read(in, &st, why, sizeof why, e, sizeof e) == 0
            && st == HREL_RUN_INTERRUPTED)
            fprintf(stderr, "hrel fit: warning: %s is an INTERRUPTED run (%s): the fits cover "
                            "only the cases measured\n", in, why);
    }
    if (files && (outdir || strcmp(in, "-") != 0)) {
        if (outdir) {
            snprintf(dir, sizeof dir, "%s", outdir);
            if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
                snprintf(err, sizeof err, "-o %.900s: cannot create directory: %s", dir,
                         strerror(errno));
                goto fail;
            }
        } else {
            dirname_of(in, dir, sizeof dir);
        }
        if (hrel_plotdata_write(res, dir, err, sizeof err) ||
            write_table_csvs(tabs, ntab, dir, in, raw, &cfg, err, sizeof err) ||
            write_reports(in, raw, res, st, &cfg, tabs, ntab, dir, err, sizeof err))
            goto fail;
    }

    if (csv) {
        hrel_table_write(contract, HREL_TABLE_CSV, stdout);
    } else {
        print_header(stdout, latex ? "%" : "#", in, raw, &cfg);
        for (k = 0; k < ntab; k++)
            hrel_table_write(tabs[k], latex ? HREL_TABLE_LATEX : HREL_TABLE_TEXT, stdout);
        if (print_verdicts(stdout, res, latex ? "% " : "", err, sizeof err))
            goto fail;
    }
    if (fflush(stdout) != 0) {
        snprintf(err, sizeof err, "standard output: write failed");
        goto fail;
    }
    rc = 0;
    goto done;
fail:
    fprintf(stderr, "hrel fit: %s\n", err);
done:
    hrel_table_free(contract);
    free_tables(tabs, ntab);
    hrel_fit_result_free(res);
    hrel_stats_free(st);
    hrel_raw_free(raw);
    return rc;
}
