/* bench_plan -- see bench_plan.h. */
#include "bench_plan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "fitcsv.h"
#include "hrelation.h"

int hrel_bench_done_has(const hrel_bench_done *done, const char *pat, int procs, long h)
{
    size_t i;
    for (i = 0; done && i < done->n; i++)
        if (done->c[i].procs == procs && done->c[i].h == h && strcmp(done->c[i].pat, pat) == 0)
            return 1;
    return 0;
}

void hrel_bench_done_free(hrel_bench_done *done)
{
    if (!done)
        return;
    free(done->c);
    memset(done, 0, sizeof *done);
}

int hrel_bench_done_load(const char *dir, hrel_bench_done *done, char *err, size_t errlen)
{
    static const char *const need[] = {"pattern", "procs", "h", NULL};
    char path[1200];
    hrel_csv *t = NULL;
    int idx[3];
    size_t r;
    memset(done, 0, sizeof *done);
    snprintf(path, sizeof path, "%s/cases.csv", dir);
    if (hrel_csv_read(path, &t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(t, need, idx, err, errlen) != 0) {
        hrel_csv_free(t);
        return -1;
    }
    done->c = calloc(t->nrow + 1, sizeof *done->c);
    if (!done->c) {
        hrel_csv_free(t);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    done->cap = t->nrow + 1;
    done->old_cases = hrel_csv_col(t, "rse_median") < 0;
    for (r = 0; r < t->nrow; r++) {
        long p, h;
        const char *pat = hrel_csv_str(t, r, idx[0]);
        if (hrel_csv_long(t, r, idx[1], &p, err, errlen) || hrel_csv_long(t, r, idx[2], &h, err,
                                                                           errlen)) {
            hrel_csv_free(t);
            hrel_bench_done_free(done);
            return -1;
        }
        snprintf(done->c[done->n].pat, sizeof done->c[0].pat, "%s", pat);
        done->c[done->n].procs = (int)p;
        done->c[done->n].h = h;
        done->n++;
    }
    hrel_csv_free(t);
    return 0;
}

/* (pattern, procs, h) of the data line S; 0 if it has them. */
static int row_key(const char *s, char *pat, size_t plen, int *procs, long *h)
{
    const char *c1 = strchr(s, ',');
    char *end;
    if (!c1 || (size_t)(c1 - s) >= plen)
        return -1;
    snprintf(pat, plen, "%.*s", (int)(c1 - s), s);
    *procs = (int)strtol(c1 + 1, &end, 10);
    if (*end != ',')
        return -1;
    *h = strtol(end + 1, &end, 10);
    return *end == ',' ? 0 : -1;
}

int hrel_bench_raw_trim(const char *raw, const hrel_bench_done *done, long *kept, char *err,
                        size_t errlen)
{
    char tmp[1200], line[8192], pat[16];
    FILE *in, *out;
    int header = 0, procs, bad = 0;
    long h;
    *kept = 0;
    snprintf(tmp, sizeof tmp, "%s.resume", raw);
    if (!(in = fopen(raw, "r"))) {
        snprintf(err, errlen, "%s: cannot read: %s", raw, strerror(errno));
        return -1;
    }
    if (!(out = fopen(tmp, "w"))) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        fclose(in);
        return -1;
    }
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#') {   /* metadata before the header; old end marks after it go */
            if (!header)
                bad |= fputs(line, out) < 0;
            continue;
        }
        if (!header) {
            header = 1;
            bad |= fputs(line, out) < 0;
            continue;
        }
        if (row_key(line, pat, sizeof pat, &procs, &h) == 0 &&
            hrel_bench_done_has(done, pat, procs, h)) {
            bad |= fputs(line, out) < 0;
            (*kept)++;
        }
    }
    bad |= ferror(in);
    fclose(in);
    if (fclose(out) != 0 || bad || !header) {
        remove(tmp);
        snprintf(err, errlen, "%s: %s", raw, header ? "rewrite failed" : "no header line");
        return -1;
    }
    if (rename(tmp, raw) != 0) {
        snprintf(err, errlen, "%s: cannot replace: %s", raw, strerror(errno));
        return -1;
    }
    return 0;
}

double hrel_bench_rep_estimate(const char *fitpath, double g0, double L0, const char *pat,
                               int procs, long h)
{
    double g = g0, L = L0;
    if (fitpath && fitpath[0]) {
        hrel_csv *t = NULL;
        char err[256];
        double fg, fl;
        if (hrel_csv_read(fitpath, &t, err, sizeof err) == 0 &&
            hrel_fitcsv_lookup(t, pat, procs, &fg, &fl, err, sizeof err) == 0 && fg > 0) {
            g = fg;
            L = fl > 0 ? fl : 0;
        }
        hrel_csv_free(t);
    }
    return L + g * (double)h;
}

/* The measured run of --estimate-from: its cases.csv and the columns used. */
typedef struct like_run {
    hrel_csv *t;
    int pat, procs, h, reps, mean, voids, margin;   /* columns; voids, margin may be -1 */
} like_run;

/* Load DIR/cases.csv into *LR. Return 0, or -1 with err. */
static int like_load(const char *dir, like_run *lr, char *err, size_t errlen)
{
    static const char *const need[] = {"pattern", "procs", "h", "reps", "mean_s", NULL};
    char path[1200];
    int idx[5];
    memset(lr, 0, sizeof *lr);
    snprintf(path, sizeof path, "%s/cases.csv", dir);
    if (hrel_csv_read(path, &lr->t, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(lr->t, need, idx, err, errlen) != 0) {
        hrel_csv_free(lr->t);
        lr->t = NULL;
        return -1;
    }
    lr->pat = idx[0];
    lr->procs = idx[1];
    lr->h = idx[2];
    lr->reps = idx[3];
    lr->mean = idx[4];
    lr->voids = hrel_csv_col(lr->t, "void_reps");
    lr->margin = hrel_csv_col(lr->t, "margin_s");
    return 0;
}

/* Seconds of case (PAT, PROCS, H) as measured in LR, with REPS_OUT the timed
 * repetitions it will take (CFG's policy: the count LR needed, within the
 * policy's bounds, or the fixed count) plus the voided ones LR had; -1 if LR
 * has no usable row for the case. */
static double like_case(const like_run *lr, const hrel_bench_cfg *cfg, const char *pat,
                        int procs, long h, long *reps_out)
{
    size_t r;
    char e[256];
    for (r = 0; lr->t && r < lr->t->nrow; r++) {
        long p, hh, reps, voids = 0;
        double mean, margin = 0;
        if (strcmp(hrel_csv_str(lr->t, r, lr->pat), pat) != 0 ||
            hrel_csv_long(lr->t, r, lr->procs, &p, e, sizeof e) || p != procs ||
            hrel_csv_long(lr->t, r, lr->h, &hh, e, sizeof e) || hh != h)
            continue;
        if (hrel_csv_long(lr->t, r, lr->reps, &reps, e, sizeof e) || reps < 1 ||
            hrel_csv_double(lr->t, r, lr->mean, &mean, e, sizeof e) || !(mean >= 0))
            return -1;
        if (lr->voids >= 0 && (hrel_csv_long(lr->t, r, lr->voids, &voids, e, sizeof e) ||
                               voids < 0))
            voids = 0;
        if (lr->margin >= 0 && (hrel_csv_double(lr->t, r, lr->margin, &margin, e, sizeof e) ||
                                !(margin >= 0)))
            margin = 0;
        if (!cfg->reps.adaptive)
            reps = cfg->reps.fixed;
        else if (reps < cfg->reps.min)
            reps = cfg->reps.min;
        else if (reps > cfg->reps.max)
            reps = cfg->reps.max;
        *reps_out = reps;
        /* every repetition, warm-ups and voided ones too, waits for its start
         * (the margin) and then takes the case's time */
        return (double)(reps + voids + cfg->warmup) * (mean + margin);
    }
    return -1;
}

int hrel_bench_plan_print(const hrel_bench_cfg *cfg, const hrel_bench_done *done, FILE *fp,
                          double *total_s, char *err, size_t errlen)
{
    int i, j, k, np, n = 0, skipped = 0, measured = 0;
    char pol[256], fitpath[1200], gl[128];
    double total = 0;
    like_run lr;
    memset(&lr, 0, sizeof lr);
    snprintf(fitpath, sizeof fitpath, "%s", cfg->fit);
    if (cfg->like[0]) {
        FILE *f;
        if (like_load(cfg->like, &lr, err, errlen) != 0)
            return -1;
        if (!fitpath[0]) {   /* the run's own fit for the cases it did not measure */
            snprintf(fitpath, sizeof fitpath, "%s/fit.csv", cfg->like);
            if ((f = fopen(fitpath, "r")) != NULL)
                fclose(f);
            else
                fitpath[0] = '\0';
        }
    }
    hrel_reps_describe(&cfg->reps, pol, sizeof pol);
    fprintf(fp, "# plan of hrel_bench into %s: %s; %ld warm-up(s) per case\n", cfg->outdir, pol,
            cfg->warmup);
    if (!cfg->est_set)
        snprintf(gl, sizeof gl, "a 10 Mbit/s network (g 0.8 us/byte, L 1 ms; --fit FILE for a "
                                "measured one)");
    else
        snprintf(gl, sizeof gl, "g %g s/byte, L %g s (--g, --L)", cfg->est_g, cfg->est_L);
    if (lr.t)
        fprintf(fp, "# estimate per case: as measured in %s/cases.csv (its repetitions, each "
                    "its mean time plus start margin) where it has the case, else L + g*h per "
                    "repetition from %s\n", cfg->like, fitpath[0] ? fitpath : gl);
    else
        fprintf(fp, "# estimate per repetition: L + g*h from %s\n", fitpath[0] ? fitpath : gl);
    fprintf(fp, "pattern,procs,h,msg_bytes,reps,est_s\n");
    for (i = 0; i < cfg->npat; i++) {
        const int *procs = hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (j = 0; j < np; j++)
            for (k = 0; k < cfg->nsizes; k++) {
                long msg = 0, reps = cfg->reps.adaptive ? cfg->reps.min : cfg->reps.fixed;
                char why[256];
                double s;
                if (hrel_bench_done_has(done, cfg->pat[i], procs[j], cfg->sizes[k])) {
                    skipped++;
                    continue;
                }
                hrel_h_msg_bytes(cfg->pat[i], procs[j], cfg->sizes[k], cfg->op, &msg, why,
                                 sizeof why);
                s = like_case(&lr, cfg, cfg->pat[i], procs[j], cfg->sizes[k], &reps);
                if (s >= 0)
                    measured++;
                else
                    s = (double)(reps + cfg->warmup) *
                        hrel_bench_rep_estimate(fitpath, cfg->est_g, cfg->est_L, cfg->pat[i],
                                                procs[j], cfg->sizes[k]);
                s += 0.01 * procs[j];   /* case set-up and clock sync */
                fprintf(fp, "%s,%d,%ld,%ld,%ld,%.3f\n", cfg->pat[i], procs[j], cfg->sizes[k],
                        msg, reps, s);
                total += s;
                n++;
            }
    }
    {
        long t = (long)(total + 0.5);
        fprintf(fp, "# %d cases to run (%d finished ones skipped), estimated %ld:%02ld:%02ld",
                n, skipped, t / 3600, t / 60 % 60, t % 60);
        if (lr.t)
            fprintf(fp, "; %d of them as measured in %s", measured, cfg->like);
        if (cfg->reps.adaptive && measured < n)
            fprintf(fp, "%s at the minimum repetitions (the precision target may add more)",
                    lr.t ? ", the others" : "");
        fputc('\n', fp);
    }
    hrel_csv_free(lr.t);
    *total_s = total;
    return n;
}
