/* pvmdnet -- PVM's daemon route, packet by packet. See pvmdnet.h. */
#include <math.h>
#include <stdlib.h>

#include "pvmdnet.h"
#include "wire_model.h"

#define PKTHDR 16      /* pvmd packet header (DDFRAGHDR) */
#define UDPHDR 8
#define FRAGDATA 1480  /* IP payload per Ethernet frame */
#define MAXRTT 9.0     /* DDMAXRTT: the retry interval stops doubling, samples are cut, here */

enum { EV_TXDONE, EV_ACK, EV_TIMER, EV_LOCAL, EV_POST, EV_CPU, EV_BUS, EV_ACKOUT, EV_PORT, EV_ACKIN };

/* with the CPU outside (_set_extcpu): what a pvmd's action does once its CPU
 * work is done */
enum { CQ_READ, CQ_RECV, CQ_ACK, CQ_LOCAL, CQ_AFTER };

typedef struct cpureq {
    int kind, host, pair, fin;
    long seq, id;      /* the packet's number; the message */
    double cost;       /* CPU seconds */
} cpureq;

typedef struct pkt {
    double data;       /* bytes of the message in this packet */
    long id;           /* its message */
    double ready;      /* when its pvmd has read it from the task */
    int last;          /* the message's last packet */
    struct pkt *next;
} pkt;

typedef struct pairst {
    pkt *head, *tail;  /* packets waiting; the head is outstanding when busy */
    int busy, nrt;     /* nrt: sends of the outstanding packet */
    long seq, rcvd;    /* the outstanding packet's number; the receiver's last */
    double sent, rta;  /* its first send; the retry interval */
    double rtv;        /* in its host's output queue: next send (0: not yet sent) */
    double rtt;        /* pvmd's estimate */
    long lose;         /* acks of this pair still to be lost on the wire */
} pairst;

typedef struct event {
    double t;
    long order, seq;   /* seq: packet number, or message id (EV_LOCAL) */
    int type, pair;
    double len;        /* EV_PORT: the frame's bytes (seq: its packet's job) */
} event;

typedef struct link {
    double free;   /* busy until (s) */
    double tok;    /* bytes of burst saved up at FREE */
    double *qd, *ql, qb;   /* tc's buckets with a limit: the frames not yet left, each its
                              leaving and bytes (a ring from QH, QN of QCAP), QB bytes in all */
    long qh, qn, qcap;
} link;

/* a station's classes in tc's HTB (_set_htb): its own rate's tokens and its
 * ceiling's, in bytes at time T (negative: owed) */
typedef struct htbst {
    double own, c, t;
} htbst;

/* a packet waiting on the HTB segment (its station's queue, in order) */
typedef struct busjob {
    int ack, pair;     /* an ack (else a data packet) of pair PAIR */
    long seq;
    double ip;         /* IP bytes still to leave */
    struct busjob *next;
} busjob;

/* a packet on the userspace wire (_set_csma, _set_switch) or tc's buckets (_set_tbf):
 * its frames still to arrive */
typedef struct wirejob {
    int ack, pair, left, lost;   /* LOST: a frame was dropped, the packet never arrives */
    long seq;
    double last;                 /* tc's buckets: when its last frame so far arrives */
} wirejob;

/* a TCP stream of the direct route leaving a host (_stream) */
typedef struct stream {
    double t0, t1, wait;   /* from T0 to T1 a packet waits WAIT s behind its frames */
} stream;

struct hrel_pvmdnet {
    int nhosts, bus;
    double g, proc;
    double ovh, minframe, burst; /* bytes: per frame, smallest frame, burst */
    link *out, *in, bus_l;       /* a host's link out and its switch port in; the segment */
    pairst *pair;                /* [from * nhosts + to] */
    int **oq, *noq;              /* a host's output queue (pvmd.c opq): pairs in order */
    event *ev;                   /* a binary heap on (t, order) */
    size_t nev, cap;
    long order;
    double jit;                  /* mean of a pvmd's wait per action, s (0: none) */
    double msg;                  /* a pvmd's CPU per message, s, half at each end */
    double *cpu;                 /* with the queue: when each pvmd is free again (NULL: none) */
    double *core;                /* with a pool: when each of its NCORE cores is free */
    int ncore;
    int ext;                     /* the pvmds' CPU outside: actions are requests (_step 2) */
    double after;                /* with it: CPU s after each packet action, waited for by none */
    cpureq *cq;                  /* the requests, by token */
    long *cqfree, ncq, capcq, nfree;
    int tbf;                     /* the ports as tc's buckets in series (_set_tbf) */
    double tbflimit;             /* ... each bucket's queue, bytes (0: no limit) */
    int htb;                     /* > 0: the segment is tc's HTB with this many stations */
    htbst *hs;                   /* ... each station's classes */
    double par, par_t;           /* ... and the parent's tokens at PAR_T */
    busjob **bq, **bqt;          /* ... each station's queue: head, tail */
    int rr;                      /* ... the station served last */
    long busver;                 /* ... the EV_BUS event that is current */
    hrel_wire *wire;             /* the userspace wire: CSMA/CD segment (_set_csma) or
                                    switch (_set_switch) */
    wirejob *wj;                 /* ... its packets on it (or on tc's buckets), by handle */
    long *wjfree, nwj, capwj, nwjfree;
    double wlate;                /* ... the mean s after its time a packet is handed over */
    unsigned long long rng;      /* its generator's state */
    hrel_pvmdnet_observer obs;   /* the packets' observer (NULL: none) */
    void *obsctx;
    stream **sw;                 /* per host: the direct-route streams leaving it (_stream) */
    int *nsw, *capsw;
    double now;                  /* the time of the last event taken (no later query is
                                    earlier) */
    hrel_pvmdnet_stats st;
};

hrel_pvmdnet *hrel_pvmdnet_new(int nhosts, int bus, double g_wire, double rtt0, int master,
                               double proc)
{
    hrel_pvmdnet *n;
    size_t i, np;
    if (nhosts < 1 || nhosts > 4096 || master < 0 || master >= nhosts || !(g_wire > 0) ||
        !isfinite(g_wire) || !(rtt0 > 0) || !isfinite(rtt0) || !(proc >= 0) || !isfinite(proc))
        return NULL;
    np = (size_t)nhosts * (size_t)nhosts;
    if (!(n = calloc(1, sizeof *n)))
        return NULL;
    n->out = calloc((size_t)nhosts, sizeof *n->out);
    n->in = calloc((size_t)nhosts, sizeof *n->in);
    n->pair = calloc(np, sizeof *n->pair);
    n->oq = calloc((size_t)nhosts, sizeof *n->oq);
    n->noq = calloc((size_t)nhosts, sizeof *n->noq);
    n->sw = calloc((size_t)nhosts, sizeof *n->sw);
    n->nsw = calloc((size_t)nhosts, sizeof *n->nsw);
    n->capsw = calloc((size_t)nhosts, sizeof *n->capsw);
    if (!n->out || !n->in || !n->pair || !n->oq || !n->noq || !n->sw || !n->nsw || !n->capsw) {
        hrel_pvmdnet_free(n);
        return NULL;
    }
    n->nhosts = nhosts;
    n->bus = bus;
    n->g = g_wire;
    n->proc = proc;
    n->ovh = 58;
    n->minframe = 84;
    for (i = 0; i < np; i++)
        n->pair[i].rtt = ((int)(i / (size_t)nhosts) == master || (int)(i % (size_t)nhosts) == master)
                         ? rtt0 : HREL_PVMDNET_RTT_INIT;
    return n;
}

void hrel_pvmdnet_free(hrel_pvmdnet *n)
{
    size_t i, np;
    if (!n)
        return;
    np = n->pair ? (size_t)n->nhosts * (size_t)n->nhosts : 0;
    for (i = 0; i < np; i++)
        while (n->pair[i].head) {
            pkt *p = n->pair[i].head;
            n->pair[i].head = p->next;
            free(p);
        }
    for (i = 0; n->out && n->in && i < (size_t)n->nhosts; i++) {
        free(n->out[i].qd);
        free(n->out[i].ql);
        free(n->in[i].qd);
        free(n->in[i].ql);
    }
    free(n->out);
    free(n->in);
    free(n->hs);
    for (i = 0; n->bq && i < (size_t)n->nhosts; i++)
        while (n->bq[i]) {
            busjob *j = n->bq[i];
            n->bq[i] = j->next;
            free(j);
        }
    free(n->bq);
    free(n->bqt);
    free(n->pair);
    for (i = 0; n->oq && i < (size_t)n->nhosts; i++)
        free(n->oq[i]);
    free(n->oq);
    free(n->noq);
    for (i = 0; n->sw && i < (size_t)n->nhosts; i++)
        free(n->sw[i]);
    free(n->sw);
    free(n->nsw);
    free(n->capsw);
    free(n->ev);
    free(n->cpu);
    free(n->core);
    free(n->cq);
    free(n->cqfree);
    hrel_wire_free(n->wire);
    free(n->wj);
    free(n->wjfree);
    free(n);
}

static int before(const event *a, const event *b)
{
    return a->t < b->t || (a->t == b->t && a->order < b->order);
}

/* E into the heap, in the order pushed among events of the same time */
static int push_ev(hrel_pvmdnet *n, event e)
{
    size_t i;
    if (n->nev == n->cap) {
        size_t cap = n->cap ? 2 * n->cap : 64;
        event *v = realloc(n->ev, cap * sizeof *v);
        if (!v)
            return -1;
        n->ev = v;
        n->cap = cap;
    }
    i = n->nev++;
    e.order = n->order++;
    n->ev[i] = e;
    while (i > 0 && before(&n->ev[i], &n->ev[(i - 1) / 2])) {
        event x = n->ev[i];
        n->ev[i] = n->ev[(i - 1) / 2];
        n->ev[(i - 1) / 2] = x;
        i = (i - 1) / 2;
    }
    return 0;
}

static int push(hrel_pvmdnet *n, double t, int type, int pair, long seq)
{
    return push_ev(n, (event){t, 0, seq, type, pair, 0});
}

static event pop(hrel_pvmdnet *n)
{
    event top = n->ev[0];
    size_t i = 0;
    n->ev[0] = n->ev[--n->nev];
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        event x;
        if (l < n->nev && before(&n->ev[l], &n->ev[m]))
            m = l;
        if (r < n->nev && before(&n->ev[r], &n->ev[m]))
            m = r;
        if (m == i)
            break;
        x = n->ev[i];
        n->ev[i] = n->ev[m];
        n->ev[m] = x;
        i = m;
    }
    return top;
}

int hrel_pvmdnet_set_frames(hrel_pvmdnet *n, double overhead, double min_frame, double burst)
{
    int i;
    if (!(overhead >= 0 && overhead < 1e4 && min_frame >= 0 && min_frame < 1e5 && burst >= 0 &&
          burst < 1e9))
        return -1;
    n->ovh = overhead;
    n->minframe = min_frame;
    n->burst = burst;
    for (i = 0; i < n->nhosts; i++)   /* idle links start with a full bucket */
        n->out[i].tok = n->in[i].tok = burst;
    n->bus_l.tok = burst;
    return 0;
}

int hrel_pvmdnet_set_htb(hrel_pvmdnet *n, int stations)
{
    int i;
    if (!n->bus || !(n->burst > 0) || stations < 1 || stations > 1000000)
        return -1;
    free(n->hs);
    if (!(n->hs = malloc((size_t)n->nhosts * sizeof *n->hs)))
        return -1;
    for (i = 0; i < n->nhosts; i++)   /* idle classes start with a full bucket */
        n->hs[i] = (htbst){n->burst, n->burst, 0};
    n->par = n->burst;
    n->par_t = 0;
    n->htb = stations;
    if ((!n->bq && !(n->bq = calloc((size_t)n->nhosts, sizeof *n->bq))) ||
        (!n->bqt && !(n->bqt = calloc((size_t)n->nhosts, sizeof *n->bqt))))
        return -1;
    n->rr = -1;
    return 0;
}

int hrel_pvmdnet_set_tbf(hrel_pvmdnet *n, double limit)
{
    if (n->bus || !(n->burst > 0) || n->wire || !(limit >= 0 && limit < 1e12) ||
        (limit > 0 && limit < 1600))
        return -1;
    n->tbf = 1;
    n->tbflimit = limit;
    return 0;
}

int hrel_pvmdnet_set_jitter(hrel_pvmdnet *n, double mean, unsigned long long seed)
{
    if (!(mean >= 0 && mean < 60))
        return -1;
    n->jit = mean;
    n->rng = seed;
    return 0;
}

int hrel_pvmdnet_set_cpu(hrel_pvmdnet *n, double msg, int queue)
{
    if (!(msg >= 0 && msg < 1))
        return -1;
    n->msg = msg;
    if (queue && !n->cpu && !(n->cpu = calloc((size_t)n->nhosts, sizeof *n->cpu)))
        return -1;
    if (!queue) {
        free(n->cpu);
        n->cpu = NULL;
    }
    return 0;
}

/* pvmd H acts at T after its wait W, for COST s of its CPU: when it is done.
 * With the queue it first finishes what it was doing (one process serves its
 * peers and tasks in turn), its actions booked in the order they are made. */
static double act(hrel_pvmdnet *n, int h, double t, double cost, double w)
{
    double s;
    int c, k = 0;
    if (!n->cpu)
        return t + cost + w;
    s = fmax(t + w, n->cpu[h]);
    if (n->ncore > 0) {   /* the pool's core free first */
        for (c = 1; c < n->ncore; c++)
            if (n->core[c] < n->core[k])
                k = c;
        s = fmax(s, n->core[k]);
        n->core[k] = s + cost;
    }
    return n->cpu[h] = s + cost;
}

int hrel_pvmdnet_set_extcpu(hrel_pvmdnet *n, int on, double after)
{
    if (!(after >= 0 && after < 1))
        return -1;
    n->ext = on != 0;
    n->after = after;
    return 0;
}

static int push(hrel_pvmdnet *n, double t, int type, int pair, long seq);

/* a free slot of a pool of items of SIZE bytes (*ITEMS, N of them made, CAP
 * allocated) with its free list (*FREEL, NFREE on it): its index, or -1 when
 * out of memory; the pool doubles when full */
static long pool_take(void **items, size_t size, long **freel, long *n, long *cap, long *nfree)
{
    if (*nfree > 0)
        return (*freel)[--*nfree];
    if (*n == *cap) {
        long nc = *cap ? 2 * *cap : 64;
        void *q = realloc(*items, (size_t)nc * size);
        long *f = realloc(*freel, (size_t)nc * sizeof *f);
        if (q)
            *items = q;
        if (f)
            *freel = f;
        if (!q || !f)
            return -1;
        *cap = nc;
    }
    return (*n)++;
}

/* a request of pvmd H for COST s of CPU, made at T (after its wait): an
 * EV_CPU event then; -1 when out of memory */
static int request(hrel_pvmdnet *n, int kind, int h, double t, double cost, int pair, long seq,
                   long id, int fin)
{
    void *items = n->cq;
    long k = pool_take(&items, sizeof *n->cq, &n->cqfree, &n->ncq, &n->capcq, &n->nfree);
    n->cq = items;
    if (k < 0)
        return -1;
    n->cq[k] = (cpureq){kind, h, pair, fin, seq, id, cost};
    return push(n, t, EV_CPU, -1, k);
}

int hrel_pvmdnet_cpu_req(const hrel_pvmdnet *n, long token, int *host, double *cost)
{
    if (token < 0 || token >= n->ncq)
        return -1;
    *host = n->cq[token].host;
    *cost = n->cq[token].cost;
    return 0;
}

int hrel_pvmdnet_set_pool(hrel_pvmdnet *n, int ncore)
{
    if (ncore < 0 || ncore > 1000000)
        return -1;
    free(n->core);
    n->core = NULL;
    n->ncore = 0;
    if (ncore > 0 && !(n->core = calloc((size_t)ncore, sizeof *n->core)))
        return -1;
    n->ncore = ncore;
    return 0;
}

/* splitmix64's output function on Z */
static unsigned long long mix64(unsigned long long z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* an exponential draw of mean M from the pvmds' generator (splitmix64 for
 * the uniform draw), 0 when M is not above 0 */
static double exp_draw(hrel_pvmdnet *n, double m)
{
    double u;
    if (!(m > 0))
        return 0;
    u = ((double)(mix64(n->rng += 0x9e3779b97f4a7c15ULL) >> 11) + 1.0) /
        9007199254740992.0;   /* (0, 1] */
    return -m * log(u);
}

/* a pvmd's wait before it acts: exponential of mean JIT, 0 without jitter */
static double pvmd_wait(hrel_pvmdnet *n)
{
    return exp_draw(n, n->jit);
}

int hrel_pvmdnet_lose_acks(hrel_pvmdnet *n, int from, int to, long count)
{
    if (from < 0 || to < 0 || from >= n->nhosts || to >= n->nhosts || from == to || count < 0)
        return -1;
    n->pair[from * n->nhosts + to].lose = count;
    return 0;
}

int hrel_pvmdnet_stream(hrel_pvmdnet *n, int h, double t0, double t1, double queue)
{
    int k, m = 0;
    if (h < 0 || h >= n->nhosts || !(queue >= 0) || !isfinite(queue) || !isfinite(t0) ||
        !isfinite(t1) || t1 < t0)
        return -1;
    if (t1 <= t0 || queue == 0)
        return 0;
    for (k = 0; k < n->nsw[h]; k++)   /* the streams over by now go */
        if (n->sw[h][k].t1 > n->now)
            n->sw[h][m++] = n->sw[h][k];
    n->nsw[h] = m;
    if (m == n->capsw[h]) {
        int c = m ? 2 * m : 4;
        stream *x = realloc(n->sw[h], (size_t)c * sizeof *x);
        if (!x)
            return -1;
        n->sw[h] = x;
        n->capsw[h] = c;
    }
    n->sw[h][m] = (stream){t0, t1, queue * n->g};
    n->nsw[h] = m + 1;
    return 0;
}

/* how long a packet that host H sends at T waits behind the streams leaving it */
static double stream_wait(const hrel_pvmdnet *n, int h, double t)
{
    double w = 0;
    int k;
    for (k = 0; k < n->nsw[h]; k++)
        if (n->sw[h][k].t0 <= t && t < n->sw[h][k].t1 && n->sw[h][k].wait > w)
            w = n->sw[h][k].wait;
    return w;
}

/* bytes on the wire of a UDP payload of P bytes */
static double wire_bytes(const hrel_pvmdnet *n, double p)
{
    double ip = p + UDPHDR, w = ip + ceil(ip / FRAGDATA) * n->ovh;
    return w < n->minframe ? n->minframe : w;
}

/* the burst saved up on link L by time S (>= its FREE) */
static double tokens(const hrel_pvmdnet *n, const link *l, double s)
{
    return fmin(n->burst, l->tok + (s - l->free) / n->g);
}

/* a transfer of W wire bytes from host A to host B, not before T: its end.
 * It waits for both links (or the segment), then takes W * g less what the
 * emptier one has saved up of its burst (tc's token bucket; 0 on a wire). */
static double reserve(hrel_pvmdnet *n, int a, int b, double t, double w)
{
    link *lo = n->bus ? &n->bus_l : &n->out[a], *li = n->bus ? &n->bus_l : &n->in[b];
    double s;
    if (!n->bus)
        t += stream_wait(n, a, t);
    s = fmax(t, fmax(lo->free, li->free));
    double to = tokens(n, lo, s), ti = tokens(n, li, s), d = fmax(0, w - fmin(to, ti)) * n->g;
    lo->tok = to - w + d / n->g;
    lo->free = s + d;
    if (li != lo) {
        li->tok = ti - w + d / n->g;
        li->free = s + d;
    }
    return s + d;
}

/* a frame of LEN bytes joins the FIFO behind token bucket L at T: *D when it
 * leaves (tc's TBF: at once while the bucket holds LEN bytes, else as soon as
 * it does; the bucket then gives them up). L->free: the last frame's leaving,
 * L->tok: the bucket then. With a limit the frames not yet left are kept: one
 * that would take them over the limit is dropped (tc's bfifo). 0, 1 dropped,
 * -1 no memory. */
static int tbf_leave(const hrel_pvmdnet *n, link *l, double t, double len, double *d)
{
    double s = fmax(t, l->free), tok = fmin(n->burst, l->tok + (s - l->free) / n->g);
    if (n->tbflimit > 0) {
        while (l->qn > 0 && l->qd[l->qh] <= t) {   /* gone by now */
            l->qb -= l->ql[l->qh];
            l->qh = (l->qh + 1) % l->qcap;
            l->qn--;
        }
        if (l->qb + len > n->tbflimit)
            return 1;
        if (l->qn == l->qcap) {   /* grow the ring, its frames from 0 */
            long c = l->qcap ? 2 * l->qcap : 16, k;
            double *qd = malloc((size_t)c * sizeof *qd), *ql = malloc((size_t)c * sizeof *ql);
            if (!qd || !ql) {
                free(qd);
                free(ql);
                return -1;
            }
            for (k = 0; k < l->qn; k++) {
                qd[k] = l->qd[(l->qh + k) % l->qcap];
                ql[k] = l->ql[(l->qh + k) % l->qcap];
            }
            free(l->qd);
            free(l->ql);
            l->qd = qd;
            l->ql = ql;
            l->qh = 0;
            l->qcap = c;
        }
    }
    *d = tok >= len ? s : s + (len - tok) * n->g;
    l->tok = tok >= len ? tok - len : 0;
    l->free = *d;
    if (n->tbflimit > 0) {
        long k = (l->qh + l->qn) % l->qcap;
        l->qd[k] = *d;
        l->ql[k] = len;
        l->qn++;
        l->qb += len;
    }
    return 0;
}

/* a new packet job of NF frames (the userspace wire's or tc's buckets'): its
 * handle, or -1 when out of memory */
static long job_new(hrel_pvmdnet *n, int ack, int pair, int nf, long seq)
{
    void *items = n->wj;
    long k = pool_take(&items, sizeof *n->wj, &n->wjfree, &n->nwj, &n->capwj, &n->nwjfree);
    n->wj = items;
    if (k < 0)
        return -1;
    n->wj[k] = (wirejob){ack, pair, nf, 0, seq, 0};
    return k;
}

/* one more frame of job K is through (arrived, or LOST: dropped): 1 when it was
 * the job's last, whose handle is then free again (its fields stay readable
 * until the next job_new), else 0 */
static int job_frame(hrel_pvmdnet *n, long k, int lost)
{
    if (lost)
        n->wj[k].lost = 1;
    if (--n->wj[k].left > 0)
        return 0;
    n->wjfree[n->nwjfree++] = k;
    return 1;
}

/* a packet of UDP payload P from host A at T on tc's ports (_set_tbf): its IP
 * fragments, a frame each, join A's bucket in order (behind what is in it),
 * each then the switch port's (EV_PORT, in time order); a frame either drops
 * loses the packet */
static int tbf_send(hrel_pvmdnet *n, int a, int ack, int pair, long seq, double p, double t)
{
    double ip = p + UDPHDR, d;
    int f, nf = (int)ceil(ip / FRAGDATA), rc;
    long k = job_new(n, ack, pair, nf, seq);
    if (k < 0)
        return -1;
    t += stream_wait(n, a, t);
    for (f = 0; f < nf; f++) {
        double len = fmin(ip - f * (double)FRAGDATA, FRAGDATA) + n->ovh;
        if ((rc = tbf_leave(n, &n->out[a], t, len, &d)) < 0)
            return -1;
        if (rc == 1)   /* dropped at the host */
            job_frame(n, k, 1);
        else if (push_ev(n, (event){d, 0, k, EV_PORT, pair, len}))
            return -1;
    }
    return 0;
}

/* HTB's classes at T (>= their times): station A's own and ceiling tokens,
 * the parent's */
static void htb_at(const hrel_pvmdnet *n, int a, double t, double *own, double *c, double *par)
{
    const htbst *h = &n->hs[a];
    double rc = 1 / n->g;
    *own = fmin(n->burst, h->own + (t - h->t) * rc / n->htb);
    *c = fmin(n->burst, h->c + (t - h->t) * rc);
    *par = fmin(n->burst, n->par + (t - n->par_t) * rc);
}

/* The ack of packet SEQ of pair I is off the wire at T: the sender's pvmd
 * takes it (after its wait and CPU, or as a request), unless it is lost. */
static int ack_arrives(hrel_pvmdnet *n, int i, long seq, double t)
{
    pairst *p = &n->pair[i];
    int a = i / n->nhosts;
    if (p->lose > 0) {   /* it took the link but never arrives */
        p->lose--;
        return 0;
    }
    if (n->ext)
        return request(n, CQ_ACK, a, t + pvmd_wait(n), n->proc, i, seq, -1, 0);
    return push(n, act(n, a, t, n->proc, pvmd_wait(n)), EV_ACK, i, seq);
}

/* what a packet that left the segment at T does next: a data packet arrives
 * (EV_TXDONE); an ack is taken by the sender's pvmd, or lost */
static int bus_done(hrel_pvmdnet *n, const busjob *j, double t)
{
    if (!j->ack)
        return push(n, t, EV_TXDONE, j->pair, j->seq);
    return ack_arrives(n, j->pair, j->seq, t);
}

/* The HTB segment at T, serving its stations' queues a frame at a time while
 * one can send (its ceiling tokens >= 0, its own or the parent's >= 0), in
 * turn (round robin from the one after the station served last), a station
 * that can send on its own tokens before any that borrows (Linux's
 * htb_dequeue: the classes that can send are level 0's row, the borrowers the
 * parent's); then an EV_BUS at the first moment one can again. A frame is
 * charged to the station's ceiling and the parent, and to its own tokens only
 * when it sent on them: a borrowed frame is not (htb_charge_class). */
static int bus_serve(hrel_pvmdnet *n, double t)
{
    double rc = 1 / n->g;
    if (t < n->par_t)   /* (a request done back in time: the segment's clock goes on) */
        t = n->par_t;
    for (;;) {
        int k, a = -1, any = 0, borrows = 0;
        double next = INFINITY, own, c, par, f;
        busjob *j;
        for (k = 1; k <= n->nhosts; k++) {
            int h = (n->rr + k) % n->nhosts;
            if (!n->bq[h])
                continue;
            any = 1;
            htb_at(n, h, t, &own, &c, &par);
            if (c >= -1e-6 && own >= -1e-6) {   /* on its own tokens: first */
                a = h;
                borrows = 0;
                break;
            }
            if (c >= -1e-6 && par >= -1e-6) {   /* the first that may borrow */
                if (a < 0) {
                    a = h;
                    borrows = 1;
                }
                continue;
            }
            next = fmin(next, t + fmax(fmax(0, -c) / rc,
                                       fmin(fmax(0, -own) * n->htb / rc, fmax(0, -par) / rc)));
        }
        if (!any)
            return 0;
        if (a < 0)
            return push(n, next, EV_BUS, 0, ++n->busver);
        j = n->bq[a];
        htb_at(n, a, t, &own, &c, &par);
        f = fmin(j->ip, FRAGDATA) + n->ovh;
        if (f < n->minframe)
            f = n->minframe;
        n->hs[a] = (htbst){borrows ? own : own - f, c - f, t};
        n->par = par - f;
        n->par_t = t;
        n->rr = a;
        j->ip -= FRAGDATA;
        if (j->ip <= 0) {
            int rc2;
            n->bq[a] = j->next;
            if (!n->bq[a])
                n->bqt[a] = NULL;
            rc2 = bus_done(n, j, t);
            free(j);
            if (rc2)
                return -1;
        }
    }
}

/* a packet of UDP payload P of station A joins its queue at T */
static int bus_join(hrel_pvmdnet *n, int a, int ack, int pair, long seq, double p, double t)
{
    busjob *j = malloc(sizeof *j);
    if (!j)
        return -1;
    *j = (busjob){ack, pair, seq, p + UDPHDR, NULL};
    if (n->bqt[a])
        n->bqt[a]->next = j;
    else
        n->bq[a] = j;
    n->bqt[a] = j;
    return bus_serve(n, t);
}

int hrel_pvmdnet_set_wire_late(hrel_pvmdnet *n, double late)
{
    if (!n->wire || !(late >= 0 && late < 1))
        return -1;
    n->wlate = late;
    return 0;
}

/* the userspace wire of KIND on N's hosts: its rate from g_wire, DELAY s one
 * way, QUEUE bytes per FIFO, its backoff (hub) seeded from SEED */
static int wire_setup(hrel_pvmdnet *n, hrel_wire_kind kind, double delay, double queue,
                      unsigned long long seed)
{
    hrel_wire_cfg cfg;
    char err[160];
    if (n->htb || n->tbf || n->nhosts < 2 || n->nhosts > 64 || !(delay >= 0 && delay <= 1) ||
        !(queue >= 1518 && queue <= 1e9) || !(8 / n->g >= 1e3 && 8 / n->g <= 1e11))
        return -1;
    cfg.kind = kind;
    cfg.rate_bps = 8 / n->g;
    cfg.delay_s = delay;
    cfg.nport = n->nhosts;
    cfg.queue_bytes = (long)queue;
    cfg.seed = (unsigned long)mix64(seed + 0x2545f4914f6cdd1dULL);   /* seeds 1, 2, ... apart */
    hrel_wire_free(n->wire);
    n->wire = NULL;
    return hrel_wire_alloc(&cfg, &n->wire, err, sizeof err);
}

int hrel_pvmdnet_set_csma(hrel_pvmdnet *n, double delay, double queue, unsigned long long seed)
{
    return n->bus ? wire_setup(n, HREL_WIRE_HUB, delay, queue, seed) : -1;
}

int hrel_pvmdnet_set_switch(hrel_pvmdnet *n, double delay, double queue)
{
    return n->bus ? -1 : wire_setup(n, HREL_WIRE_SWITCH, delay, queue, 0);
}

/* a packet of UDP payload P from station A to B joins A's queue on the
 * userspace wire at T: its IP fragments, a frame each (Ethernet and IP
 * headers on the fragment's bytes, as the TAP device passes it); a frame the
 * full queue drops loses the packet */
static int wire_join(hrel_pvmdnet *n, int a, int b, int ack, int pair, long seq, double p,
                     double t)
{
    double ip = p + UDPHDR;
    int f, nf = (int)ceil(ip / FRAGDATA), rc;
    long k = job_new(n, ack, pair, nf, seq);
    if (k < 0)
        return -1;
    t += stream_wait(n, a, t);
    for (f = 0; f < nf; f++) {
        double d = fmin(ip - f * (double)FRAGDATA, FRAGDATA);
        if ((rc = hrel_wire_send(n->wire, t, a, b, (size_t)(d + 20 + 14), k)) < 0)
            return -1;
        if (rc == 1)   /* dropped at once: nothing will be reported for it */
            job_frame(n, k, 1);
    }
    return 0;
}

/* the userspace wire up to T: each packet whose last frame arrived goes on
 * (bus_done); one with a frame dropped (16 collisions) is lost */
static int wire_poll(hrel_pvmdnet *n, double t)
{
    hrel_wire_out o[64];
    int k, m;
    do {
        if ((m = hrel_wire_poll(n->wire, t, o, 64)) < 0)
            return -1;
        for (k = 0; k < m; k++) {
            wirejob *j = &n->wj[o[k].id];
            if (!job_frame(n, o[k].id, o[k].port < 0))
                continue;
            if (!j->lost) {
                busjob b = {j->ack, j->pair, j->seq, 0, NULL};
                if (bus_done(n, &b, o[k].t + exp_draw(n, n->wlate)))
                    return -1;
            }
        }
    } while (m == 64);
    return 0;
}

/* the userspace wire's next event, INFINITY when none (or no wire) */
static double wire_next(const hrel_pvmdnet *n)
{
    double w = n->wire ? hrel_wire_next(n->wire) : INFINITY;
    return w < 1e299 ? w : INFINITY;
}

/* The receiver of pair I acks packet SEQ at T: on the HTB segment the ack
 * joins its queue (EV_ACKOUT), on the userspace wire its station's, else it
 * takes the links at once. */
static int ack_back(hrel_pvmdnet *n, int i, long seq, double t)
{
    if (n->htb)
        return push(n, t, EV_ACKOUT, i, seq);
    if (n->wire)
        return wire_join(n, i % n->nhosts, i / n->nhosts, 1, i, seq, PKTHDR, t);
    if (n->tbf)
        return tbf_send(n, i % n->nhosts, 1, i, seq, PKTHDR, t);
    return ack_arrives(n, i, seq,
                       reserve(n, i % n->nhosts, i / n->nhosts, t, wire_bytes(n, PKTHDR)));
}

/* Host H's output queue (pvmd.c: opq, one for all peers, netoutput sends
 * from its head while the head is due). Pair I at position K out. */
static void oq_remove(hrel_pvmdnet *n, int h, int i)
{
    int k = 0;
    while (k < n->noq[h] && n->oq[h][k] != i)
        k++;
    if (k < n->noq[h]) {
        n->noq[h]--;
        for (; k < n->noq[h]; k++)
            n->oq[h][k] = n->oq[h][k + 1];
    }
}

/* pair I into host H's queue at position K (the others move back) */
static void oq_insert(hrel_pvmdnet *n, int h, int k, int i)
{
    int j;
    for (j = n->noq[h]; j > k; j--)
        n->oq[h][j] = n->oq[h][j - 1];
    n->oq[h][k] = i;
    n->noq[h]++;
}

/* pair I's next waiting packet goes to the tail of its host's queue, not yet
 * sent (pkt_to_host, and netinput after an ack: LISTPUTBEFORE(opq, ...)) */
static int enqueue(hrel_pvmdnet *n, int i)
{
    pairst *p = &n->pair[i];
    int h = i / n->nhosts;
    if (!n->oq[h] && !(n->oq[h] = malloc((size_t)n->nhosts * sizeof *n->oq[h])))
        return -1;
    p->busy = 1;
    p->seq++;
    p->nrt = 0;
    p->rtv = 0;
    p->rta = 2 * p->rtt;
    n->st.packets++;
    oq_insert(n, h, n->noq[h], i);
    return 0;
}

/* netoutput of host H at T: every packet at the head of its queue whose time
 * has come is sent (a first send or a copy), its retry time set RTA later, RTA
 * doubled while below 9 s, and put back after the last packet due before it
 * (searched from the tail). A packet not yet sent behind one still waiting
 * for its ack waits too. */
static int netoutput(hrel_pvmdnet *n, int h, double t)
{
    while (n->noq[h] > 0) {
        int i = n->oq[h][0], b = i % n->nhosts, k;
        pairst *p = &n->pair[i];
        double end;
        if (p->rtv > t)
            break;
        if (p->nrt == 0)
            p->sent = t;
        p->rtv = t + p->rta;
        if (n->htb) {
            if (bus_join(n, h, 0, i, p->seq, p->head->data + PKTHDR, t))
                return -1;
        } else if (n->wire) {
            if (wire_join(n, h, b, 0, i, p->seq, p->head->data + PKTHDR, t))
                return -1;
        } else if (n->tbf) {
            if (tbf_send(n, h, 0, i, p->seq, p->head->data + PKTHDR, t))
                return -1;
        } else {
            end = reserve(n, h, b, t, wire_bytes(n, p->head->data + PKTHDR));
            if (push(n, end, EV_TXDONE, i, p->seq))
                return -1;
        }
        if (push(n, p->rtv + pvmd_wait(n), EV_TIMER, i, p->seq))
            return -1;
        p->nrt++;
        if (n->obs) {
            hrel_pvmdnet_pkt o = {HREL_PVMDNET_SEND, t, h, b, p->seq, p->nrt,
                                  p->head->data + PKTHDR, p->rta, 0, p->rtt};
            n->obs(n->obsctx, &o);
        }
        if (p->rta < MAXRTT)
            p->rta *= 2;
        if (p->nrt > 1)
            n->st.copies++;
        oq_remove(n, h, i);
        for (k = n->noq[h]; k > 0 && !(n->pair[n->oq[h][k - 1]].rtv < p->rtv); k--)
            ;
        oq_insert(n, h, k, i);
    }
    return 0;
}

int hrel_pvmdnet_post(hrel_pvmdnet *n, int from, int to, double bytes, double t, long id)
{
    double left = bytes > 0 ? bytes : 0, ready, wait = 0;
    int i, som = 1;
    pairst *p;
    if (from < 0 || to < 0 || from >= n->nhosts || to >= n->nhosts || !isfinite(t))
        return -1;
    n->st.messages++;
    if (from == to)
        return n->ext ? request(n, CQ_LOCAL, from, t, n->proc + n->msg, -1, 0, id, 1)
                      : push(n, act(n, from, t, n->proc + n->msg, 0), EV_LOCAL, 0, id);
    i = from * n->nhosts + to;
    p = &n->pair[i];
    if (n->ext) {   /* its packets are ready once the pvmd's CPU has read it */
        wait = pvmd_wait(n);
        ready = INFINITY;
    } else
        ready = act(n, from, t, n->proc + n->msg / 2, pvmd_wait(n));
    do {
        pkt *k = malloc(sizeof *k);
        if (!k)
            return -1;
        k->data = left > HREL_PVMDNET_DATA ? HREL_PVMDNET_DATA : left;
        left -= k->data;
        k->data += som ? HREL_PVMDNET_MSGHDR : 0;   /* the first carries the header */
        som = 0;
        k->id = id;
        k->ready = ready;
        k->last = !(left > 0);
        k->next = NULL;
        if (p->tail)
            p->tail->next = k;
        else
            p->head = k;
        p->tail = k;
    } while (left > 0);
    if (n->ext)
        return request(n, CQ_READ, from, t + wait, n->proc + n->msg / 2, i, 0, id, 0);
    return push(n, ready, EV_POST, i, id);   /* its pvmd reads it then */
}

double hrel_pvmdnet_next(const hrel_pvmdnet *n)
{
    return fmin(n->nev ? n->ev[0].t : INFINITY, wire_next(n));
}

int hrel_pvmdnet_step(hrel_pvmdnet *n, long *id, double *t)
{
    event e;
    pairst *p;
    double w = wire_next(n);
    if (w < INFINITY && (!n->nev || w <= n->ev[0].t))   /* the wire first */
        return wire_poll(n, w) ? -1 : 0;
    if (!n->nev)
        return -1;
    e = pop(n);
    if (e.t > n->now)
        n->now = e.t;
    if (e.type == EV_CPU) {   /* a pvmd's action asks for its CPU */
        *id = e.seq;
        *t = e.t;
        return 2;
    }
    if (e.type == EV_LOCAL) {
        *id = e.seq;
        *t = e.t;
        return 1;
    }
    p = &n->pair[e.pair];
    switch (e.type) {
    case EV_TXDONE: {   /* at the receiver: acknowledge; a new packet is taken */
        int b = e.pair % n->nhosts, got = 0;
        int fin = e.seq > p->rcvd && p->busy && e.seq == p->seq && p->head->last;
        if (n->ext) {   /* the receiving pvmd's CPU first (hrel_pvmdnet_cpu_done) */
            long mid = fin ? p->head->id : -1;
            if (e.seq > p->rcvd)
                p->rcvd = e.seq;
            return request(n, CQ_RECV, b, e.t + pvmd_wait(n), n->proc + (fin ? n->msg / 2 : 0),
                           e.pair, e.seq, mid, fin) ? -1 : 0;
        }
        double at = act(n, b, e.t, n->proc + (fin ? n->msg / 2 : 0), pvmd_wait(n));
        if (ack_back(n, e.pair, e.seq, at))   /* the receiver acts */
            return -1;
        if (e.seq > p->rcvd) {
            p->rcvd = e.seq;
            if (fin) {
                *id = p->head->id;
                *t = at;
                got = 1;
            }
        }
        return got;
    }
    case EV_ACK:        /* at the sender: the outstanding packet is done */
        if (p->busy && e.seq == p->seq) {
            pkt *k = p->head;
            if (p->nrt == 1) {   /* netinput: a sample of a packet sent once, cut */
                double x = e.t - p->sent;
                x = x < 1e-6 ? 1e-3 : x > MAXRTT ? MAXRTT : x;
                p->rtt = (x + 3 * p->rtt) / 4;
            }
            if (n->obs) {
                hrel_pvmdnet_pkt o = {HREL_PVMDNET_ACK, e.t, e.pair / n->nhosts,
                                      e.pair % n->nhosts, e.seq, p->nrt, k->data + PKTHDR, 0,
                                      e.t - p->sent, p->rtt};
                n->obs(n->obsctx, &o);
            }
            p->head = k->next;
            if (!p->head)
                p->tail = NULL;
            free(k);
            p->busy = 0;
            oq_remove(n, e.pair / n->nhosts, e.pair);
            if (p->head && p->head->ready <= e.t && enqueue(n, e.pair))
                return -1;
        }
        return netoutput(n, e.pair / n->nhosts, e.t) ? -1 : 0;
    case EV_BUS:        /* the HTB segment: a station can send again */
        return e.seq == n->busver && bus_serve(n, e.t) ? -1 : 0;
    case EV_PORT: {     /* tc's ports: a frame joins the switch port towards its host */
        wirejob *j = &n->wj[e.seq];
        double d = 0;
        int rc = tbf_leave(n, &n->in[j->ack ? j->pair / n->nhosts : j->pair % n->nhosts], e.t,
                           e.len, &d);
        if (rc < 0)
            return -1;
        if (rc == 0)
            j->last = fmax(j->last, d);
        if (!job_frame(n, e.seq, rc == 1))
            return 0;
        if (j->lost)
            return 0;
        return push(n, j->last, j->ack ? EV_ACKIN : EV_TXDONE, j->pair, j->seq) ? -1 : 0;
    }
    case EV_ACKIN:      /* tc's ports: an ack's last frame has reached its sender */
        return ack_arrives(n, e.pair, e.seq, e.t) ? -1 : 0;
    case EV_ACKOUT:     /* the receiver's ack joins its queue on the segment */
        return bus_join(n, e.pair % n->nhosts, 1, e.pair, e.seq, PKTHDR, e.t) ? -1 : 0;
    case EV_TIMER:      /* a retry time: the pvmd wakes and sends what is due */
        return netoutput(n, e.pair / n->nhosts, e.t) ? -1 : 0;
    case EV_POST:       /* the pvmd has read a message from its task */
        if (!p->busy && p->head && enqueue(n, e.pair))
            return -1;
        return netoutput(n, e.pair / n->nhosts, e.t) ? -1 : 0;
    }
    return 0;
}

int hrel_pvmdnet_cpu_done(hrel_pvmdnet *n, long token, double t, long *id, double *at)
{
    cpureq q;
    pairst *p;
    pkt *k;
    if (token < 0 || token >= n->ncq)
        return -1;
    q = n->cq[token];
    n->cqfree[n->nfree++] = token;   /* capcq slots: never more free than made */
    switch (q.kind) {
    case CQ_LOCAL:
        *id = q.id;
        *at = t;
        return 1;
    case CQ_READ:   /* its packets are ready: the pvmd has read the message */
        for (k = n->pair[q.pair].head; k; k = k->next)
            if (k->id == q.id && isinf(k->ready))
                k->ready = t;
        return push(n, t, EV_POST, q.pair, q.id) ? -1 : 0;
    case CQ_AFTER:
        return 0;
    case CQ_RECV:   /* the receiver has the packet: its ack goes back */
        if ((n->after > 0 &&
             request(n, CQ_AFTER, q.pair % n->nhosts, t, n->after, -1, 0, -1, 0)) ||
            ack_back(n, q.pair, q.seq, t))
            return -1;
        if (q.fin) {
            *id = q.id;
            *at = t;
            return 1;
        }
        return 0;
    case CQ_ACK:    /* the sender has taken the ack; it sends the next packet */
        p = &n->pair[q.pair];
        if (n->after > 0 && p->head && p->head->next &&
            request(n, CQ_AFTER, q.host, t, n->after, -1, 0, -1, 0))
            return -1;
        return push(n, t, EV_ACK, q.pair, q.seq) ? -1 : 0;
    }
    return -1;
}

void hrel_pvmdnet_set_observer(hrel_pvmdnet *n, hrel_pvmdnet_observer fn, void *ctx)
{
    n->obs = fn;
    n->obsctx = ctx;
}

void hrel_pvmdnet_get_stats(const hrel_pvmdnet *n, hrel_pvmdnet_stats *s)
{
    size_t i, np = (size_t)n->nhosts * (size_t)n->nhosts;
    *s = n->st;
    if (n->wire) {
        hrel_wire_stats ws;
        hrel_wire_get_stats(n->wire, &ws);
        s->collisions = ws.collisions;
        s->wire_drops = ws.drops_queue + ws.drops_excess;
    }
    s->rtt_min = INFINITY;
    s->rtt_max = 0;
    for (i = 0; i < np; i++) {
        if (n->pair[i].rtt < s->rtt_min)
            s->rtt_min = n->pair[i].rtt;
        if (n->pair[i].rtt > s->rtt_max)
            s->rtt_max = n->pair[i].rtt;
    }
}
