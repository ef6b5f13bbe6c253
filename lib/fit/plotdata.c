/* plotdata -- see plotdata.h. */
#include "plotdata.h"
#include "patterns.h"
#include "errmsg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tables.h"

#define NLINE 60 /* points on a drawn fitted line */

static void num(FILE *fp, double x)
{
    if (isfinite(x))
        fprintf(fp, " %.8g", x);
    else
        fputs(" NaN", fp);
}

/* Write NLINE log-spaced points of L + g*h over [hmin, hmax]. */
static void line_block(FILE *fp, const char *name, const hrel_line *f, double hmin,
                       double hmax)
{
    int i;
    fprintf(fp, "h %s\n", name);
    for (i = 0; i < NLINE; i++) {
        double h = hmin * pow(hmax / hmin, (double)i / (NLINE - 1));
        fprintf(fp, "%.8g", h);
        num(fp, f->ok ? f->L + f->g * h : NAN);
        fputc('\n', fp);
    }
}

static void T_body(FILE *fp, const hrel_fit_result *r)
{
    size_t k, ih, ip;
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        fprintf(fp, "%sh %s lo hi fit nprocs\n", k ? "\n\n" : "",
                hrel_patterns_name(p->pattern));
        for (ih = 0; ih < p->nh; ih++) {
            double lo = INFINITY, hi = -INFINITY;
            size_t cnt = 0;
            for (ip = 0; ip < p->np; ip++)
                if (isfinite(p->lo[ih * p->np + ip])) {
                    lo = fmin(lo, p->lo[ih * p->np + ip]);
                    hi = fmax(hi, p->hi[ih * p->np + ip]);
                    cnt++;
                }
            fprintf(fp, "%.8g", p->h[ih]);
            num(fp, p->avg[ih]);
            num(fp, cnt ? lo : NAN);
            num(fp, cnt ? hi : NAN);
            num(fp, p->fit.ok ? p->fit.L + p->fit.g * p->h[ih] : NAN);
            fprintf(fp, " %zu\n", cnt);
        }
    }
}

static void Tline_body(FILE *fp, const hrel_fit_result *r)
{
    size_t k;
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        if (k)
            fputs("\n\n", fp);
        line_block(fp, hrel_patterns_name(p->pattern), &p->fit, p->h[0],
                   p->h[p->nh - 1]);
    }
}

static void gprocs_body(FILE *fp, const hrel_fit_result *r)
{
    size_t k, ip;
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        fprintf(fp, "%sprocs %s ci_g L\n", k ? "\n\n" : "",
                hrel_patterns_name(p->pattern));
        for (ip = 0; ip < p->np; ip++) {
            fprintf(fp, "%d", p->procs[ip]);
            num(fp, p->per_p[ip].g);
            num(fp, p->per_p[ip].ci_g);
            num(fp, p->per_p[ip].L);
            fputc('\n', fp);
        }
    }
}

static double dev(const hrel_line *f, double h, double t)
{
    double m = f->L + f->g * h;
    return f->ok && isfinite(t) && m != 0 ? 100.0 * (t - m) / m : NAN;
}

static void pooled_body(FILE *fp, const hrel_fit_result *r)
{
    size_t k, ih, nb = 0;
    for (k = 0; k < r->npat; k++) {
        const hrel_fit_pattern *p = &r->pat[k];
        if (!hrel_fit_pooled_pattern(p->pattern) || !p->fit.ok)
            continue;
        fprintf(fp, "%sh %s dev_pct\n", nb++ ? "\n\n" : "",
                hrel_patterns_name(p->pattern));
        for (ih = 0; ih < p->nh; ih++) {
            fprintf(fp, "%.8g", p->h[ih]);
            num(fp, p->avg[ih]);
            num(fp, dev(&r->pooled, p->h[ih], p->avg[ih]));
            fputc('\n', fp);
        }
    }
    fprintf(fp, "%sh T_average dev_pct\n", nb ? "\n\n" : "");
    for (ih = 0; ih < r->nh; ih++) {
        fprintf(fp, "%.8g", r->h[ih]);
        num(fp, r->t_average[ih]);
        num(fp, dev(&r->pooled, r->h[ih], r->t_average[ih]));
        fputc('\n', fp);
    }
}

static void pooled_line_body(FILE *fp, const hrel_fit_result *r)
{
    if (r->nh)
        line_block(fp, "pooled", &r->pooled, r->h[0], r->h[r->nh - 1]);
}

/* The files, in the order they are written: name, first comment line, body. */
static const struct {
    const char *name, *what;
    void (*body)(FILE *fp, const hrel_fit_result *r);
} dats[] = {
    {"fit_T.dat", "figure (a): T_P(h) with spread and fit", T_body},
    {"fit_Tline.dat", "figure (a): fitted lines L_P + g_P*h", Tline_body},
    {"fit_gprocs.dat", "figure (b): g per pattern per processor count", gprocs_body},
    {"fit_pooled.dat", "figure (c): patterns against the pooled line", pooled_body},
    {"fit_pooled_line.dat", "figure (c): pooled line L + g*h", pooled_line_body},
};

int hrel_plotdata_write(const hrel_fit_result *r, const char *dir, char *err,
                        size_t errlen)
{
    char path[4096], unit[64];
    size_t i;
    for (i = 0; i < sizeof dats / sizeof dats[0]; i++) {
        FILE *fp;
        int bad;
        snprintf(path, sizeof path, "%s/%s", dir, dats[i].name);
        if (!(fp = fopen(path, "w"))) {
            hrel_seterr(err, errlen, "%s: cannot write", path);
            return -1;
        }
        fprintf(fp, "# %s\n# unit: %s\n# summary: %s\n", dats[i].what,
                hrel_tables_unit(r, unit, sizeof unit), hrel_summary_name(r->cfg.summary));
        dats[i].body(fp, r);
        bad = ferror(fp);
        if (fclose(fp) != 0 || bad) {
            hrel_seterr(err, errlen, "%s: write failed", path);
            return -1;
        }
    }
    return 0;
}
