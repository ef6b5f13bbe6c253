/* tables -- see tables.h. Builders format every number once into cells; the
 * three renderers only lay the cells out. */
#include "tables.h"
#include "latex.h"
#include "fitcsv.h"
#include "patterns.h"
#include "errmsg.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *vfmtdup(const char *fmt, va_list ap)
{
    char buf[512];
    char *d;
    vsnprintf(buf, sizeof buf, fmt, ap);
    d = malloc(strlen(buf) + 1);
    if (d)
        strcpy(d, buf);
    return d;
}

static char *fmtdup(const char *fmt, ...)
{
    char *d;
    va_list ap;
    va_start(ap, fmt);
    d = vfmtdup(fmt, ap);
    va_end(ap);
    return d;
}

void hrel_table_free(hrel_table *t)
{
    if (!t)
        return;
    hrel_strv_free(t->head, t->ncol);
    hrel_strv_free(t->cell, t->ncol * t->nrow);
    free(t->numeric);
    free(t->name);
    free(t->title);
    free(t->note);
    free(t);
}

/* A table of NROW x NCOL empty cells, or NULL when out of memory. */
static hrel_table *table_new(size_t nrow, size_t ncol, const char *name,
                             const char *title)
{
    hrel_table *t = calloc(1, sizeof *t);
    size_t i;
    if (!t)
        return NULL;
    t->nrow = nrow;
    t->ncol = ncol;
    t->name = fmtdup("%s", name);
    t->title = fmtdup("%s", title);
    t->head = calloc(ncol, sizeof *t->head);
    t->cell = calloc(nrow * ncol + 1, sizeof *t->cell);
    t->numeric = calloc(ncol, sizeof *t->numeric);
    if (!t->name || !t->title || !t->head || !t->cell || !t->numeric)
        goto fail;
    for (i = 0; i < ncol; i++)
        if (!(t->head[i] = fmtdup("")))
            goto fail;
    for (i = 0; i < nrow * ncol; i++)
        if (!(t->cell[i] = fmtdup("")))
            goto fail;
    return t;
fail:
    hrel_table_free(t);
    return NULL;
}

/* Replace *slot by the formatted text; return 0 or -1 (out of memory). */
static int put(char **slot, const char *fmt, ...)
{
    char *d;
    va_list ap;
    va_start(ap, fmt);
    d = vfmtdup(fmt, ap);
    va_end(ap);
    if (!d)
        return -1;
    free(*slot);
    *slot = d;
    return 0;
}

#define CELL(t, r, c) (&(t)->cell[(r) * (t)->ncol + (c)])

/* Put number X with printf format FMT, or "-" when X is not finite. */
static int putnum(char **slot, const char *fmt, double x)
{
    return isfinite(x) ? put(slot, fmt, x) : put(slot, "-");
}

/* Set the headings from a NULL-terminated list; mark columns from FIRSTNUM on
 * as numeric. */
static int heads(hrel_table *t, const char *const *h, size_t firstnum)
{
    size_t i;
    for (i = 0; i < t->ncol && h[i]; i++) {
        if (put(&t->head[i], "%s", h[i]))
            return -1;
        t->numeric[i] = i >= firstnum;
    }
    return 0;
}

const char *hrel_tables_unit(const hrel_fit_result *r, char *buf, size_t buflen)
{
    if (r->cfg.unit_bytes == 1.0)
        snprintf(buf, buflen, "bytes");
    else if (r->cfg.unit_bytes == 4.0)
        snprintf(buf, buflen, "words");
    else
        snprintf(buf, buflen, "%g-byte units", r->cfg.unit_bytes);
    return buf;
}

/* The unit of g's denominator: "byte", "word" or "unit". */
static const char *unit_one(const hrel_fit_result *r)
{
    return r->cfg.unit_bytes == 1.0 ? "byte" : r->cfg.unit_bytes == 4.0 ? "word" : "unit";
}

static const char *pname(int p)
{
    return hrel_patterns_name(p);
}

/* ================================================================ builders == */

/* The end of every table builder: hand T over in *OUT, or free it and say
 * "out of memory" when BAD (a cell could not be allocated). */
static int finish(hrel_table *t, int bad, hrel_table **out, char *err, size_t errlen)
{
    if (bad) {
        hrel_table_free(t);
        hrel_seterr(err, errlen, "tables: out of memory");
        return -1;
    }
    *out = t;
    return 0;
}

int hrel_tables_pi1(const hrel_fit_result *r, size_t k, hrel_table **out,
                    char *err, size_t errlen)
{
    const hrel_fit_pattern *p;
    hrel_table *t;
    char unit[64], h0[96], h1[96], title[256], name[32];
    size_t ih, ip, cnt;
    int pmax;
    const char *hd[6];
    int bad = 0;

    *out = NULL;
    if (k >= r->npat) {
        hrel_seterr(err, errlen, "tables: no pattern number %zu", k);
        return -1;
    }
    p = &r->pat[k];
    pmax = p->procs[p->np - 1];
    hrel_tables_unit(r, unit, sizeof unit);
    snprintf(name, sizeof name, "%s.1", pname(p->pattern));
    snprintf(title, sizeof title, "Pattern %s (%s.1): time at %d processors, average "
             "over %zu processor count(s) and MaxErr per h-relation size (%s of the "
             "repetitions)", pname(p->pattern), pname(p->pattern), pmax, p->np,
             hrel_summary_name(r->cfg.summary));
    if (!(t = table_new(p->nh, 5, name, title)))
        return finish(t, 1, out, err, errlen);
    snprintf(h0, sizeof h0, "h (%s)", unit);
    snprintf(h1, sizeof h1, "Time p=%d (s)", pmax);
    hd[0] = h0; hd[1] = h1; hd[2] = "T avg over p (s)"; hd[3] = "MaxErr (%)";
    hd[4] = "procs"; hd[5] = NULL;
    bad |= heads(t, hd, 0);
    for (ih = 0; ih < p->nh; ih++) {
        for (ip = 0, cnt = 0; ip < p->np; ip++)
            cnt += isfinite(p->time[ih * p->np + ip]) != 0;
        bad |= put(CELL(t, ih, 0), "%.10g", p->h[ih]);
        bad |= putnum(CELL(t, ih, 1), "%.6g", p->time[ih * p->np + p->np - 1]);
        bad |= putnum(CELL(t, ih, 2), "%.6g", p->avg[ih]);
        bad |= putnum(CELL(t, ih, 3), "%.2f", p->maxerr[ih]);
        bad |= put(CELL(t, ih, 4), "%zu", cnt);
    }
    return finish(t, bad, out, err, errlen);
}

/* The rate of gap G (seconds per unit of h) in MB/s (10^6 bytes per second). */
static double mb_per_s(const hrel_fit_result *r, double g)
{
    return g > 0 ? r->cfg.unit_bytes / g / 1e6 : NAN;
}

int hrel_tables_pi2(const hrel_fit_result *r, hrel_table **out, char *err,
                    size_t errlen)
{
    hrel_table *t;
    char unit[64], title[256], procs[256], hg[64], hgc[64];
    const char *hd[12];
    size_t k, ip, off;
    int bad = 0, anyneg = 0, anynegg = 0;

    *out = NULL;
    hrel_tables_unit(r, unit, sizeof unit);
    snprintf(title, sizeof title, "Values of g and L per pattern (tables P.2): least "
             "squares on the %s times averaged over processor counts, h in %s",
             hrel_summary_name(r->cfg.summary), unit);
    if (!(t = table_new(r->npat, 11, "pi2", title)))
        return finish(t, 1, out, err, errlen);
    snprintf(hg, sizeof hg, "g (s/%s)", unit_one(r));
    snprintf(hgc, sizeof hgc, "g +- 95%% (s/%s)", unit_one(r));
    hd[0] = "pattern"; hd[1] = "L (s)"; hd[2] = "L +- 95% (s)"; hd[3] = hg; hd[4] = hgc;
    hd[5] = "r2"; hd[6] = "n"; hd[7] = "procs"; hd[8] = "flag";
    hd[9] = "L (\xc2\xb5s)"; hd[10] = "1/g (MB/s)"; hd[11] = NULL;   /* the units a reader thinks in */
    bad |= heads(t, hd, 1);
    t->numeric[7] = t->numeric[8] = 0;
    t->nlatex = 9;   /* the page has no room for the µs and MB/s repeats */
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        const hrel_line *f = &p->fit;
        for (ip = 0, off = 0; ip < p->np && off + 12 < sizeof procs; ip++)
            off += (size_t)snprintf(procs + off, sizeof procs - off, "%s%d",
                                    ip ? " " : "", p->procs[ip]);
        if (p->np == 0)
            procs[0] = '\0';
        bad |= put(CELL(t, k, 0), "%s", pname(p->pattern));
        bad |= putnum(CELL(t, k, 1), "%.4E", f->L);
        bad |= putnum(CELL(t, k, 2), "%.2E", f->ci_L);
        bad |= putnum(CELL(t, k, 3), "%.4E", f->g);
        bad |= putnum(CELL(t, k, 4), "%.2E", f->ci_g);
        bad |= putnum(CELL(t, k, 5), "%.5f", f->r2);
        bad |= put(CELL(t, k, 6), "%zu", f->n);
        bad |= put(CELL(t, k, 7), "%s", procs);
        bad |= put(CELL(t, k, 8), "%s%s%s", !f->ok ? "not fitted (one size)" : "",
                   f->ok && f->neg_L ? "L<0 " : "", f->ok && f->g < 0 ? "g<0" : "");
        bad |= putnum(CELL(t, k, 9), "%.1f", f->L * 1e6);
        bad |= putnum(CELL(t, k, 10), "%.3g", mb_per_s(r, f->g));
        anyneg |= f->ok && f->neg_L;
        anynegg |= f->ok && f->g < 0;
    }
    if ((anyneg || anynegg) &&
        !(t->note = fmtdup("%s%s", anyneg ? "L<0: a negative fitted latency, kept as "
                           "fitted (the seeds report such values; 002 sec. 3.1 blames a "
                           "too small packet unit, see --unit). " : "",
                           anynegg ? "g<0: the time does not grow with h over the measured "
                           "sizes (noise larger than the transfer time); such a g has "
                           "no physical meaning." : "")))
        return finish(t, 1, out, err, errlen);
    return finish(t, bad, out, err, errlen);
}

int hrel_tables_errs(const hrel_fit_result *r, hrel_table **out, char *err,
                     size_t errlen)
{
    hrel_table *t;
    char unit[64], h0[96];
    const char *hd[6];
    size_t ih;
    int bad = 0;

    *out = NULL;
    hrel_tables_unit(r, unit, sizeof unit);
    if (!(t = table_new(r->nh, 5, "11", "AvErr and MaxErr of the pattern times against "
                        "the pooled line (table 11)")))
        return finish(t, 1, out, err, errlen);
    snprintf(h0, sizeof h0, "h (%s)", unit);
    hd[0] = h0; hd[1] = "patterns"; hd[2] = "T_average (s)"; hd[3] = "AvErr (%)";
    hd[4] = "MaxErr (%)"; hd[5] = NULL;
    bad |= heads(t, hd, 0);
    for (ih = 0; ih < r->nh; ih++) {
        bad |= put(CELL(t, ih, 0), "%.10g", r->h[ih]);
        bad |= put(CELL(t, ih, 1), "%zu", r->npat_h[ih]);
        bad |= putnum(CELL(t, ih, 2), "%.6g", r->t_average[ih]);
        bad |= putnum(CELL(t, ih, 3), "%.2f", r->averr[ih]);
        bad |= putnum(CELL(t, ih, 4), "%.2f", r->maxerr[ih]);
    }
    return finish(t, bad, out, err, errlen);
}

int hrel_tables_pooled(const hrel_fit_result *r, hrel_table **out, char *err,
                       size_t errlen)
{
    static const char *const hd[] = {"parameter", "value", "+- 95%", "std error", "unit",
                                     "as", NULL};
    const hrel_line *f = &r->pooled;
    hrel_table *t;
    char unit[64], note[256];
    int bad = 0;

    *out = NULL;
    hrel_tables_unit(r, unit, sizeof unit);
    if (!(t = table_new(2, 6, "12", "The pooled values of g and L over all h-relation "
                        "patterns (table 12)")))
        return finish(t, 1, out, err, errlen);
    bad |= heads(t, hd, 1);
    t->numeric[4] = t->numeric[5] = 0;
    bad |= put(CELL(t, 0, 0), "L");
    bad |= putnum(CELL(t, 0, 1), "%.4E", f->L);
    bad |= putnum(CELL(t, 0, 2), "%.2E", f->ci_L);
    bad |= putnum(CELL(t, 0, 3), "%.2E", f->se_L);
    bad |= put(CELL(t, 0, 4), "s");
    bad |= put(CELL(t, 1, 0), "g");
    bad |= putnum(CELL(t, 1, 1), "%.4E", f->g);
    bad |= putnum(CELL(t, 1, 2), "%.2E", f->ci_g);
    bad |= putnum(CELL(t, 1, 3), "%.2E", f->se_g);
    bad |= put(CELL(t, 1, 4), "s/%s", unit_one(r));
    bad |= f->ok ? put(CELL(t, 0, 5), "%.1f \xc2\xb5s", f->L * 1e6) : put(CELL(t, 0, 5), "-");
    bad |= f->ok ? put(CELL(t, 1, 5), "%.3g MB/s", mb_per_s(r, f->g)) : put(CELL(t, 1, 5), "-");
    snprintf(note, sizeof note, "least squares on T_average over %zu sizes; r2 = %.5f%s",
             f->n, f->r2, f->ok && f->neg_L ? "; L<0 kept as fitted" : "");
    if (!(t->note = fmtdup("%s", note)))
        return finish(t, 1, out, err, errlen);
    return finish(t, bad, out, err, errlen);
}

int hrel_tables_gprocs(const hrel_fit_result *r, hrel_table **out, char *err,
                       size_t errlen)
{
    hrel_table *t;
    int *procs = NULL;
    size_t total = 0, n = 0, k, i, ip;
    char unit[64], title[256];
    int bad = 0;

    *out = NULL;
    for (k = 0; k < r->npat; k++)
        total += r->pat[k].np;
    if (!(procs = malloc((total + 1) * sizeof *procs)))
        goto nomem0;
    for (k = 0; k < r->npat; k++)
        for (ip = 0; ip < r->pat[k].np; ip++) {
            for (i = 0; i < n && procs[i] != r->pat[k].procs[ip]; i++)
                ;
            if (i == n)
                procs[n++] = r->pat[k].procs[ip];
        }
    for (i = 1; i < n; i++) { /* insertion sort: a handful of counts */
        int v = procs[i];
        size_t j = i;
        for (; j > 0 && procs[j - 1] > v; j--)
            procs[j] = procs[j - 1];
        procs[j] = v;
    }
    hrel_tables_unit(r, unit, sizeof unit);
    snprintf(title, sizeof title, "g per pattern and number of processors (s/%s, h in "
             "%s; 002 figures 2-6)", unit_one(r), unit);
    if (!(t = table_new(n, r->npat + 1, "gprocs", title)))
        goto nomem;
    bad |= put(&t->head[0], "procs");
    t->numeric[0] = 1;
    for (k = 0; k < r->npat; k++) {
        bad |= put(&t->head[k + 1], "g_%s", pname(r->pat[k].pattern));
        t->numeric[k + 1] = 1;
    }
    for (i = 0; i < n; i++) {
        bad |= put(CELL(t, i, 0), "%d", procs[i]);
        for (k = 0; k < r->npat; k++) {
            const hrel_fit_pattern *p = &r->pat[k];
            double g = NAN;
            for (ip = 0; ip < p->np; ip++)
                if (p->procs[ip] == procs[i])
                    g = p->per_p[ip].g;
            bad |= putnum(CELL(t, i, k + 1), "%.4E", g);
        }
    }
    free(procs);
    if (bad) {
        hrel_table_free(t);
        goto nomem0;
    }
    *out = t;
    return 0;
nomem:
    free(procs);
nomem0:
    hrel_seterr(err, errlen, "tables: out of memory");
    return -1;
}

/* Put one contract row. */
static int csv_row(hrel_table *t, size_t row, const char *pat, int procs,
                   const hrel_line *f)
{
    int bad = 0;
    bad |= put(CELL(t, row, 0), "%s", pat);
    bad |= procs > 0 ? put(CELL(t, row, 1), "%d", procs) : put(CELL(t, row, 1), "all");
    bad |= f->ok ? put(CELL(t, row, 2), "%.6e", f->g) : put(CELL(t, row, 2), "nan");
    bad |= f->ok ? put(CELL(t, row, 3), "%.6e", f->L) : put(CELL(t, row, 3), "nan");
    bad |= f->ok && isfinite(f->r2) ? put(CELL(t, row, 4), "%.6f", f->r2)
                                    : put(CELL(t, row, 4), "nan");
    bad |= put(CELL(t, row, 5), "%zu", f->n);
    bad |= f->ok && isfinite(f->ci_g) ? put(CELL(t, row, 6), "%.6e", f->ci_g)
                                      : put(CELL(t, row, 6), "nan");
    bad |= f->ok && isfinite(f->ci_L) ? put(CELL(t, row, 7), "%.6e", f->ci_L)
                                      : put(CELL(t, row, 7), "nan");
    bad |= put(CELL(t, row, 8), "%s", hrel_fitcsv_use_name(f->use));
    bad |= f->use != HREL_USE_NONE ? put(CELL(t, row, 9), "%.6e", f->g_use)
                                   : put(CELL(t, row, 9), "nan");
    bad |= f->use != HREL_USE_NONE ? put(CELL(t, row, 10), "%.6e", f->L_use)
                                   : put(CELL(t, row, 10), "nan");
    return bad;
}

int hrel_tables_fitcsv(const hrel_fit_result *r, hrel_table **out, char *err,
                       size_t errlen)
{
    static const char *const hd[] = {"pattern", "procs", "g", "L", "r2", "n",
                                      "g_ci95", "L_ci95", "use", "g_use", "L_use",
                                      NULL};
    hrel_table *t;
    size_t k, ip, nrow = 1, row = 0;
    int bad = 0;

    *out = NULL;
    for (k = 0; k < r->npat; k++)
        nrow += 1 + r->pat[k].np;
    if (!(t = table_new(nrow, 11, "fit", "g and L per pattern, per processor count and "
                        "pooled")))
        return finish(t, 1, out, err, errlen);
    bad |= heads(t, hd, 2);
    t->numeric[8] = 0;   /* use: a word */
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        bad |= csv_row(t, row++, pname(p->pattern), 0, &p->fit);
        for (ip = 0; ip < p->np; ip++)
            bad |= csv_row(t, row++, pname(p->pattern), p->procs[ip], &p->per_p[ip]);
    }
    bad |= csv_row(t, row++, "ALL", 0, &r->pooled);
    return finish(t, bad, out, err, errlen);
}

/* =============================================================== renderers == */

/* printf width of column C: right aligned if numeric, no padding if last. */
static int pad(const hrel_table *t, const size_t *w, size_t c)
{
    if (t->numeric[c])
        return (int)w[c];
    return c + 1 == t->ncol ? 0 : -(int)w[c];
}

static void write_text(const hrel_table *t, FILE *fp)
{
    size_t *w = calloc(t->ncol ? t->ncol : 1, sizeof *w);
    size_t r, c, total = 0;
    if (!w)
        return;
    for (c = 0; c < t->ncol; c++) {
        w[c] = strlen(t->head[c]);
        for (r = 0; r < t->nrow; r++)
            if (strlen(*CELL(t, r, c)) > w[c])
                w[c] = strlen(*CELL(t, r, c));
        total += w[c] + (c ? 2 : 0);
    }
    fprintf(fp, "%s [%s]\n", t->title, t->name);
    for (c = 0; c < t->ncol; c++)
        fprintf(fp, "%s%*s", c ? "  " : "", pad(t, w, c), t->head[c]);
    fputc('\n', fp);
    for (c = 0; c < total; c++)
        fputc('-', fp);
    fputc('\n', fp);
    for (r = 0; r < t->nrow; r++) {
        size_t last = t->ncol; /* one past the last non-empty cell: no trailing blanks */
        while (last > 1 && **CELL(t, r, last - 1) == '\0')
            last--;
        for (c = 0; c < last; c++)
            fprintf(fp, "%s%*s", c ? "  " : "", c + 1 == last && !t->numeric[c] ? 0 : pad(t, w, c),
                    *CELL(t, r, c));
        fputc('\n', fp);
    }
    if (t->note)
        fprintf(fp, "note: %s\n", t->note);
    fputc('\n', fp);
    free(w);
}

static void write_csv(const hrel_table *t, FILE *fp)
{
    size_t r, c;
    for (c = 0; c < t->ncol; c++)
        fprintf(fp, "%s%s", c ? "," : "", t->head[c]);
    fputc('\n', fp);
    for (r = 0; r < t->nrow; r++) {
        for (c = 0; c < t->ncol; c++) {
            const char *s = *CELL(t, r, c);
            fprintf(fp, "%s%s", c ? "," : "", strcmp(s, "-") == 0 ? "nan" : s);
        }
        fputc('\n', fp);
    }
}

/* The one LaTeX style (lib/io/latex.h): booktabs, caption above, math mode. */
static void write_latex(const hrel_table *t, FILE *fp)
{
    size_t r, c, n = t->nlatex && t->nlatex < t->ncol ? t->nlatex : t->ncol;
    char spec[64];
    for (c = 0; c < n && c + 1 < sizeof spec; c++)
        spec[c] = t->numeric[c] ? 'r' : 'l';
    spec[c] = '\0';
    hrel_latex_begin(fp, t->title, t->name, spec);
    for (c = 0; c < n; c++) {
        if (c)
            fputs(" & ", fp);
        hrel_latex_text(t->head[c], fp);
    }
    fputs(" \\\\\n", fp);
    hrel_latex_midrule(fp);
    for (r = 0; r < t->nrow; r++) {
        for (c = 0; c < n; c++) {
            if (c)
                fputs(" & ", fp);
            hrel_latex_text(*CELL(t, r, c), fp);
        }
        fputs(" \\\\\n", fp);
    }
    hrel_latex_end(fp, t->note);
}

int hrel_table_write(const hrel_table *t, hrel_table_format format, FILE *fp)
{
    if (!t || !fp)
        return -1;
    if (format == HREL_TABLE_CSV)
        write_csv(t, fp);
    else if (format == HREL_TABLE_LATEX)
        write_latex(t, fp);
    else
        write_text(t, fp);
    return ferror(fp) ? -1 : 0;
}
