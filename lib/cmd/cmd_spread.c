/* hrel trace spread -- a platform's spread of run times around the models
 * (lib/model/spread.h), from runs and their predictions; the arithmetic
 * behind experiments/spread.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "csv.h"
#include "errmsg.h"
#include "hrel_cmd.h"
#include "spread.h"

static const char spread_usage[] =
    "usage: hrel trace spread [--min-runs N] [--min-programs N] RUNS.csv\n"
    "       hrel trace spread --check SPREAD.csv RUNS.csv\n"
    "RUNS.csv (- for standard input): route,model,program,run_s,predicted_s, one row\n"
    "per run of a program (program: any name, e.g. its predict.sh folder) with the\n"
    "model's prediction of it; rows whose prediction is not > 0 are left out.\n"
    "Writes route,model,programs,runs,q10,q50,q90 for each route and model with at\n"
    "least --min-runs runs (default 10) of --min-programs programs (default 3): the\n"
    "ratio run_s / predicted_s, q10 and q90 its split-conformal ranks floor(0.1 (n+1))\n"
    "and ceil(0.9 (n+1)), q50 its median (spread.csv; nothing when no row has enough).\n"
    "--check: instead, for each program, route and model of RUNS.csv that SPREAD.csv\n"
    "has a row for: route,model,program,predicted_s,lo_s,hi_s,runs,inside (its\n"
    "interval from SPREAD.csv, and how many of its runs fall inside).\n";

typedef struct run {
    const char *route, *model, *program;
    double run_s, pred;
} run;

static int by_group(const void *a, const void *b)
{
    const run *x = a, *y = b;
    int c = strcmp(x->route, y->route);
    if (!c)
        c = strcmp(x->model, y->model);
    return c ? c : strcmp(x->program, y->program);
}

static int fail(int status, const char *msg)
{
    fprintf(stderr, "hrel trace spread: %s\n", msg);
    return status;
}

/* The rows of RUNS.csv T into *OUT (pointing into T), *N of them. */
static int read_runs(const hrel_csv *t, run **out, size_t *n, char *err, size_t errlen)
{
    static const char *const names[] = {"route", "model", "program", "run_s", "predicted_s",
                                        NULL};
    int ix[5];
    size_t r;
    run *v;
    *n = 0;
    if (hrel_csv_require(t, names, ix, err, errlen) != 0)
        return -1;
    if (!(v = malloc((t->nrow ? t->nrow : 1) * sizeof *v))) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (r = 0; r < t->nrow; r++) {
        run x;
        if (hrel_csv_double(t, r, ix[3], &x.run_s, err, errlen) != 0 ||
            hrel_csv_double(t, r, ix[4], &x.pred, err, errlen) != 0) {
            free(v);
            return -1;
        }
        if (!(x.run_s > 0)) {
            hrel_seterr(err, errlen, "%s:%zu: run_s must be > 0", t->path, t->lineno[r]);
            free(v);
            return -1;
        }
        if (!(x.pred > 0))
            continue;
        x.route = hrel_csv_str(t, r, ix[0]);
        x.model = hrel_csv_str(t, r, ix[1]);
        x.program = hrel_csv_str(t, r, ix[2]);
        v[(*n)++] = x;
    }
    qsort(v, *n, sizeof *v, by_group);
    *out = v;
    return 0;
}

static int same_group(const run *a, const run *b)
{
    return strcmp(a->route, b->route) == 0 && strcmp(a->model, b->model) == 0;
}

/* The spread.csv rows of V[0..N) (sorted by group). */
static int write_spread(const run *v, size_t n, int minruns, int minprog)
{
    double *ratio = malloc((n ? n : 1) * sizeof *ratio);
    size_t i = 0;
    if (!ratio)
        return fail(1, "out of memory");
    while (i < n) {
        size_t j, k = 0;
        long nprog = 0;
        double q10, q50, q90;
        for (j = i; j < n && same_group(&v[i], &v[j]); j++) {
            ratio[k++] = v[j].run_s / v[j].pred;
            nprog += j == i || strcmp(v[j].program, v[j - 1].program) != 0;
        }
        if ((long)k >= minruns && nprog >= minprog &&
            hrel_spread_percentiles(ratio, k, &q10, &q50, &q90) == 0)
            printf("%s,%s,%ld,%zu,%.4f,%.4f,%.4f\n", v[i].route, v[i].model, nprog, k, q10, q50,
                   q90);
        i = j;
    }
    free(ratio);
    return 0;
}

/* --check: each program's runs against its interval from SPREAD. */
static int write_check(const run *v, size_t n, const char *spread)
{
    size_t i = 0;
    char err[1024];
    while (i < n) {
        size_t j, inside = 0;
        hrel_spread_row row;
        double lo, hi;
        int f = hrel_spread_find(spread, v[i].route, v[i].model, &row, err, sizeof err);
        if (f < 0)
            return fail(1, err);
        for (j = i; j < n && same_group(&v[i], &v[j]) &&
                    strcmp(v[i].program, v[j].program) == 0; j++)
            ;
        if (f) {
            size_t k;
            hrel_spread_interval(&row, v[i].pred, &lo, &hi);
            for (k = i; k < j; k++)
                inside += v[k].run_s >= lo && v[k].run_s <= hi;
            printf("%s,%s,%s,%.6f,%.6f,%.6f,%zu,%zu\n", v[i].route, v[i].model, v[i].program,
                   v[i].pred, lo, hi, j - i, inside);
        }
        i = j;
    }
    return 0;
}

int hrel_cmd_trace_spread(int argc, char **argv)
{
    const char *check = NULL;
    int minruns = 10, minprog = 3, first, help = 0, rc;
    char err[1024];
    hrel_csv *t = NULL;
    run *v = NULL;
    size_t n;
    hrel_arg tab[] = {
        HREL_OPT_NUM("min-runs", 0, HREL_ARG_INT, &minruns, 1, 1000000000),
        HREL_OPT_NUM("min-programs", 0, HREL_ARG_INT, &minprog, 1, 1000000000),
        HREL_OPT_STR("check", 0, &check),
        HREL_OPT_END,
    };
    if (hrel_args_parse(argc, argv, tab, &help, &first, err, sizeof err) != 0)
        return fail(2, err);
    if (help) {
        fputs(spread_usage, stdout);
        return 0;
    }
    if (first != argc - 1)
        return fail(2, "give one RUNS.csv (- for standard input; try --help)");
    if (hrel_csv_read(argv[first], &t, err, sizeof err) != 0 ||
        read_runs(t, &v, &n, err, sizeof err) != 0) {
        hrel_csv_free(t);
        return fail(1, err);
    }
    rc = check ? write_check(v, n, check) : write_spread(v, n, minruns, minprog);
    free(v);
    hrel_csv_free(t);
    return rc;
}
