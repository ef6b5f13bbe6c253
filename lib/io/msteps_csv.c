/* msteps_csv -- the M-steps of numbered message rows, step by step
 * (hrel_msteps_walk: the one rule for a step's computation, bytes, partners,
 * end and pattern, used by hrel_msteps_infer's table and by the writer), and
 * trace.csv: from a step table (hrel_msteps_write_trace), or straight from the
 * rows, holding no table (hrel_msteps_write_steps). See msteps.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "msteps.h"
#include "numfmt.h"
#include "ranks.h"

/* One trace.csv row at P (room: 1100 + 12 x NP + the pattern); its end. */
static char *row_text(char *p, int r, int s, double w, double in, double out, const int *part,
                      int np, double t_end, const char *pat, size_t patmax)
{
    int k;
    p = hrel_numfmt_int(p, r);
    *p++ = ',';
    p = hrel_numfmt_int(p, s);
    *p++ = ',';
    p = hrel_numfmt_g9(p, w);
    *p++ = ',';
    p = hrel_numfmt_f0(p, in);
    *p++ = ',';
    p = hrel_numfmt_f0(p, out);
    *p++ = ',';
    for (k = 0; k < np; k++) {
        if (k)
            *p++ = ';';
        p = hrel_numfmt_int(p, part[k]);
    }
    *p++ = ',';
    if (!isnan(t_end))
        p = hrel_numfmt_f6(p, t_end);
    *p++ = ',';
    for (k = 0; k < (int)patmax && pat[k]; k++)
        *p++ = pat[k];
    *p++ = '\n';
    return p;
}

static const char header[] = "rank,step,w_seconds,in_bytes,out_bytes,partners,t_end,pattern\n";

int hrel_msteps_write_trace(const hrel_trace *t, FILE *fp)
{
    int s, r;
    char *buf = NULL;
    size_t cap = 0;
    fputs(header, fp);
    for (s = 1; s <= t->nstep; s++)
        for (r = 0; r < t->nproc; r++) {
            const hrel_trace_row *row = hrel_trace_at(t, s, r);
            size_t need = 1100 + 12 * (size_t)row->npartners + sizeof row->pattern;
            char *p;                           /* three %f of huge doubles: 330 each */
            if (hrel_grow(&buf, &cap, need - 1, 1) != 0) {
                free(buf);
                return -1;
            }
            p = row_text(buf, r, s, row->w_s, row->in_bytes, row->out_bytes, row->partners,
                         row->npartners, row->t_end, row->pattern, sizeof row->pattern);
            fwrite(buf, 1, (size_t)(p - buf), fp);
        }
    free(buf);
    return ferror(fp) ? -1 : 0;
}

/* The state of hrel_msteps_walk: per rank its cursor and clocks, per step its
 * cells, partners and sends. */
typedef struct wstate {
    size_t *cur;           /* per rank: its next row not yet written */
    double *prev_end;      /* per rank: the end of its last kept call */
    double *prev_t;        /* per rank: the t_end of its previous step */
    hrel_msteps_cell *c;   /* per rank, this step */
    int *part;             /* this step's partners, rank by rank */
    size_t npart, cpart;
    size_t *sends;         /* this step's sends and mcasts, in row order */
    size_t nsends, csends;
    int *to;               /* p x p zeroed scratch of hrel_msteps_pattern */
    int *q;                /* p + 1: one row's partners as the table keeps them */
} wstate;

static void wstate_free(wstate *w)
{
    free(w->cur);
    free(w->prev_end);
    free(w->prev_t);
    free(w->c);
    free(w->part);
    free(w->sends);
    free(w->to);
    free(w->q);
}

/* Rank R's rows of step S into its cell: -1 when out of memory. */
static int take_rank(const hrel_msgtrace *t, const int *step, wstate *w, int r, int s)
{
    size_t j = w->cur[r], end = t->first[r + 1], p0 = w->npart;
    hrel_msteps_cell *c = &w->c[r];
    int got = 0, np = 0;
    c->w = c->in = c->out = 0.0;
    c->t_end = NAN;
    c->part = p0;
    for (;;) {
        const hrel_msg *m;
        while (j < end && step[j] == 0)
            j++;
        if (j == end || step[j] != s)
            break;
        m = &t->row[j];
        got = 1;
        c->w += fmax(0.0, m->t0 - w->prev_end[r]);
        w->prev_end[r] = m->t1;
        c->t_end = m->t1;
        if (m->kind == HREL_MSG_RECV) {
            int k, dup = 0;
            c->in += m->bytes;
            for (k = 0; k < np && !dup; k++)   /* sources in order of first receive */
                dup = w->part[p0 + (size_t)k] == m->peers[0];
            if (!dup && np < t->nproc) {
                if (hrel_grow(&w->part, &w->cpart, p0 + (size_t)np, sizeof *w->part) != 0)
                    return -1;
                w->part[p0 + (size_t)np++] = m->peers[0];
            }
        } else {
            c->out += m->bytes * m->npeers;
            if (hrel_grow(&w->sends, &w->csends, w->nsends, sizeof *w->sends) != 0)
                return -1;
            w->sends[w->nsends++] = j;
        }
        j++;
    }
    w->cur[r] = j;
    if (got && j == end) {   /* its last step: the tail, from the last call to the exit */
        const hrel_msg *e = &t->row[end - 1];
        c->w += fmax(0.0, e->t1 - w->prev_end[r]);
    }
    if (np) {   /* the table's partners: the rank itself dropped (ranks checked) */
        int k, bad, m = hrel_ranks_others(w->part + p0, np, t->nproc, r, w->q, &bad);
        if (m < 0)
            m = 0;
        for (k = 0; k < m; k++)
            w->part[p0 + (size_t)k] = w->q[k];
        np = m;
    }
    c->npart = (size_t)np;
    w->npart = p0 + (size_t)np;
    if (isnan(c->t_end))   /* an idle step ends where the previous did */
        c->t_end = w->prev_t[r];
    w->prev_t[r] = c->t_end;
    return 0;
}

int hrel_msteps_walk(const hrel_msgtrace *t, const int *step, int nstep,
                     hrel_msteps_visit visit, void *ctx)
{
    wstate w;
    int p = t->nproc, r, s, rc = -1;
    memset(&w, 0, sizeof w);
    if (p < 1 || !(w.cur = malloc((size_t)p * sizeof *w.cur)) ||
        !(w.prev_end = malloc((size_t)p * sizeof *w.prev_end)) ||
        !(w.prev_t = malloc((size_t)p * sizeof *w.prev_t)) ||
        !(w.c = malloc((size_t)p * sizeof *w.c)) ||
        !(w.q = malloc(((size_t)p + 1) * sizeof *w.q)) ||
        !(w.to = calloc((size_t)p * (size_t)p, sizeof *w.to)))
        goto out;
    for (r = 0; r < p; r++) {
        double t0 = t->first[r] < t->n ? t->row[t->first[r]].t0 : 0.0;
        w.cur[r] = t->first[r];
        w.prev_end[r] = w.prev_t[r] = t0;
    }
    for (s = 1; s <= nstep; s++) {
        w.npart = w.nsends = 0;
        for (r = 0; r < p; r++)
            if (take_rank(t, step, &w, r, s) != 0)
                goto out;
        if (visit(ctx, s, w.c, w.part, hrel_msteps_pattern(t, w.sends, w.nsends, w.to)) != 0)
            goto out;
    }
    rc = 0;
out:
    wstate_free(&w);
    return rc;
}

/* hrel_msteps_write_steps: the rows gathered in buf, written 64 KiB at a time. */
typedef struct writer {
    FILE *fp;
    int nproc;
    char *buf;
    size_t cap, used;
} writer;

static int write_step(void *ctx, int s, const hrel_msteps_cell *cell, const int *part,
                      const char *pat)
{
    writer *o = ctx;
    int r;
    for (r = 0; r < o->nproc; r++) {
        const hrel_msteps_cell *c = &cell[r];
        if (hrel_grow(&o->buf, &o->cap, o->used + 1100 + 12 * c->npart + HREL_TRACE_PATLEN,
                      1) != 0)
            return -1;
        o->used = (size_t)(row_text(o->buf + o->used, r, s, c->w, c->in, c->out,
                                    part + c->part, (int)c->npart, c->t_end, pat,
                                    HREL_TRACE_PATLEN) - o->buf);
        if (o->used >= 65536) {
            fwrite(o->buf, 1, o->used, o->fp);
            o->used = 0;
        }
    }
    return 0;
}

int hrel_msteps_write_steps(const hrel_msgtrace *t, const int *step, int nstep, FILE *fp)
{
    writer o = {fp, t->nproc, NULL, 0, 0};
    int rc;
    fputs(header, fp);
    rc = hrel_msteps_walk(t, step, nstep, write_step, &o);
    if (rc == 0 && o.used)
        fwrite(o.buf, 1, o.used, fp);
    free(o.buf);
    return rc == 0 && !ferror(fp) ? 0 : -1;
}
