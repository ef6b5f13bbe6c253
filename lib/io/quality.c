/* quality -- see quality.h. */
#include "quality.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

/* The adaptive target of the "# repetitions:" metadata, NaN if fixed/absent. */
static double rse_target(const hrel_csv *t)
{
    const char *m = hrel_csv_meta(t, "repetitions"), *le;
    char *end;
    double v;
    if (!m || strncmp(m, "adaptive", 8) != 0 || !(le = strstr(m, "<= ")))
        return NAN;
    v = strtod(le + 3, &end);
    return end != le + 3 && v > 0 ? v : NAN;
}

int hrel_quality_load(const char *run, hrel_quality **out, char *err, size_t errlen)
{
    static const char *const need[] = {"pattern", "procs", "h", "reps", "rse", "void_reps",
                                       "oversubscribed", NULL};
    char path[4200];
    hrel_csv *t = NULL;
    hrel_quality *q;
    int idx[7];
    size_t r;
    *out = NULL;
    snprintf(path, sizeof path, "%.4000s/cases.csv", run);
    if (hrel_csv_read(path, &t, err, errlen) || hrel_csv_require(t, need, idx, err, errlen)) {
        hrel_csv_free(t);
        return -1;
    }
    q = calloc(1, sizeof *q);
    if (!q || !(q->c = calloc(t->nrow + 1, sizeof *q->c))) {
        free(q);
        hrel_csv_free(t);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    q->target = rse_target(t);
    {   /* a median stop rule judges the median's precision (cases.csv rse_median) */
        const char *m = hrel_csv_meta(t, "repetitions");
        int med = hrel_csv_col(t, "rse_median");
        if (m && strstr(m, "error of the median") && med >= 0)
            idx[4] = med;
    }
    for (r = 0; r < t->nrow; r++) {
        hrel_quality_case *c = &q->c[q->ncase];
        long procs, over;
        if (hrel_csv_long(t, r, idx[1], &procs, err, errlen) ||
            hrel_csv_long(t, r, idx[2], &c->h, err, errlen) ||
            hrel_csv_long(t, r, idx[3], &c->reps, err, errlen) ||
            hrel_csv_double(t, r, idx[4], &c->rse, err, errlen) ||
            hrel_csv_long(t, r, idx[5], &c->void_reps, err, errlen) ||
            hrel_csv_long(t, r, idx[6], &over, err, errlen)) {
            hrel_csv_free(t);
            hrel_quality_free(q);
            return -1;
        }
        snprintf(c->pattern, sizeof c->pattern, "%s", hrel_csv_str(t, r, idx[0]));
        c->procs = (int)procs;
        c->oversub = over != 0;
        c->missed = isfinite(q->target) && c->rse > q->target;
        q->n_oversub += (size_t)c->oversub;
        q->n_missed += (size_t)c->missed;
        q->n_voided_cases += c->void_reps > 0;
        q->void_reps += c->void_reps;
        q->ncase++;
    }
    hrel_csv_free(t);
    snprintf(path, sizeof path, "%.4000s/raw.csv", run);
    if (hrel_runmark_read(path, &q->mark, q->why, sizeof q->why, err, errlen)) {
        hrel_quality_free(q);
        return -1;
    }
    *out = q;
    return 0;
}

static const char *mark_text(const hrel_quality *q)
{
    return q->mark == HREL_RUN_COMPLETE ? "complete"
           : q->mark == HREL_RUN_INTERRUPTED ? "INTERRUPTED"
           : "not marked (written before hrel marked complete runs)";
}

int hrel_quality_write(const hrel_quality *q, int html, const char *pre, FILE *fp)
{
    size_t i;
    int bad = 0;
    char target[64];
    if (isfinite(q->target))
        snprintf(target, sizeof target, "relative standard error <= %g", q->target);
    else
        snprintf(target, sizeof target, "none (fixed repetitions)");
    if (html) {
        bad |= fprintf(fp, "<div class=\"quality\"><h2>Quality of this run</h2>\n<ul>\n"
                           "<li>run: %s%s%s</li>\n<li>%zu cases measured</li>\n"
                           "<li>%zu oversubscribed (ranks shared cpus: their times include "
                           "the CPU scheduler)</li>\n<li>precision target %s: missed by %zu "
                           "cases</li>\n<li>%ld repetitions voided and repeated, in %zu cases"
                           "</li>\n</ul>\n",
                       mark_text(q), q->mark == HREL_RUN_INTERRUPTED ? ": " : "",
                       q->mark == HREL_RUN_INTERRUPTED ? q->why : "", q->ncase, q->n_oversub,
                       target, q->n_missed, q->void_reps, q->n_voided_cases) < 0;
        if (q->n_oversub || q->n_missed || q->n_voided_cases) {
            size_t nflag = 0;
            for (i = 0; i < q->ncase; i++)
                nflag += q->c[i].oversub || q->c[i].missed || q->c[i].void_reps;
            /* folded: the summary above is what a reader needs first */
            bad |= fprintf(fp, "<details><summary>the %zu flagged cases</summary>\n"
                               "<table><tr><th>pattern</th><th>procs</th><th>h</th><th>reps"
                               "</th><th>rse</th><th>flags</th></tr>\n", nflag) < 0;
            for (i = 0; i < q->ncase; i++) {
                const hrel_quality_case *c = &q->c[i];
                if (!c->oversub && !c->missed && !c->void_reps)
                    continue;
                bad |= fprintf(fp, "<tr><td>%s</td><td>%d</td><td>%ld</td><td>%ld</td><td>"
                                   "%.2f%%</td><td>%s%s%s</td></tr>\n", c->pattern, c->procs,
                               c->h, c->reps, 100 * c->rse, c->oversub ? "oversubscribed " : "",
                               c->missed ? "target missed " : "",
                               c->void_reps ? "voided reps" : "") < 0;
            }
            bad |= fprintf(fp, "</table></details>\n") < 0;
        }
        bad |= fprintf(fp, "</div>\n") < 0;
        return bad ? -1 : 0;
    }
    bad |= fprintf(fp, "%squality: run %s%s%s%s; %zu cases; %zu oversubscribed; precision "
                       "target %s missed by %zu; %ld repetitions voided in %zu cases\n",
                   pre, mark_text(q), q->mark == HREL_RUN_INTERRUPTED ? " (" : "",
                   q->mark == HREL_RUN_INTERRUPTED ? q->why : "",
                   q->mark == HREL_RUN_INTERRUPTED ? ")" : "", q->ncase, q->n_oversub,
                   target, q->n_missed, q->void_reps, q->n_voided_cases) < 0;
    for (i = 0; i < q->ncase; i++) {
        const hrel_quality_case *c = &q->c[i];
        if (c->oversub || c->missed || c->void_reps)
            bad |= fprintf(fp, "%s  %s p=%d h=%ld: %ld reps, rse %.2f%%%s%s%s\n", pre,
                           c->pattern, c->procs, c->h, c->reps, 100 * c->rse,
                           c->oversub ? ", oversubscribed" : "",
                           c->missed ? ", target missed" : "",
                           c->void_reps ? ", voided repetitions" : "") < 0;
    }
    return bad ? -1 : 0;
}

void hrel_quality_free(hrel_quality *q)
{
    if (!q)
        return;
    free(q->c);
    free(q);
}
