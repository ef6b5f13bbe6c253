/* replay -- message-level replay predictor. See replay.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "exchange.h"
#include "incast.h"
#include "pvmdnet.h"
#include "replay.h"
#include "cpuquota.h"
#include "crossing.h"

#define LOCAL_G 1e-9   /* s per byte between a task and its pvmd */

int hrel_replay_parse_medium(const char *s, hrel_medium *m, char *err, size_t errlen)
{
    if (strcmp(s, "none") == 0)
        *m = HREL_MEDIUM_NONE;
    else if (strcmp(s, "port") == 0)
        *m = HREL_MEDIUM_PORT;
    else if (strcmp(s, "bus") == 0)
        *m = HREL_MEDIUM_BUS;
    else {
        hrel_seterr(err, errlen, "unknown medium '%s' (none, port or bus)", s);
        return -1;
    }
    return 0;
}

typedef struct rstate {
    size_t next;       /* next row */
    double clock;      /* simulated time */
    double rec_prev;   /* recorded end of the previous row */
    int ready;         /* started */
    int done;
    int wnext;         /* the next rank waiting for the same message, -1: none */
    int gapdone;       /* the gap before row next is done (its call comes next) */
    double sleep;      /* processor sharing: the part of its gap off the CPU (a gap
                          that blocked: recorded less its CPU time), after its work */
    int spawned;       /* 0: started by no traced spawn, 1: spawned, 2: the group server */
    int remote;        /* spawned onto another host than its parent's */
    double enrol;      /* lifecycle: its enrolment's cost */
    int alone;         /* spawned by a spawn of one task */
    double startcpu;   /* lifecycle with processor sharing, spawned alone: its
                          start-up's CPU work, run on its host's cores before its
                          start row (the trace's start row gap_cpu_s, times the CPU
                          ratio) and taken off its enrolment's cost */
    double ownstart;   /* the trace's start-up CPU of the rank (its start row's
                          gap_cpu_s) times the CPU ratio; NAN: not recorded */
    int noenrol;       /* lifecycle: a preload trace's rank with no enrolment row
                          (an older tracer's task that enrolled inside a call it
                          did not wrap): its enrolment charged at its start */
    int hnext;         /* sendbuf: the next sender held for the same rank, -1 */
    size_t swait;      /* sendbuf with deliveries: 1 + the send row whose delivery
                          it waits for (0: none) */
} rstate;

/* A point-to-point transfer of M bytes: at the time C (sizecost.h) gives its
 * size at the what-if speed, else g_send M. */
static double size_tx(const hrel_replay_param *par, const hrel_sizecost *c, double m)
{
    double v = par->sizecost_speed > 0 ? par->sizecost_speed : 1.0;
    if (!c || c->n < 2)
        return par->g_send * m;
    return hrel_sizecost_tx(c, par->L_send, par->g_send * v, m) / v;
}

/* ... at the characterisation's time for its size (par->sizecost) */
static double p2p_tx(const hrel_replay_param *par, double m)
{
    return size_tx(par, par->sizecost, m);
}

/* The ranks that can run now, a binary heap on (clock, rank): the rank with
 * the smallest clock runs first, the lowest rank among equal clocks. */
typedef struct rheap {
    int *r;
    int n;
} rheap;

static int rbefore(const rstate *st, int a, int b)
{
    return st[a].clock < st[b].clock || (st[a].clock == st[b].clock && a < b);
}

static void rheap_push(rheap *h, const rstate *st, int r)
{
    int i = h->n++;
    while (i > 0 && rbefore(st, r, h->r[(i - 1) / 2])) {
        h->r[i] = h->r[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->r[i] = r;
}

static int rheap_pop(rheap *h, const rstate *st)
{
    int top = h->r[0], x = h->r[--h->n], i = 0;
    for (;;) {
        int l = 2 * i + 1, m = l;
        if (l >= h->n)
            break;
        if (l + 1 < h->n && rbefore(st, h->r[l + 1], h->r[l]))
            m = l + 1;
        if (!rbefore(st, h->r[m], x))
            break;
        h->r[i] = h->r[m];
        i = m;
    }
    if (h->n)
        h->r[i] = x;
    return top;
}

/* The pairs of ranks that have had their first contact: an open-addressing
 * hash set of a * p + b + 1 (a < b). */
typedef struct pairset {
    unsigned long long *k;
    size_t cap, n;
} pairset;

static size_t pair_slot(const pairset *s, unsigned long long key)
{
    unsigned long long x = key * 0x9e3779b97f4a7c15ULL;
    size_t i = (size_t)(x ^ (x >> 31)) & (s->cap - 1);
    while (s->k[i] && s->k[i] != key)
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* Add KEY; 1 if it was new, 0 if there already, -1 when out of memory. */
static int pair_add(pairset *s, unsigned long long key)
{
    size_t i;
    if (2 * (s->n + 1) > s->cap) {
        pairset ns = {NULL, s->cap ? 2 * s->cap : 256, 0};
        if (!(ns.k = calloc(ns.cap, sizeof *ns.k)))
            return -1;
        for (i = 0; i < s->cap; i++)
            if (s->k[i])
                ns.k[pair_slot(&ns, s->k[i])] = s->k[i];
        ns.n = s->n;
        free(s->k);
        *s = ns;
    }
    i = pair_slot(s, key);
    if (s->k[i])
        return 0;
    s->k[i] = key;
    s->n++;
    return 1;
}

/* Processor sharing: a domain (a host, or all hosts) whose CORES are shared
 * by its N computing ranks, each progressing at rate min(1, CORES / N). V is
 * the work every one of them has done since the domain began, at time TV; a
 * rank that joins at V with W to do is done when V reaches V + W, so the
 * ranks finish in the order of these targets (a heap). With deliveries on,
 * messages within a host are a second class of jobs (id: the send's row) that
 * run only on the cores the computing ranks leave free, shared among them
 * (DV, their common work, and a heap of their own); FAIR: they share the
 * cores like computing ranks, every job at min(1, CORES / all jobs). */
typedef struct psjob {
    double target;
    long id;
} psjob;

typedef struct psheap {
    psjob *h;
    int n, cap;
} psheap;

typedef struct psdom {
    psheap c, d;       /* computing ranks; deliveries */
    int cores, fair;   /* FAIR: deliveries share like computing ranks */
    double v, dv, tv;
    unsigned ver;      /* changes whenever the next completion does */
} psdom;

/* the next completion of each domain, a heap on time; entries whose domain
 * has changed since (ver) are stale and dropped when they come up */
typedef struct psev {
    double t;
    int dom;
    unsigned ver;
} psev;

typedef struct pssched {
    psev *h;
    size_t n, cap;
} pssched;

static int job_before(const psjob *a, const psjob *b)
{
    return a->target < b->target || (a->target == b->target && a->id < b->id);
}

static int psheap_push(psheap *q, psjob j)
{
    int i;
    if (q->n == q->cap) {
        int nc = q->cap ? 2 * q->cap : 8;
        psjob *nh = realloc(q->h, (size_t)nc * sizeof *nh);
        if (!nh)
            return -1;
        q->h = nh;
        q->cap = nc;
    }
    for (i = q->n++; i > 0 && job_before(&j, &q->h[(i - 1) / 2]); i = (i - 1) / 2)
        q->h[i] = q->h[(i - 1) / 2];
    q->h[i] = j;
    return 0;
}

static psjob psheap_pop(psheap *q)
{
    psjob top = q->h[0], x = q->h[--q->n];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, m = l;
        if (l >= q->n)
            break;
        if (l + 1 < q->n && job_before(&q->h[l + 1], &q->h[l]))
            m = l + 1;
        if (!job_before(&q->h[m], &x))
            break;
        q->h[i] = q->h[m];
        i = m;
    }
    if (q->n)
        q->h[i] = x;
    return top;
}

static double ps_rate(const psdom *d)
{
    int n = d->fair ? d->c.n + d->d.n : d->c.n;
    return n <= d->cores ? 1.0 : (double)d->cores / n;
}

/* each delivery's rate: the cores the computing ranks leave free, shared
 * (FAIR: a share like a computing rank's) */
static double ps_drate(const psdom *d)
{
    double free_cores = d->cores - d->c.n;
    if (!d->d.n)
        return 0;
    if (d->fair)
        return ps_rate(d);
    if (free_cores <= 0)
        return 0;
    return free_cores >= d->d.n ? 1.0 : free_cores / d->d.n;
}

static void ps_advance(psdom *d, double t)
{
    if (t > d->tv) {
        if (d->c.n)
            d->v += (t - d->tv) * ps_rate(d);
        d->dv += (t - d->tv) * ps_drate(d);
        d->tv = t;
    }
}

/* When the next computing rank (*TC) and the next delivery (*TD) of D are
 * done, INFINITY where none. */
static void ps_times(const psdom *d, double *tc, double *td)
{
    double rd = ps_drate(d);
    *tc = d->c.n ? d->tv + (d->c.h[0].target - d->v) / ps_rate(d) : INFINITY;
    *td = rd > 0 ? d->tv + (d->d.h[0].target - d->dv) / rd : INFINITY;
    if (*tc < d->tv)
        *tc = d->tv;
    if (*td < d->tv)
        *td = d->tv;
}

static int ev_before(const psev *a, const psev *b)
{
    return a->t < b->t || (a->t == b->t && a->dom < b->dom);
}

/* Schedule domain DOM's next completion (after any change). -1: out of memory. */
static int ps_resched(pssched *s, psdom *doms, int dom)
{
    psdom *d = &doms[dom];
    psev e;
    size_t i;
    double tc, td;
    d->ver++;
    ps_times(d, &tc, &td);
    if (!isfinite(tc) && !isfinite(td))
        return 0;
    e.t = tc <= td ? tc : td;
    e.dom = dom;
    e.ver = d->ver;
    if (s->n == s->cap) {
        size_t nc = s->cap ? 2 * s->cap : 64;
        psev *nh = realloc(s->h, nc * sizeof *nh);
        if (!nh)
            return -1;
        s->h = nh;
        s->cap = nc;
    }
    for (i = s->n++; i > 0 && ev_before(&e, &s->h[(i - 1) / 2]); i = (i - 1) / 2)
        s->h[i] = s->h[(i - 1) / 2];
    s->h[i] = e;
    return 0;
}

static void ps_pop_ev(pssched *s)
{
    psev x = s->h[--s->n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, m = l;
        if (l >= s->n)
            break;
        if (l + 1 < s->n && ev_before(&s->h[l + 1], &s->h[l]))
            m = l + 1;
        if (!ev_before(&s->h[m], &x))
            break;
        s->h[i] = s->h[m];
        i = m;
    }
    if (s->n)
        s->h[i] = x;
}

/* The time of the next completion in any domain (INFINITY: none). */
static double ps_next(pssched *s, const psdom *doms)
{
    while (s->n && s->h[0].ver != doms[s->h[0].dom].ver)
        ps_pop_ev(s);
    return s->n ? s->h[0].t : INFINITY;
}

/* Job ID (a rank computing; with DELIVERY, a send's row) starts W seconds of
 * work in domain DOM at time T. */
static int ps_join(pssched *s, psdom *doms, int dom, long id, double w, double t, int delivery)
{
    psdom *d = &doms[dom];
    psjob j;
    ps_advance(d, t);
    j.target = (delivery ? d->dv : d->v) + w;
    j.id = id;
    if (psheap_push(delivery ? &d->d : &d->c, j) != 0)
        return -1;
    return ps_resched(s, doms, dom);
}

/* The next completion (at ps_next's time T): its id (*DELIVERY says which
 * kind), or -1 when out of memory. */
static long ps_complete(pssched *s, psdom *doms, double t, int *delivery)
{
    int dom = s->h[0].dom;
    psdom *d = &doms[dom];
    double tc, td;
    psheap *q;
    psjob j;
    ps_pop_ev(s);
    ps_times(d, &tc, &td);   /* as scheduled: decide before advancing */
    ps_advance(d, t);
    *delivery = !(tc <= td);
    q = *delivery ? &d->d : &d->c;
    j = psheap_pop(q);
    if (*delivery) {
        if (d->dv < j.target)   /* rounding: it is done now */
            d->dv = j.target;
    } else if (d->v < j.target)
        d->v = j.target;
    return ps_resched(s, doms, dom) == 0 ? j.id : -1;
}

/* Deflation: the CPU work of each recorded gap when the trace's ranks shared
 * TCORES cores as it was recorded. Every gap (as the replay takes it: from
 * the previous row's end, or a group call's begin, to the row's begin) is
 * swept in time order; while n gaps are open, each does min(1, TCORES / n)
 * of a second's work per second. WORK[row] gets it (rows with no gap: 0).
 * Return 0 or -1 (out of memory). */
typedef struct gapev {
    double t;
    long row;    /* the gap of row ROW opens (row >= 0) or closes (-row - 1) */
} gapev;

static int gapev_cmp(const void *a, const void *b)
{
    const gapev *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return (y->row < 0) - (x->row < 0);   /* at one time, closes first */
}

static int deflate_gaps(const hrel_msgtrace *t, int tcores, double *work)
{
    size_t n = 0, i, k;
    gapev *ev = malloc((2 * t->n + 1) * sizeof *ev);
    double *since = NULL, v = 0, last = 0;   /* V: work one open gap has done */
    int r, open = 0;
    if (!ev)
        return -1;
    for (i = 0; i < t->n; i++)
        work[i] = 0;
    for (r = 0; r < t->nproc; r++) {
        double prev;
        if (t->first[r] == t->first[r + 1])
            continue;
        prev = t->row[t->first[r]].t0;
        for (i = t->first[r]; i < t->first[r + 1]; i++) {
            const hrel_msg *m = &t->row[i];
            if (m->kind != HREL_MSG_START && m->t0 - prev > 0) {
                ev[n].t = prev;
                ev[n++].row = (long)i;
                ev[n].t = m->t0;
                ev[n++].row = -(long)i - 1;
            }
            prev = hrel_msg_gap_from(m);
        }
    }
    qsort(ev, n, sizeof *ev, gapev_cmp);
    if (!(since = malloc((t->n ? t->n : 1) * sizeof *since))) {
        free(ev);
        return -1;
    }
    for (k = 0; k < n; k++) {
        if (open > 0)
            v += (ev[k].t - last) * (open <= tcores ? 1.0 : (double)tcores / open);
        last = ev[k].t;
        if (ev[k].row >= 0) {
            since[ev[k].row] = v;
            open++;
        } else {
            size_t row = (size_t)(-ev[k].row - 1);
            work[row] = v - since[row];
            open--;
        }
    }
    free(ev);
    free(since);
    return 0;
}

static int host_of(const hrel_msgtrace *t, const hrel_replay_param *par, int rank)
{
    if (par->host_map)
        return par->host_map[rank];
    if (par->nhosts > 0)
        return rank % par->nhosts;
    return t->row[t->first[rank]].host;
}

/* The processor-sharing domain of host H: its own, or the one all hosts share. */
static int ps_dom(const hrel_replay_param *par, int h)
{
    return par->shared_cores > 0 ? 0 : h;
}

/* the daemon route: rank R's send or multicast M (row ROW) issued at START is
 * posted to the network, once per destination host (HSEEN[h] == ROW + 1: host
 * h had its copy); PEND[ROW] counts the deliveries still to come. Returns when
 * the sender is free again, or -1. */
static double daemon_send(const hrel_msgtrace *t, const hrel_replay_param *par, hrel_pvmdnet *net,
                          const hrel_msg *m, int r, size_t row, double start, int *pend,
                          size_t *hseen)
{
    int hs = host_of(t, par, r), k;
    double handed = start + par->proc + LOCAL_G * m->bytes;
    pend[row] = 0;
    for (k = 0; k < m->npeers; k++) {
        int hd = host_of(t, par, m->peers[k]);
        if (hseen[hd] == row + 1)
            continue;
        hseen[hd] = row + 1;
        if (hrel_pvmdnet_post(net, hs, hd, m->bytes, handed, (long)row) != 0)
            return -1;
        pend[row]++;
    }
    return handed;
}

/* The duration of a lifecycle row (start, enrol, exit, end) of rank S under
 * the platform's lifecycle L (DUR: the recorded one). */
static double life_cost(const hrel_lifecycle *l, hrel_msgkind kind, const rstate *s, double dur)
{
    switch (kind) {
    case HREL_MSG_START:   /* with no enrolment row: the enrolment's, here */
        if (!s->noenrol)
            return dur;
        /* fall through */
    case HREL_MSG_ENROL:
        if (s->spawned)
            return fmax(0.0, s->enrol - s->startcpu);
        /* started from a shell: the platform's fork to enrolment, with the
           program's own start-up CPU in place of the measuring program's */
        if (!isnan(l->start_cpu) && !isnan(s->ownstart))
            return fmax(0.0, l->enrol + s->ownstart - l->start_cpu);
        return l->enrol;
    case HREL_MSG_EXIT:
        return l->exit;
    case HREL_MSG_END:
        return l->end;
    default:
        return dur;
    }
}

/* Sends larger than the route's buffering (sendbuf): what is beyond it goes
 * out only while the receiver's library moves data, i.e. while the receiver
 * is in a PVM call (libpvm's transfer loop reads every route, also inside a
 * send). POST[row] is when the rest of send ROW could start (NAN: not yet);
 * HELDON[r] the first sender held until rank r enters a call (st[].hnext the
 * next), RECEPT[r] 1 while r waits in a call (a receive, or a held send). */
typedef struct rdv {
    double *post;
    int *heldon, *recept;
    char *takes;       /* per send row: some receive takes it (else never held) */
} rdv;

/* Rank R is in a PVM call at its clock: the senders held for it go on. */
static void rdv_release(rstate *st, rheap *h, rdv *rv, int r)
{
    int sr = rv->heldon[r];
    rv->heldon[r] = -1;
    while (sr >= 0) {
        int nx = st[sr].hnext;
        st[sr].hnext = -1;
        rv->post[st[sr].next] = st[r].clock;
        rheap_push(h, st, sr);
        sr = nx;
    }
}

/* Rank R's next row can run now: into the heap; or it waits for a message not
 * yet arrived: onto that message's list of waiting ranks (WAIT[row]). A
 * receive's gap is computed first (in the heap), then it waits. With RV, a
 * rank that waits in a receive takes in what is held for it. */
static void consider(const hrel_msgtrace *t, rstate *st, rheap *h, const double *arrive,
                     int *wait, rdv *rv, int r)
{
    const hrel_msg *m;
    if (st[r].done || !st[r].ready)
        return;
    if (st[r].swait) {   /* its last send is done only when that message is in */
        size_t w = st[r].swait - 1;
        if (isnan(arrive[w])) {
            st[r].wnext = wait[w];
            wait[w] = r;
            return;
        }
        if (st[r].clock < arrive[w])
            st[r].clock = arrive[w];
        st[r].swait = 0;
    }
    m = &t->row[st[r].next];
    if (m->kind == HREL_MSG_RECV && (m->match < 0 || isnan(arrive[m->match])) &&
        !(!st[r].gapdone && m->t0 - st[r].rec_prev > 0)) {
        if (m->match >= 0) {
            st[r].wnext = wait[m->match];
            wait[m->match] = r;
        }
        if (rv) {
            rv->recept[r] = 1;
            rdv_release(st, h, rv, r);
        }
        return;
    }
    rheap_push(h, st, r);
}

/* Message ROW has arrived: its waiting ranks can run. */
static void wake(const hrel_msgtrace *t, rstate *st, rheap *h, const double *arrive, int *wait,
                 rdv *rv, size_t row)
{
    int r = wait[row];
    wait[row] = -1;
    while (r >= 0) {
        int nx = st[r].wnext;
        st[r].wnext = -1;
        consider(t, st, h, arrive, wait, rv, r);
        r = nx;
    }
}

/* A group call that waits for the group server (joingroup, lvgroup, barrier)
 * must hold the server's answer (a receive) among its inner rows. Return 0, or
 * -1 naming the file, the line, the rank, its row and the call. */
static int check_groups(const hrel_msgtrace *t, char *err, size_t errlen)
{
    int r;
    for (r = 0; r < t->nproc; r++) {
        size_t i, j;
        for (i = t->first[r]; i < t->first[r + 1]; i++) {
            const hrel_msg *g = &t->row[i];
            int answered = 0;
            if (g->kind != HREL_MSG_JOINGROUP && g->kind != HREL_MSG_LVGROUP &&
                g->kind != HREL_MSG_BARRIER)
                continue;
            for (j = i + 1; j < t->first[r + 1] && t->row[j].inside == (long)i; j++)
                if (t->row[j].kind == HREL_MSG_RECV)
                    answered = 1;
            if (!answered) {
                hrel_seterr(err, errlen, "%s:%ld: rank %d, row %zu (%s): the group server never "
                            "answers it (%s), so it cannot be replayed", t->path, g->line, r,
                            i - t->first[r] + 1, hrel_msgkind_name(g->kind),
                            g->kind == HREL_MSG_BARRIER ? "a barrier nobody else reaches, or a "
                            "trace cut short" : "no group server traced, or a trace cut short");
                return -1;
            }
        }
    }
    return 0;
}

/* Per send row of T, the extra wait of a receiver woken behind its computing
 * sender (hrel_replay_param.wakeup): the sender's CPU from the send to its next
 * wait, capped at 1 s, priced by W. WK is caller-allocated (T->n entries). */
static void wake_delays(const hrel_msgtrace *t, const hrel_replay_param *par,
                        const hrel_wakeup *w, double *wk)
{
    int r;
    size_t i, j;
    for (i = 0; i < t->n; i++)
        wk[i] = 0;
    for (r = 0; r < t->nproc; r++)
        for (i = t->first[r]; i < t->first[r + 1]; i++) {
            double cap = 0;
            if (t->row[i].kind != HREL_MSG_SEND && t->row[i].kind != HREL_MSG_MCAST)
                continue;
            for (j = i + 1; j < t->first[r + 1] && cap < 1; j++) {
                const hrel_msg *m = &t->row[j];
                double gap = fmax(0.0, m->t0 - hrel_msg_gap_from(&t->row[j - 1]));
                int cpu_known = t->gap_cpu && !isnan(t->gap_cpu[j]);
                cap += cpu_known ? fmin(t->gap_cpu[j], gap) : gap;
                if ((cpu_known && t->gap_blocked[j]) ||
                    (m->kind == HREL_MSG_RECV && m->t1 - m->t0 > HREL_REPLAY_WAITED_S) ||
                    m->kind == HREL_MSG_EXIT || m->kind == HREL_MSG_END)
                    break;
            }
            wk[i] = hrel_wakeup_expect(w, fmin(cap, 1.0) * par->cpu_ratio);
        }
}

/* The userspace wire under NET's packets (PAR->userwire): the bus its CSMA/CD
 * segment, the ports its switch, each station's FIFO PAR->wire_queue bytes
 * (65536 when 0), and its lateness. 0, or -1 (tc's links, no medium, or a
 * value pvmdnet refuses). */
static int userwire_set(hrel_pvmdnet *net, const hrel_replay_param *par)
{
    double q = par->wire_queue > 0 ? par->wire_queue : 65536;
    int rc = par->wire_tc ? -1
             : par->medium == HREL_MEDIUM_BUS ? hrel_pvmdnet_set_csma(net, par->wire_delay, q, par->seed)
             : par->medium == HREL_MEDIUM_PORT ? hrel_pvmdnet_set_switch(net, par->wire_delay, q)
             : -1;
    if (rc == 0 && par->wire_late > 0)
        rc = hrel_pvmdnet_set_wire_late(net, par->wire_late);
    return rc;
}

void hrel_replay_use_lifecycle(hrel_replay_param *par, hrel_lifecycle *l, int every_k)
{
    if (!every_k)
        hrel_lifecycle_two_points(l);
    par->lifecycle = l;
    par->multi_start_cpu = every_k;
}

int hrel_replay_run(const hrel_msgtrace *t, hrel_replay_param *par, double *end,
                    double *total, char *err, size_t errlen)
{
    int p = t->nproc, r, maxh = 0, rc = -1, ndone = 0;
    rstate *st = calloc((size_t)p, sizeof *st);
    double *arrive = malloc((t->n ? t->n : 1) * sizeof *arrive);
    int *wait = malloc((t->n ? t->n : 1) * sizeof *wait);
    rheap heap = {malloc(((size_t)p + 1) * sizeof *heap.r), 0};
    double *outfree = NULL, *infree = NULL, busfree = 0;
    hrel_incast *ic = NULL;
    pairset met = {NULL, 0, 0};   /* the pairs that have had their first contact */
    hrel_pvmdnet *net = NULL;
    int *pend = NULL;   /* daemon route: deliveries still to come per send row */
    size_t *hseen = NULL;
    size_t j;
    const hrel_lifecycle *life = par->lifecycle;
    int ps = par->shared_cores > 0 || par->cores > 0, ndom = 0;
    psdom *doms = NULL;   /* processor sharing: per host, or one for all */
    pssched sched = {NULL, 0, 0};
    int quota = par->quota > 0 && par->quota < 1 && par->quota_period > 0;
    hrel_cpuquota *qst = NULL;   /* a CPU limit's budget per rank */
    double *gwork = NULL;   /* deflated gaps (trace_cores), per row */
    rdv rvs = {NULL, NULL, NULL, NULL}, *rv = NULL;   /* sends beyond the route's buffering */
    double *wk = NULL;   /* per send row: a waiting receiver's wake-up behind its sender */
    unsigned char *xch = NULL;   /* per row: a send that crosses its receiver's (exchange.h) */
    unsigned char *xdm = NULL;   /* per row: a first send that goes through the pvmds although
                                    the route is direct (crossing.h) */
    size_t ncross = 0;

    if (!st || !arrive || !wait || !heap.r)
        goto oom;
    if (check_groups(t, err, errlen) != 0)
        goto out;
    if (!(par->cpu_ratio > 0) || !(par->g_send >= 0) || !isfinite(par->L_send) ||
        !(par->g_mcast >= 0) || !isfinite(par->L_mcast) || !isfinite(par->g_send) ||
        !isfinite(par->g_mcast) || !(par->setup >= 0) || !isfinite(par->setup)) {
        hrel_seterr(err, errlen, "replay: g must be >= 0, L finite, the set-up >= 0 and "
                    "the CPU ratio > 0");
        goto out;
    }
    for (r = 0; r < p; r++) {
        int h = host_of(t, par, r);
        if (h > maxh)
            maxh = h;
    }
    outfree = calloc((size_t)maxh + 1, sizeof *outfree);
    infree = calloc((size_t)maxh + 1, sizeof *infree);
    hseen = calloc((size_t)maxh + 1, sizeof *hseen);
    if (!outfree || !infree || !hseen)
        goto oom;
    par->incasts = 0;
    par->incast_peak = 0;
    par->crossed = 0;
    if (par->crossing && !par->daemon && par->g_wire > 0 && par->rtt0 > 0) {
        int *hosts = malloc((size_t)(p > 0 ? p : 1) * sizeof *hosts);
        if (!hosts)
            goto oom;
        for (r = 0; r < p; r++)
            hosts[r] = host_of(t, par, r);
        r = hrel_crossing_mark(t, hosts, par->setup, &xdm, &ncross, err, errlen);
        free(hosts);
        if (r != 0)
            goto out;
    }
    if (par->port_queue > 0 && par->medium == HREL_MEDIUM_PORT && !par->daemon &&
        !(ic = hrel_incast_new(maxh + 1, par->port_queue, fmax(0.0, par->tcp_window))))
        goto oom;
    if (par->cores < 0 || par->shared_cores < 0) {
        hrel_seterr(err, errlen, "replay: cores must be >= 0");
        goto out;
    }
    if (quota && ps) {
        hrel_seterr(err, errlen, "replay: a CPU limit (quota) and processor sharing cannot be "
                    "priced together yet");
        goto out;
    }
    if (quota) {
        if (!(qst = malloc((size_t)p * sizeof *qst)))
            goto oom;
        for (r = 0; r < p; r++) {
            qst[r].period = -1;
            qst[r].used = 0;
        }
    }
    if (ps && par->trace_cores > 0) {
        if (!(gwork = malloc((t->n ? t->n : 1) * sizeof *gwork)) ||
            deflate_gaps(t, par->trace_cores, gwork) != 0)
            goto oom;
    }
    if (ps) {
        ndom = par->shared_cores > 0 ? 1 : maxh + 1;
        if (!(doms = calloc((size_t)ndom, sizeof *doms)))
            goto oom;
        for (r = 0; r < ndom; r++) {
            doms[r].cores = par->shared_cores > 0 ? par->shared_cores : par->cores;
            doms[r].fair = par->deliver == 2;
        }
    }
    if ((par->daemon || ncross > 0) && (!(net = hrel_pvmdnet_new(maxh + 1, par->medium == HREL_MEDIUM_BUS,
                                                par->g_wire, par->rtt0, p > 0 ? host_of(t, par, 0) : 0,
                                                par->proc)) ||
                        hrel_pvmdnet_set_jitter(net, par->jitter, par->seed) != 0 ||
                        ((par->pvmd_msg > 0 || par->pvmd_queue) &&
                         hrel_pvmdnet_set_cpu(net, par->pvmd_msg, par->pvmd_queue) != 0) ||
                        (par->pvmd_pool > 0 && hrel_pvmdnet_set_pool(net, par->pvmd_pool) != 0) ||
                        !(pend = calloc(t->n ? t->n : 1, sizeof *pend)))) {
        hrel_seterr(err, errlen, "replay: the daemon route needs a wire g > 0, an RTT > 0, a "
                    "pvmd time >= 0, a pvmd time per message in [0, 1) s and a jitter in "
                    "[0, 60) s (%d hosts at most 4096)", maxh + 1);
        goto out;
    }
    if (net && par->wire_tc)
        hrel_pvmdnet_set_frames(net, 34, 0, 1600);
    if (net && par->wire_tc && par->medium == HREL_MEDIUM_PORT && !par->tc_joint &&
        hrel_pvmdnet_set_tbf(net, 65536) != 0)   /* platform.sh: tbf ... limit 64kb */
        goto oom;
    if (net)
        hrel_pvmdnet_set_observer(net, par->pkt_fn, par->pkt_ctx);
    if (net && par->wire_tc && par->htb > 0 && par->medium == HREL_MEDIUM_BUS &&
        hrel_pvmdnet_set_htb(net, par->htb) != 0)
        goto oom;
    if (net && par->userwire && maxh > 0 &&   /* (one host: nothing on the wire) */
        userwire_set(net, par) != 0) {
        hrel_seterr(err, errlen, "replay: the userspace wire needs the bus (its CSMA/CD "
                    "segment) or the ports (its switch) without tc, 2 to 64 hosts (%d here), "
                    "a delay of 0 to 1 s and a rate of 1e3 to 1e11 bit/s", maxh + 1);
        goto out;
    }
    if (net && ps && par->pvmd_share)
        hrel_pvmdnet_set_extcpu(net, 1, par->pvmd_after);
    for (j = 0; j < t->n; j++) {
        arrive[j] = NAN;
        wait[j] = -1;
    }
    par->exchanged = 0;
    if (par->sizecost_x && par->sizecost_x->n >= 2 && par->sizecost && par->sizecost->n >= 2 &&
        hrel_exchange_mark(t, &xch, NULL, err, errlen) != 0)
        goto out;
    if (par->wakeup) {
        if (!(wk = malloc((t->n ? t->n : 1) * sizeof *wk)))
            goto oom;
        wake_delays(t, par, par->wakeup, wk);
    }
    if (par->sendbuf > 0 && !par->daemon) {
        if (!(rvs.post = malloc((t->n ? t->n : 1) * sizeof *rvs.post)) ||
            !(rvs.takes = calloc(t->n ? t->n : 1, 1)) ||
            !(rvs.heldon = malloc((size_t)p * sizeof *rvs.heldon)) ||
            !(rvs.recept = calloc((size_t)p, sizeof *rvs.recept)))
            goto oom;
        for (j = 0; j < t->n; j++)
            rvs.post[j] = NAN;
        for (j = 0; j < t->n; j++)
            if (t->row[j].kind == HREL_MSG_RECV && t->row[j].match >= 0)
                rvs.takes[t->row[j].match] = 1;
        for (r = 0; r < p; r++)
            rvs.heldon[r] = st[r].hnext = -1;
        rv = &rvs;
    }
    for (r = 0; r < p; r++) {
        st[r].next = t->first[r];
        st[r].wnext = -1;
        st[r].done = t->first[r] == t->first[r + 1];
        ndone += st[r].done;
        if (!st[r].done)
            st[r].rec_prev = t->row[t->first[r]].t0;
        st[r].ownstart = hrel_msgtrace_startup_cpu(t, r) * par->cpu_ratio;
        if (life && !st[r].done && t->row[t->first[r]].kind == HREL_MSG_START &&
            strcmp(t->tracer, "preload") == 0) {
            size_t i;
            st[r].noenrol = 1;
            for (i = t->first[r]; i < t->first[r + 1] && st[r].noenrol; i++)
                st[r].noenrol = t->row[i].kind != HREL_MSG_ENROL;
        }
    }
    st[0].ready = 1;
    st[0].clock = t->first[1] > t->first[0] ? t->row[0].t0 : 0;
    consider(t, st, &heap, arrive, wait, rv, 0);
    for (;;) {
        int best;
        double pt = INFINITY;
        if (ndone == p)
            break;
        /* the runnable rank with the smallest clock */
        best = heap.n ? heap.r[0] : -1;
        if (ps)
            pt = ps_next(&sched, doms);
        if (net) {   /* the network's events up to the next rank action, in time order */
            double nx = hrel_pvmdnet_next(net), at;
            long id;
            int got;
            if (isfinite(nx) && (best < 0 || nx <= st[best].clock) && nx <= pt) {
                if ((got = hrel_pvmdnet_step(net, &id, &at)) < 0)
                    goto oom;
                if (got == 2) {   /* a pvmd's action: CPU work on its host's cores */
                    int h;
                    double cost;
                    if (hrel_pvmdnet_cpu_req(net, id, &h, &cost) != 0 ||
                        ps_join(&sched, doms, ps_dom(par, h), (long)t->n + id,
                                cost, at, 1) != 0)
                        goto oom;
                    continue;
                }
                if (got && --pend[id] == 0) {
                    arrive[id] = at + LOCAL_G * t->row[id].bytes;
                    wake(t, st, &heap, arrive, wait, rv, (size_t)id);
                }
                continue;
            }
        }
        if (isfinite(pt) && (best < 0 || pt <= st[best].clock)) {
            int dl;
            long id = ps_complete(&sched, doms, pt, &dl);
            if (id < 0)
                goto oom;
            if (dl && id >= (long)t->n) {   /* a pvmd's action is done */
                long mid;
                double at;
                int got = hrel_pvmdnet_cpu_done(net, id - (long)t->n, pt, &mid, &at);
                if (got < 0)
                    goto oom;
                if (got && --pend[mid] == 0) {
                    arrive[mid] = at + LOCAL_G * t->row[mid].bytes;
                    wake(t, st, &heap, arrive, wait, rv, (size_t)mid);
                }
                continue;
            }
            if (dl) {   /* a message within a host is delivered */
                arrive[id] = pt;
                wake(t, st, &heap, arrive, wait, rv, (size_t)id);
                continue;
            }
            if (id >= p)   /* a call's own CPU (call_cpu) is done: nobody waits for it */
                continue;
            /* a rank's computation is done: its call can run */
            r = (int)id;
            st[r].clock = pt + st[r].sleep;
            st[r].sleep = 0;
            st[r].gapdone = 1;
            consider(t, st, &heap, arrive, wait, rv, r);
            continue;
        }
        if (best < 0) {
            for (r = 0; r < p && (st[r].done || !st[r].ready); r++)
                ;
            if (r < p) {
                const hrel_msg *m = &t->row[st[r].next];
                hrel_seterr(err, errlen, "%s:%ld: replay stuck: rank %d, row %zu (%s%s%s) waits "
                            "for a message that is never sent", t->path, m->line, r,
                            st[r].next - t->first[r] + 1, hrel_msgkind_name(m->kind),
                            m->inside >= 0 ? " inside " : "",
                            m->inside >= 0 ? hrel_msgkind_name(t->row[m->inside].kind) : "");
            } else
                hrel_seterr(err, errlen, "%s: replay stuck: a rank is never spawned", t->path);
            goto out;
        }
        rheap_pop(&heap, st);
        {
            rstate *s = &st[best];
            const hrel_msg *m = &t->row[s->next];
            double gap = m->t0 - s->rec_prev, dur = m->t1 - m->t0;
            /* its CPU work, shared when processor sharing is on: the CPU time
               the trace recorded for it (a gap that blocked: that, and the rest
               of the gap off the CPU, a sleep that takes no core), else the gap
               deflated by the trace's cores, else the gap as recorded */
            int cpu_known = t->gap_cpu && !isnan(t->gap_cpu[s->next]);
            double gapw = cpu_known ? fmin(t->gap_cpu[s->next], gap)
                          : gwork ? gwork[s->next] : gap;
            int blk = cpu_known ? t->gap_blocked[s->next] : 0;
            double gaps = blk == 1 ? gap - gapw : 0;
            int hs = host_of(t, par, best), k;
            if (blk == 2)   /* a poll that found its message after sleeping between
                               polls: the sleep was the wait for it, which the
                               receive itself takes */
                gap = gapw;
            size_t row = s->next;
            if (m->kind == HREL_MSG_START && ps && life && !s->gapdone &&
                ((s->spawned && s->alone && !isnan(s->ownstart)) ||
                 (par->multi_start_cpu && s->spawned == 1 && !s->alone))) {
                /* a task spawned alone: its start-up, from its fork to its first
                   record (the new process's CPU: the trace's start row), is CPU
                   work on its host's cores, shared with what computes there; its
                   enrolment then costs the rest of the platform's measured
                   spawn-to-enrolled time. (A spawn of several returns after its
                   first tasks have started: the lifecycle's times for it hold
                   their start-ups, so they stay a wait: docs/predict.md, "A
                   process's start-up as CPU work"; with multi_start_cpu, the
                   lifecycle's time from the return to its enrolment, measured
                   with a spawner that waited, is that CPU work instead, beside
                   the master that goes on and the siblings that started first,
                   and it enrols when that is done: "A spawn of k tasks") */
                s->startcpu = s->alone ? s->ownstart : s->enrol;
                s->sleep = 0;
                if (ps_join(&sched, doms, ps_dom(par, hs), best, s->startcpu,
                            s->clock, 0) != 0)
                    goto oom;
                continue;
            }
            if (gap > 0 && m->kind != HREL_MSG_START && !s->gapdone) {
                /* the computation first; the call runs when the heap reaches
                   its start, so calls (and the medium's reservations) are
                   taken in time order */
                if (!ps) {
                    if (quota)
                        s->clock = hrel_cpuquota_run(&qst[best], s->clock, gap * par->cpu_ratio,
                                                     par->quota, par->quota_period);
                    else
                        s->clock += gap * par->cpu_ratio;
                    s->gapdone = 1;
                    consider(t, st, &heap, arrive, wait, rv, best);
                    continue;
                } else {   /* computed with the others of its domain */
                    s->sleep = gaps;
                    if (ps_join(&sched, doms, ps_dom(par, hs), best,
                                gapw * par->cpu_ratio, s->clock, 0) != 0)
                        goto oom;
                    continue;
                }
            }
            if (m->kind == HREL_MSG_RECV && m->match >= 0 && isnan(arrive[m->match])) {
                /* its gap is done (a poll that slept: none left) and its
                   message is not yet sent: it waits for it */
                s->gapdone = 1;
                consider(t, st, &heap, arrive, wait, rv, best);
                continue;
            }
            if (rv && m->kind != HREL_MSG_START) {   /* in a call: what is held for it moves */
                rv->recept[best] = 0;
                rdv_release(st, &heap, rv, best);
                if (m->kind == HREL_MSG_SEND && (double)m->bytes > par->sendbuf &&
                    !(xdm && xdm[row]) &&
                    rv->takes[row] && isnan(rv->post[row]) && m->npeers > 0 &&
                    m->peers[0] >= 0 && m->peers[0] < p && m->peers[0] != best) {
                    int d = m->peers[0];
                    if (rv->recept[d] || st[d].done)
                        rv->post[row] = s->clock;
                    else {   /* more than the route buffers: held until d is in a call */
                        st[best].hnext = rv->heldon[d];
                        rv->heldon[d] = best;
                        rv->recept[best] = 1;
                        continue;
                    }
                }
            }
            s->gapdone = 0;
            if (par->row_t0)
                par->row_t0[row] = s->clock;
            /* the call's own CPU (call_cpu): work on its host's cores beside
               the call, which keeps its priced time; a group call's is its
               inner rows' */
            if (ps && par->call_cpu && t->call_cpu && !isnan(t->call_cpu[row]) &&
                t->call_cpu[row] > 0 && !hrel_msgkind_is_group(m->kind) &&
                ps_join(&sched, doms, ps_dom(par, hs), (long)p + (long)row,
                        t->call_cpu[row] * par->cpu_ratio, s->clock, 0) != 0)
                goto oom;
            switch (m->kind) {
            case HREL_MSG_START:
            case HREL_MSG_EXIT:
            case HREL_MSG_ENROL:
            case HREL_MSG_END:
                s->clock += life ? life_cost(life, m->kind, s, dur) : dur;
                break;
            case HREL_MSG_JOINGROUP:
            case HREL_MSG_LVGROUP:
            case HREL_MSG_BARRIER:
            case HREL_MSG_BCAST:
            case HREL_MSG_REDUCE:
            case HREL_MSG_GATHER:
            case HREL_MSG_SCATTER:
                /* a group call costs what its inner rows (its messages, the
                   computation between them) cost: they follow it, timed from
                   its begin */
                break;
            case HREL_MSG_SPAWN: {
                int far = 0, h0 = -1, spread = 0;   /* where: 0 here, 1 another host,
                                                       2 several hosts */
                for (k = 0; k < m->npeers; k++)
                    if (m->peers[k] >= 0 && m->peers[k] < p) {
                        int hc = host_of(t, par, m->peers[k]);
                        if (hc != hs)
                            far = 1;
                        if (h0 < 0)
                            h0 = hc;
                        else if (hc != h0)
                            spread = 1;
                    }
                far = far ? 1 + spread : 0;
                s->clock += life && m->npeers > 0 ? hrel_lifecycle_spawn(life, m->npeers, far)
                                                  : dur;
                for (k = 0; k < m->npeers; k++) {
                    int c = m->peers[k];
                    if (c >= 0 && c < p && !st[c].ready && !st[c].done) {
                        st[c].ready = 1;
                        st[c].spawned = m->inside >= 0 ? 2 : 1;
                        st[c].alone = m->npeers == 1;
                        st[c].remote = host_of(t, par, c) != hs;
                        if (life)
                            st[c].enrol = st[c].spawned == 2
                                ? fmax(0.0, life->gs_start - hrel_lifecycle_spawn(life, 1, st[c].remote))
                                : hrel_lifecycle_spawn_start(life, k, m->npeers,
                                                             far == 2 ? 2 : st[c].remote);
                        st[c].clock = life ? s->clock
                                           : fmax(0.0, s->clock + (t->row[t->first[c]].t0 - m->t1));
                        consider(t, st, &heap, arrive, wait, rv, c);
                    }
                }
                break;
            }
            case HREL_MSG_SEND:
            case HREL_MSG_MCAST: {
                int mc = m->kind == HREL_MSG_MCAST, remote = 0;
                double h = m->bytes * (mc ? m->npeers : 1);
                double tx = mc ? par->g_mcast * h : p2p_tx(par, (double)m->bytes);
                double lat = mc ? par->L_mcast : par->L_send;
                double start = s->clock;
                int viad = par->daemon || (xdm && xdm[row]);   /* through the pvmds */
                for (k = 0; k < m->npeers; k++) {
                    int d = m->peers[k];
                    if (host_of(t, par, d) != hs)
                        remote = 1;
                    /* a crossed first send goes at once (its task answered the
                       other's request); the pair's route opens with the other's */
                    if (d >= 0 && d < p && d != best && !(xdm && xdm[row])) {
                        unsigned long long a = (unsigned long long)(best < d ? best : d),
                                           b = (unsigned long long)(best < d ? d : best);
                        int fresh = pair_add(&met, a * (unsigned long long)p + b + 1);
                        if (fresh < 0)
                            goto oom;
                        if (fresh)
                            start += par->setup;
                    }
                }
                if (xch && xch[row] && !remote && !mc) {
                    /* half of an exchange within a host: the Exchange pattern's
                       time at its size (both pass the one pvmd) */
                    tx = size_tx(par, par->sizecost_x, (double)m->bytes);
                    par->exchanged++;
                }
                if (viad) {
                    if ((s->clock = daemon_send(t, par, net, m, best, row, start, pend,
                                                hseen)) < 0)
                        goto oom;
                    par->crossed += !par->daemon;
                    break;
                }
                if (remote && par->medium == HREL_MEDIUM_PORT) {
                    double t0 = start = fmax(start, outfree[hs]);
                    for (k = 0; k < m->npeers; k++) {
                        int hd = host_of(t, par, m->peers[k]);
                        if (hd != hs)
                            start = fmax(start, infree[hd]);
                    }
                    outfree[hs] = start + tx;
                    for (k = 0; k < m->npeers; k++) {
                        int hd = host_of(t, par, m->peers[k]);
                        if (hd != hs)
                            infree[hd] = start + tx;
                        if (hd != hs && ic &&
                            hrel_incast_add(ic, hs, hd, (double)m->bytes, t0, start,
                                            start + tx) < 0)
                            goto oom;
                    }
                } else if (remote && par->medium == HREL_MEDIUM_BUS) {
                    start = fmax(start, busfree);
                    busfree = start + tx;
                }
                {
                    /* the sender is done when its bytes are out; beyond the
                       route's buffering, when its receiver has taken the rest */
                    double done = start + tx, now = s->clock;
                    if (rv && !mc && !isnan(rv->post[row]) && (double)m->bytes > par->sendbuf) {
                        done = fmax(done, rv->post[row] + p2p_tx(par, (double)m->bytes) -
                                              p2p_tx(par, par->sendbuf));
                        now = fmax(now, rv->post[row]);
                    }
                    if (net && remote && par->stream_queue > 0 &&
                        hrel_pvmdnet_stream(net, hs, fmax(start, done - tx), done,
                                            par->stream_queue) != 0)
                        goto oom;   /* (its arguments are sound: only memory fails) */
                    if (ps && par->deliver && !remote && m->npeers > 0) {
                        /* within a host the message is CPU work (the copies, the
                           pvmd's routing, the receiver's wake-up): it runs on the
                           cores the computing ranks leave free, from now */
                        int dd = ps_dom(par, host_of(t, par, m->peers[0]));
                        if (ps_join(&sched, doms, dd, (long)row, (done - now) + fmax(0.0, lat),
                                    now, 1) != 0)
                            goto oom;
                        s->clock = done;
                        if (par->sendbuf > 0 && !mc && (double)m->bytes > par->sendbuf)
                            s->swait = row + 1;   /* beyond the buffers: the sender
                                                     waits until it is taken */
                        break;
                    }
                    /* a fitted L < 0 never makes a message early; (start +
                       fmax(tx, tx + L): the sums as before, to the last bit) */
                    arrive[row] = done > start + tx ? done + fmax(0.0, lat)
                                                    : start + fmax(tx, tx + lat);
                    s->clock = done;
                }
                wake(t, st, &heap, arrive, wait, rv, row);
                break;
            }
            case HREL_MSG_RECV:
                if (wk && s->clock < arrive[m->match] && wk[m->match] > 0 &&
                    host_of(t, par, t->row[m->match].rank) == hs &&
                    !(t->gap_blocked && t->gap_blocked[row] == 2))
                    /* it waits, and its sender, on its host, computes on (a
                       poll that slept between polls: its timer wakes it) */
                    s->clock = arrive[m->match] + wk[m->match];
                else
                    s->clock = fmax(s->clock, arrive[m->match]);
                break;
            }
            if (par->row_t1)
                par->row_t1[row] = s->clock;
            s->rec_prev = hrel_msg_gap_from(m);
            s->next++;
            if (s->next == t->first[best + 1]) {
                s->done = 1;
                ndone++;
                if (rv)
                    rdv_release(st, &heap, rv, best);
            } else
                consider(t, st, &heap, arrive, wait, rv, best);
        }
    }
    *total = 0;
    for (r = 0; r < p; r++) {
        if (end)
            end[r] = st[r].clock;
        if (st[r].clock > *total)
            *total = st[r].clock;
    }
    if (net) {
        hrel_pvmdnet_stats ns;
        hrel_pvmdnet_get_stats(net, &ns);
        par->packets = ns.packets;
        par->copies = ns.copies;
        par->collisions = ns.collisions;
    }
    rc = 0;
    goto out;
oom:
    hrel_seterr(err, errlen, "replay: out of memory");
out:
    free(st);
    free(qst);
    free(gwork);
    free(rvs.post);
    free(rvs.takes);
    free(rvs.heldon);
    free(rvs.recept);
    free(arrive);
    free(wk);
    free(xch);
    free(xdm);
    free(wait);
    free(heap.r);
    free(outfree);
    free(infree);
    if (ic) {
        par->incasts = hrel_incast_count(ic);
        par->incast_peak = hrel_incast_peak(ic);
    }
    hrel_incast_free(ic);
    free(met.k);
    free(hseen);
    hrel_pvmdnet_free(net);
    free(pend);
    for (r = 0; r < ndom; r++) {
        free(doms[r].c.h);
        free(doms[r].d.h);
    }
    free(doms);
    free(sched.h);
    return rc;
}
