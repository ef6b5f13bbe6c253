/* wakeup -- a receiver woken behind a computing sender (see wakeup.h). */
#include "wakeup.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "csv.h"
#include "errmsg.h"

int hrel_wakeup_from(const double *bytes, const int *spin, const double *delivery, size_t n,
                     hrel_wakeup *w, char *err, size_t errlen)
{
    double *tmp = malloc((n ? n : 1) * sizeof *tmp);
    size_t i, j, k;
    w->spin = malloc((n ? n : 1) * sizeof *w->spin);
    w->sleep = malloc((n ? n : 1) * sizeof *w->sleep);
    w->n = w->nsleep = 0;
    w->sleep_median_s = NAN;
    if (!tmp || !w->spin || !w->sleep) {
        hrel_seterr(err, errlen, "out of memory");
        goto fail;
    }
    for (i = 0; i < n; i++)
        if (!isfinite(delivery[i]) || delivery[i] < 0 || !isfinite(bytes[i]) || bytes[i] < 0) {
            hrel_seterr(err, errlen, "message %zu: a size or delivery that is negative or not "
                        "a number", i + 1);
            goto fail;
        }
    for (i = 0; i < n; i++) {
        double med;
        for (j = 0; j < i; j++)   /* each size once: at its first message */
            if (bytes[j] == bytes[i])
                break;
        if (j < i)
            continue;
        for (j = 0, k = 0; j < n; j++)
            if (!spin[j] && bytes[j] == bytes[i])
                tmp[k++] = delivery[j];
        if (k == 0) {
            hrel_seterr(err, errlen, "messages of %.0f bytes: spin rows but no sleep row", bytes[i]);
            goto fail;
        }
        gsl_sort(tmp, 1, k);
        med = gsl_stats_median_from_sorted_data(tmp, 1, k);
        for (j = 0; j < n; j++)
            if (bytes[j] == bytes[i]) {
                if (spin[j])
                    w->spin[w->n++] = delivery[j] - med;
                else
                    w->sleep[w->nsleep++] = delivery[j] - med;
            }
    }
    if (w->n == 0) {
        hrel_seterr(err, errlen, "no spin row: nothing measured with the sender computing");
        goto fail;
    }
    for (i = 0, k = 0; i < n; i++)
        if (!spin[i])
            tmp[k++] = delivery[i];
    gsl_sort(tmp, 1, k);
    w->sleep_median_s = gsl_stats_median_from_sorted_data(tmp, 1, k);
    free(tmp);
    return 0;
fail:
    free(tmp);
    hrel_wakeup_free(w);
    return -1;
}

int hrel_wakeup_read(const char *path, hrel_wakeup *w, char *err, size_t errlen)
{
    static const char *const cols[] = {"route", "bytes", "after", "rep", "delivery_s", NULL};
    int idx[5], rc = -1, *spin = NULL;
    hrel_csv *t = NULL;
    double *bytes = NULL, *d = NULL;
    size_t r;
    char e2[256];
    memset(w, 0, sizeof *w);
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, cols, idx, err, errlen) != 0)
        goto out;
    if (t->nrow == 0) {
        hrel_seterr(err, errlen, "%s: no rows", path);
        goto out;
    }
    bytes = malloc(t->nrow * sizeof *bytes);
    d = malloc(t->nrow * sizeof *d);
    spin = malloc(t->nrow * sizeof *spin);
    if (!bytes || !d || !spin) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto out;
    }
    for (r = 0; r < t->nrow; r++) {
        const char *route = hrel_csv_str(t, r, idx[0]), *after = hrel_csv_str(t, r, idx[2]);
        if (strcmp(route, "daemon") != 0 && strcmp(route, "direct") != 0) {
            hrel_seterr(err, errlen, "%s:%zu: route '%s' is neither daemon nor direct", path,
                        t->lineno[r], route);
            goto out;
        }
        if (r == 0)
            snprintf(w->route, sizeof w->route, "%s", route);
        else if (strcmp(route, w->route) != 0) {
            hrel_seterr(err, errlen, "%s:%zu: route '%s' after '%s': one route per file", path,
                        t->lineno[r], route, w->route);
            goto out;
        }
        if (strcmp(after, "spin") != 0 && strcmp(after, "sleep") != 0) {
            hrel_seterr(err, errlen, "%s:%zu: after '%s' is neither spin nor sleep", path,
                        t->lineno[r], after);
            goto out;
        }
        spin[r] = after[1] == 'p';
        if (hrel_csv_double(t, r, idx[1], &bytes[r], err, errlen) ||
            hrel_csv_double(t, r, idx[4], &d[r], err, errlen))
            goto out;
        if (bytes[r] < 0 || d[r] < 0) {
            hrel_seterr(err, errlen, "%s:%zu: a negative size or delivery", path, t->lineno[r]);
            goto out;
        }
    }
    if (hrel_wakeup_from(bytes, spin, d, t->nrow, w, e2, sizeof e2) != 0) {
        hrel_seterr(err, errlen, "%s: %s", path, e2);
        goto out;
    }
    rc = 0;
out:
    free(bytes);
    free(d);
    free(spin);
    hrel_csv_free(t);
    return rc;
}

/* The mean of X[i] clipped to [0, CAP] over N values. */
static double capped_mean(const double *x, size_t n, double cap)
{
    double s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s += fmin(fmax(x[i], 0.0), cap);
    return n ? s / (double)n : 0;
}

double hrel_wakeup_expect(const hrel_wakeup *w, double cap)
{
    if (!w || w->n == 0 || !(cap > 0))
        return 0;
    return fmax(0.0, capped_mean(w->spin, w->n, cap) - capped_mean(w->sleep, w->nsleep, cap));
}

double hrel_wakeup_mean(const hrel_wakeup *w)
{
    return hrel_wakeup_expect(w, INFINITY);
}

void hrel_wakeup_free(hrel_wakeup *w)
{
    if (!w)
        return;
    free(w->spin);
    free(w->sleep);
    w->spin = w->sleep = NULL;
    w->n = w->nsleep = 0;
}
