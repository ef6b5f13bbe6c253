/* msgtrace -- the message-level trace: from PVM tracer events, to and from
 * msgs.csv. See msgtrace.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "errmsg.h"
#include "grow.h"
#include "names.h"
#include "msgtrace.h"
#include "numfmt.h"

static void pool_fix(hrel_msgtrace *t);

static const char *const kind_names[] = {"start", "spawn", "send", "mcast", "recv", "exit",
                                         "enrol", "end", "joingroup", "lvgroup", "barrier",
                                         "bcast", "reduce", "gather", "scatter", NULL};

int hrel_msgkind_is_group(hrel_msgkind k)
{
    return k >= HREL_MSG_JOINGROUP && k <= HREL_MSG_SCATTER;
}

double hrel_msgtrace_startup_cpu(const hrel_msgtrace *t, int r)
{
    size_t f;
    if (!t->gap_cpu || r < 0 || r >= t->nproc || t->first[r] >= t->first[r + 1])
        return NAN;
    f = t->first[r];
    return t->row[f].kind == HREL_MSG_START && t->gap_cpu[f] > 0 ? t->gap_cpu[f] : NAN;
}

int hrel_msg_gap_at_end(const hrel_msg *m)
{
    return !hrel_msgkind_is_group(m->kind);
}

double hrel_msg_gap_from(const hrel_msg *m)
{
    return hrel_msg_gap_at_end(m) ? m->t1 : m->t0;
}

const char *hrel_msgkind_name(hrel_msgkind k)
{
    return hrel_names_at(kind_names, (int)k);
}

int hrel_msgkind_parse(const char *s)
{
    return hrel_names_index(s, kind_names);
}

void hrel_msgtrace_free(hrel_msgtrace *t)
{
    size_t i;
    if (!t)
        return;
    if (t->pool)
        free(t->pool);
    else
        for (i = 0; t->row && i < t->n; i++)
            free(t->row[i].peers);
    free(t->row);
    free(t->first);
    free(t->tid);
    free(t->status);
    free(t->gap_cpu);
    free(t->gap_blocked);
    free(t->call_cpu);
    free(t->path);
    free(t);
}

/* The FIFO queues of sends by (source, destination, tag): an open-addressing
 * hash table of keys, each the head and tail of a list of entries (a send or
 * mcast row and one of its destinations), linked through NEXT. */
typedef struct mkey {
    int src, dst, tag;
    int used;
    size_t head, tail;     /* entry + 1; 0: empty */
} mkey;

typedef struct mqueues {
    mkey *tab;
    size_t cap, nkey;      /* cap a power of two */
    size_t *row, *next;    /* per entry: its send row, the next entry + 1 */
} mqueues;

static size_t key_hash(int src, int dst, int tag)
{
    unsigned long long x = (unsigned long long)(unsigned)src * 0x9e3779b97f4a7c15ULL ^
                           (unsigned long long)(unsigned)dst * 0xc2b2ae3d27d4eb4fULL ^
                           (unsigned long long)(unsigned)tag * 0x165667b19e3779f9ULL;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 32;
    return (size_t)x;
}

/* The slot of key (SRC, DST, TAG): found, or a free one (used 0). */
static mkey *key_slot(const mqueues *q, int src, int dst, int tag)
{
    size_t i = key_hash(src, dst, tag) & (q->cap - 1);
    while (q->tab[i].used && (q->tab[i].src != src || q->tab[i].dst != dst || q->tab[i].tag != tag))
        i = (i + 1) & (q->cap - 1);
    return &q->tab[i];
}

/* The queue of (SRC, DST, TAG), made when missing; NULL when out of memory. */
static mkey *key_get(mqueues *q, int src, int dst, int tag)
{
    mkey *k;
    if (2 * (q->nkey + 1) > q->cap) {   /* keep the load at most 1/2 */
        mqueues nq = *q;
        size_t i;
        nq.cap = q->cap ? 2 * q->cap : 64;
        if (!(nq.tab = calloc(nq.cap, sizeof *nq.tab)))
            return NULL;
        for (i = 0; i < q->cap; i++)
            if (q->tab[i].used)
                *key_slot(&nq, q->tab[i].src, q->tab[i].dst, q->tab[i].tag) = q->tab[i];
        free(q->tab);
        q->tab = nq.tab;
        q->cap = nq.cap;
    }
    k = key_slot(q, src, dst, tag);
    if (!k->used) {
        k->used = 1;
        k->src = src;
        k->dst = dst;
        k->tag = tag;
        q->nkey++;
    }
    return k;
}

/* Call F(T, I, D, ARG) for each distinct valid destination D of send or mcast
 * row I (STAMP: per rank, the last row + 1 that named it). */
#define EACH_DEST(t, i, stamp, body)                                                        \
    do {                                                                                    \
        const hrel_msg *s_ = &(t)->row[i];                                                  \
        int k_;                                                                             \
        for (k_ = 0; k_ < s_->npeers; k_++) {                                               \
            int d = s_->peers[k_];                                                          \
            if (d < 0 || d >= (t)->nproc || (stamp)[d] == (i) + 1)                          \
                continue;                                                                   \
            (stamp)[d] = (i) + 1;                                                           \
            body;                                                                           \
        }                                                                                   \
    } while (0)

/* Rows are grouped by rank already; fill first[] and match receives to sends
 * by (source, destination, tag) in FIFO order: each receive takes the first
 * unused send (or mcast naming it) of its source to it with its tag. A queue
 * per key: O(n) expected time, memory linear in the messages. */
int hrel_msgtrace_finish(hrel_msgtrace *t, char *err, size_t errlen)
{
    size_t i, ne = 0, *stamp = NULL;
    int r, rc = -1;
    mqueues q;
    memset(&q, 0, sizeof q);
    t->first = calloc((size_t)t->nproc + 1, sizeof *t->first);
    stamp = calloc((size_t)t->nproc, sizeof *stamp);
    if (!t->first || !stamp)
        goto oom;
    for (i = 0, r = 0; r < t->nproc; r++) {
        t->first[r] = i;
        while (i < t->n && t->row[i].rank == r)
            i++;
    }
    t->first[t->nproc] = i;
    if (i != t->n) {
        hrel_seterr(err, errlen, "%s: rows are not grouped by rank 0..%d in order (line %ld)",
                    t->path, t->nproc - 1, t->row[i].line);
        goto out;
    }
    for (i = 0; i < t->n; i++)
        if (t->row[i].kind == HREL_MSG_SEND || t->row[i].kind == HREL_MSG_MCAST)
            EACH_DEST(t, i, stamp, ne++);
    q.row = malloc((ne ? ne : 1) * sizeof *q.row);
    q.next = malloc((ne ? ne : 1) * sizeof *q.next);
    if (!q.row || !q.next)
        goto oom;
    memset(stamp, 0, (size_t)t->nproc * sizeof *stamp);
    ne = 0;
    for (i = 0; i < t->n; i++) {
        const hrel_msg *m = &t->row[i];
        if (m->kind != HREL_MSG_SEND && m->kind != HREL_MSG_MCAST)
            continue;
        EACH_DEST(t, i, stamp, {
            mkey *k = key_get(&q, m->rank, d, m->tag);
            if (!k)
                goto oom;
            q.row[ne] = i;
            q.next[ne] = 0;
            if (k->tail)
                q.next[k->tail - 1] = ne + 1;
            else
                k->head = ne + 1;
            k->tail = ++ne;
        });
    }
    for (i = 0; i < t->n; i++) {
        hrel_msg *m = &t->row[i];
        int src, dst = m->rank;
        mkey *k;
        m->match = -1;
        if (m->kind != HREL_MSG_RECV)
            continue;
        src = m->npeers == 1 ? m->peers[0] : -1;
        if (src < 0 || src >= t->nproc) {
            hrel_seterr(err, errlen, "%s:%ld: rank %d receive without a valid source rank",
                        t->path, m->line, dst);
            goto out;
        }
        k = q.cap ? key_slot(&q, src, dst, m->tag) : NULL;
        if (!k || !k->used || !k->head) {
            hrel_seterr(err, errlen, "%s:%ld: rank %d receive%s%s of tag %d from rank %d at "
                        "%.6f s has no matching send (trace cut short?)", t->path, m->line,
                        dst, m->inside >= 0 && (size_t)m->inside < t->n ? " inside " : "",
                        m->inside >= 0 && (size_t)m->inside < t->n
                            ? hrel_msgkind_name(t->row[m->inside].kind) : "",
                        m->tag, src, m->t0);
            goto out;
        }
        m->match = (long)q.row[k->head - 1];
        k->head = q.next[k->head - 1];
        if (!k->head)
            k->tail = 0;
    }
    rc = 0;
    goto out;
oom:
    hrel_seterr(err, errlen, "%s: out of memory", t->path);
out:
    free(stamp);
    free(q.tab);
    free(q.row);
    free(q.next);
    return rc;
}

/* --- from PVM tracer events ------------------------------------------------ */

typedef hrel_msgrows rowbuf;

hrel_msg *hrel_msgrows_push(hrel_msgrows *b)
{
    if (!b->row) {   /* a first block the allocator maps: untouched until used, and
                        given back to the system when freed (no heap left behind) */
        if (!(b->row = malloc(HREL_MSGROWS_FIRST * sizeof *b->row)))
            return NULL;
        b->cap = HREL_MSGROWS_FIRST;
    }
    if (hrel_grow(&b->row, &b->cap, b->n, sizeof *b->row))
        return NULL;
    memset(&b->row[b->n], 0, sizeof b->row[0]);
    b->row[b->n].match = -1;
    b->row[b->n].inside = -1;
    b->row[b->n].tag = -1;
    return &b->row[b->n++];
}

/* Append rank RK's start event at E's time; return 0 or -1 (out of memory). */
static int push_start(rowbuf *b, int rk, const hrel_pvmtev *e)
{
    hrel_msg *m = hrel_msgrows_push(b);
    if (!m)
        return -1;
    m->rank = rk;
    m->kind = HREL_MSG_START;
    m->t0 = m->t1 = e->t;
    m->line = e->line;
    return 0;
}

/* Calls that carry no message and cost only their own time (computation). */
static int ignorable(const char *n)
{
    static const char *const ok[] = {
        "mytid", "parent", "probe", "bufinfo", "initsend", "mkbuf", "freebuf", "getsbuf",
        "getrbuf", "setsbuf", "setrbuf", "getopt", "setopt", "config", "tasks", "pstat",
        "mstat", "notify", "gettid", "tidtohost", "user_defined", "sendsig", "kill",
        "archcode", "perror", "siblings", "gettmask", "settmask", "catchout", "getfds",
        "version", "getinst", "lookup", "insert", "delete", "putinfo", "getinfo",
        "delinfo", "getmboxinfo", "newcontext", "setcontext", "getcontext",
        "freecontext", "addhosts", "delhosts", "halt", "hostsync", "recvf", NULL};
    int i;
    if (strncmp(n, "pk", 2) == 0 || strncmp(n, "upk", 3) == 0)
        return 1;
    for (i = 0; ok[i]; i++)
        if (strcmp(n, ok[i]) == 0)
            return 1;
    return 0;
}

/* Events by time, then by line (times are finite: whole seconds and microseconds). */
/* The row kind of call NM: a kind, -2 ignorable, -1 not modelled. Events of
 * one descriptor share their name's storage, so a small cache by address
 * spares the string comparisons. */
typedef struct kcache {
    const char *name[32];
    int kind[32];
    int n;
} kcache;

int hrel_msgtrace_pvm_call_kind(const char *nm)
{
    if (strcmp(nm, "send") == 0 || strcmp(nm, "psend") == 0)
        return HREL_MSG_SEND;
    if (strcmp(nm, "mcast") == 0)
        return HREL_MSG_MCAST;
    if (strcmp(nm, "recv") == 0 || strcmp(nm, "trecv") == 0 || strcmp(nm, "nrecv") == 0 ||
        strcmp(nm, "precv") == 0)
        return HREL_MSG_RECV;
    if (strcmp(nm, "spawn") == 0)
        return HREL_MSG_SPAWN;
    if (strcmp(nm, "exit") == 0)
        return HREL_MSG_EXIT;
    return ignorable(nm) ? -2 : -1;
}

static int call_kind(kcache *c, const char *nm)
{
    int i, kind;
    for (i = 0; i < c->n; i++)
        if (c->name[i] == nm)
            return c->kind[i];
    kind = hrel_msgtrace_pvm_call_kind(nm);
    if (c->n < 32) {
        c->name[c->n] = nm;
        c->kind[c->n++] = kind;
    }
    return kind;
}

/* Sort the N events EV by time, then line: a natural merge sort (a tracer
 * file is runs of events in time order), TMP of N entries. */
static int cmp_time(const void *a, const void *b);

static void sort_events(const hrel_pvmtev **ev, const hrel_pvmtev **tmp, size_t n)
{
    const hrel_pvmtev **src = ev, **dst = tmp, **sw;
    for (;;) {
        size_t i = 0, nrun = 0;
        while (i < n) {   /* merge two runs from src[i..] into dst[i..] */
            size_t a = i, am, b, bm, k = i;
            for (am = a + 1; am < n && cmp_time(&src[am - 1], &src[am]) <= 0; am++)
                ;
            b = am;
            bm = b;
            if (b < n)
                for (bm = b + 1; bm < n && cmp_time(&src[bm - 1], &src[bm]) <= 0; bm++)
                    ;
            while (a < am && b < bm)
                dst[k++] = cmp_time(&src[b], &src[a]) < 0 ? src[b++] : src[a++];
            while (a < am)
                dst[k++] = src[a++];
            while (b < bm)
                dst[k++] = src[b++];
            i = bm;
            nrun++;
        }
        sw = src;
        src = dst;
        dst = sw;
        if (nrun <= 1)
            break;
    }
    if (src != ev)
        memcpy(ev, src, n * sizeof *ev);
}

static int cmp_time(const void *a, const void *b)
{
    const hrel_pvmtev *x = *(const hrel_pvmtev *const *)a, *y = *(const hrel_pvmtev *const *)b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

static int rank_of(const int *tid, int n, int t)
{
    int i;
    for (i = 0; i < n; i++)
        if (tid[i] == t)
            return i;
    return -1;
}

/* Task ids to ranks: an open-addressing hash table (cap a power of two, at
 * least twice the ranks), so a lookup per event does not scan the ranks. */
typedef struct tidmap {
    int *tid, *rank;   /* rank -1: free slot */
    size_t cap;
} tidmap;

static size_t tid_slot(const tidmap *m, int tid)
{
    size_t i = ((size_t)(unsigned)tid * 0x9e3779b1u) & (m->cap - 1);
    while (m->rank[i] >= 0 && m->tid[i] != tid)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* Fill M from the N task ids TID (rank = index). 0, or -1 (no memory). */
static int tidmap_fill(tidmap *m, const int *tid, int n)
{
    size_t i;
    m->cap = 16;
    while (m->cap < 2 * (size_t)n + 2)
        m->cap *= 2;
    m->tid = malloc(m->cap * sizeof *m->tid);
    m->rank = malloc(m->cap * sizeof *m->rank);
    if (!m->tid || !m->rank)
        return -1;
    for (i = 0; i < m->cap; i++)
        m->rank[i] = -1;
    for (i = 0; i < (size_t)n; i++) {
        size_t k = tid_slot(m, tid[i]);
        if (m->rank[k] < 0) {   /* the first rank of a task id, as rank_of finds it */
            m->tid[k] = tid[i];
            m->rank[k] = (int)i;
        }
    }
    return 0;
}

/* The rank of task T, -1 when not in the program. */
static int tidmap_rank(const tidmap *m, int t)
{
    return m->rank[tid_slot(m, t)];
}

/* The peers of every row, in one growing pool; rows hold their offset in
 * match until the gather points them into it. */
typedef struct ipool {
    int *v;
    size_t n, cap;
} ipool;

/* Set M's peers to the one rank D; return 0 or -1 (out of memory). */
static int set_peer(hrel_msg *m, ipool *pl, int d)
{
    if (hrel_grow(&pl->v, &pl->cap, pl->n, sizeof *pl->v))
        return -1;
    m->match = (long)pl->n;
    pl->v[pl->n++] = d;
    m->npeers = 1;
    return 0;
}

/* Set M's peers to the ranks of E's task list (tasks outside the program are
 * left out); return 0 or -1 (out of memory). */
static int set_peers_of_list(hrel_msg *m, ipool *pl, const hrel_pvmtev *e, const tidmap *tm)
{
    int k;
    m->match = (long)pl->n;
    for (k = 0; k < e->nlist; k++) {
        int d = tidmap_rank(tm, e->list[k]);
        if (d >= 0) {
            if (hrel_grow(&pl->v, &pl->cap, pl->n, sizeof *pl->v))
                return -1;
            pl->v[pl->n++] = d;
            m->npeers++;
        }
    }
    return 0;
}

static long fld(const hrel_pvmtev *e, const char *f, long dflt)
{
    long v;
    return hrel_pvmtev_get(e, f, &v) == 0 ? v : dflt;
}

/* Shift each host's clock so messages respect causality (a receive ends after
 * its send begins), keeping 0 (the clocks are taken as synchronised) when
 * that is consistent; hosts reached through messages from rank 0's host. */
void hrel_msgtrace_align_clocks(hrel_msgtrace *t)
{
    int maxh = 0, changed = 1, guard = 0, shifted = 0;
    size_t i;
    double *off, *lo, *hi;
    int *known;
    unsigned char *has;
    for (i = 0; i < t->n; i++)
        if (t->row[i].host > maxh)
            maxh = t->row[i].host;
    off = calloc((size_t)maxh + 1, sizeof *off);
    lo = calloc((size_t)maxh + 1, sizeof *lo);
    hi = calloc((size_t)maxh + 1, sizeof *hi);
    known = calloc((size_t)maxh + 1, sizeof *known);
    has = calloc((size_t)maxh + 1, 1);
    if (!off || !lo || !hi || !known || !has)
        goto out;
    for (i = 0; i < t->n; i++)
        has[t->row[i].host] = 1;
    known[t->row[0].host] = 1;
    while (changed && guard++ <= maxh + 1) {
        int h;
        changed = 0;
        for (h = 0; h <= maxh && (known[h] || !has[h]); h++)
            ;
        if (h > maxh)
            break;   /* every host of a row known: a pass would change nothing */
        for (h = 0; h <= maxh; h++) {
            lo[h] = -INFINITY;
            hi[h] = INFINITY;
        }
        for (i = 0; i < t->n; i++) {
            const hrel_msg *r = &t->row[i], *s;
            if (r->kind != HREL_MSG_RECV || r->match < 0)
                continue;
            s = &t->row[r->match];
            if (s->host == r->host)
                continue;
            /* r->t1 + off[r] >= s->t0 + off[s] */
            if (known[s->host] && !known[r->host])
                lo[r->host] = fmax(lo[r->host], s->t0 + off[s->host] - r->t1);
            if (known[r->host] && !known[s->host])
                hi[s->host] = fmin(hi[s->host], r->t1 + off[r->host] - s->t0);
        }
        for (h = 0; h <= maxh; h++) {
            double o;
            if (known[h] || (isinf(lo[h]) && isinf(hi[h])))
                continue;
            if (lo[h] <= 0 && 0 <= hi[h])
                o = 0;
            else if (lo[h] > hi[h])
                o = 0.5 * (lo[h] + hi[h]);
            else
                o = lo[h] > 0 ? lo[h] : hi[h];
            off[h] = o;
            known[h] = 1;
            changed = 1;
            if (isfinite(lo[h]) && isfinite(hi[h]) && hi[h] - lo[h] > t->clock_bound)
                t->clock_bound = hi[h] - lo[h];
            if (fabs(o) > t->clock_shift_max)
                t->clock_shift_max = fabs(o);
        }
    }
    for (i = 0; i <= (size_t)maxh; i++)
        shifted |= off[i] != 0;
    for (i = 0; shifted && i < t->n; i++) {   /* (adding 0 changes no time: none is -0) */
        t->row[i].t0 += off[t->row[i].host];
        t->row[i].t1 += off[t->row[i].host];
    }
out:
    free(has);
    free(off);
    free(lo);
    free(hi);
    free(known);
}

/* Does task TID spawn or move a message anywhere in the trace? */
static int takes_part(const hrel_pvmtev **ev, size_t n, int tid)
{
    static const char *const calls[] = {"spawn", "send", "psend", "mcast", "recv",
                                        "trecv", "nrecv", "precv", NULL};
    size_t i;
    int k;
    for (i = 0; i < n; i++)
        if (ev[i]->tid == tid && ev[i]->phase != 2)
            for (k = 0; calls[k]; k++)
                if (strcmp(ev[i]->name, calls[k]) == 0)
                    return 1;
    return 0;
}

int hrel_msgtrace_from_pvm(const hrel_pvmtrace *pt, hrel_msgtrace **out, char *err,
                           size_t errlen)
{
    const hrel_pvmtev **ev = NULL;
    int *tid = NULL, ntid = 0, root = 0, silent[64], nsilent = 0, r;
    size_t i, n = pt->nev;
    rowbuf *rb = NULL;
    tidmap tm = {NULL, NULL, 0};
    kcache kc;
    ipool pl = {NULL, 0, 0};
    hrel_msgtrace *t = NULL;
    double origin;

    *out = NULL;
    kc.n = 0;
    ev = malloc((n ? n : 1) * sizeof *ev);
    tid = malloc((n + 1) * sizeof *tid);
    if (!ev || !tid)
        goto oom;
    for (i = 0; i < n; i++)
        ev[i] = &pt->ev[i];
    {
        const hrel_pvmtev **tmp = malloc((n ? n : 1) * sizeof *tmp);
        if (!tmp)
            goto oom;
        sort_events(ev, tmp, n);
        free(tmp);
    }

    /* rank 0: the task whose parent is none (newtask PT -1, parent() < 0) and
     * that spawns or moves a message; another shell-started task that does
     * neither (e.g. a console or hrel_pvmdrtt asking the pvmd something while
     * the program runs) is left out */
    for (i = 0; i < n; i++) {
        const hrel_pvmtev *e = ev[i];
        long pt_ = 0;
        int isroot = (strcmp(e->name, "newtask") == 0 && hrel_pvmtev_get(e, "PT", &pt_) == 0 &&
                      pt_ < 0) ||
                     (strcmp(e->name, "parent") == 0 && e->phase == 1 &&
                      hrel_pvmtev_get(e, "PT", &pt_) == 0 && pt_ < 0);
        if (!isroot || rank_of(tid, ntid, e->tid) >= 0 || rank_of(silent, nsilent, e->tid) >= 0)
            continue;   /* known already (takes_part scans the whole trace: once a task) */
        if (!takes_part(ev, n, e->tid)) {
            if (rank_of(silent, nsilent, e->tid) < 0 && nsilent < 64)
                silent[nsilent++] = e->tid;
            continue;
        }
        if (ntid > 0) {
            hrel_seterr(err, errlen, "%s:%ld: two tasks started from the shell (t%x and t%x): "
                        "trace one program at a time", pt->path, e->line, (unsigned)tid[0],
                        (unsigned)e->tid);
            goto fail;
        }
        tid[ntid++] = e->tid;
        root = e->tid;
    }
    if (ntid == 0 && nsilent)   /* only silent ones: the first (it spawned nothing, below) */
        tid[ntid++] = root = silent[0];
    if (ntid == 0) {
        hrel_seterr(err, errlen, "%s: no task started from the shell in the trace (was the "
                    "tracer running before the program started?)", pt->path);
        goto fail;
    }
    /* the others in spawn order */
    for (i = 0; i < n; i++) {
        const hrel_pvmtev *e = ev[i];
        int k;
        if (strcmp(e->name, "spawn") != 0 || e->phase != 1)
            continue;
        for (k = 0; k < e->nlist; k++)
            if (e->list[k] > 0 && rank_of(tid, ntid, e->list[k]) < 0)
                tid[ntid++] = e->list[k];
    }
    if (ntid < 2) {
        hrel_seterr(err, errlen, "%s: task t%x spawned no tasks: nothing to predict (a PVM "
                    "program here is a task that spawns others)", pt->path, (unsigned)root);
        goto fail;
    }
    rb = calloc((size_t)ntid, sizeof *rb);
    if (!rb || tidmap_fill(&tm, tid, ntid) != 0)
        goto oom;

    for (i = 0; i < n; i++) {
        const hrel_pvmtev *e = ev[i];
        hrel_msg *m;
        int rk;
        rk = tidmap_rank(&tm, e->tid);
        if (e->phase == 2) {  /* pvmd events: newtask (a task's start), output, ... */
            if (rk >= 0 && rb[rk].n == 0 && strcmp(e->name, "newtask") == 0 &&
                push_start(&rb[rk], rk, e) != 0)
                goto oom;
            continue;
        }
        if (rk < 0) {
            if (rank_of(silent, nsilent, e->tid) >= 0)   /* shell-started, takes no part */
                continue;
            hrel_seterr(err, errlen, "%s:%ld: task t%x calls pvm_%s but was neither started "
                        "from the shell nor by a traced pvm_spawn", pt->path, e->line,
                        (unsigned)e->tid, e->name);
            goto fail;
        }
        if (rb[rk].n == 0 && push_start(&rb[rk], rk, e) != 0)
            goto oom;
        {
            /* open call of this rank: the last row if it is not closed yet */
            hrel_msg *open = &rb[rk].row[rb[rk].n - 1];
            int is_open = open->kind != HREL_MSG_START && isnan(open->t1);
            const char *nm = e->name;
            int kind = call_kind(&kc, nm);
            if (kind == -2)
                continue;
            if (kind < 0) {
                hrel_seterr(err, errlen, "%s:%ld: task t%x (rank %d) calls pvm_%s, which hrel "
                            "does not model (supported: send, psend, mcast, recv, trecv, "
                            "nrecv, precv, spawn, exit)", pt->path, e->line, (unsigned)e->tid,
                            rk, nm);
                goto fail;
            }
            if (e->phase == 0) {
                if (is_open) {
                    hrel_seterr(err, errlen, "%s:%ld: task t%x (rank %d) enters pvm_%s before "
                                "pvm_%s of line %ld returned", pt->path, e->line,
                                (unsigned)e->tid, rk, nm, hrel_msgkind_name(open->kind),
                                open->line);
                    goto fail;
                }
                if (!(m = hrel_msgrows_push(&rb[rk])))
                    goto oom;
                m->rank = rk;
                m->kind = (hrel_msgkind)kind;
                m->host = (e->tid >> 18) & 0xfff;
                m->t0 = e->t;
                m->t1 = kind == HREL_MSG_EXIT ? e->t : NAN;
                m->line = e->line;
                if (kind == HREL_MSG_SEND) {
                    int d = tidmap_rank(&tm, (int)fld(e, "DST", -1));
                    m->bytes = (double)fld(e, "MNB", 0);
                    m->tag = (int)fld(e, "MC", -1);
                    if (d >= 0 && set_peer(m, &pl, d) != 0)
                        goto oom;
                } else if (kind == HREL_MSG_MCAST) {
                    m->bytes = (double)fld(e, "MNB", 0);
                    m->tag = (int)fld(e, "MC", -1);
                    if (set_peers_of_list(m, &pl, e, &tm) != 0)
                        goto oom;
                }
            } else {
                if (!is_open || open->kind != (hrel_msgkind)kind) {
                    hrel_seterr(err, errlen, "%s:%ld: task t%x (rank %d): pvm_%s returns but "
                                "was not entered", pt->path, e->line, (unsigned)e->tid, rk, nm);
                    goto fail;
                }
                open->t1 = e->t;
                if (kind == HREL_MSG_RECV) {
                    long mb = fld(e, "MB", 1), src = fld(e, "SRC", -1);
                    int s = tidmap_rank(&tm, (int)src);
                    if (mb <= 0 || src < 0) {       /* no message: a poll, count as work */
                        rb[rk].n--;
                        continue;
                    }
                    if (s < 0) {
                        hrel_seterr(err, errlen, "%s:%ld: rank %d receives from task t%x, which "
                                    "is not part of the traced program", pt->path, e->line, rk,
                                    (unsigned)src);
                        goto fail;
                    }
                    open->bytes = (double)fld(e, "MNB", 0);
                    open->tag = (int)fld(e, "MC", -1);
                    if (set_peer(open, &pl, s) != 0)
                        goto oom;
                } else if (kind == HREL_MSG_SPAWN) {
                    if (set_peers_of_list(open, &pl, e, &tm) != 0)
                        goto oom;
                }
            }
        }
    }
    /* every rank ends with a closed exit row */
    for (r = 0; r < ntid; r++) {
        hrel_msg *last;
        if (rb[r].n == 0) {
            hrel_seterr(err, errlen, "%s: rank %d (task t%x) has no events: the trace is cut "
                        "short or the task never enrolled", pt->path, r, (unsigned)tid[r]);
            goto fail;
        }
        last = &rb[r].row[rb[r].n - 1];
        if (isnan(last->t1)) {
            hrel_seterr(err, errlen, "%s:%ld: rank %d (task t%x) is inside pvm_%s at the end "
                        "of the trace: the trace is cut short", pt->path, last->line, r,
                        (unsigned)tid[r], hrel_msgkind_name(last->kind));
            goto fail;
        }
    }
    for (r = 0; r < ntid; r++) {
        hrel_msg *last = &rb[r].row[rb[r].n - 1];
        if (last->kind != HREL_MSG_EXIT) {
            hrel_seterr(err, errlen, "%s: rank %d (task t%x) has no pvm_exit: the trace is cut "
                        "short or the task was killed", pt->path, r, (unsigned)tid[r]);
            goto fail;
        }
    }
    /* gather */
    t = calloc(1, sizeof *t);
    if (!t || !(t->path = hrel_strdup(pt->path)))
        goto oom;
    strcpy(t->tracer, "pvm");
    t->group_server = -1;
    t->nproc = ntid;
    for (r = 0; r < ntid; r++)
        t->n += rb[r].n;
    t->row = malloc(t->n * sizeof *t->row);
    t->tid = malloc((size_t)ntid * sizeof *t->tid);
    if (!t->row || !t->tid)
        goto oom;
    memcpy(t->tid, tid, (size_t)ntid * sizeof *tid);
    for (i = 0, r = 0; r < ntid; r++) {
        size_t k;
        for (k = 0; k < rb[r].n; k++) {
            rb[r].row[k].host = (tid[r] >> 18) & 0xfff;
            t->row[i++] = rb[r].row[k];
        }
        free(rb[r].row);
        rb[r].row = NULL;
        rb[r].n = 0;
    }
    free(rb);
    rb = NULL;
    t->pool = pl.v ? pl.v : malloc(sizeof *t->pool);
    pl.v = NULL;
    if (!t->pool)
        goto oom;
    pool_fix(t);
    if (hrel_msgtrace_finish(t, err, errlen) != 0)
        goto fail;
    hrel_msgtrace_align_clocks(t);
    origin = t->row[0].t0;
    for (i = 0; i < t->n; i++) {
        t->row[i].t0 -= origin;
        t->row[i].t1 -= origin;
    }
    free(ev);
    free(tid);
    free(tm.tid);
    free(tm.rank);
    *out = t;
    return 0;
oom:
    hrel_seterr(err, errlen, "%s: out of memory", pt->path);
fail:
    if (rb) {   /* rows hold pool offsets, nothing of their own */
        for (r = 0; r < ntid; r++)
            free(rb[r].row);
        free(rb);
    }
    if (t && !t->pool) {   /* gathered rows hold offsets too */
        for (i = 0; i < t->n; i++)
            t->row[i].peers = NULL;
    }
    hrel_msgtrace_free(t);
    free(pl.v);
    free(ev);
    free(tid);
    free(tm.tid);
    free(tm.rank);
    return -1;
}

/* --- msgs.csv ------------------------------------------------------------- */

#define put_int hrel_numfmt_int
#define put_f6 hrel_numfmt_f6
#define put_f0 hrel_numfmt_f0

int hrel_msgtrace_write(const hrel_msgtrace *t, FILE *fp)
{
    size_t i;
    int k;
    char *buf = NULL;
    size_t cap = 0, used = 0;
    fprintf(fp, "# source: %s\n# ranks: %d\n", t->path, t->nproc);
    if (t->tracer[0])
        fprintf(fp, "# tracer: %s\n", t->tracer);
    fprintf(fp, "# clock: common origin = rank 0's first event; host clocks shifted by at most "
            "%.6f s to respect message causality (widest causality interval %.6f s)\n",
            t->clock_shift_max, t->clock_bound);
    if (t->group_server >= 0)
        fprintf(fp, "# group_server: rank %d (PVM's pvmgs)\n", t->group_server);
    if (t->outside > 0)
        fprintf(fp, "# outside: %ld sends to tasks outside the trace (rows with no peer)\n",
                t->outside);
    if (t->route[0])
        fprintf(fp, "# route: %s (%ld of %ld messages between tasks sent with "
                "pvm_setopt(PvmRoute, PvmRouteDirect) in effect)\n", t->route, t->route_direct,
                t->route_msgs);
    for (k = 0; t->status && k < t->nproc; k++)
        if (t->status[k] != 0 && k != t->group_server)   /* the server runs on */
            fprintf(fp, "# exit_status: rank %d %d%s\n", k, t->status[k],
                    t->status[k] < 0 ? " (no end recorded)" : "");
    fprintf(fp, "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside%s%s\n",
            t->gap_cpu ? ",gap_cpu_s,gap_blocked" : "", t->call_cpu ? ",call_cpu_s" : "");
    for (i = 0; i < t->n; i++) {   /* rows gathered in BUF, written 64 KiB at a time */
        const hrel_msg *m = &t->row[i];
        size_t need = 400 + 12 * (size_t)m->npeers + strlen(hrel_msgkind_name(m->kind));
                                                       /* a %f of a huge double: 320 */
        char *p;
        if (hrel_grow(&buf, &cap, used + need - 1, 1) != 0) {
            free(buf);
            return -1;
        }
        p = put_int(buf + used, m->rank);
        *p++ = ',';
        p = put_int(p, m->host);
        *p++ = ',';
        {
            const char *kn = hrel_msgkind_name(m->kind);
            size_t kl = strlen(kn);
            memcpy(p, kn, kl);
            p += kl;
            *p++ = ',';
        }
        for (k = 0; k < m->npeers; k++) {
            if (k)
                *p++ = ';';
            p = put_int(p, m->peers[k]);
        }
        *p++ = ',';
        p = put_f0(p, m->bytes);
        *p++ = ',';
        p = put_int(p, m->tag);
        *p++ = ',';
        p = put_f6(p, m->t0);
        *p++ = ',';
        p = put_f6(p, m->t1);
        *p++ = ',';
        if (m->inside >= 0 && (size_t)m->inside < t->n &&
            hrel_msgkind_is_group(t->row[m->inside].kind)) {
            const char *in = hrel_msgkind_name(t->row[m->inside].kind);
            size_t il = strlen(in);
            memcpy(p, in, il);
            p += il;
        }
        if (t->gap_cpu) {
            *p++ = ',';
            if (!isnan(t->gap_cpu[i])) {
                p = put_f6(p, t->gap_cpu[i]);
                *p++ = ',';
                *p++ = (char)('0' + (t->gap_blocked && t->gap_blocked[i] <= 2
                                     ? t->gap_blocked[i] : 0));
            } else
                *p++ = ',';
        }
        if (t->call_cpu) {
            *p++ = ',';
            if (!isnan(t->call_cpu[i]))
                p = put_f6(p, t->call_cpu[i]);
        }
        *p++ = '\n';
        used = (size_t)(p - buf);
        if (used >= 65536) {
            fwrite(buf, 1, used, fp);
            used = 0;
        }
    }
    if (used)
        fwrite(buf, 1, used, fp);
    free(buf);
    return ferror(fp) ? -1 : 0;
}

/* Point every row's peers into T->pool (rows hold their offset in match). */
static void pool_fix(hrel_msgtrace *t)
{
    size_t i;
    for (i = 0; i < t->n; i++) {
        hrel_msg *m = &t->row[i];
        m->peers = m->npeers ? t->pool + m->match : NULL;
        m->match = -1;
    }
}

/* An optional seconds column NAME (COL) of the current row into *OUT: NAN
 * when empty, else a number >= 0. 0, or -1 with one line naming PATH:LINE. */
static int opt_seconds(const hrel_csv *c, int col, const char *name, const char *path,
                       long line, double *out, char *err, size_t errlen)
{
    double v;
    *out = NAN;
    if (!*hrel_csv_str(c, 0, col))
        return 0;
    if (hrel_csv_double(c, 0, col, &v, err, errlen) != 0)
        return -1;
    if (v < 0) {
        hrel_seterr(err, errlen, "%s:%ld: column %s: %g is negative", path, line, name, v);
        return -1;
    }
    *out = v;
    return 0;
}

int hrel_msgtrace_load(const char *path, hrel_msgtrace **out, char *err, size_t errlen)
{
    static const char *const cols[] = {"rank", "host", "kind", "peers", "bytes", "tag",
                                       "t_begin", "t_end", NULL};
    int idx[8], maxr = -1, got, icol, ccol, bcol, kcol, lastg[HREL_MSG_SCATTER + 1], k0;
    size_t gcap = 0, bcap = 0, kcap = 0;
    const char *tr;
    hrel_csv_stream *cs = NULL;
    const hrel_csv *c;
    hrel_msgtrace *t = NULL;
    size_t i, cap = 0, npool = 0, poolcap = 0;

    *out = NULL;
    if (hrel_csv_stream_open(path, &cs, err, errlen) != 0)
        goto fail;
    c = hrel_csv_stream_table(cs);
    if (hrel_csv_require(c, cols, idx, err, errlen) != 0)
        goto fail;
    icol = hrel_csv_col(c, "inside");
    ccol = hrel_csv_col(c, "gap_cpu_s");
    bcol = hrel_csv_col(c, "gap_blocked");
    kcol = hrel_csv_col(c, "call_cpu_s");
    t = calloc(1, sizeof *t);
    if (!t || !(t->path = hrel_strdup(path)))
        goto oom;
    t->group_server = -1;
    tr = hrel_csv_meta(c, "tracer");
    if (tr)
        snprintf(t->tracer, sizeof t->tracer, "%s", tr);
    if ((tr = hrel_csv_meta(c, "route")) &&
        (sscanf(tr, "%7s (%ld of %ld", t->route, &t->route_direct, &t->route_msgs) != 3 ||
         (strcmp(t->route, "direct") != 0 && strcmp(t->route, "daemon") != 0 &&
          strcmp(t->route, "mixed") != 0) || t->route_direct < 0 ||
         t->route_direct > t->route_msgs)) {
        hrel_seterr(err, errlen, "%s: '# route: %s' is not 'direct|daemon|mixed (K of N "
                    "messages ...)'", path, tr);
        goto fail;
    }
    for (k0 = 0; k0 <= HREL_MSG_SCATTER; k0++)
        lastg[k0] = -1;
    while ((got = hrel_csv_stream_next(cs, err, errlen)) > 0) {
        hrel_msg *m;
        long v;
        const char *p;
        int k;
        if (hrel_grow(&t->row, &cap, t->n, sizeof *t->row) != 0)
            goto oom;
        m = &t->row[t->n];
        memset(m, 0, sizeof *m);
        m->line = (long)c->lineno[0];
        m->match = (long)npool;   /* the offset of its peers in the pool, for now */
        m->inside = -1;
        t->n++;
        if (hrel_csv_long(c, 0, idx[0], &v, err, errlen) != 0)
            goto fail;
        if (v < 0 || v > HREL_MSGTRACE_MAX_RANK) {
            hrel_seterr(err, errlen, "%s:%ld: rank %ld out of range (0..%d)", path, m->line, v,
                        HREL_MSGTRACE_MAX_RANK);
            goto fail;
        }
        if (v < maxr) {
            hrel_seterr(err, errlen, "%s:%ld: rank %ld comes after rank %d (rows are grouped by "
                        "rank, in order)", path, m->line, v, maxr);
            goto fail;
        }
        m->rank = (int)v;
        maxr = m->rank;
        if (hrel_csv_long(c, 0, idx[1], &v, err, errlen) != 0)
            goto fail;
        m->host = (int)v;
        if ((k = hrel_msgkind_parse(hrel_csv_str(c, 0, idx[2]))) < 0) {
            hrel_seterr(err, errlen, "%s:%ld: unknown kind '%s' (start enrol spawn send mcast "
                        "recv exit end joingroup lvgroup barrier bcast reduce gather scatter)",
                        path, m->line, hrel_csv_str(c, 0, idx[2]));
            goto fail;
        }
        m->kind = (hrel_msgkind)k;
        p = hrel_csv_str(c, 0, idx[3]);
        while (*p) {
            char *end;
            long pv = strtol(p, &end, 10);
            if (end == p || pv < 0 || pv > HREL_MSGTRACE_MAX_RANK || (*end && *end != ';')) {
                hrel_seterr(err, errlen, "%s:%ld: column peers: '%.60s' is not a "
                            "';'-separated list of ranks 0..%d", path, m->line,
                            hrel_csv_str(c, 0, idx[3]), HREL_MSGTRACE_MAX_RANK);
                goto fail;
            }
            if (hrel_grow(&t->pool, &poolcap, npool, sizeof *t->pool) != 0)
                goto oom;
            t->pool[npool++] = (int)pv;
            m->npeers++;
            p = *end ? end + 1 : end;
        }
        if (hrel_csv_double(c, 0, idx[4], &m->bytes, err, errlen) != 0 ||
            hrel_csv_long(c, 0, idx[5], &v, err, errlen) != 0 ||
            hrel_csv_double(c, 0, idx[6], &m->t0, err, errlen) != 0 ||
            hrel_csv_double(c, 0, idx[7], &m->t1, err, errlen) != 0)
            goto fail;
        m->tag = (int)v;
        if (m->bytes < 0 || m->t1 < m->t0) {
            hrel_seterr(err, errlen, "%s:%ld: negative bytes or t_end before t_begin", path,
                        m->line);
            goto fail;
        }
        if (t->n == 1 || t->row[t->n - 2].rank != m->rank)
            for (k0 = 0; k0 <= HREL_MSG_SCATTER; k0++)
                lastg[k0] = -1;   /* a new rank: no group call open */
        if (icol >= 0 && *hrel_csv_str(c, 0, icol)) {
            const char *in = hrel_csv_str(c, 0, icol);
            int gk = hrel_msgkind_parse(in);
            if (gk < 0 || !hrel_msgkind_is_group((hrel_msgkind)gk)) {
                hrel_seterr(err, errlen, "%s:%ld: column inside: '%.40s' is not a group call "
                            "(joingroup lvgroup barrier bcast reduce gather scatter)", path,
                            m->line, in);
                goto fail;
            }
            if (lastg[gk] < 0) {
                hrel_seterr(err, errlen, "%s:%ld: inside '%s', but rank %d has no %s row before",
                            path, m->line, in, m->rank, in);
                goto fail;
            }
            m->inside = lastg[gk];
        }
        if (hrel_msgkind_is_group(m->kind))
            lastg[m->kind] = (int)(t->n - 1);
        if (ccol >= 0) {   /* the gap's CPU time and whether it blocked (optional) */
            const char *cs0 = hrel_csv_str(c, 0, ccol);
            const char *bs = bcol >= 0 ? hrel_csv_str(c, 0, bcol) : "";
            if (hrel_grow(&t->gap_cpu, &gcap, t->n - 1, sizeof *t->gap_cpu) != 0 ||
                hrel_grow(&t->gap_blocked, &bcap, t->n - 1, sizeof *t->gap_blocked) != 0)
                goto oom;
            t->gap_cpu[t->n - 1] = NAN;
            t->gap_blocked[t->n - 1] = 0;
            if (*cs0) {
                double g;
                if (opt_seconds(c, ccol, "gap_cpu_s", path, m->line, &g, err, errlen) != 0)
                    goto fail;
                if (strcmp(bs, "0") != 0 && strcmp(bs, "1") != 0 && strcmp(bs, "2") != 0) {
                    hrel_seterr(err, errlen, "%s:%ld: column gap_blocked: '%.20s' is not 0, "
                                "1 or 2 (it goes with gap_cpu_s)", path, m->line, bs);
                    goto fail;
                }
                if (bs[0] == '2' && m->kind != HREL_MSG_RECV) {
                    hrel_seterr(err, errlen, "%s:%ld: column gap_blocked: 2 (a poll that found "
                                "its message) on a row of kind %s, not a receive", path, m->line,
                                hrel_msgkind_name(m->kind));
                    goto fail;
                }
                t->gap_cpu[t->n - 1] = g;
                t->gap_blocked[t->n - 1] = (unsigned char)(bs[0] - '0');
            }
        }
        if (kcol >= 0) {   /* the call's own CPU time (optional) */
            if (hrel_grow(&t->call_cpu, &kcap, t->n - 1, sizeof *t->call_cpu) != 0)
                goto oom;
            if (opt_seconds(c, kcol, "call_cpu_s", path, m->line, &t->call_cpu[t->n - 1], err,
                            errlen) != 0)
                goto fail;
        }
    }
    if (got < 0)
        goto fail;
    if (!t->pool && !(t->pool = malloc(sizeof *t->pool)))
        goto oom;
    if (t->n && t->n < cap) {   /* give back the growth room */
        hrel_msg *shrunk = realloc(t->row, t->n * sizeof *t->row);
        if (shrunk)
            t->row = shrunk;
    }
    pool_fix(t);
    hrel_csv_stream_close(cs);
    cs = NULL;
    t->nproc = maxr + 1;
    for (i = 0; i < t->n; i++) {
        int k;
        for (k = 0; k < t->row[i].npeers; k++)
            if (t->row[i].peers[k] >= t->nproc) {
                hrel_seterr(err, errlen, "%s:%ld: peer rank %d has no rows", path,
                            t->row[i].line, t->row[i].peers[k]);
                goto fail;
            }
    }
    if (t->nproc < 1) {
        hrel_seterr(err, errlen, "%s: no rows", path);
        goto fail;
    }
    if (!(t->tid = calloc((size_t)t->nproc, sizeof *t->tid)))
        goto oom;
    if (hrel_msgtrace_finish(t, err, errlen) != 0)
        goto fail;
    *out = t;
    return 0;
oom:
    hrel_seterr(err, errlen, "%s: out of memory", path);
fail:
    hrel_csv_stream_close(cs);
    hrel_msgtrace_free(t);   /* rows' peers are NULL until pool_fix: nothing per row */
    return -1;
}
