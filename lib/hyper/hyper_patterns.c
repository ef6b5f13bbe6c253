/* hyper_patterns -- hyperbolic-model predictions for broadcast (binary tree
 * and serial), global reduction, neighbour exchange and n disjoint pairs on
 * any number of processors, by walking their schedules (papers/003 s. 3-4). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hyper_cb.h"

#include "errmsg.h"
#include "grow.h"
#include "hyper_patterns.h"
#include "patterns.h"

/* The hyperbolic experiments are the registry's HYPER family, in its order
 * (PAIRS BT SB RED NB = the order of hrel_hyper_pat). Entry K of it, or NULL. */
static const hrel_patinfo *hyper_entry(size_t k)
{
    size_t i, n = 0;
    for (i = 0; i < hrel_patterns_count(); i++)
        if (hrel_patterns_at(i)->family == HREL_PATFAM_HYPER && n++ == k)
            return hrel_patterns_at(i);
    return NULL;
}

/* Parse a pattern code (any case). */
int hrel_hyper_pat_parse(const char *s, hrel_hyper_pat *out)
{
    size_t k;
    const hrel_patinfo *e;
    for (k = 0; (e = hyper_entry(k)) != NULL; k++)
        if (strcasecmp(s, e->name) == 0) {
            *out = (hrel_hyper_pat)k;
            return 0;
        }
    return -1;
}

/* The raw.csv code of a pattern. */
const char *hrel_hyper_pat_name(hrel_hyper_pat p)
{
    const hrel_patinfo *e = (int)p >= 0 ? hyper_entry((size_t)p) : NULL;
    return e ? e->name : "?";
}

/* All parameters finite and >= 0. */
int hrel_hyper_sys_check(const hrel_hyper_sys *s, char *err, size_t errlen)
{
    const double v[5] = {s->aW, s->bW, s->aC, s->bC, s->aL};
    const char *const n[5] = {"aW", "bW", "aC", "bC", "aL"};
    int i;
    for (i = 0; i < 5; i++)
        if (!isfinite(v[i]) || v[i] < 0.0) {
            hrel_seterr(err, errlen, "parameter %s = %g must be finite and >= 0", n[i], v[i]);
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------ programs -- */

/* What each processor does, in order: op >= 0 sends to rank op, op < 0
 * receives -op messages (from anyone). */
typedef struct prog {
    int p;        /* processors */
    int *start;   /* ops of rank i are op[start[i] .. start[i+1]) */
    int *op;      /* the ops */
    int nop;      /* ops so far */
} prog;

static int prog_init(prog *g, int p)
{
    g->p = p;
    g->nop = 0;
    g->start = calloc((size_t)p + 1, sizeof *g->start);
    g->op = malloc((size_t)(4 * p + 4) * sizeof *g->op);   /* every pattern: < 4p ops */
    return g->start && g->op ? 0 : -1;
}

static void prog_free(prog *g)
{
    free(g->start);
    free(g->op);
}

static void prog_add(prog *g, int op)
{
    g->op[g->nop++] = op;
}

/* Binary tree: rank i receives once (unless root), then sends to 2i+1, 2i+2. */
static void build_bt(prog *g)
{
    int i;
    for (i = 0; i < g->p; i++) {
        g->start[i] = g->nop;
        if (i > 0)
            prog_add(g, -1);
        if (2 * i + 1 < g->p)
            prog_add(g, 2 * i + 1);
        if (2 * i + 2 < g->p)
            prog_add(g, 2 * i + 2);
    }
    g->start[g->p] = g->nop;
}

/* Serial broadcast: rank 0 sends to 1..p-1 in turn. */
static void build_sb(prog *g)
{
    int i;
    for (i = 0; i < g->p; i++) {
        g->start[i] = g->nop;
        if (i == 0) {
            int d;
            for (d = 1; d < g->p; d++)
                prog_add(g, d);
        } else
            prog_add(g, -1);
    }
    g->start[g->p] = g->nop;
}

/* p4 global reduction: receive from the tree children, send to the parent;
 * the root then sends the result to 1..p-1, who receive it. */
static void build_red(prog *g)
{
    int i;
    for (i = 0; i < g->p; i++) {
        int nchild = (2 * i + 1 < g->p) + (2 * i + 2 < g->p);
        g->start[i] = g->nop;
        if (nchild)
            prog_add(g, -nchild);
        if (i > 0) {
            prog_add(g, (i - 1) / 2);
            prog_add(g, -1);
        } else {
            int d;
            for (d = 1; d < g->p; d++)
                prog_add(g, d);
        }
    }
    g->start[g->p] = g->nop;
}

/* ------------------------------------------------- small-message walker -- */

/* A binary min-heap of (time, rank, version) entries; stale versions are
 * skipped when popped. */
typedef struct hent {
    double t;       /* when the rank can start its next op */
    int rank;       /* the rank */
    unsigned ver;   /* version of the rank's state this entry was made from */
} hent;

typedef struct heap {
    hent *e;        /* entries */
    size_t n, cap;  /* count, capacity */
} heap;

static int hless(const hent *a, const hent *b)
{
    return a->t < b->t || (a->t == b->t && a->rank < b->rank);
}

static int heap_push(heap *h, hent x)
{
    size_t i;
    if (hrel_grow(&h->e, &h->cap, h->n, sizeof *h->e))
        return -1;
    for (i = h->n++; i > 0 && hless(&x, &h->e[(i - 1) / 2]); i = (i - 1) / 2)
        h->e[i] = h->e[(i - 1) / 2];
    h->e[i] = x;
    return 0;
}

static hent heap_pop(heap *h)
{
    hent top = h->e[0], last = h->e[--h->n];
    size_t i = 0, c;
    while ((c = 2 * i + 1) < h->n) {
        if (c + 1 < h->n && hless(&h->e[c + 1], &h->e[c]))
            c++;
        if (!hless(&h->e[c], &last))
            break;
        h->e[i] = h->e[c];
        i = c;
    }
    if (h->n)
        h->e[i] = last;
    return top;
}

/* State of the small-message walk. */
typedef struct walk {
    const prog *g;    /* the programs */
    int *pc;          /* next op of each rank */
    int *left;        /* messages still to take in the current receive op */
    double *tfree;    /* when each rank is free */
    unsigned *ver;    /* state version of each rank */
    int *head;        /* first pending message to each rank (-1: none) */
    int *next;        /* next pending message to the same rank */
    double *arr;      /* arrival time of each message */
    int nmsg;         /* messages sent so far */
    heap h;           /* ranks by the time they can act */
} walk;

/* Earliest start of rank I's next op into *T and the message a receive would
 * take into *M; return 0 if it cannot act now (done, or nothing to receive). */
static int can_act(const walk *w, int i, double *t, int *m)
{
    const prog *g = w->g;
    int k, best = -1;
    if (g->start[i] + w->pc[i] >= g->start[i + 1])
        return 0;
    if (g->op[g->start[i] + w->pc[i]] >= 0) {
        *t = w->tfree[i];
        *m = -1;
        return 1;
    }
    for (k = w->head[i]; k >= 0; k = w->next[k])
        if (best < 0 || w->arr[k] < w->arr[best])
            best = k;
    if (best < 0)
        return 0;
    *t = w->arr[best] > w->tfree[i] ? w->arr[best] : w->tfree[i];
    *m = best;
    return 1;
}

static int push_rank(walk *w, int i)
{
    hent e;
    int m;
    w->ver[i]++;
    if (!can_act(w, i, &e.t, &m))
        return 0;
    e.rank = i;
    e.ver = w->ver[i];
    return heap_push(&w->h, e);
}

/* Completion time of program G when a send costs the sender aW, the message
 * then travels aC + aL, and the receiver spends aW on it; every processor
 * does one op at a time and receives in arrival order. The globally earliest
 * possible action is always taken next, so no later send can overtake it. */
static int walk_small(const prog *g, const hrel_hyper_sys *s, double *t_done,
                      char *err, size_t errlen)
{
    int p = g->p, i, rc = -1;
    walk w;
    double done = 0.0;

    memset(&w, 0, sizeof w);
    w.g = g;
    w.pc = calloc((size_t)p, sizeof *w.pc);
    w.left = calloc((size_t)p, sizeof *w.left);
    w.tfree = calloc((size_t)p, sizeof *w.tfree);
    w.ver = calloc((size_t)p, sizeof *w.ver);
    w.head = malloc((size_t)p * sizeof *w.head);
    w.next = malloc((size_t)(g->nop + 1) * sizeof *w.next);
    w.arr = malloc((size_t)(g->nop + 1) * sizeof *w.arr);
    if (!w.pc || !w.left || !w.tfree || !w.ver || !w.head || !w.next || !w.arr)
        goto nomem;
    for (i = 0; i < p; i++)
        w.head[i] = -1;
    for (i = 0; i < p; i++)
        if (push_rank(&w, i))
            goto nomem;
    while (w.h.n) {
        hent e = heap_pop(&w.h);
        double t;
        int m, op, *pp;
        i = e.rank;
        if (e.ver != w.ver[i] || !can_act(&w, i, &t, &m))
            continue;
        op = g->op[g->start[i] + w.pc[i]];
        w.tfree[i] = t + s->aW;
        if (op >= 0) {
            /* send: the message reaches rank op after aC + aL */
            w.arr[w.nmsg] = t + s->aW + s->aC + s->aL;
            w.next[w.nmsg] = w.head[op];
            w.head[op] = w.nmsg++;
            w.pc[i]++;
            if (op != i && push_rank(&w, op))
                goto nomem;
        } else {
            /* receive message m: unlink it from rank i's pending list */
            for (pp = &w.head[i]; *pp != m; pp = &w.next[*pp])
                ;
            *pp = w.next[m];
            if (w.left[i] == 0)
                w.left[i] = -op;
            if (--w.left[i] == 0)
                w.pc[i]++;
        }
        if (w.tfree[i] > done)
            done = w.tfree[i];
        if (push_rank(&w, i))
            goto nomem;
    }
    for (i = 0; i < p; i++)
        if (g->start[i] + w.pc[i] < g->start[i + 1]) {
            hrel_seterr(err, errlen, "schedule deadlock: rank %d waits for a message nobody sends", i);
            goto out;
        }
    *t_done = done;
    rc = 0;
    goto out;
nomem:
    hrel_seterr(err, errlen, "out of memory");
out:
    free(w.pc);
    free(w.left);
    free(w.tfree);
    free(w.ver);
    free(w.head);
    free(w.next);
    free(w.arr);
    free(w.h.e);
    return rc;
}

/* ------------------------------------------------- large-message walker -- */

/* Per-byte completion time of program G in the large-message limit: rounds in
 * which every ready sender transmits one message (non-preemptive: T_s = T_r =
 * T_c); a processor may send in the round after it has received what its
 * program waits for. A round with n transmissions, r of them into one
 * receiver, lasts max(n bC, r bW) per byte (rule 3 on CB_C and CB_W). Only
 * the ranks that received or sent in a round are looked at in the next. */
static int walk_large(const prog *g, const hrel_hyper_sys *s, double *b_done,
                      char *err, size_t errlen)
{
    int p = g->p, i, r, rc = -1, ncand, nnext, nm = 0;
    int *pc = calloc((size_t)p, sizeof *pc), *ready = calloc((size_t)p, sizeof *ready);
    int *into = calloc((size_t)p, sizeof *into), *mark = calloc((size_t)p, sizeof *mark);
    int *cand = malloc((size_t)p * sizeof *cand), *nxt = malloc((size_t)p * sizeof *nxt);
    int *qhead = malloc((size_t)p * sizeof *qhead), *qtail = malloc((size_t)p * sizeof *qtail);
    int *mnext = malloc((size_t)(g->nop + 1) * sizeof *mnext);
    int *mround = malloc((size_t)(g->nop + 1) * sizeof *mround);
    int *touched = malloc((size_t)p * sizeof *touched);
    double total = 0.0;

    if (!pc || !ready || !into || !mark || !cand || !nxt || !qhead || !qtail || !mnext ||
        !mround || !touched) {
        hrel_seterr(err, errlen, "out of memory");
        goto out;
    }
    for (i = 0; i < p; i++) {
        cand[i] = i;
        qhead[i] = qtail[i] = -1;
    }
    ncand = p;
    for (r = 1; ncand > 0; r++) {
        int n = 0, rmax = 0, nt = 0, c;
        nnext = 0;
        for (c = 0; c < ncand; c++) {
            int op;
            i = cand[c];
            /* receives satisfied by messages of earlier rounds (FIFO) */
            while (g->start[i] + pc[i] < g->start[i + 1] && (op = g->op[g->start[i] + pc[i]]) < 0) {
                int k, cnt = 0, last = -1;
                for (k = qhead[i]; k >= 0 && cnt < -op; k = mnext[k])
                    cnt++, last = k;
                if (cnt < -op)
                    break;
                if (mround[last] > ready[i])
                    ready[i] = mround[last];
                qhead[i] = mnext[last];
                if (qhead[i] < 0)
                    qtail[i] = -1;
                pc[i]++;
            }
            if (g->start[i] + pc[i] >= g->start[i + 1])
                continue;
            op = g->op[g->start[i] + pc[i]];
            if (op < 0)
                continue;   /* waits for messages: woken when one arrives */
            if (ready[i] > r - 1) {
                if (mark[i] != r + 1) {
                    mark[i] = r + 1;
                    nxt[nnext++] = i;
                }
                continue;
            }
            /* transmit to op in round r */
            n++;
            if (into[op]++ == 0)
                touched[nt++] = op;
            mround[nm] = r;
            mnext[nm] = -1;
            if (qtail[op] >= 0)
                mnext[qtail[op]] = nm;
            else
                qhead[op] = nm;
            qtail[op] = nm++;
            ready[i] = r;
            pc[i]++;
            if (mark[i] != r + 1) {
                mark[i] = r + 1;
                nxt[nnext++] = i;
            }
            if (mark[op] != r + 1) {
                mark[op] = r + 1;
                nxt[nnext++] = op;
            }
        }
        for (c = 0; c < nt; c++) {
            if (into[touched[c]] > rmax)
                rmax = into[touched[c]];
            into[touched[c]] = 0;
        }
        if (n > 0) {
            double f = n * s->bC;
            if (rmax * s->bW > f)
                f = rmax * s->bW;
            total += f;
        }
        memcpy(cand, nxt, (size_t)nnext * sizeof *cand);
        ncand = nnext;
    }
    for (i = 0; i < p; i++)
        if (g->start[i] + pc[i] < g->start[i + 1]) {
            hrel_seterr(err, errlen, "schedule deadlock: rank %d waits for a message nobody sends", i);
            goto out;
        }
    *b_done = total;
    rc = 0;
out:
    free(pc);
    free(ready);
    free(into);
    free(mark);
    free(cand);
    free(nxt);
    free(qhead);
    free(qtail);
    free(mnext);
    free(mround);
    free(touched);
    return rc;
}

/* ------------------------------------------------------ graph patterns -- */

/* Add the block named by FMT ... with A, B on processor ON (NULL: its own). */
static int add_block(hrel_hyper_graph *g, double a, double b, const char *on, char *err,
                     size_t errlen, const char *fmt, ...)
{
    char nm[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(nm, sizeof nm, fmt, ap);
    va_end(ap);
    return hrel_hyper_graph_block(g, nm, a, b, on, err, errlen);
}

/* Adds a pattern's blocks and messages to G (which holds the network C). */
typedef int (*graph_build)(hrel_hyper_graph *g, const hrel_hyper_sys *s, int procs, int k,
                           char *err, size_t errlen);

/* The pattern BUILD makes on top of the network block C of S, reduced to the
 * block of its message RESULT. */
static int graph_cb(graph_build build, const hrel_hyper_sys *s, int procs, int k,
                    const char *result, hrel_hyper_cb *out, char *err, size_t errlen)
{
    hrel_hyper_graph *g = NULL;
    int rc = -1;
    if (hrel_hyper_graph_alloc(&g) == 0 &&
        hrel_hyper_graph_block(g, "C", s->aC, s->bC, "net", err, errlen) == 0 &&
        build(g, s, procs, k, err, errlen) == 0)
        rc = hrel_hyper_graph_reduce(g, NULL, result, out, err, errlen);
    hrel_hyper_graph_free(g);
    return rc;
}

/* n disjoint pairs 2i -> 2i+1 as a communication graph (K unused); reduce
 * m0, the message 0 -> 1. */
static int pairs_build(hrel_hyper_graph *g, const hrel_hyper_sys *s, int procs, int k,
                       char *err, size_t errlen)
{
    char nm[64], path[256];
    int i;
    (void)k;
    for (i = 0; i < procs; i++)
        if (add_block(g, s->aW, s->bW, NULL, err, errlen, "W%d", i) ||
            add_block(g, s->aL, 0.0, NULL, err, errlen, "L%d", i))
            return -1;
    for (i = 0; i + 1 < procs; i += 2) {
        snprintf(nm, sizeof nm, "m%d", i);
        snprintf(path, sizeof path, "W%d,C,L%d,W%d", i, i + 1, i + 1);
        if (hrel_hyper_graph_message(g, nm, 1.0, path, err, errlen))
            return -1;
    }
    return 0;
}

/* Neighbour exchange i -> i+d mod procs, d = 1..k, as a graph; reduce m0_1,
 * the message 0 -> 1. Send and receive work of a processor are separate
 * (dependent) blocks. */
static int nb_build(hrel_hyper_graph *g, const hrel_hyper_sys *s, int procs, int k,
                    char *err, size_t errlen)
{
    char nm[64], on[64], path[256];
    int i, d;
    for (i = 0; i < procs; i++) {
        snprintf(on, sizeof on, "P%d", i);
        if (add_block(g, s->aW, s->bW, on, err, errlen, "Ws%d", i) ||
            add_block(g, s->aW, s->bW, on, err, errlen, "Wr%d", i))
            return -1;
        for (d = 1; d <= k; d++)
            if (add_block(g, s->aL, 0.0, NULL, err, errlen, "L%d_%d", i, d))
                return -1;
    }
    for (i = 0; i < procs; i++)
        for (d = 1; d <= k; d++) {
            int j = (i + d) % procs;
            snprintf(nm, sizeof nm, "m%d_%d", i, d);
            snprintf(path, sizeof path, "Ws%d,C,L%d_%d,Wr%d", i, i, d, j);
            if (hrel_hyper_graph_message(g, nm, 1.0, path, err, errlen))
                return -1;
        }
    return 0;
}

/* ------------------------------------------------------------- predict -- */

/* min(4, procs - 1). */
int hrel_hyper_nb_default_k(int procs)
{
    return procs - 1 < 4 ? procs - 1 : 4;
}

/* Predict one pattern. */
int hrel_hyper_predict(hrel_hyper_pat pat, const hrel_hyper_sys *s, int procs, int k,
                       int preemptive, hrel_hyper_pred *out, char *err, size_t errlen)
{
    hrel_hyper_pred r;
    prog g;
    int rc;

    memset(&r, 0, sizeof r);
    if (hrel_hyper_sys_check(s, err, errlen))
        return -1;
    if (procs < 2 || procs > 65536) {
        hrel_seterr(err, errlen, "procs = %d: need 2..65536 processors", procs);
        return -1;
    }
    switch (pat) {
    case HREL_HYPER_PAIRS:
        if (procs % 2) {
            hrel_seterr(err, errlen, "PAIRS needs an even number of processors (got %d)", procs);
            return -1;
        }
        if (graph_cb(pairs_build, s, procs, 0, "m0", &r.eq, err, errlen))
            return -1;
        r.has_tsr = 1;
        r.ts.a = r.tr.a = r.tr_min.a = s->aW;   /* x -> 0: T_CB1 and T_CBn */
        r.tr_min.b = s->bW;
        r.ts.b = r.tr.b = preemptive ? s->bW : r.eq.b;   /* x -> inf: T_CB1 or T_c */
        break;
    case HREL_HYPER_NB:
        if (k < 1 || k >= procs) {
            hrel_seterr(err, errlen, "NB needs 1 <= K < procs neighbours (got K = %d, procs = %d)", k, procs);
            return -1;
        }
        if (graph_cb(nb_build, s, procs, k, "m0_1", &r.eq, err, errlen))
            return -1;
        break;
    case HREL_HYPER_BT:
    case HREL_HYPER_SB:
    case HREL_HYPER_RED:
        if (prog_init(&g, procs)) {
            prog_free(&g);
            hrel_seterr(err, errlen, "out of memory");
            return -1;
        }
        if (pat == HREL_HYPER_BT)
            build_bt(&g);
        else if (pat == HREL_HYPER_SB)
            build_sb(&g);
        else
            build_red(&g);
        rc = walk_small(&g, s, &r.eq.a, err, errlen);
        if (rc == 0)
            rc = walk_large(&g, s, &r.eq.b, err, errlen);
        prog_free(&g);
        if (rc)
            return -1;
        break;
    default:
        hrel_seterr(err, errlen, "unknown pattern");
        return -1;
    }
    *out = r;
    return 0;
}
