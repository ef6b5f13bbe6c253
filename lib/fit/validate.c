/* validate -- see validate.h. */
#include "validate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "grow.h"
#include "patterns.h"
#include "provenance.h"
#include "sample.h"

static int add(hrel_validate *v, size_t *cap, const hrel_validate_row *r)
{
    if (hrel_grow(&v->row, cap, v->nrow, sizeof *v->row))
        return -1;
    v->row[v->nrow++] = *r;
    return 0;
}

/* Mean over the processor counts of P at size IH, leaving out count SKIP (-1:
 * none); NaN if none is finite. */
static double mean_over_procs(const hrel_fit_pattern *p, size_t ih, long skip)
{
    double s = 0;
    size_t ip, n = 0;
    for (ip = 0; ip < p->np; ip++) {
        double t = p->time[ih * p->np + ip];
        if ((long)ip == skip || !isfinite(t))
            continue;
        s += t;
        n++;
    }
    return n ? s / (double)n : NAN;
}

/* Fit the line of P on sizes other than SKIP_H, means without count SKIP_P. */
static int fit_part(const hrel_fit_pattern *p, long skip_h, long skip_p, hrel_line *line,
                    char *err, size_t errlen)
{
    double *x = malloc((p->nh + 1) * sizeof *x), *y = malloc((p->nh + 1) * sizeof *y);
    size_t ih, n = 0;
    int rc;
    if (!x || !y) {
        free(x);
        free(y);
        hrel_seterr(err, errlen, "validation: out of memory");
        return -1;
    }
    for (ih = 0; ih < p->nh; ih++) {
        double t = (long)ih == skip_h ? NAN : mean_over_procs(p, ih, skip_p);
        if (isfinite(t)) {
            x[n] = p->h[ih];
            y[n++] = t;
        }
    }
    rc = hrel_fit_line(x, y, NULL, n, line, err, errlen);
    free(x);
    free(y);
    return rc;
}

/* Rows predicting P's sizes IH (all if IH < 0) at counts IP (all if < 0). */
static int predict(hrel_validate *v, size_t *cap, const hrel_fit_pattern *p,
                   const hrel_line *line, long want_h, long want_p, const char *held)
{
    size_t ih, ip;
    for (ih = 0; ih < p->nh; ih++)
        for (ip = 0; ip < p->np; ip++) {
            hrel_validate_row r;
            double t = p->time[ih * p->np + ip];
            if ((want_h >= 0 && (long)ih != want_h) || (want_p >= 0 && (long)ip != want_p) ||
                !isfinite(t))
                continue;
            r.pattern = p->pattern;
            r.procs = p->procs[ip];
            r.h = p->h[ih];
            r.measured_s = t;
            r.predicted_s = line->L + line->g * p->h[ih];
            r.err_pct = hrel_error_pct(t, r.predicted_s);
            r.held_out = held;
            if (add(v, cap, &r))
                return -1;
        }
    return 0;
}

int hrel_validate_run(const hrel_fit_result *r, hrel_validate **out, char *err,
                      size_t errlen)
{
    hrel_validate *v = calloc(1, sizeof *v);
    size_t k, cap = 0;
    *out = NULL;
    if (!v)
        goto nomem;
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        const hrel_patinfo *pi = hrel_patterns_at((size_t)p->pattern);
        hrel_line line;
        if (!pi || pi->family != HREL_PATFAM_HREL)
            continue;
        if (p->nh >= 3) {
            if (fit_part(p, (long)p->nh - 1, -1, &line, err, errlen))
                goto fail;
            if (line.ok && predict(v, &cap, p, &line, (long)p->nh - 1, -1, "size"))
                goto nomem;
        }
        if (p->np >= 2) {
            if (fit_part(p, -1, (long)p->np - 1, &line, err, errlen))
                goto fail;
            if (line.ok && predict(v, &cap, p, &line, -1, (long)p->np - 1, "procs"))
                goto nomem;
        }
    }
    *out = v;
    return 0;
nomem:
    hrel_seterr(err, errlen, "validation: out of memory");
fail:
    hrel_validate_free(v);
    return -1;
}

void hrel_validate_summary(const hrel_validate *v, const char *held, size_t *n,
                           double *mean_abs, double *max_abs)
{
    size_t i;
    double s = 0, mx = 0;
    *n = 0;
    for (i = 0; v && i < v->nrow; i++)
        if (strcmp(v->row[i].held_out, held) == 0 && isfinite(v->row[i].err_pct)) {
            double a = fabs(v->row[i].err_pct);
            s += a;
            mx = a > mx ? a : mx;
            (*n)++;
        }
    *mean_abs = *n ? s / (double)*n : NAN;
    *max_abs = *n ? mx : NAN;
}

int hrel_validate_write_csv(const hrel_validate *v, FILE *fp)
{
    size_t i;
    int bad = hrel_prov_write(fp, "# ") != 0;
    bad |= fprintf(fp, "pattern,procs,h,measured_s,predicted_s,err_pct,held_out\n") < 0;
    for (i = 0; v && i < v->nrow; i++) {
        const hrel_validate_row *r = &v->row[i];
        bad |= fprintf(fp, "%s,%d,%.10g,%.9f,%.9f,%.3f,%s\n", hrel_patterns_name(r->pattern),
                       r->procs, r->h, r->measured_s, r->predicted_s, r->err_pct,
                       r->held_out) < 0;
    }
    return bad ? -1 : 0;
}

int hrel_validate_write_summary(const hrel_validate *v, const char *pre, FILE *fp)
{
    static const char *const kinds[] = {"size", "procs"};
    static const char *const what[] = {"the largest size held out", "the largest processor "
                                       "count held out"};
    int k, bad = 0;
    for (k = 0; k < 2; k++) {
        size_t n;
        double mean, mx;
        hrel_validate_summary(v, kinds[k], &n, &mean, &mx);
        if (n)
            bad |= fprintf(fp, "%svalidation, %s: %zu predictions, mean |err| %.2f%%, max "
                               "|err| %.2f%% (formula 18)\n", pre, what[k], n, mean, mx) < 0;
        else
            bad |= fprintf(fp, "%svalidation, %s: nothing to predict (too few sizes or "
                               "counts)\n", pre, what[k]) < 0;
    }
    return bad ? -1 : 0;
}

void hrel_validate_free(hrel_validate *v)
{
    if (!v)
        return;
    free(v->row);
    free(v);
}
