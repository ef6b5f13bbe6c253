/* wire_model -- discrete-event timing of a switched or shared (CSMA/CD)
 * Ethernet; see wire_model.h for the contract.
 *
 * How it works. Future happenings of fixed time (a frame arriving whole at
 * the switch, a delivery, a late drop) wait in a binary heap ordered by time
 * and a sequence number (FIFO among equal times). The hub adds two kinds of
 * happenings found by scanning the stations: a station's next attempt to send
 * its head frame, and the "commit" of a transmission once its first bit has
 * reached every station (start + propagation): before that another station
 * cannot hear it and may start too, which is a collision. Only a committed
 * transmission schedules its deliveries.
 */
#include "wire_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIRE_MAXPORT   64
#define WIRE_NEVER     1e300
#define WIRE_MAXTRY    16      /* attempts before a frame is dropped */
#define WIRE_BACKOFF   10      /* backoff exponent stops growing here */
#define WIRE_PROP_MIN  1e-9    /* attempts closer than this collide even with delay 0 */

enum { EV_ARRIVE, EV_DELIVER, EV_DROP };

typedef struct {
    double t;        /* when it happens */
    long seq;        /* FIFO order among equal times */
    int type;        /* EV_ARRIVE, EV_DELIVER, EV_DROP */
    int port;        /* receiving station (DELIVER) */
    int src;         /* sending station (ARRIVE) */
    int dst;         /* destination, -1 every other station (ARRIVE) */
    long id;         /* frame handle */
    size_t len;      /* frame bytes */
    int last;        /* last record for this id */
} wire_ev;

typedef struct {
    long id;         /* frame handle */
    int dst;         /* destination station or -1 */
    size_t len;      /* bytes */
} wire_qframe;

typedef struct {
    wire_qframe *q;  /* ring of queued frames, head first */
    int qcap;        /* ring capacity */
    int qhead;       /* index of the head frame */
    int qn;          /* frames queued (head included) */
    long qbytes;     /* bytes queued */
    double ready;    /* next attempt of the head frame (WIRE_NEVER: none) */
    int attempts;    /* collisions of the head frame so far */
    int inflight;    /* head frame is being transmitted */
    double own_free; /* end of own last transmission + gap */
} wire_station;

typedef struct {
    int port;        /* transmitting station */
    double start;    /* first bit on the wire */
    double end;      /* last bit (or end of the jam) */
    int collided;    /* ended in a collision */
    int committed;   /* heard by everyone, deliveries scheduled */
} wire_tx;

struct hrel_wire {
    hrel_wire_cfg cfg;               /* configuration */
    double gap, slot, jam, prop;     /* derived times (s) */
    double now;                      /* model time reached */
    wire_ev *heap;                   /* pending timed happenings */
    int nheap, capheap;
    long seq;                        /* next sequence number */
    double up_free[WIRE_MAXPORT];    /* switch: uplink free from (incl. gap) */
    double port_free[WIRE_MAXPORT];  /* switch: output port free from (incl. gap) */
    wire_station st[WIRE_MAXPORT];   /* hub stations */
    wire_tx *tx;                     /* hub: transmissions still heard */
    int ntx, captx;
    hrel_wire_stats stats;           /* counters */
    hrel_wire_trace_fn trace;        /* observer or NULL */
    void *trace_ctx;
    unsigned long long rng;          /* xorshift64* state */
};

/* ---- times ------------------------------------------------------------ */

double hrel_wire_frame_s(double rate_bps, size_t len)
{
    size_t onwire = len + 4 < 64 ? 64 : len + 4;   /* FCS, minimum frame */
    return (double)(onwire + 8) * 8.0 / rate_bps;   /* preamble + SFD */
}

double hrel_wire_gap_s(double rate_bps) { return 96.0 / rate_bps; }
double hrel_wire_slot_s(double rate_bps) { return 512.0 / rate_bps; }

/* ---- helpers ------------------------------------------------------------ */

/* Next pseudo-random number (xorshift64*). */
static unsigned long long rnd(hrel_wire *w)
{
    w->rng ^= w->rng >> 12;
    w->rng ^= w->rng << 25;
    w->rng ^= w->rng >> 27;
    return w->rng * 2685821657736338717ULL;
}

/* Tell the observer. */
static void emit(hrel_wire *w, hrel_wire_ev_kind k, int port, long id, double t0,
                 double t1, int attempt, long slots)
{
    hrel_wire_event ev;
    if (!w->trace) return;
    ev.kind = k; ev.port = port; ev.id = id; ev.t_start = t0; ev.t_end = t1;
    ev.attempt = attempt; ev.slots = slots;
    w->trace(w->trace_ctx, &ev);
}

/* Heap order: earlier time first, then lower sequence number. */
static int ev_before(const wire_ev *a, const wire_ev *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

/* Push E. Return 0, or -1 if out of memory. */
static int heap_push(hrel_wire *w, wire_ev e)
{
    int i;
    if (w->nheap == w->capheap) {
        int cap = w->capheap ? 2 * w->capheap : 256;
        wire_ev *h = realloc(w->heap, (size_t)cap * sizeof *h);
        if (!h) return -1;
        w->heap = h; w->capheap = cap;
    }
    e.seq = w->seq++;
    i = w->nheap++;
    while (i > 0 && ev_before(&e, &w->heap[(i - 1) / 2])) {
        w->heap[i] = w->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    w->heap[i] = e;
    return 0;
}

/* Pop the earliest happening into *E. */
static void heap_pop(hrel_wire *w, wire_ev *e)
{
    wire_ev last;
    int i = 0;
    *e = w->heap[0];
    last = w->heap[--w->nheap];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= w->nheap) break;
        if (c + 1 < w->nheap && ev_before(&w->heap[c + 1], &w->heap[c])) c++;
        if (!ev_before(&w->heap[c], &last)) break;
        w->heap[i] = w->heap[c];
        i = c;
    }
    if (w->nheap > 0) w->heap[i] = last;
}

/* Bytes of backlog on a link that is busy until FREE, seen at time T. */
static double backlog_bytes(const hrel_wire *w, double free_at, double t)
{
    return free_at > t ? (free_at - t) * w->cfg.rate_bps / 8.0 : 0.0;
}

/* Push deliveries of frame ID from SRC to DST (-1: all others) at time T. */
static int push_deliveries(hrel_wire *w, double t, int src, int dst, long id, size_t len)
{
    int p, lastp = dst;
    wire_ev e;
    memset(&e, 0, sizeof e);
    e.type = EV_DELIVER; e.t = t; e.id = id; e.len = len;
    if (dst < 0)
        for (p = 0; p < w->cfg.nport; p++)
            if (p != src) lastp = p;
    for (p = 0; p < w->cfg.nport; p++) {
        if (p == src || (dst >= 0 && p != dst)) continue;
        e.port = p;
        e.last = p == lastp;
        if (heap_push(w, e) != 0) return -1;
    }
    return 0;
}

/* Push a late drop record for ID at time T. */
static int push_drop(hrel_wire *w, double t, long id)
{
    wire_ev e;
    memset(&e, 0, sizeof e);
    e.type = EV_DROP; e.t = t; e.id = id; e.port = -1; e.last = 1;
    return heap_push(w, e);
}

/* ---- allocation ----------------------------------------------------------- */

int hrel_wire_alloc(const hrel_wire_cfg *cfg, hrel_wire **out, char *err, size_t errlen)
{
    hrel_wire *w;
    int i;
    *out = NULL;
    if (cfg->kind != HREL_WIRE_SWITCH && cfg->kind != HREL_WIRE_HUB) {
        snprintf(err, errlen, "unknown wire kind %d", (int)cfg->kind);
        return -1;
    }
    if (!(cfg->rate_bps >= 1e3 && cfg->rate_bps <= 1e11)) {
        snprintf(err, errlen, "rate %g bit/s out of range 1e3..1e11", cfg->rate_bps);
        return -1;
    }
    if (!(cfg->delay_s >= 0 && cfg->delay_s <= 1.0)) {
        snprintf(err, errlen, "delay %g s out of range 0..1", cfg->delay_s);
        return -1;
    }
    if (cfg->nport < 2 || cfg->nport > WIRE_MAXPORT) {
        snprintf(err, errlen, "%d ports: need 2..%d", cfg->nport, WIRE_MAXPORT);
        return -1;
    }
    if (cfg->queue_bytes < 1518) {
        snprintf(err, errlen, "queue of %ld bytes cannot hold one frame", cfg->queue_bytes);
        return -1;
    }
    w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, errlen, "out of memory"); return -1; }
    w->cfg = *cfg;
    w->gap = hrel_wire_gap_s(cfg->rate_bps);
    w->slot = hrel_wire_slot_s(cfg->rate_bps);
    w->jam = 32.0 / cfg->rate_bps;
    w->prop = cfg->delay_s > WIRE_PROP_MIN ? cfg->delay_s : WIRE_PROP_MIN;
    w->rng = cfg->seed ? cfg->seed : 0x9E3779B97F4A7C15ULL;
    w->now = -WIRE_NEVER;
    for (i = 0; i < cfg->nport; i++) {
        w->up_free[i] = w->port_free[i] = -WIRE_NEVER;
        w->st[i].ready = WIRE_NEVER;
        w->st[i].own_free = -WIRE_NEVER;
    }
    *out = w;
    return 0;
}

void hrel_wire_free(hrel_wire *w)
{
    int i;
    if (!w) return;
    for (i = 0; i < WIRE_MAXPORT; i++) free(w->st[i].q);
    free(w->heap);
    free(w->tx);
    free(w);
}

void hrel_wire_set_trace(hrel_wire *w, hrel_wire_trace_fn fn, void *ctx)
{
    w->trace = fn;
    w->trace_ctx = ctx;
}

void hrel_wire_get_stats(const hrel_wire *w, hrel_wire_stats *st) { *st = w->stats; }

/* ---- offering frames ------------------------------------------------------ */

/* Append a frame to station S's ring. Return 0 or -1 (memory). */
static int st_push(wire_station *s, long id, int dst, size_t len)
{
    if (s->qn == s->qcap) {
        int cap = s->qcap ? 2 * s->qcap : 64, i;
        wire_qframe *q = malloc((size_t)cap * sizeof *q);
        if (!q) return -1;
        for (i = 0; i < s->qn; i++) q[i] = s->q[(s->qhead + i) % s->qcap];
        free(s->q);
        s->q = q; s->qcap = cap; s->qhead = 0;
    }
    s->q[(s->qhead + s->qn) % s->qcap] = (wire_qframe){ id, dst, len };
    s->qn++;
    s->qbytes += (long)len;
    return 0;
}

/* Remove station S's head frame; schedule the next one from READY_AT. */
static void st_pop(wire_station *s, double ready_at)
{
    s->qbytes -= (long)s->q[s->qhead].len;
    s->qhead = (s->qhead + 1) % s->qcap;
    s->qn--;
    s->attempts = 0;
    s->inflight = 0;
    s->ready = s->qn > 0 ? ready_at : WIRE_NEVER;
}

int hrel_wire_send(hrel_wire *w, double t, int src, int dst, size_t len, long id)
{
    if (src < 0 || src >= w->cfg.nport || dst < -1 || dst >= w->cfg.nport || dst == src ||
        len == 0 || len > 65535)
        return -1;
    if (t < w->now) t = w->now;   /* never behind the model */
    w->now = t;
    w->stats.frames_in++;
    if (w->cfg.kind == HREL_WIRE_SWITCH) {
        double start, end;
        wire_ev e;
        if (backlog_bytes(w, w->up_free[src], t) + (double)len > (double)w->cfg.queue_bytes) {
            w->stats.drops_queue++;
            emit(w, HREL_WIRE_EV_DROP, src, id, t, t, 0, 0);
            return 1;
        }
        start = w->up_free[src] > t ? w->up_free[src] : t;
        end = start + hrel_wire_frame_s(w->cfg.rate_bps, len);
        w->up_free[src] = end + w->gap;
        memset(&e, 0, sizeof e);
        e.type = EV_ARRIVE; e.t = end + w->cfg.delay_s; e.src = src; e.dst = dst;
        e.id = id; e.len = len;
        return heap_push(w, e) == 0 ? 0 : -1;
    } else {
        wire_station *s = &w->st[src];
        if ((double)s->qbytes + (double)len > (double)w->cfg.queue_bytes) {
            w->stats.drops_queue++;
            emit(w, HREL_WIRE_EV_DROP, src, id, t, t, 0, 0);
            return 1;
        }
        if (st_push(s, id, dst, len) != 0) return -1;
        if (s->qn == 1) {
            s->ready = s->own_free > t ? s->own_free : t;
            s->attempts = 0;
        }
        return 0;
    }
}

/* ---- switch ---------------------------------------------------------------- */

/* Frame E is whole at the switch: queue a copy on each output port. */
static int switch_arrive(hrel_wire *w, const wire_ev *a)
{
    double ft = hrel_wire_frame_s(w->cfg.rate_bps, a->len), tmax = -WIRE_NEVER;
    double tdel[WIRE_MAXPORT];
    int p, lastp = -1;
    for (p = 0; p < w->cfg.nport; p++) {
        double start, end;
        tdel[p] = -1;
        if (p == a->src || (a->dst >= 0 && p != a->dst)) continue;
        if (backlog_bytes(w, w->port_free[p], a->t) + (double)a->len > (double)w->cfg.queue_bytes) {
            w->stats.drops_queue++;
            emit(w, HREL_WIRE_EV_DROP, p, a->id, a->t, a->t, 0, 0);
            continue;
        }
        start = w->port_free[p] > a->t ? w->port_free[p] : a->t;
        end = start + ft;
        w->port_free[p] = end + w->gap;
        tdel[p] = end + w->cfg.delay_s;
        emit(w, HREL_WIRE_EV_TX, p, a->id, start, end, 0, 0);
        if (tdel[p] >= tmax) { tmax = tdel[p]; lastp = p; }
    }
    if (lastp < 0) return push_drop(w, a->t, a->id);
    for (p = 0; p < w->cfg.nport; p++) {
        wire_ev e;
        if (tdel[p] < 0) continue;
        memset(&e, 0, sizeof e);
        e.type = EV_DELIVER; e.t = tdel[p]; e.port = p; e.id = a->id; e.len = a->len;
        e.last = 0;
        if (p != lastp && heap_push(w, e) != 0) return -1;
    }
    {   /* the copy delivered last goes in last, so it also pops last on a tie */
        wire_ev e;
        memset(&e, 0, sizeof e);
        e.type = EV_DELIVER; e.t = tdel[lastp]; e.port = lastp; e.id = a->id;
        e.len = a->len; e.last = 1;
        if (heap_push(w, e) != 0) return -1;
    }
    return 0;
}

/* ---- hub (CSMA/CD) ------------------------------------------------------------ */

/* Earliest uncommitted, uncollided transmission's commit time; index in *I. */
static double hub_next_commit(const hrel_wire *w, int *i)
{
    double best = WIRE_NEVER;
    int k;
    *i = -1;
    for (k = 0; k < w->ntx; k++)
        if (!w->tx[k].committed && !w->tx[k].collided && w->tx[k].start + w->prop < best) {
            best = w->tx[k].start + w->prop;
            *i = k;
        }
    return best;
}

/* Earliest station attempt; station in *S. */
static double hub_next_attempt(const hrel_wire *w, int *s)
{
    double best = WIRE_NEVER;
    int p;
    *s = -1;
    for (p = 0; p < w->cfg.nport; p++)
        if (w->st[p].qn > 0 && !w->st[p].inflight && w->st[p].ready < best) {
            best = w->st[p].ready;
            *s = p;
        }
    return best;
}

/* Forget transmissions nobody can hear any more at time T. */
static void hub_prune(hrel_wire *w, double t)
{
    int k, n = 0;
    for (k = 0; k < w->ntx; k++) {
        const wire_tx *x = &w->tx[k];
        if (x->end + w->prop <= t && (x->committed || x->collided)) continue;
        w->tx[n++] = *x;
    }
    w->ntx = n;
}

/* Collision of station S's head frame ending at END: back off or drop. */
static int hub_backoff(hrel_wire *w, int s, double start, double end)
{
    wire_station *st = &w->st[s];
    long id = st->q[st->qhead].id;
    w->stats.collisions++;
    emit(w, HREL_WIRE_EV_COLLISION, s, id, start, end, st->attempts + 1, 0);
    st->inflight = 0;
    st->attempts++;
    if (st->attempts >= WIRE_MAXTRY) {
        w->stats.drops_excess++;
        emit(w, HREL_WIRE_EV_DROP, s, id, end, end, st->attempts, 0);
        st_pop(st, end + w->gap);
        st->own_free = end + w->gap;
        return push_drop(w, end, id);
    } else {
        int e = st->attempts < WIRE_BACKOFF ? st->attempts : WIRE_BACKOFF;
        long k = (long)(rnd(w) % (1ULL << e));
        st->ready = end + (double)k * w->slot;
        emit(w, HREL_WIRE_EV_BACKOFF, s, id, end, st->ready, st->attempts, k);
    }
    return 0;
}

/* Station S attempts to send its head frame at time T. */
static int hub_attempt(hrel_wire *w, int s, double t)
{
    wire_station *st = &w->st[s];
    wire_qframe *f = &st->q[st->qhead];
    double sensed_until = -WIRE_NEVER, detect = WIRE_NEVER;
    int k, ncoll = 0;
    wire_tx nt;

    hub_prune(w, t);
    for (k = 0; k < w->ntx; k++) {
        const wire_tx *x = &w->tx[k];
        if (x->port == s) continue;
        if (x->start + w->prop <= t && t < x->end + w->prop && x->end + w->prop > sensed_until)
            sensed_until = x->end + w->prop;
    }
    if (sensed_until > t) {   /* carrier: defer, 1-persistent, then the gap */
        w->stats.deferrals++;
        st->ready = sensed_until + w->gap;
        return 0;
    }
    /* transmit; anyone who started less than a propagation delay ago collides */
    for (k = 0; k < w->ntx; k++) {
        const wire_tx *x = &w->tx[k];
        if (x->port != s && t < x->start + w->prop && t < x->end) {
            ncoll++;
            if (x->start + w->prop < detect) detect = x->start + w->prop;
        }
    }
    if (w->ntx == w->captx) {
        int cap = w->captx ? 2 * w->captx : 64;
        wire_tx *n2 = realloc(w->tx, (size_t)cap * sizeof *n2);
        if (!n2) return -1;
        w->tx = n2; w->captx = cap;
    }
    nt.port = s; nt.start = t; nt.collided = 0; nt.committed = 0;
    nt.end = t + hrel_wire_frame_s(w->cfg.rate_bps, f->len);
    st->inflight = 1;
    if (ncoll == 0) {
        w->tx[w->ntx++] = nt;
        return 0;
    }
    nt.collided = 1;
    nt.end = detect + w->jam;
    w->tx[w->ntx++] = nt;
    for (k = 0; k < w->ntx - 1; k++) {
        wire_tx *x = &w->tx[k];
        if (x->port == s || !(t < x->start + w->prop && t < x->end) || x->collided) continue;
        x->collided = 1;
        x->end = t + w->prop + w->jam;   /* it hears us after one delay, then jams */
        if (hub_backoff(w, x->port, x->start, x->end) != 0) return -1;
    }
    return hub_backoff(w, s, t, nt.end);
}

/* Transmission K has been heard everywhere: it succeeds. */
static int hub_commit(hrel_wire *w, int k)
{
    wire_tx *x = &w->tx[k];
    wire_station *st = &w->st[x->port];
    wire_qframe f = st->q[st->qhead];
    x->committed = 1;
    emit(w, HREL_WIRE_EV_TX, x->port, f.id, x->start, x->end, st->attempts, 0);
    st->own_free = x->end + w->gap;
    st_pop(st, x->end + w->gap);
    return push_deliveries(w, x->end + w->cfg.delay_s, x->port, f.dst, f.id, f.len);
}

/* ---- running -------------------------------------------------------------------- */

double hrel_wire_next(const hrel_wire *w)
{
    double t = w->nheap > 0 ? w->heap[0].t : WIRE_NEVER, u;
    int i;
    if (w->cfg.kind == HREL_WIRE_HUB) {
        u = hub_next_commit(w, &i);
        if (u < t) t = u;
        u = hub_next_attempt(w, &i);
        if (u < t) t = u;
    }
    return t;
}

int hrel_wire_poll(hrel_wire *w, double t, hrel_wire_out *out, int max)
{
    int n = 0;
    while (n < max) {
        double th = w->nheap > 0 ? w->heap[0].t : WIRE_NEVER, tc = WIRE_NEVER, ta = WIRE_NEVER;
        int ic = -1, is = -1;
        if (w->cfg.kind == HREL_WIRE_HUB) {
            tc = hub_next_commit(w, &ic);
            ta = hub_next_attempt(w, &is);
        }
        if (th <= tc && th <= ta && th <= t) {
            wire_ev e;
            heap_pop(w, &e);
            if (e.t > w->now) w->now = e.t;
            if (e.type == EV_ARRIVE) {
                if (switch_arrive(w, &e) != 0) return -1;
            } else {
                out[n].id = e.id;
                out[n].port = e.type == EV_DELIVER ? e.port : -1;
                out[n].last = e.last;
                out[n].t = e.t;
                if (e.type == EV_DELIVER) w->stats.frames_delivered++;
                n++;
            }
        } else if (tc <= ta && tc <= t) {
            if (tc > w->now) w->now = tc;
            if (hub_commit(w, ic) != 0) return -1;
        } else if (ta <= t) {
            if (ta > w->now) w->now = ta;
            if (hub_attempt(w, is, ta) != 0) return -1;
        } else {
            break;
        }
    }
    if (t > w->now && n < max) w->now = t;
    return n;
}
