/* hrel fit -- g and L per pattern, per processor count and pooled from a raw.csv;
 * prints the seeds' tables (text, --csv contract rows, or --latex) and writes
 * plot-ready data and table CSV files next to the input (or into -o DIR). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fit.h"
#include "hrel_cmd.h"
#include "plotdata.h"
#include "raw.h"
#include "stats.h"
#include "tables.h"

static void usage(FILE *fp)
{
    fprintf(fp,
            "usage: hrel fit RAW.csv [--csv | --latex] [--summary mean|median|min|trimmed]\n"
            "                [--unit bytes|words|N] [--weighted] [-o DIR] [--no-files]\n"
            "\n"
            "Fit T(h) = L + g*h per pattern (on times averaged over processor counts),\n"
            "per pattern and processor count, and pooled over E PP OA POA AO AA\n"
            "(T_average, 000 section 4). Prints tables P.1, P.2, 11, 12 and g per\n"
            "pattern per processor count.\n"
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
            "  -o DIR       write the data files into DIR (default: the input's directory)\n"
            "  --no-files   write no data files\n"
            "\n"
            "Data files: fit_T.dat fit_Tline.dat fit_gprocs.dat fit_pooled.dat\n"
            "fit_pooled_line.dat (for plots/*.gp) and fit_table_NAME.csv per table.\n");
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

/* Write every table as DIR/fit_table_NAME.csv. */
static int write_table_csvs(hrel_table **t, size_t n, const char *dir, char *err,
                            size_t errlen)
{
    char path[4096];
    size_t i;
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

int hrel_cmd_fit(int argc, char **argv)
{
    const char *in = NULL, *outdir = NULL;
    int csv = 0, latex = 0, files = 1, i, rc = 1;
    hrel_fit_cfg cfg;
    hrel_raw *raw = NULL;
    hrel_stats *st = NULL;
    hrel_fit_result *res = NULL;
    hrel_table **tabs = NULL, *contract = NULL;
    size_t ntab = 0, k;
    char err[1024] = "", dir[4096];

    hrel_fit_cfg_default(&cfg);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--csv") == 0) {
            csv = 1;
        } else if (strcmp(a, "--latex") == 0) {
            latex = 1;
        } else if (strcmp(a, "--weighted") == 0) {
            cfg.weighted = 1;
        } else if (strcmp(a, "--no-files") == 0) {
            files = 0;
        } else if (strcmp(a, "--summary") == 0 || strcmp(a, "--unit") == 0 ||
                   strcmp(a, "-o") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "hrel fit: %s needs a value (try hrel fit --help)\n", a);
                return 2;
            }
            if (strcmp(a, "-o") == 0) {
                outdir = argv[++i];
            } else if (strcmp(a, "--summary") == 0) {
                if (hrel_summary_parse(argv[++i], &cfg.summary)) {
                    fprintf(stderr, "hrel fit: --summary '%s': use mean, median, min or "
                            "trimmed\n", argv[i]);
                    return 2;
                }
            } else if (parse_unit(argv[++i], &cfg.unit_bytes)) {
                fprintf(stderr, "hrel fit: --unit '%s': use bytes, words or a positive "
                        "number of bytes\n", argv[i]);
                return 2;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "hrel fit: unknown option '%s' (try hrel fit --help)\n", a);
            return 2;
        } else if (in) {
            fprintf(stderr, "hrel fit: more than one input file ('%s', '%s')\n", in, a);
            return 2;
        } else {
            in = a;
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
        || build_tables(res, &tabs, &ntab, err, sizeof err)
        || hrel_tables_fitcsv(res, &contract, err, sizeof err))
        goto fail;

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
            write_table_csvs(tabs, ntab, dir, err, sizeof err))
            goto fail;
    }

    if (csv) {
        hrel_table_write(contract, HREL_TABLE_CSV, stdout);
    } else {
        const char *pre = latex ? "%" : "#";
        size_t m;
        printf("%s hrel fit %s: %zu rows, summary %s, packet unit %g byte(s), %s\n", pre,
               in, raw->nrow, hrel_summary_name(cfg.summary), cfg.unit_bytes,
               cfg.weighted ? "weighted 1/T^2" : "ordinary least squares");
        for (m = 0; m < raw->csv->nmeta; m++)
            printf("%s %s: %s\n", pre, raw->csv->meta_key[m], raw->csv->meta_val[m]);
        printf("\n");
        for (k = 0; k < ntab; k++)
            hrel_table_write(tabs[k], latex ? HREL_TABLE_LATEX : HREL_TABLE_TEXT, stdout);
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
