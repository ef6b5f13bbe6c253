/* stats -- see stats.h. Sort the rows by group and time, then one pass. */
#include "stats.h"
#include "sample.h"
#include "errmsg.h"
#include "names.h"
#include "order.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

static int cmp_rows(const void *a, const void *b)
{
    const hrel_raw_row *x = *(const hrel_raw_row *const *)a;
    const hrel_raw_row *y = *(const hrel_raw_row *const *)b;
    const double kx[] = {x->pattern, x->procs, x->h, x->seconds};
    const double ky[] = {y->pattern, y->procs, y->h, y->seconds};
    return hrel_cmp_keys(kx, ky, 4);
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

/* Group the N rows of RAW into ST (room for N groups): sort pointers to them
 * (ROWS, room for N) by group and time, then summarise each run of one group
 * from its times copied into T (room for N). */
static void group_rows(const hrel_raw *raw, const hrel_raw_row **rows, double *t,
                       hrel_stats *st)
{
    size_t i, j, k;
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
        s->msg_bytes = rows[i]->msg_bytes;
        summarise(t, j - i, s);
    }
    st->n = k;
}

int hrel_stats_alloc(const hrel_raw *raw, hrel_stats **out, char *err, size_t errlen)
{
    const hrel_raw_row **rows;
    double *t;
    hrel_stats *st;

    *out = NULL;
    if (!raw || raw->nrow == 0) {
        hrel_seterr(err, errlen, "no rows to summarise");
        return -1;
    }
    rows = malloc(raw->nrow * sizeof *rows);
    t = malloc(raw->nrow * sizeof *t);
    st = calloc(1, sizeof *st + raw->nrow * sizeof st->s[0]);
    if (rows && t && st) {
        group_rows(raw, rows, t, st);
    } else {
        hrel_seterr(err, errlen, "out of memory");
        free(st);
        st = NULL;
    }
    free(rows);
    free(t);
    *out = st;
    return st ? 0 : -1;
}

void hrel_stats_free(hrel_stats *st)
{
    free(st);   /* one block: the header and its groups */
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
