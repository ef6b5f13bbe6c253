/* stats -- see stats.h. Sort the rows by group and time, then one pass. */
#include "stats.h"
#include "sample.h"
#include "errmsg.h"
#include "names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

static int cmp_rows(const void *a, const void *b)
{
    const hrel_raw_row *x = *(const hrel_raw_row *const *)a;
    const hrel_raw_row *y = *(const hrel_raw_row *const *)b;
    if (x->pattern != y->pattern)
        return x->pattern < y->pattern ? -1 : 1;
    if (x->procs != y->procs)
        return x->procs < y->procs ? -1 : 1;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    if (x->seconds != y->seconds)
        return x->seconds < y->seconds ? -1 : 1;
    return 0;
}

static int same_group(const hrel_raw_row *x, const hrel_raw_row *y)
{
    return x->pattern == y->pattern && x->procs == y->procs && x->h == y->h;
}

/* Fill S from the N sorted times T of one group. */
static void summarise(const double *t, size_t n, hrel_stat *s)
{
    s->n = n;
    s->mean = gsl_stats_mean(t, 1, n);
    s->median = hrel_sample_median_sorted(t, n);
    s->min = t[0];
    s->max = t[n - 1];
    s->trimmed = gsl_stats_trmean_from_sorted_data(HREL_STATS_TRIM, t, 1, n);
    s->sd = n > 1 ? gsl_stats_sd_m(t, 1, n, s->mean) : 0.0;
}

int hrel_stats_alloc(const hrel_raw *raw, hrel_stats **out, char *err, size_t errlen)
{
    const hrel_raw_row **rows = NULL;
    double *t = NULL;
    hrel_stats *st = NULL;
    size_t i, j, k;

    *out = NULL;
    if (!raw || raw->nrow == 0) {
        hrel_seterr(err, errlen, "no rows to summarise");
        return -1;
    }
    rows = malloc(raw->nrow * sizeof *rows);
    t = malloc(raw->nrow * sizeof *t);
    st = calloc(1, sizeof *st);
    if (!rows || !t || !st || !(st->s = calloc(raw->nrow, sizeof *st->s))) {
        hrel_seterr(err, errlen, "out of memory");
        goto fail;
    }
    for (i = 0; i < raw->nrow; i++)
        rows[i] = &raw->row[i];
    qsort(rows, raw->nrow, sizeof *rows, cmp_rows);
    for (i = 0, k = 0; i < raw->nrow; i = j, k++) {
        hrel_stat *s = &st->s[k];
        for (j = i; j < raw->nrow && same_group(rows[i], rows[j]); j++)
            t[j - i] = rows[j]->seconds;
        s->pattern = rows[i]->pattern;
        s->procs = rows[i]->procs;
        s->h = rows[i]->h;
        summarise(t, j - i, s);
    }
    st->n = k;
    free(rows);
    free(t);
    *out = st;
    return 0;
fail:
    free(rows);
    free(t);
    hrel_stats_free(st);
    return -1;
}

void hrel_stats_free(hrel_stats *st)
{
    if (!st)
        return;
    free(st->s);
    free(st);
}

double hrel_stat_value(const hrel_stat *s, hrel_summary kind)
{
    switch (kind) {
    case HREL_SUMMARY_MEDIAN:
        return s->median;
    case HREL_SUMMARY_MIN:
        return s->min;
    case HREL_SUMMARY_TRIMMED:
        return s->trimmed;
    case HREL_SUMMARY_MEAN:
    default:
        return s->mean;
    }
}

const char *const hrel_summary_names[] = {"mean", "median", "min", "trimmed", NULL};

const char *hrel_summary_name(hrel_summary kind)
{
    return hrel_names_at(hrel_summary_names, (int)kind);
}
