/* replay -- message-level replay predictor. See replay.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "pvmdnet.h"
#include "replay.h"

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
} rstate;

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

static int host_of(const hrel_msgtrace *t, const hrel_replay_param *par, int rank)
{
    if (par->host_map)
        return par->host_map[rank];
    if (par->nhosts > 0)
        return rank % par->nhosts;
    return t->row[t->first[rank]].host;
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

/* Rank R's next row can run now: into the heap; or it waits for a message not
 * yet arrived: onto that message's list of waiting ranks (WAIT[row]). */
static void consider(const hrel_msgtrace *t, rstate *st, rheap *h, const double *arrive,
                     int *wait, int r)
{
    const hrel_msg *m;
    if (st[r].done || !st[r].ready)
        return;
    m = &t->row[st[r].next];
    if (m->kind == HREL_MSG_RECV && (m->match < 0 || isnan(arrive[m->match]))) {
        if (m->match >= 0) {
            st[r].wnext = wait[m->match];
            wait[m->match] = r;
        }
        return;
    }
    rheap_push(h, st, r);
}

/* Message ROW has arrived: its waiting ranks can run. */
static void wake(const hrel_msgtrace *t, rstate *st, rheap *h, const double *arrive, int *wait,
                 size_t row)
{
    int r = wait[row];
    wait[row] = -1;
    while (r >= 0) {
        int nx = st[r].wnext;
        st[r].wnext = -1;
        consider(t, st, h, arrive, wait, r);
        r = nx;
    }
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
    pairset met = {NULL, 0, 0};   /* the pairs that have had their first contact */
    hrel_pvmdnet *net = NULL;
    int *pend = NULL;   /* daemon route: deliveries still to come per send row */
    size_t *hseen = NULL;
    size_t j;

    if (!st || !arrive || !wait || !heap.r)
        goto oom;
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
    if (par->daemon && (!(net = hrel_pvmdnet_new(maxh + 1, par->medium == HREL_MEDIUM_BUS,
                                                par->g_wire, par->rtt0, p > 0 ? host_of(t, par, 0) : 0,
                                                par->proc)) ||
                        hrel_pvmdnet_set_jitter(net, par->jitter, par->seed) != 0 ||
                        !(pend = calloc(t->n ? t->n : 1, sizeof *pend)))) {
        hrel_seterr(err, errlen, "replay: the daemon route needs a wire g > 0, an RTT > 0, a "
                    "pvmd time >= 0 and a jitter in [0, 60) s (%d hosts at most 4096)", maxh + 1);
        goto out;
    }
    if (net && par->wire_tc)
        hrel_pvmdnet_set_frames(net, 34, 0, 1600);
    for (j = 0; j < t->n; j++) {
        arrive[j] = NAN;
        wait[j] = -1;
    }
    for (r = 0; r < p; r++) {
        st[r].next = t->first[r];
        st[r].wnext = -1;
        st[r].done = t->first[r] == t->first[r + 1];
        ndone += st[r].done;
        if (!st[r].done)
            st[r].rec_prev = t->row[t->first[r]].t0;
    }
    st[0].ready = 1;
    st[0].clock = t->first[1] > t->first[0] ? t->row[0].t0 : 0;
    consider(t, st, &heap, arrive, wait, 0);
    for (;;) {
        int best;
        if (ndone == p)
            break;
        /* the runnable rank with the smallest clock */
        best = heap.n ? heap.r[0] : -1;
        if (net) {   /* the network's events up to the next rank action, in time order */
            double nx = hrel_pvmdnet_next(net), at;
            long id;
            int got;
            if (isfinite(nx) && (best < 0 || nx <= st[best].clock)) {
                if ((got = hrel_pvmdnet_step(net, &id, &at)) < 0)
                    goto oom;
                if (got && --pend[id] == 0) {
                    arrive[id] = at + LOCAL_G * t->row[id].bytes;
                    wake(t, st, &heap, arrive, wait, (size_t)id);
                }
                continue;
            }
        }
        if (best < 0) {
            for (r = 0; r < p && (st[r].done || !st[r].ready); r++)
                ;
            if (r < p) {
                const hrel_msg *m = &t->row[st[r].next];
                hrel_seterr(err, errlen, "%s:%ld: replay stuck: rank %d waits for a message "
                            "that is never sent", t->path, m->line, r);
            } else
                hrel_seterr(err, errlen, "%s: replay stuck: a rank is never spawned", t->path);
            goto out;
        }
        rheap_pop(&heap, st);
        {
            rstate *s = &st[best];
            const hrel_msg *m = &t->row[s->next];
            double gap = m->t0 - s->rec_prev, dur = m->t1 - m->t0;
            int hs = host_of(t, par, best), k;
            size_t row = s->next;
            if (gap > 0 && m->kind != HREL_MSG_START)
                s->clock += gap * par->cpu_ratio;
            switch (m->kind) {
            case HREL_MSG_START:
            case HREL_MSG_EXIT:
            case HREL_MSG_ENROL:
            case HREL_MSG_END:
                s->clock += dur;
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
            case HREL_MSG_SPAWN:
                s->clock += dur;
                for (k = 0; k < m->npeers; k++) {
                    int c = m->peers[k];
                    if (c >= 0 && c < p && !st[c].ready && !st[c].done) {
                        st[c].ready = 1;
                        st[c].clock = fmax(0.0, s->clock + (t->row[t->first[c]].t0 - m->t1));
                        consider(t, st, &heap, arrive, wait, c);
                    }
                }
                break;
            case HREL_MSG_SEND:
            case HREL_MSG_MCAST: {
                int mc = m->kind == HREL_MSG_MCAST, remote = 0;
                double h = m->bytes * (mc ? m->npeers : 1);
                double tx = (mc ? par->g_mcast : par->g_send) * h;
                double lat = mc ? par->L_mcast : par->L_send;
                double start = s->clock;
                for (k = 0; k < m->npeers; k++) {
                    int d = m->peers[k];
                    if (host_of(t, par, d) != hs)
                        remote = 1;
                    if (d >= 0 && d < p && d != best) {
                        unsigned long long a = (unsigned long long)(best < d ? best : d),
                                           b = (unsigned long long)(best < d ? d : best);
                        int fresh = pair_add(&met, a * (unsigned long long)p + b + 1);
                        if (fresh < 0)
                            goto oom;
                        if (fresh)
                            start += par->setup;
                    }
                }
                if (net) {
                    if ((s->clock = daemon_send(t, par, net, m, best, row, start, pend,
                                                hseen)) < 0)
                        goto oom;
                    break;
                }
                if (remote && par->medium == HREL_MEDIUM_PORT) {
                    start = fmax(start, outfree[hs]);
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
                    }
                } else if (remote && par->medium == HREL_MEDIUM_BUS) {
                    start = fmax(start, busfree);
                    busfree = start + tx;
                }
                arrive[row] = start + fmax(tx, tx + lat);   /* a fitted L < 0 never
                                                               makes a message early */
                s->clock = start + tx;
                wake(t, st, &heap, arrive, wait, row);
                break;
            }
            case HREL_MSG_RECV:
                s->clock = fmax(s->clock, arrive[m->match]);
                break;
            }
            s->rec_prev = hrel_msgkind_is_group(m->kind) ? m->t0 : m->t1;
            s->next++;
            if (s->next == t->first[best + 1]) {
                s->done = 1;
                ndone++;
            } else
                consider(t, st, &heap, arrive, wait, best);
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
    }
    rc = 0;
    goto out;
oom:
    hrel_seterr(err, errlen, "replay: out of memory");
out:
    free(st);
    free(arrive);
    free(wait);
    free(heap.r);
    free(outfree);
    free(infree);
    free(met.k);
    free(hseen);
    hrel_pvmdnet_free(net);
    free(pend);
    return rc;
}
