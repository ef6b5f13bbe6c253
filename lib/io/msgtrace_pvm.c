/* msgtrace_pvm -- the message-level trace straight from a PVM tracer file, in
 * one streamed pass. See msgtrace.h, hrel_msgtrace_import_pvm.
 *
 * The rows of a task depend only on its own events in time order (the ranks
 * only name its peers), and a tracer file holds each task's events in time
 * order: so each event goes to its task's rows as it is read (peers kept as
 * task ids), and the ranks are given at the end. Whatever this pass cannot
 * settle alone -- a task's events out of time order, or anything
 * hrel_msgtrace_from_pvm would report as an error -- makes it give up, and the
 * file is read again the old way (all events, sorted), which gives the same
 * trace or the same message. The row rules below are hrel_msgtrace_from_pvm's,
 * event for event. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "grow.h"
#include "msgtrace.h"
#include "pvmtrace.h"

#define GIVE_UP 1   /* the sink's "read it the old way" */

/* A row while the file is read: what a task's events give it (48 bytes; the
 * rank, host and match come at the end), its peers task ids in the task's
 * tids[at .. at + npeers). */
typedef struct prow {
    double t0, t1, bytes;
    long line;
    unsigned at;            /* a task's peers: fewer than 2^32 (else the old way) */
    int tag, npeers;
    hrel_msgkind kind;
} prow;

typedef struct prows {
    prow *row;
    size_t n, cap;
} prows;

/* A cleared row at the end of B (tag -1), or NULL when out of memory. The
 * first block is 1 MiB (mapped by the allocator, as msgtrace.h's rows). */
static prow *prow_push(prows *b)
{
    prow *m;
    if (!b->row) {
        size_t cap = ((size_t)1 << 20) / sizeof *b->row + 1;
        if (!(b->row = malloc(cap * sizeof *b->row)))
            return NULL;
        b->cap = cap;
    }
    if (hrel_grow(&b->row, &b->cap, b->n, sizeof *b->row))
        return NULL;
    m = &b->row[b->n++];
    memset(m, 0, sizeof *m);
    m->tag = -1;
    return m;
}

/* One task of the file: its rows so far, and what the ranks need. */
typedef struct ptask {
    int tid;
    prows rows;
    int *tids;
    size_t ntids, ctids;
    double last_t;          /* its latest event's time */
    int any;                /* has an event */
    int root;               /* has a newtask or parent exit with no parent */
    double root_t;
    long root_line;
    int part;               /* spawns or moves a message */
    int call;               /* has a call (not only pvmd events) */
    int rank;               /* -1 outside the program */
} ptask;

/* A spawn's return: the tasks it started, in tids of the state. */
typedef struct pspawn {
    double t;
    long line;
    size_t at, n;
} pspawn;

/* Field positions per descriptor (by its field names' address). */
enum { F_DST, F_MNB, F_MC, F_MB, F_SRC, F_PT, F_N };
typedef struct fcache {
    const char (*fname)[8];
    signed char at[F_N];
} fcache;

typedef struct pstate {
    ptask *tk;
    size_t ntk, ctk;
    size_t *slot;           /* tid hash: task index + 1, 0 free; cap a power of two */
    size_t cslot;
    pspawn *sp;
    size_t nsp, csp;
    int *sptids;
    size_t nsptids, csptids;
    const char *kname[32];  /* call kinds and N_* flags by name address */
    int kkind[32], kflag[32];
    int nk;
    fcache fc[32];
    int nfc;
} pstate;

static size_t tid_hash(int tid)
{
    return (size_t)(unsigned)tid * 0x9e3779b1u;
}

/* The task of TID, made when new; NULL when out of memory. */
static ptask *task_get(pstate *s, int tid)
{
    size_t i;
    if (2 * (s->ntk + 1) > s->cslot) {
        size_t nc = s->cslot ? 2 * s->cslot : 64, k;
        size_t *ns = calloc(nc, sizeof *ns);
        if (!ns)
            return NULL;
        for (k = 0; k < s->ntk; k++) {
            size_t j = tid_hash(s->tk[k].tid) & (nc - 1);
            while (ns[j])
                j = (j + 1) & (nc - 1);
            ns[j] = k + 1;
        }
        free(s->slot);
        s->slot = ns;
        s->cslot = nc;
    }
    i = tid_hash(tid) & (s->cslot - 1);
    while (s->slot[i] && s->tk[s->slot[i] - 1].tid != tid)
        i = (i + 1) & (s->cslot - 1);
    if (!s->slot[i]) {
        if (hrel_grow(&s->tk, &s->ctk, s->ntk, sizeof *s->tk) != 0)
            return NULL;
        memset(&s->tk[s->ntk], 0, sizeof s->tk[0]);
        s->tk[s->ntk].tid = tid;
        s->tk[s->ntk].rank = -1;
        s->slot[i] = ++s->ntk;
    }
    return &s->tk[s->slot[i] - 1];
}

/* The task of TID, or NULL. */
static ptask *task_find(const pstate *s, int tid)
{
    size_t i;
    if (!s->cslot)
        return NULL;
    i = tid_hash(tid) & (s->cslot - 1);
    while (s->slot[i] && s->tk[s->slot[i] - 1].tid != tid)
        i = (i + 1) & (s->cslot - 1);
    return s->slot[i] ? &s->tk[s->slot[i] - 1] : NULL;
}

static int is_part_call(const char *n)
{
    static const char *const calls[] = {"spawn", "send", "psend", "mcast", "recv",
                                        "trecv", "nrecv", "precv", NULL};
    int k;
    for (k = 0; calls[k]; k++)
        if (strcmp(n, calls[k]) == 0)
            return 1;
    return 0;
}

enum { N_NEWTASK = 1, N_PARENT = 2, N_SPAWN = 4, N_PART = 8 };

/* The row kind of call NM as hrel_msgtrace_from_pvm names it (a kind, -2
 * ignorable, -1 not modelled) and its N_* flags into *FLAGS, cached by the
 * name's address (the events of one descriptor share it). */
static int kind_of(pstate *s, const char *nm, int *flags)
{
    int i, k, f;
    for (i = 0; i < s->nk; i++)
        if (s->kname[i] == nm) {
            *flags = s->kflag[i];
            return s->kkind[i];
        }
    k = hrel_msgtrace_pvm_call_kind(nm);
    f = (strcmp(nm, "newtask") == 0 ? N_NEWTASK : 0) |
        (strcmp(nm, "parent") == 0 ? N_PARENT : 0) | (strcmp(nm, "spawn") == 0 ? N_SPAWN : 0) |
        (is_part_call(nm) ? N_PART : 0);
    if (s->nk < 32) {
        s->kname[s->nk] = nm;
        s->kflag[s->nk] = f;
        s->kkind[s->nk++] = k;
    }
    *flags = f;
    return k;
}

/* Field F of E (its position cached per descriptor), or DFLT. */
static long field(pstate *s, const hrel_pvmtev *e, int f, long dflt)
{
    static const char *const names[F_N] = {"DST", "MNB", "MC", "MB", "SRC", "PT"};
    int i, k;
    long v;
    for (i = 0; i < s->nfc && s->fc[i].fname != e->fname; i++)
        ;
    if (i == s->nfc) {
        if (s->nfc == 32)
            return hrel_pvmtev_get(e, names[f], &v) == 0 ? v : dflt;
        s->fc[i].fname = e->fname;
        for (k = 0; k < F_N; k++) {
            int j;
            s->fc[i].at[k] = -1;
            for (j = 0; j < e->nf; j++)
                if (strcmp(e->fname[j], names[k]) == 0) {
                    s->fc[i].at[k] = (signed char)j;
                    break;
                }
        }
        s->nfc++;
    }
    k = s->fc[i].at[f];
    return k >= 0 && k < e->nf ? e->fval[k] : dflt;
}

/* Keep task id V as a peer of row M of task K. */
static int add_tid(ptask *k, prow *m, int v)
{
    if (!k->tids) {   /* 1 MiB: mapped, as the rows' first block (msgtrace.h) */
        if (!(k->tids = malloc(((size_t)1 << 18) * sizeof *k->tids)))
            return -1;
        k->ctids = (size_t)1 << 18;
    }
    if (k->ntids >= 0xffffffffu ||
        hrel_grow(&k->tids, &k->ctids, k->ntids, sizeof *k->tids) != 0)
        return -1;
    if (m->npeers == 0)
        m->at = (unsigned)k->ntids;
    k->tids[k->ntids++] = v;
    m->npeers++;
    return 0;
}

static int push_start(ptask *k, const hrel_pvmtev *e)
{
    prow *m = prow_push(&k->rows);
    if (!m)
        return -1;
    m->kind = HREL_MSG_START;
    m->t0 = m->t1 = e->t;
    m->line = e->line;
    return 0;
}

/* One event, in file order. */
static int take(void *arg, const hrel_pvmtev *e)
{
    pstate *s = arg;
    ptask *k = task_get(s, e->tid);
    prow *open, *m;
    int kind, is_open, j, nf;
    if (!k || (k->any && e->t < k->last_t))
        return GIVE_UP;   /* out of memory, or out of time order: the old way */
    k->any = 1;
    k->last_t = e->t;
    kind = kind_of(s, e->name, &nf);
    if (!k->root && ((nf & N_NEWTASK) || ((nf & N_PARENT) && e->phase == 1)) &&
        field(s, e, F_PT, 0) < 0) {   /* started from the shell (no PT: not known) */
        k->root = 1;
        k->root_t = e->t;
        k->root_line = e->line;
    }
    if (e->phase == 2) {   /* pvmd events: newtask (a task's start), output, ... */
        if (k->rows.n == 0 && (nf & N_NEWTASK) && push_start(k, e) != 0)
            return GIVE_UP;
        return 0;
    }
    k->call = 1;
    if (nf & N_PART)
        k->part = 1;
    if ((nf & N_SPAWN) && e->phase == 1) {   /* the ranks' order */
        pspawn *p;
        if (hrel_grow(&s->sp, &s->csp, s->nsp, sizeof *s->sp) != 0)
            return GIVE_UP;
        p = &s->sp[s->nsp++];
        p->t = e->t;
        p->line = e->line;
        p->at = s->nsptids;
        p->n = (size_t)(e->nlist > 0 ? e->nlist : 0);
        for (j = 0; j < e->nlist; j++) {
            if (hrel_grow(&s->sptids, &s->csptids, s->nsptids, sizeof *s->sptids) != 0)
                return GIVE_UP;
            s->sptids[s->nsptids++] = e->list[j];
        }
    }
    if (k->rows.n == 0 && push_start(k, e) != 0)
        return GIVE_UP;
    open = &k->rows.row[k->rows.n - 1];
    is_open = open->kind != HREL_MSG_START && isnan(open->t1);
    if (kind == -2)
        return 0;
    if (kind < 0)
        return GIVE_UP;   /* a call hrel does not model: the old way says so */
    if (e->phase == 0) {
        if (is_open || !(m = prow_push(&k->rows)))
            return GIVE_UP;
        m->kind = (hrel_msgkind)kind;
        m->t0 = e->t;
        m->t1 = kind == HREL_MSG_EXIT ? e->t : NAN;
        m->line = e->line;
        if (kind == HREL_MSG_SEND) {
            m->bytes = (double)field(s, e, F_MNB, 0);
            m->tag = (int)field(s, e, F_MC, -1);
            if (add_tid(k, m, (int)field(s, e, F_DST, -1)) != 0)
                return GIVE_UP;
        } else if (kind == HREL_MSG_MCAST) {
            m->bytes = (double)field(s, e, F_MNB, 0);
            m->tag = (int)field(s, e, F_MC, -1);
            for (j = 0; j < e->nlist; j++)
                if (add_tid(k, m, e->list[j]) != 0)
                    return GIVE_UP;
        }
        return 0;
    }
    if (!is_open || open->kind != (hrel_msgkind)kind)
        return GIVE_UP;
    open->t1 = e->t;
    if (kind == HREL_MSG_RECV) {
        long mb = field(s, e, F_MB, 1), src = field(s, e, F_SRC, -1);
        if (mb <= 0 || src < 0) {   /* no message: a poll, counts as work */
            k->rows.n--;
            return 0;
        }
        open->bytes = (double)field(s, e, F_MNB, 0);
        open->tag = (int)field(s, e, F_MC, -1);
        if (add_tid(k, open, (int)src) != 0)
            return GIVE_UP;
    } else if (kind == HREL_MSG_SPAWN) {
        for (j = 0; j < e->nlist; j++)
            if (add_tid(k, open, e->list[j]) != 0)
                return GIVE_UP;
    }
    return 0;
}

/* Order by time, then line, as hrel_msgtrace_from_pvm sorts the events. */
static int cmp_tl(double t1, long l1, double t2, long l2)
{
    if (t1 != t2)
        return t1 < t2 ? -1 : 1;
    return (l1 > l2) - (l1 < l2);
}

static int cmp_spawn(const void *a, const void *b)
{
    const pspawn *x = a, *y = b;
    return cmp_tl(x->t, x->line, y->t, y->line);
}

typedef struct proot {
    double t;
    long line;
    ptask *k;
} proot;

static int cmp_root(const void *a, const void *b)
{
    const proot *x = a, *y = b;
    return cmp_tl(x->t, x->line, y->t, y->line);
}

/* Ranks as hrel_msgtrace_from_pvm gives them: the one shell-started task that
 * takes part, then the spawned tasks in spawn order. Fill *TID (ranks), *NTID,
 * each task's rank. 0, or GIVE_UP where the old way reports an error. */
static int give_ranks(pstate *s, int **tid, int *ntid)
{
    proot *rt = NULL;
    size_t i, j, nrt = 0, nsilent = 0;
    ptask *root = NULL;
    int n = 0;
    *tid = NULL;
    for (i = 0; i < s->ntk; i++)
        nrt += s->tk[i].root;
    if (!(rt = malloc((nrt ? nrt : 1) * sizeof *rt)))
        return GIVE_UP;
    for (i = 0, nrt = 0; i < s->ntk; i++)
        if (s->tk[i].root) {
            rt[nrt].t = s->tk[i].root_t;
            rt[nrt].line = s->tk[i].root_line;
            rt[nrt++].k = &s->tk[i];
        }
    qsort(rt, nrt, sizeof *rt, cmp_root);
    for (i = 0; i < nrt; i++) {
        if (!rt[i].k->part) {
            nsilent++;
            continue;
        }
        if (root) {   /* two programs */
            free(rt);
            return GIVE_UP;
        }
        root = rt[i].k;
    }
    free(rt);
    if (!root || nsilent >= 64)
        return GIVE_UP;
    if (!(*tid = malloc((s->nsptids + 1) * sizeof **tid)))
        return GIVE_UP;
    (*tid)[n++] = root->tid;
    root->rank = 0;
    qsort(s->sp, s->nsp, sizeof *s->sp, cmp_spawn);
    for (i = 0; i < s->nsp; i++)
        for (j = 0; j < s->sp[i].n; j++) {
            int v = s->sptids[s->sp[i].at + j];
            ptask *k;
            if (v <= 0)
                continue;
            if (!(k = task_get(s, v)))
                return GIVE_UP;
            if (k->rank < 0) {
                k->rank = n;
                (*tid)[n++] = v;
            }
        }
    *ntid = n;
    if (n < 2)
        return GIVE_UP;
    /* a task outside the program may only be a silent shell-started one, or
       have pvmd events alone */
    for (i = 0; i < s->ntk; i++)
        if (s->tk[i].rank < 0 && s->tk[i].call && !s->tk[i].root)
            return GIVE_UP;
    return 0;
}

/* The rank of task id V, -1 outside the program. */
static int rank_of_tid(const pstate *s, int v)
{
    const ptask *k = task_find(s, v);
    return k ? k->rank : -1;
}

/* Build T from S's tasks: rows in rank order, peers as ranks in one pool. 0,
 * or GIVE_UP (out of memory, or what the old way reports as an error). */
static int gather(pstate *s, const int *tid, int ntid, hrel_msgtrace *t)
{
    ptask **byrank = NULL;
    size_t i, np = 0, at = 0;
    int r, rc = GIVE_UP;
    if (!(byrank = calloc((size_t)ntid, sizeof *byrank)))
        return GIVE_UP;
    for (i = 0; i < s->ntk; i++)
        if (s->tk[i].rank >= 0)
            byrank[s->tk[i].rank] = &s->tk[i];
    for (r = 0; r < ntid; r++) {
        const ptask *k = byrank[r];
        const prow *last;
        if (!k || k->rows.n == 0)
            goto out;   /* a rank with no events */
        last = &k->rows.row[k->rows.n - 1];
        if (isnan(last->t1) || last->kind != HREL_MSG_EXIT)
            goto out;   /* cut short, or no pvm_exit */
        t->n += k->rows.n;
        np += k->ntids;
    }
    t->row = malloc((t->n ? t->n : 1) * sizeof *t->row);
    t->pool = malloc((np ? np : 1) * sizeof *t->pool);
    t->tid = malloc((size_t)ntid * sizeof *t->tid);
    if (!t->row || !t->pool || !t->tid)
        goto out;
    memcpy(t->tid, tid, (size_t)ntid * sizeof *tid);
    np = 0;
    for (r = 0; r < ntid; r++) {
        ptask *k = byrank[r];
        size_t q;
        for (q = 0; q < k->rows.n; q++) {
            hrel_msg *m = &t->row[at++];
            const prow *w = &k->rows.row[q];
            int c, got = 0;
            m->t0 = w->t0;
            m->t1 = w->t1;
            m->bytes = w->bytes;
            m->line = w->line;
            m->tag = w->tag;
            m->kind = w->kind;
            m->npeers = w->npeers;
            m->inside = -1;
            m->match = -1;
            m->rank = r;
            m->host = (tid[r] >> 18) & 0xfff;
            if (m->npeers == 0) {
                m->peers = NULL;
                continue;
            }
            for (c = 0; c < m->npeers; c++) {
                int d = rank_of_tid(s, k->tids[w->at + c]);
                if (d < 0 && m->kind == HREL_MSG_RECV)
                    goto out;   /* from a task outside the program */
                if (d >= 0)
                    t->pool[np + (size_t)got++] = d;
            }
            m->peers = got ? t->pool + np : NULL;
            m->npeers = got;
            np += (size_t)got;
        }
        free(k->rows.row);
        k->rows.row = NULL;
        free(k->tids);
        k->tids = NULL;
    }
    rc = 0;
out:
    free(byrank);
    return rc;
}

static void state_free(pstate *s)
{
    size_t i;
    for (i = 0; i < s->ntk; i++) {
        free(s->tk[i].rows.row);
        free(s->tk[i].tids);
    }
    free(s->tk);
    free(s->slot);
    free(s->sp);
    free(s->sptids);
}

int hrel_msgtrace_import_pvm(const char *path, hrel_msgtrace **out, char *err, size_t errlen)
{
    pstate s;
    hrel_msgtrace *t = NULL;
    hrel_pvmtrace *pt = NULL;
    int *tid = NULL, ntid = 0, rc;
    size_t i;
    double origin;

    *out = NULL;
    memset(&s, 0, sizeof s);
    rc = hrel_pvmtrace_scan(path, take, &s, err, errlen);
    if (rc < 0) {
        state_free(&s);
        return -1;   /* the file itself: the same message as the old way's */
    }
    if (rc == 0 && (rc = give_ranks(&s, &tid, &ntid)) == 0) {
        if (!(t = calloc(1, sizeof *t)) || !(t->path = hrel_strdup(path)))
            rc = GIVE_UP;
        else {
            strcpy(t->tracer, "pvm");
            t->group_server = -1;
            t->nproc = ntid;
            rc = gather(&s, tid, ntid, t);
        }
    }
    state_free(&s);
    free(tid);
    if (rc == 0) {
        if (hrel_msgtrace_finish(t, err, errlen) != 0) {
            hrel_msgtrace_free(t);
            return -1;
        }
        hrel_msgtrace_align_clocks(t);
        origin = t->row[0].t0;
        for (i = 0; i < t->n; i++) {
            t->row[i].t0 -= origin;
            t->row[i].t1 -= origin;
        }
        *out = t;
        return 0;
    }
    if (t && !t->pool) {   /* its rows' peers are no arrays of their own */
        free(t->row);
        t->row = NULL;
        t->n = 0;
    }
    hrel_msgtrace_free(t);
    /* the old way: every event held and sorted; the same trace or message */
    if (hrel_pvmtrace_read(path, &pt, err, errlen) != 0)
        return -1;
    rc = hrel_msgtrace_from_pvm(pt, out, err, errlen);
    hrel_pvmtrace_free(pt);
    return rc;
}
