/* msteps -- M-step inference from a message-level trace. See msteps.h. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "grow.h"
#include "msteps.h"

int hrel_msteps_parse_rule(const char *s, hrel_msteps_opt *opt, char *err, size_t errlen)
{
    if (strcmp(s, "switch") == 0)
        opt->marker_only = 0;
    else if (strcmp(s, "marker") == 0)
        opt->marker_only = 1;
    else {
        hrel_seterr(err, errlen, "unknown step rule '%s' (switch or marker)", s);
        return -1;
    }
    return 0;
}

static int is_comm(const hrel_msg *m)
{
    return m->kind == HREL_MSG_SEND || m->kind == HREL_MSG_MCAST || m->kind == HREL_MSG_RECV;
}

/* 1 if row M takes part in steps, 2 if it is a marker, 0 if neither. */
static int role(const hrel_msgtrace *t, const hrel_msg *m, const hrel_msteps_opt *o)
{
    int k, in = o->tags == NULL;
    if (!is_comm(m))
        return 0;
    if (o->marker_tag >= 0 && m->tag == o->marker_tag)
        return 2;
    if (t->group_server >= 0 &&   /* PVM's group server's traffic: computation */
        (m->rank == t->group_server || (m->npeers == 1 && m->peers[0] == t->group_server)))
        return 0;
    for (k = 0; k < o->ntags; k++)
        if (o->tags[k] == m->tag)
            in = 1;
    return in;
}

/* Recognise the pattern of a step from its sends and mcasts ROWS[0..NR-1]
 * (in row order); TO: a zeroed p x p scratch array, left zeroed. */
const char *hrel_msteps_pattern(const hrel_msgtrace *t, const size_t *rows, size_t nr, int *to)
{
    int p = t->nproc, i, nsend = 0, nmcast = 0, sender = -1, multi_sender = 0;
    const char *name = "";
    size_t j, nmsg = 0;
    for (j = 0; j < nr; j++) {
        const hrel_msg *m = &t->row[rows[j]];
        int k;
        if (sender >= 0 && sender != m->rank)
            multi_sender = 1;
        sender = m->rank;
        if (m->kind == HREL_MSG_MCAST)
            nmcast++;
        else
            nsend++;
        for (k = 0; k < m->npeers; k++)
            to[m->rank * p + m->peers[k]]++;
        nmsg += (size_t)m->npeers;
    }
    if (nmsg + 1 < (size_t)p)   /* every pattern has at least p - 1 messages */
        goto out;
    if (sender < 0)
        goto out;
    if (!multi_sender) {
        int all = 1;
        for (i = 0; i < p; i++)
            if (i != sender && to[sender * p + i] != 1)
                all = 0;
        if (all && p > 1)
            name = nmcast == 1 && nsend == 0 ? "OA" : nmcast == 0 ? "POA" : "";
        goto out;
    }
    {
        int dest = -1, ao = 1, aa = 1, e = 1, a, b;
        for (a = 0; a < p; a++) {
            int outs = 0, target = -1;
            for (b = 0; b < p; b++) {
                if (a == b)
                    continue;
                if (to[a * p + b] != 1)
                    aa = 0;
                if (to[a * p + b]) {
                    outs++;
                    target = b;
                }
            }
            if (outs != 1)
                e = 0;
            else if (to[target * p + a] != 1 || to[a * p + target] != 1)
                e = 0;
            /* AO: every rank but one sends exactly one message to the same rank */
            if (outs == 0) {
                if (dest >= 0 && dest != a)
                    ao = 0;
                dest = a;
            } else if (outs != 1 || (dest >= 0 && target != dest)) {
                ao = 0;
            }
        }
        if (ao && dest >= 0) {
            for (a = 0; a < p; a++)
                if (a != dest && to[a * p + dest] != 1)
                    ao = 0;
        } else
            ao = 0;
        if (nmcast)
            aa = ao = e = 0;
        name = aa ? "AA" : ao ? "AO" : e ? "E" : "";
    }
out:
    for (j = 0; j < nr; j++) {   /* leave TO zeroed */
        const hrel_msg *m = &t->row[rows[j]];
        int k;
        for (k = 0; k < m->npeers; k++)
            to[m->rank * p + m->peers[k]] = 0;
    }
    return name;
}

/* Row indexes of steps_fast: 32 bits, IX_NONE none. */
typedef uint32_t ix;
#define IX_NONE UINT32_MAX

/* Union-find root of X, with path halving. */
static ix uf_find(ix *up, ix x)
{
    while (up[x] != x) {
        up[x] = up[up[x]];
        x = up[x];
    }
    return x;
}

/* The least step numbering of the rows in STEP, found directly (what the
 * relaxation converges to): the constraints are step[j] >= step[prev] + d_j
 * along each rank (prev its previous counted row, d_j 1 where a new step
 * starts) and a receive in its message's step. Messages join their rows into
 * classes (union-find); class graph edges prev -> j weigh d_j; its strongly
 * connected components (Tarjan, iterative) take one value each, the longest
 * path in topological order. Returns 0 (STEP set), 1 when a component holds a
 * weight-1 edge (no numbering: the caller's relaxation reports it), -1 when
 * out of memory. O(n) time and memory: row indexes are 32-bit (about 50 bytes
 * a row at the peak); a trace of 2^32 - 1 rows or more is left to the
 * relaxation (returns 1). */
static int steps_fast(const hrel_msgtrace *t, const hrel_msteps_opt *opt, const unsigned char *rl,
                      int *step)
{
    size_t n = t->n, j, i, nz = n ? n : 1;
    ix *up = NULL, *prev = NULL;
    unsigned char *d = NULL, *first = NULL;
    ix *eoff = NULL, *eto = NULL, *idx = NULL, *low = NULL, *stk = NULL, *cs = NULL,
       *ci = NULL, *comp = NULL;
    unsigned char *ew = NULL, *onstk = NULL;
    long *val = NULL;
    size_t ncomp = 0, ne = 0, sp = 0, ns = 0, counter = 0;
    int r, rc = -1;
    const ix NONE = IX_NONE;

    if (n >= (size_t)IX_NONE)
        return 1;
    up = malloc(nz * sizeof *up);
    prev = malloc(nz * sizeof *prev);
    d = malloc(nz);
    first = malloc(nz);
    if (!up || !prev || !d || !first)
        goto out;
    for (j = 0; j < n; j++) {
        up[j] = j;
        prev[j] = NONE;
        d[j] = first[j] = 0;
    }
    for (r = 0; r < t->nproc; r++) {   /* program order, as the relaxation walks it */
        int prev_recv = 0, marked = 0;
        ix last = NONE;
        for (j = t->first[r]; j < t->first[r + 1]; j++) {
            const hrel_msg *m = &t->row[j];
            if (rl[j] == 2) {
                if (m->kind != HREL_MSG_RECV)
                    marked = 1;
                continue;
            }
            if (rl[j] != 1)
                continue;
            d[j] = (m->kind != HREL_MSG_RECV && ((prev_recv && !opt->marker_only) || marked)) ||
                   (marked && m->kind == HREL_MSG_RECV);
            marked = 0;
            prev[j] = last;
            first[j] = last == NONE;
            last = (ix)j;
            prev_recv = m->kind == HREL_MSG_RECV;
        }
    }
    for (j = 0; j < n; j++) {   /* a receive and its message: one class */
        const hrel_msg *m = &t->row[j];
        if (m->kind == HREL_MSG_RECV && rl[j] == 1 && m->match >= 0 && rl[m->match] == 1) {
            ix a = uf_find(up, (ix)j), b = uf_find(up, (ix)m->match);
            if (a != b)
                up[a] = b;
        }
    }
    for (j = 0; j < n; j++)
        if (rl[j] == 1)
            up[j] = uf_find(up, (ix)j);
    /* class graph in CSR form: node = root row; edges prev's class -> j's class */
    eoff = calloc(n + 1, sizeof *eoff);
    if (!eoff)
        goto out;
    for (j = 0; j < n; j++)
        if (rl[j] == 1 && prev[j] != NONE) {
            if (up[prev[j]] == up[j]) {
                if (d[j]) {
                    rc = 1;
                    goto out;
                }
                continue;
            }
            eoff[up[prev[j]] + 1]++;
            ne++;
        }
    for (j = 0; j < n; j++)
        eoff[j + 1] += eoff[j];
    eto = malloc((ne ? ne : 1) * sizeof *eto);
    ew = malloc(ne ? ne : 1);
    ci = malloc(nz * sizeof *ci);   /* fill cursor */
    if (!eto || !ew || !ci)
        goto out;
    memcpy(ci, eoff, n * sizeof *ci);
    for (j = 0; j < n; j++)
        if (rl[j] == 1 && prev[j] != NONE && up[prev[j]] != up[j]) {
            ix a = up[prev[j]];
            eto[ci[a]] = up[j];
            ew[ci[a]++] = d[j];
        }
    /* Tarjan's strongly connected components, iterative (idx in prev's room:
       the memory is touched already, and prev is done with) */
    idx = prev;
    prev = NULL;
    low = malloc(nz * sizeof *low);
    stk = malloc(nz * sizeof *stk);
    cs = malloc(nz * sizeof *cs);     /* call stack of nodes */
    comp = malloc(nz * sizeof *comp);
    onstk = calloc(nz, 1);
    if (!idx || !low || !stk || !cs || !comp || !onstk)
        goto out;
    for (j = 0; j < n; j++)
        idx[j] = NONE;
    for (i = 0; i < n; i++) {
        size_t depth = 0;
        if (rl[i] != 1 || up[i] != i || idx[i] != NONE)
            continue;
        cs[depth++] = (ix)i;
        idx[i] = low[i] = (ix)counter++;
        stk[sp++] = (ix)i;
        onstk[i] = 1;
        ci[i] = eoff[i];
        while (depth) {
            ix v = cs[depth - 1];
            if (ci[v] < eoff[v + 1]) {
                ix w = eto[ci[v]++];
                if (idx[w] == NONE) {
                    idx[w] = low[w] = (ix)counter++;
                    stk[sp++] = w;
                    onstk[w] = 1;
                    ci[w] = eoff[w];
                    cs[depth++] = w;
                } else if (onstk[w] && idx[w] < low[v])
                    low[v] = idx[w];
                continue;
            }
            if (low[v] == idx[v]) {   /* v roots a component: pop it */
                ix w;
                do {
                    w = stk[--sp];
                    onstk[w] = 0;
                    comp[w] = (ix)ncomp;
                } while (w != v);
                ncomp++;
            }
            depth--;
            if (depth && low[v] < low[cs[depth - 1]])
                low[cs[depth - 1]] = low[v];
        }
    }
    (void)ns;
    free(idx);   /* Tarjan's work is done: its memory goes before the longest path's */
    free(stk);
    free(cs);
    free(onstk);
    idx = stk = cs = NULL;
    onstk = NULL;
    /* components come out sinks first: numbered ncomp-1 .. 0 is topological */
    val = malloc((ncomp ? ncomp : 1) * sizeof *val);
    if (!val)
        goto out;
    for (i = 0; i < ncomp; i++)
        val[i] = 1;
    for (j = 0; j < n; j++)   /* a rank's first counted row: 1, or 2 after a marker */
        if (rl[j] == 1 && first[j] && 1 + (long)d[j] > val[comp[up[j]]])
            val[comp[up[j]]] = 1 + (long)d[j];
    for (j = 0; j < n; j++)   /* edges inside a component must weigh 0 */
        if (rl[j] == 1 && up[j] == j) {
            size_t k;
            for (k = eoff[j]; k < eoff[j + 1]; k++)
                if (comp[eto[k]] == comp[j] && ew[k]) {
                    rc = 1;
                    goto out;
                }
        }
    {   /* longest path: components in topological order (highest number first) */
        ix *order = low, *coff = calloc(ncomp + 1, sizeof *coff);   /* order: low's room */
        size_t c;
        low = NULL;
        if (!coff) {
            free(order);
            goto out;
        }
        for (j = 0; j < n; j++)
            if (rl[j] == 1 && up[j] == j)
                coff[comp[j] + 1]++;
        for (c = 0; c < ncomp; c++)
            coff[c + 1] += coff[c];
        for (j = 0; j < n; j++)
            if (rl[j] == 1 && up[j] == j)
                order[coff[comp[j]]++] = (ix)j;   /* coff[c] becomes the end of c */
        for (c = ncomp; c-- > 0;) {
            size_t b0 = c ? coff[c - 1] : 0, k;
            for (k = b0; k < coff[c]; k++) {
                size_t v = order[k], e;
                for (e = eoff[v]; e < eoff[v + 1]; e++) {
                    ix tc = comp[eto[e]];
                    if (tc != c && val[c] + ew[e] > val[tc])
                        val[tc] = val[c] + ew[e];
                }
            }
        }
        free(order);
        free(coff);
    }
    for (j = 0; j < n; j++)
        if (rl[j] == 1)
            step[j] = (int)val[comp[up[j]]];
    rc = 0;
out:
    free(up);
    free(prev);
    free(d);
    free(first);
    free(eoff);
    free(eto);
    free(ew);
    free(ci);
    free(idx);
    free(low);
    free(stk);
    free(cs);
    free(comp);
    free(onstk);
    free(val);
    return rc;
}

int hrel_msteps_number(const hrel_msgtrace *t, const hrel_msteps_opt *opt, int **out,
                       int *nstep_out, char *err, size_t errlen)
{
    int *step = NULL, r, nstep = 0, changed, rounds = 0;
    unsigned char *rl = NULL;
    size_t j, n = t->n;
    long cap = (long)n + 2, culprit = -1;

    *out = NULL;
    *nstep_out = 0;
    step = calloc(n ? n : 1, sizeof *step);
    rl = malloc(n ? n : 1);
    if (!step || !rl) {
        hrel_seterr(err, errlen, "%s: out of memory", t->path);
        goto fail;
    }
    for (j = 0; j < n; j++) {
        rl[j] = (unsigned char)role(t, &t->row[j], opt);
        step[j] = rl[j] == 1 ? 1 : 0;
    }
    /* the least numbering, as a longest path (steps_fast); where it cannot be
     * found that way (a cycle that must raise itself: no numbering), the
     * relaxation below finds the culprit to name */
    {
        int fr = steps_fast(t, opt, rl, step);
        if (fr < 0) {
            hrel_seterr(err, errlen, "%s: out of memory", t->path);
            goto fail;
        }
        if (fr == 0)
            goto numbered;
    }
    /* relaxation: raise steps until program order and messages agree */
    do {
        changed = 0;
        for (r = 0; r < t->nproc; r++) {
            int cur = 1, prev_recv = 0, marked = 0;
            for (j = t->first[r]; j < t->first[r + 1]; j++) {
                const hrel_msg *m = &t->row[j];
                int want;
                if (rl[j] == 2) {
                    if (m->kind != HREL_MSG_RECV)
                        marked = 1;
                    continue;
                }
                if (rl[j] != 1)
                    continue;
                want = cur;
                if (m->kind != HREL_MSG_RECV &&
                    ((prev_recv && !opt->marker_only) || marked))
                    want = cur + 1;
                if (marked && m->kind == HREL_MSG_RECV)
                    want = cur + 1;
                marked = 0;
                if (step[j] < want) {
                    step[j] = want;
                    changed = 1;
                    culprit = (long)j;
                }
                cur = step[j];
                prev_recv = m->kind == HREL_MSG_RECV;
            }
        }
        for (j = 0; j < n; j++) {
            const hrel_msg *m = &t->row[j];
            long s = m->match;
            if (m->kind != HREL_MSG_RECV || rl[j] != 1 || s < 0 || rl[s] != 1)
                continue;
            if (step[s] < step[j]) {
                step[s] = step[j];
                changed = 1;
                culprit = s;
            } else if (step[j] < step[s]) {
                step[j] = step[s];
                changed = 1;
                culprit = (long)j;
            }
        }
        for (j = 0; j < n; j++)
            if (step[j] > cap) {
                const hrel_msg *m = &t->row[culprit >= 0 ? (size_t)culprit : j];
                hrel_seterr(err, errlen, "%s:%ld: cannot align M-steps across tasks: rank %d, "
                            "%s of tag %d (%s rank %d) at %.6f s cannot be in the step of its "
                            "message without breaking its rank's order; help with --tags LIST "
                            "(tags that form steps) or --marker TAG", t->path, m->line, m->rank,
                            hrel_msgkind_name(m->kind), m->tag,
                            m->kind == HREL_MSG_RECV ? "from" : "to",
                            m->npeers ? m->peers[0] : -1, m->t0);
                goto fail;
            }
    } while (changed && ++rounds < 1000000);
numbered:
    for (j = 0; j < n; j++)
        if (step[j] > nstep)
            nstep = step[j];
    if (nstep == 0) {
        hrel_seterr(err, errlen, "%s: no messages take part in steps (check --tags)", t->path);
        goto fail;
    }
    for (r = 0; r < t->nproc; r++)   /* a partner must be a rank (as the table's rows check) */
        for (j = t->first[r]; j < t->first[r + 1]; j++) {
            const hrel_msg *m = &t->row[j];
            if (step[j] > 0 && m->kind == HREL_MSG_RECV && m->npeers > 0 &&
                (m->peers[0] < 0 || m->peers[0] >= t->nproc)) {
                hrel_seterr(err, errlen, "partner %d is not a rank of the trace (ranks 0..%d)",
                            m->peers[0], t->nproc - 1);
                goto fail;
            }
        }
    free(rl);
    *out = step;
    *nstep_out = nstep;
    return 0;
fail:
    free(step);
    free(rl);
    return -1;
}

/* hrel_msteps_walk's visit for hrel_msteps_infer: step S's cells into the table. */
typedef struct filler {
    hrel_trace *tr;
    char *err;
    size_t errlen;
} filler;

static int fill_step(void *ctx, int s, const hrel_msteps_cell *cell, const int *part,
                     const char *pat)
{
    filler *f = ctx;
    int r;
    for (r = 0; r < f->tr->nproc; r++) {
        const hrel_msteps_cell *c = &cell[r];
        hrel_trace_row *row = hrel_trace_at(f->tr, s, r);
        row->w_s = c->w;
        row->in_bytes = c->in;
        row->out_bytes = c->out;
        row->t_end = c->t_end;
        if (c->npart && hrel_trace_set_partners(f->tr, s, r, part + c->part, (int)c->npart,
                                                f->err, f->errlen) != 0)
            return -1;
        if (*pat)
            memcpy(row->pattern, pat, strlen(pat) + 1);
    }
    if (*pat)
        f->tr->has_pattern = 1;
    return 0;
}

int hrel_msteps_infer(const hrel_msgtrace *t, const hrel_msteps_opt *opt, hrel_trace **out,
                      int **step_of, char *err, size_t errlen)
{
    int *step = NULL, nstep = 0;
    hrel_trace *tr = NULL;
    filler f;

    *out = NULL;
    if (step_of)
        *step_of = NULL;
    if (hrel_msteps_number(t, opt, &step, &nstep, err, errlen) != 0)
        return -1;
    if (hrel_trace_alloc(t->nproc, nstep, &tr, err, errlen) != 0)
        goto fail;
    free(tr->path);
    if (!(tr->path = hrel_strdup(t->path))) {
        hrel_seterr(err, errlen, "%s: out of memory", t->path);
        goto fail;
    }
    f.tr = tr;
    f.err = err;
    f.errlen = errlen;
    err[0] = '\0';
    if (hrel_msteps_walk(t, step, nstep, fill_step, &f) != 0) {
        if (!err[0])
            hrel_seterr(err, errlen, "%s: out of memory", t->path);
        goto fail;
    }
    if (step_of)
        *step_of = step;
    else
        free(step);
    *out = tr;
    return 0;
fail:
    free(step);
    hrel_trace_free(tr);
    return -1;
}
