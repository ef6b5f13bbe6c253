/* msgtrace_tev -- the message-level trace from the preload tracer's task
 * files (tevfile.h). See msgtrace.h, hrel_msgtrace_from_tev. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "grow.h"
#include "msgtrace.h"
#include "tevfile.h"

/* One traced process. */
typedef struct task {
    const hrel_tevfile *f;
    int tid;
    size_t *call;      /* record indexes of its calls, by seq */
    size_t ncall;
    int rank;          /* -1: not part of the program */
    int spawned;       /* a traced pvm_spawn started it */
} task;

typedef struct keyed {
    int64_t key;       /* what to sort by */
    size_t a, b;       /* payload */
} keyed;

static int cmp_keyed(const void *x, const void *y)
{
    const keyed *p = x, *q = y;
    if (p->key != q->key)
        return p->key < q->key ? -1 : 1;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

/* PVM's PvmAllowDirect and PvmRouteDirect (this library links no PVM) */
enum { ROUTE_ALLOW_DIRECT = 2, ROUTE_DIRECT = 3 };

static int is_call(int k)
{
    return k != HREL_TEV_LIST && k != HREL_TEV_NAME && k != HREL_TEV_PACK;
}

static int is_part(int k)
{
    return k != HREL_TEV_MYTID && k != HREL_TEV_EXIT && k != HREL_TEV_END &&
           k != HREL_TEV_PROBE && k != HREL_TEV_ROUTE && is_call(k);
}

/* Is TID a pvmd's (PVM's TIDPVMD bit)? */
static int is_pvmd(int tid)
{
    return ((unsigned)tid & 0x80000000u) != 0;
}

/* The task of TID, or NULL. */
static task *task_of(task *tk, size_t n, int tid)
{
    size_t lo = 0, hi = n;   /* TK is sorted by tid */
    while (tid > 0 && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tk[mid].tid == tid)
            return &tk[mid];
        if (tk[mid].tid < tid)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int cmp_tid(const void *a, const void *b)
{
    const task *x = a, *y = b;
    return (x->tid > y->tid) - (x->tid < y->tid);
}

/* The group name following call record I of F, or "". */
static const char *group_name(const hrel_tevfile *f, size_t i)
{
    size_t j = i + 1 + (size_t)f->rec[i].u.call.nlist;
    return j < f->n && f->rec[j].kind == HREL_TEV_NAME ? f->rec[j].u.name : "";
}

static int msg_kind(int k)
{
    switch (k) {
    case HREL_TEV_MYTID: return HREL_MSG_ENROL;
    case HREL_TEV_SPAWN: return HREL_MSG_SPAWN;
    case HREL_TEV_EXIT: return HREL_MSG_EXIT;
    case HREL_TEV_SEND: case HREL_TEV_PSEND: return HREL_MSG_SEND;
    case HREL_TEV_MCAST: return HREL_MSG_MCAST;
    case HREL_TEV_RECV: case HREL_TEV_TRECV: case HREL_TEV_NRECV: case HREL_TEV_PRECV:
        return HREL_MSG_RECV;
    case HREL_TEV_JOINGROUP: return HREL_MSG_JOINGROUP;
    case HREL_TEV_LVGROUP: return HREL_MSG_LVGROUP;
    case HREL_TEV_BARRIER: return HREL_MSG_BARRIER;
    case HREL_TEV_BCAST: return HREL_MSG_BCAST;
    case HREL_TEV_REDUCE: return HREL_MSG_REDUCE;
    case HREL_TEV_GATHER: return HREL_MSG_GATHER;
    case HREL_TEV_SCATTER: return HREL_MSG_SCATTER;
    case HREL_TEV_END: return HREL_MSG_END;
    default: return -1;   /* probe: a look, not a message */
    }
}

/* A rank's rows while they are built: its part of the trace's rows (counted
 * first, so each row is written once, in place) and of its peer pool. */
typedef struct rows {
    hrel_msg *row;
    size_t n, cap;
    int *peer;              /* its next free peer in the pool */
} rows;

/* The next row of B, cleared as hrel_msgrows_push clears one; NULL past its
 * count (cannot happen: the count is the build's own rule). */
static hrel_msg *row_next(rows *b)
{
    hrel_msg *m;
    if (b->n == b->cap)
        return NULL;
    m = &b->row[b->n++];
    memset(m, 0, sizeof *m);
    m->match = -1;
    m->inside = -1;
    m->tag = -1;
    return m;
}

/* The tids in LIST records after call I of F (at most so many peers). */
static size_t list_count(const hrel_tevfile *f, size_t i)
{
    size_t j, nl = (size_t)f->rec[i].u.call.nlist, c = 0;
    int k;
    for (j = i + 1; j <= i + nl && j < f->n && f->rec[j].kind == HREL_TEV_LIST; j++)
        for (k = 0; k < HREL_TEV_LIST_N && f->rec[j].u.list[k] > 0; k++)
            c++;
    return c;
}

/* Peers of the tids in LIST records after call I of F as ranks, into B's
 * pool; a tid outside the program is an error. Return 0 or -1 (ERR). */
static int list_peers(const hrel_tevfile *f, size_t i, task *tk, size_t nt, hrel_msg *m,
                      rows *b, char *err, size_t errlen)
{
    size_t j, nl = (size_t)f->rec[i].u.call.nlist;
    int k;
    m->peers = b->peer;
    for (j = i + 1; j <= i + nl && j < f->n && f->rec[j].kind == HREL_TEV_LIST; j++)
        for (k = 0; k < HREL_TEV_LIST_N && f->rec[j].u.list[k] > 0; k++) {
            const task *t = task_of(tk, nt, f->rec[j].u.list[k]);
            if (!t || t->rank < 0) {
                hrel_seterr(err, errlen, "%s: %s to task t%x, which is not part of the traced "
                            "program (no task file of it)", f->path,
                            hrel_tev_kind_name(f->rec[i].kind), (unsigned)f->rec[j].u.list[k]);
                return -1;
            }
            m->peers[m->npeers++] = t->rank;
        }
    b->peer += m->npeers;
    if (!m->npeers)
        m->peers = NULL;
    return 0;
}

/* Is call record E one that makes a row (build's rule)? Its kind into *K. */
static int makes_row(const hrel_tev_rec *e, int *k)
{
    int msgcall;
    *k = msg_kind(e->kind);
    msgcall = *k == HREL_MSG_SEND || *k == HREL_MSG_MCAST || *k == HREL_MSG_RECV;
    if (*k < 0 || (msgcall && (e->flags & HREL_TEVF_ERROR)))
        return 0;   /* a probe, or a call that moved no message */
    if ((*k == HREL_MSG_SEND || *k == HREL_MSG_RECV) && is_pvmd(e->u.call.peer))
        return 0;   /* a pvmd's message (a notify): not the program's */
    return 1;
}

/* The rows task K will have (its start and each call that makes one) and at
 * most how many peers they name. */
static void count_rows(const task *k, size_t *nrow, size_t *npeer)
{
    const hrel_tevfile *f = k->f;
    size_t j, nr = 1, np = 0;
    for (j = 0; j < k->ncall; j++) {
        const hrel_tev_rec *e = &f->rec[k->call[j]];
        int mk;
        if (!makes_row(e, &mk))
            continue;
        nr++;
        if (mk == HREL_MSG_MCAST || mk == HREL_MSG_SPAWN)
            np += list_count(f, k->call[j]);
        else if (mk == HREL_MSG_SEND || mk == HREL_MSG_RECV || mk == HREL_MSG_REDUCE ||
                 mk == HREL_MSG_GATHER || mk == HREL_MSG_SCATTER)
            np++;
    }
    *nrow = nr;
    *npeer = np;
}

/* Nanoseconds T since ORIGIN in seconds: exact integer difference, or (a
 * damaged file's times that would overflow it) the doubles' difference. */
static double since(int64_t t, int64_t origin)
{
    if ((origin > 0 && t < INT64_MIN + origin) || (origin < 0 && t > INT64_MAX + origin))
        return ((double)t - (double)origin) * 1e-9;
    return (double)(t - origin) * 1e-9;
}

/* The row of the call numbered SEQ among the task's calls CALL[0..UPTO] (in
 * seq order; ROWAT: each one's row, -1 none): the last of them with a row, -1
 * if none. A seq is found by search, so a file's numbers cost no memory of
 * their size. */
static long row_of_seq(const hrel_tevfile *f, const size_t *call, const long *rowat,
                       size_t upto, int32_t seq)
{
    size_t lo = 0, hi = upto + 1, k;
    while (lo < hi) {   /* the first call numbered SEQ or more */
        size_t mid = lo + (hi - lo) / 2;
        if (f->rec[call[mid]].u.call.seq < seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (k = lo; k <= upto && f->rec[call[k]].u.call.seq == seq; k++)
        ;
    while (k-- > lo)
        if (rowat[k] >= 0)
            return rowat[k];
    return -1;
}

typedef struct join {
    const char *g;
    int inst, rank;
} join;

/* Build the trace of D; with CONSUME, each task file's records are freed as
 * soon as its rows are built (D's files keep their paths and heads). */
static int build(hrel_tevdir *d, int consume, hrel_msgtrace **out, char *err, size_t errlen)
{
    task *tk = NULL;
    keyed *ord = NULL;
    rows *rb = NULL;
    hrel_msgtrace *t = NULL;
    size_t nt = 0, i, j, nord = 0;
    int nrank = 0, r, rc = -1;
    int64_t origin;
    long *rowat = NULL;  /* per call (in seq order) of the task: its row, -1 none */
    join *jn = NULL;     /* the joins, their group names in the records */
    char **gname = NULL; /* ... copied when the records go */
    size_t nj = 0, cj = 0;
    char rerr[1024] = "";   /* the first root that no task joined, by rank and row */
    int rerr_rank = -1;
    size_t rerr_row = 0;
    int withcpu = 0, withroute = 1, ropt;
    double *cpu01 = NULL;   /* per row: its thread's CPU time at t0 and t1, s */
    uint32_t *vcsw01 = NULL;   /* ... its voluntary context switches then */

    *out = NULL;
    if (!(tk = calloc(d->n ? d->n : 1, sizeof *tk)))
        goto oom;
    /* the processes that enrolled, their calls by seq */
    for (i = 0; i < d->n; i++) {
        const hrel_tevfile *f = &d->file[i];
        keyed *ks;
        size_t nc = 0;
        if (f->tid <= 0)
            continue;   /* never enrolled: not a task */
        tk[nt].f = f;
        tk[nt].tid = f->tid;
        tk[nt].rank = -1;
        if (!(tk[nt].call = malloc((f->n ? f->n : 1) * sizeof *tk[nt].call)))
            goto oom;
        {   /* calls in seq order already (as the tracer writes them): no sort */
            int32_t last = INT32_MIN;
            int sorted = 1;
            for (j = 0; j < f->n && sorted; j++)
                if (is_call(f->rec[j].kind)) {
                    sorted = f->rec[j].u.call.seq >= last;
                    last = f->rec[j].u.call.seq;
                }
            if (sorted) {
                for (j = 0; j < f->n; j++)
                    if (is_call(f->rec[j].kind))
                        tk[nt].call[nc++] = j;
                tk[nt].ncall = nc;
                nt++;
                continue;
            }
        }
        if (!(ks = malloc((f->n ? f->n : 1) * sizeof *ks)))
            goto oom;
        for (j = 0; j < f->n; j++)
            if (is_call(f->rec[j].kind)) {
                ks[nc].key = f->rec[j].u.call.seq;
                ks[nc].a = j;
                ks[nc++].b = 0;
            }
        qsort(ks, nc, sizeof *ks, cmp_keyed);
        for (j = 0; j < nc; j++)
            tk[nt].call[j] = ks[j].a;
        tk[nt].ncall = nc;
        free(ks);
        nt++;
    }
    qsort(tk, nt, sizeof *tk, cmp_tid);
    for (i = 1; i < nt; i++)
        if (tk[i].tid == tk[i - 1].tid) {
            hrel_seterr(err, errlen, "%s: task t%x has two task files (%s and %s): files of "
                        "two runs mixed?", d->path, (unsigned)tk[i].tid, tk[i - 1].f->path,
                        tk[i].f->path);
            goto fail;
        }
    /* which tasks a traced spawn started; every one needs its file */
    for (i = 0; i < nt; i++) {
        const hrel_tevfile *f = tk[i].f;
        for (j = 0; j < f->n; j++) {
            size_t l;
            int k;
            if (f->rec[j].kind != HREL_TEV_SPAWN)
                continue;
            for (l = j + 1; l < f->n && f->rec[l].kind == HREL_TEV_LIST; l++)
                for (k = 0; k < HREL_TEV_LIST_N && f->rec[l].u.list[k] > 0; k++) {
                    task *c = task_of(tk, nt, f->rec[l].u.list[k]);
                    if (!c) {
                        hrel_seterr(err, errlen, "%s: pvm_spawn started task t%x, which left "
                                    "no task file in %s (statically linked, not on the "
                                    "folder's path on its host, or the file is missing)",
                                    f->path, (unsigned)f->rec[l].u.list[k], d->path);
                        goto fail;
                    }
                    c->spawned = 1;
                }
        }
    }
    /* ranks: the tasks no traced spawn started and that take part, by start
     * time; then every spawned task in the order the spawns returned */
    if (!(ord = malloc((nt + 1) * sizeof *ord)))
        goto oom;
    for (i = 0, nord = 0; i < nt; i++) {
        int part = 0;
        if (tk[i].spawned)
            continue;
        for (j = 0; j < tk[i].ncall && !part; j++)
            part = is_part(tk[i].f->rec[tk[i].call[j]].kind);
        if (!part)
            continue;   /* a console or a tool asking the pvmd something */
        ord[nord].key = tk[i].f->head.start_ns;
        ord[nord].a = i;
        ord[nord++].b = 0;
    }
    if (nord == 0) {
        hrel_seterr(err, errlen, "%s: the task started from the shell spawned no tasks and "
                    "moved no message: nothing to predict", d->path);
        goto fail;
    }
    qsort(ord, nord, sizeof *ord, cmp_keyed);
    for (i = 0; i < nord; i++)
        tk[ord[i].a].rank = nrank++;
    free(ord);
    ord = NULL;
    for (i = 0, nord = 0; i < nt; i++)
        for (j = 0; j < tk[i].f->n; j++)
            nord += tk[i].f->rec[j].kind == HREL_TEV_SPAWN;
    if (!(ord = malloc((nord + 1) * sizeof *ord)))
        goto oom;
    for (i = 0, nord = 0; i < nt; i++)
        for (j = 0; j < tk[i].f->n; j++)
            if (tk[i].f->rec[j].kind == HREL_TEV_SPAWN) {
                ord[nord].key = tk[i].f->rec[j].u.call.t1_ns;
                ord[nord].a = i;
                ord[nord++].b = j;
            }
    qsort(ord, nord, sizeof *ord, cmp_keyed);
    for (i = 0; i < nord; i++) {
        const hrel_tevfile *f = tk[ord[i].a].f;
        size_t l;
        int k;
        for (l = ord[i].b + 1; l < f->n && f->rec[l].kind == HREL_TEV_LIST; l++)
            for (k = 0; k < HREL_TEV_LIST_N && f->rec[l].u.list[k] > 0; k++) {
                task *c = task_of(tk, nt, f->rec[l].u.list[k]);
                if (c && c->rank < 0)
                    c->rank = nrank++;
            }
    }
    if (nrank < 2) {
        hrel_seterr(err, errlen, "%s: the task started from the shell spawned no tasks: "
                    "nothing to predict (a PVM program here is a task that spawns others, or "
                    "tasks started together from the console)", d->path);
        goto fail;
    }

    /* rows, per rank, each written once where it stands in the trace: counted
       first (and their peers, at most), then made */
    if (!(rb = calloc((size_t)nrank, sizeof *rb)) || !(t = calloc(1, sizeof *t)) ||
        !(t->path = hrel_strdup(d->path)) ||
        !(t->tid = calloc((size_t)nrank, sizeof *t->tid)) ||
        !(t->status = malloc((size_t)nrank * sizeof *t->status)))
        goto oom;
    {
        size_t *np = calloc((size_t)nrank, sizeof *np), nrow = 0, npeer = 0, at;
        if (!np)
            goto oom;
        for (i = 0; i < nt; i++)
            if (tk[i].rank >= 0)
                count_rows(&tk[i], &rb[tk[i].rank].cap, &np[tk[i].rank]);
        for (r = 0; r < nrank; r++) {
            nrow += rb[r].cap;
            npeer += np[r];
        }
        t->row = malloc((nrow ? nrow : 1) * sizeof *t->row);
        t->pool = malloc((npeer ? npeer : 1) * sizeof *t->pool);
        for (i = 0, withcpu = 1; i < nt; i++)
            if (tk[i].rank >= 0 && !(tk[i].f->head.flags & HREL_TEVH_CPU))
                withcpu = 0;
        if (withcpu && (!(t->gap_cpu = malloc((nrow ? nrow : 1) * sizeof *t->gap_cpu)) ||
                        !(t->gap_blocked = calloc(nrow ? nrow : 1, 1)) ||
                        !(t->call_cpu = malloc((nrow ? nrow : 1) * sizeof *t->call_cpu)) ||
                        !(cpu01 = malloc(2 * (nrow ? nrow : 1) * sizeof *cpu01)) ||
                        !(vcsw01 = malloc(2 * (nrow ? nrow : 1) * sizeof *vcsw01)))) {
            free(np);
            goto oom;
        }
        if (!t->row || !t->pool) {
            free(np);
            goto oom;
        }
        for (r = 0, nrow = 0, at = 0; r < nrank; r++) {
            rb[r].row = t->row + nrow;
            rb[r].peer = t->pool + at;
            nrow += rb[r].cap;
            at += np[r];
        }
        free(np);
    }
    strcpy(t->tracer, "preload");
    t->group_server = -1;
    t->nproc = nrank;
    origin = 0;
    for (i = 0; i < nt; i++)
        if (tk[i].rank == 0)
            origin = tk[i].f->head.start_ns;
    /* group roots: the rank that joined the group with that instance (the
       joins listed once: a trace has few), their names copied so the records
       can go */
    for (i = 0; i < nt; i++) {
        const hrel_tevfile *f = tk[i].f;
        if (tk[i].rank < 0)
            continue;
        for (j = 0; j < f->n; j++)
            if (f->rec[j].kind == HREL_TEV_JOINGROUP && f->rec[j].u.call.ret >= 0) {
                size_t cg = cj;
                if (hrel_grow(&jn, &cj, nj, sizeof *jn) != 0)
                    goto oom;
                if (cj != cg) {
                    char **ng = realloc(gname, cj * sizeof *gname);
                    if (!ng)
                        goto oom;
                    gname = ng;
                }
                if (!(gname[nj] = hrel_strdup(group_name(f, j))))
                    goto oom;
                jn[nj].g = gname[nj];
                jn[nj].inst = f->rec[j].u.call.ret;
                jn[nj++].rank = tk[i].rank;
            }
    }
    for (i = 0; i < nt; i++) {
        hrel_tevfile *f = (hrel_tevfile *)tk[i].f;
        int rk = tk[i].rank, host = (tk[i].tid >> 18) & 0xfff;
        rows *b;
        hrel_msg *m;
        if (rk < 0)
            continue;
        b = &rb[rk];
        t->tid[rk] = tk[i].tid;
        t->status[rk] = -1;
        if (strcmp(f->head.prog, "pvmgs") == 0)
            t->group_server = rk;
        free(rowat);
        if (!(rowat = malloc((tk[i].ncall ? tk[i].ncall : 1) * sizeof *rowat)))
            goto oom;
        for (j = 0; j < tk[i].ncall; j++)
            rowat[j] = -1;
        if (!(m = row_next(b)))
            goto oom;
        m->rank = rk;
        m->host = host;
        m->kind = HREL_MSG_START;
        m->t0 = m->t1 = since(f->head.start_ns, origin);
        if (cpu01) {
            size_t at = (size_t)(m - t->row);
            cpu01[2 * at] = cpu01[2 * at + 1] = (double)f->head.start_cpu_ns * 1e-9;
            vcsw01[2 * at] = vcsw01[2 * at + 1] = f->head.start_vcsw;
        }
        ropt = ROUTE_ALLOW_DIRECT;   /* PVM's default route option */
        for (j = 0; j < tk[i].ncall; j++) {
            size_t ri = tk[i].call[j];
            const hrel_tev_rec *e = &f->rec[ri];
            int k;
            if (e->kind == HREL_TEV_END)
                t->status[rk] = e->u.call.ret;
            if (e->kind == HREL_TEV_ROUTE && !(e->flags & HREL_TEVF_ERROR))
                ropt = e->u.call.peer;
            if (!makes_row(e, &k))
                continue;
            if ((k == HREL_MSG_SEND || k == HREL_MSG_MCAST) && rk != t->group_server) {
                const task *q = k == HREL_MSG_SEND ? task_of(tk, nt, e->u.call.peer) : NULL;
                if (k == HREL_MSG_MCAST || (q && q->rank >= 0)) {
                    t->route_msgs++;   /* a message to tasks of the program */
                    t->route_direct += ropt == ROUTE_DIRECT;
                }
            }
            if (!(m = row_next(b)))
                goto oom;
            m->rank = rk;
            m->host = host;
            m->kind = (hrel_msgkind)k;
            m->t0 = since(e->u.call.t0_ns, origin);
            m->t1 = since(e->u.call.t1_ns, origin);
            m->line = (long)ri + 1;
            if (cpu01) {
                size_t at = (size_t)(m - t->row);
                cpu01[2 * at] = (double)e->cpu0_ns * 1e-9;
                cpu01[2 * at + 1] = (double)e->cpu1_ns * 1e-9;
                vcsw01[2 * at] = e->vcsw0;
                vcsw01[2 * at + 1] = e->vcsw1;
                /* a poll (pvm_nrecv) that found its message; gap_blocked
                   below says whether its gap blocked too */
                t->gap_blocked[at] = e->kind == HREL_TEV_NRECV;
            }
            m->bytes = (double)e->u.call.bytes;
            if (e->u.call.seq >= 0)
                rowat[j] = (long)(b->row - t->row) + (long)(b->n - 1);   /* in the trace */
            if ((e->flags & HREL_TEVF_INNER) && e->u.call.parent >= 0)
                m->inside = row_of_seq(f, tk[i].call, rowat, j, e->u.call.parent);
            if (k == HREL_MSG_SEND || k == HREL_MSG_RECV) {
                const task *p = task_of(tk, nt, e->u.call.peer);
                m->tag = e->u.call.tag;
                if ((!p || p->rank < 0) && k == HREL_MSG_SEND) {
                    t->outside++;   /* a message nobody traced receives: it costs its */
                    continue;       /* sender, kept with no peer */
                }
                if (!p || p->rank < 0) {
                    hrel_seterr(err, errlen, "%s: record %zu: rank %d receives from task t%x, which "
                                "is not part of the traced program (no task file of it: a task "
                                "started before the trace, such as the group server of an "
                                "earlier run? end it, or trace in a fresh virtual machine)",
                                f->path, ri + 1, rk, (unsigned)e->u.call.peer);
                    goto fail;
                }
                m->peers = b->peer++;
                m->peers[0] = p->rank;
                m->npeers = 1;
            } else if (k == HREL_MSG_MCAST || k == HREL_MSG_SPAWN) {
                int lp;
                m->tag = k == HREL_MSG_MCAST ? e->u.call.tag : -1;
                if ((lp = list_peers(f, ri, tk, nt, m, b, err, errlen)) != 0)
                    goto fail;
            } else if (hrel_msgkind_is_group((hrel_msgkind)k)) {
                m->tag = e->u.call.tag;
                /* the root: the rank that joined with that instance; one that
                   none did is an error once every task's rows stand */
                if (k == HREL_MSG_REDUCE || k == HREL_MSG_GATHER || k == HREL_MSG_SCATTER) {
                    const char *g = group_name(f, ri);
                    int found = -1;
                    size_t q;
                    for (q = 0; q < nj && found < 0; q++)
                        if (jn[q].inst == e->u.call.peer && strcmp(jn[q].g, g) == 0)
                            found = jn[q].rank;
                    if (found < 0) {
                        if (rerr_rank < 0 || rk < rerr_rank ||
                            (rk == rerr_rank && b->n - 1 < rerr_row)) {
                            hrel_seterr(rerr, sizeof rerr, "%s: record %ld: rank %d calls "
                                        "pvm_%s with root instance %ld of group '%s', which no "
                                        "traced task joined", f->path, m->line, rk,
                                        hrel_msgkind_name(m->kind), (long)e->u.call.peer, g);
                            rerr_rank = rk;
                            rerr_row = b->n - 1;
                        }
                        continue;
                    }
                    m->peers = b->peer++;
                    m->peers[0] = found;
                    m->npeers = 1;
                }
            }
        }
        if (consume) {   /* this task's records are done with */
            hrel_tevfile_drop(f);
            free(tk[i].call);
            tk[i].call = NULL;
            tk[i].ncall = 0;
        }
    }
    if (rerr_rank >= 0) {
        hrel_seterr(err, errlen, "%s", rerr);
        goto fail;
    }
    for (r = 0; r < nrank; r++)   /* the rows stand in rank order, their peers in the pool */
        t->n += rb[r].n;
    if (cpu01)   /* each gap's CPU time, the gap as hrel_msg_gap_from takes it */
        for (r = 0; r < nrank; r++) {
            size_t a = (size_t)(rb[r].row - t->row), q;
            for (q = 0; q < rb[r].n; q++) {
                size_t at = a + q, pv = at - 1, from;
                t->call_cpu[at] = fmax(0.0, cpu01[2 * at + 1] - cpu01[2 * at]);
                if (q == 0) {   /* the start row: the process's start-up, from its
                                   fork to the tracer's first record */
                    t->gap_cpu[at] = cpu01[2 * at];
                    t->gap_blocked[at] = vcsw01[2 * at] != 0;
                    continue;
                }
                from = 2 * pv + (size_t)hrel_msg_gap_at_end(&t->row[pv]);
                t->gap_cpu[at] = fmax(0.0, cpu01[2 * at] - cpu01[from]);
                t->gap_blocked[at] = vcsw01[2 * at] != vcsw01[from]
                                     ? (unsigned char)(t->gap_blocked[at] ? 2 : 1) : 0;
            }
        }
    if (hrel_msgtrace_finish(t, err, errlen) != 0)
        goto fail;
    /* the route the program asked for, where every task file records it */
    for (i = 0; i < nt; i++)
        if (tk[i].rank >= 0 && !(tk[i].f->head.flags & HREL_TEVH_ROUTE))
            withroute = 0;
    if (withroute && t->route_msgs > 0)
        strcpy(t->route, t->route_direct == t->route_msgs ? "direct"
                         : t->route_direct == 0 ? "daemon" : "mixed");
    hrel_msgtrace_align_clocks(t);
    *out = t;
    t = NULL;
    rc = 0;
    goto out;
oom:
    hrel_seterr(err, errlen, "%s: out of memory", d->path);
fail:
out:
    free(rb);   /* its rows are the trace's */
    if (t && !t->pool) {   /* no pool: no rows either */
        free(t->row);
        t->row = NULL;
        t->n = 0;
    }
    hrel_msgtrace_free(t);
    for (i = 0; i < nj; i++)
        free(gname[i]);
    free(gname);
    free(jn);
    for (i = 0; tk && i < nt; i++)
        free(tk[i].call);
    free(tk);
    free(ord);
    free(rowat);
    free(cpu01);
    free(vcsw01);
    return rc;
}

int hrel_msgtrace_from_tev(const hrel_tevdir *d, hrel_msgtrace **out, char *err, size_t errlen)
{
    return build((hrel_tevdir *)d, 0, out, err, errlen);   /* D is left as it is */
}

int hrel_msgtrace_from_tev_consume(hrel_tevdir *d, hrel_msgtrace **out, char *err,
                                   size_t errlen)
{
    return build(d, 1, out, err, errlen);
}
