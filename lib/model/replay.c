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
} rstate;

static int host_of(const hrel_msgtrace *t, const hrel_replay_param *par, int rank)
{
    if (par->host_map)
        return par->host_map[rank];
    if (par->nhosts > 0)
        return rank % par->nhosts;
    return t->row[t->first[rank]].host;
}

/* the daemon route: rank R's send or multicast M (row ROW) issued at START is
 * posted to the network, once per destination host; PEND[ROW] counts the
 * deliveries still to come. Returns when the sender is free again, or -1. */
static double daemon_send(const hrel_msgtrace *t, const hrel_replay_param *par, hrel_pvmdnet *net,
                          const hrel_msg *m, int r, size_t row, double start, int *pend)
{
    int hs = host_of(t, par, r), k, j;
    double handed = start + par->proc + LOCAL_G * m->bytes;
    pend[row] = 0;
    for (k = 0; k < m->npeers; k++) {
        int hd = host_of(t, par, m->peers[k]), dup = 0;
        for (j = 0; j < k; j++)
            dup |= host_of(t, par, m->peers[j]) == hd;
        if (dup)
            continue;
        if (hrel_pvmdnet_post(net, hs, hd, m->bytes, handed, (long)row) != 0)
            return -1;
        pend[row]++;
    }
    return handed;
}

int hrel_replay_run(const hrel_msgtrace *t, hrel_replay_param *par, double *end,
                    double *total, char *err, size_t errlen)
{
    int p = t->nproc, r, maxh = 0, rc = -1;
    rstate *st = calloc((size_t)p, sizeof *st);
    double *arrive = malloc((t->n ? t->n : 1) * sizeof *arrive);
    double *outfree = NULL, *infree = NULL, busfree = 0;
    unsigned char *met = NULL;   /* met[a*p+b], a < b: the pair has had its first contact */
    hrel_pvmdnet *net = NULL;
    int *pend = NULL;   /* daemon route: deliveries still to come per send row */
    size_t j;

    if (!st || !arrive)
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
    met = calloc((size_t)p * (size_t)p, 1);
    if (!outfree || !infree || !met)
        goto oom;
    if (par->daemon && (!(net = hrel_pvmdnet_new(maxh + 1, par->medium == HREL_MEDIUM_BUS,
                                                par->g_wire, par->rtt0, p > 0 ? host_of(t, par, 0) : 0,
                                                par->proc)) ||
                        !(pend = calloc(t->n ? t->n : 1, sizeof *pend)))) {
        hrel_seterr(err, errlen, "replay: the daemon route needs a wire g > 0, an RTT > 0 and a "
                    "pvmd time >= 0 (%d hosts at most 4096)", maxh + 1);
        goto out;
    }
    if (net && par->wire_tc)
        hrel_pvmdnet_set_frames(net, 34, 0, 1600);
    for (j = 0; j < t->n; j++)
        arrive[j] = NAN;
    for (r = 0; r < p; r++) {
        st[r].next = t->first[r];
        st[r].done = t->first[r] == t->first[r + 1];
        if (!st[r].done)
            st[r].rec_prev = t->row[t->first[r]].t0;
    }
    st[0].ready = 1;
    st[0].clock = t->first[1] > t->first[0] ? t->row[0].t0 : 0;
    for (;;) {
        int best = -1, alldone = 1;
        /* the runnable rank with the smallest clock */
        for (r = 0; r < p; r++) {
            const hrel_msg *m;
            if (st[r].done)
                continue;
            alldone = 0;
            if (!st[r].ready)
                continue;
            m = &t->row[st[r].next];
            if (m->kind == HREL_MSG_RECV && (m->match < 0 || isnan(arrive[m->match])))
                continue;
            if (best < 0 || st[r].clock < st[best].clock)
                best = r;
        }
        if (alldone)
            break;
        if (net) {   /* the network's events up to the next rank action, in time order */
            double nx = hrel_pvmdnet_next(net), at;
            long id;
            int got;
            if (isfinite(nx) && (best < 0 || nx <= st[best].clock)) {
                if ((got = hrel_pvmdnet_step(net, &id, &at)) < 0)
                    goto oom;
                if (got && --pend[id] == 0)
                    arrive[id] = at + LOCAL_G * t->row[id].bytes;
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
        {
            rstate *s = &st[best];
            const hrel_msg *m = &t->row[s->next];
            double gap = m->t0 - s->rec_prev, dur = m->t1 - m->t0;
            int hs = host_of(t, par, best), k;
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
                        size_t pair = (size_t)(best < d ? best : d) * (size_t)p
                                      + (size_t)(best < d ? d : best);
                        if (!met[pair])
                            start += par->setup;
                        met[pair] = 1;
                    }
                }
                if (net) {
                    if ((s->clock = daemon_send(t, par, net, m, best, s->next, start, pend)) < 0)
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
                arrive[s->next] = start + fmax(tx, tx + lat);   /* a fitted L < 0 never
                                                                   makes a message early */
                s->clock = start + tx;
                break;
            }
            case HREL_MSG_RECV:
                s->clock = fmax(s->clock, arrive[m->match]);
                break;
            }
            s->rec_prev = hrel_msgkind_is_group(m->kind) ? m->t0 : m->t1;
            s->next++;
            if (s->next == t->first[best + 1])
                s->done = 1;
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
    free(outfree);
    free(infree);
    free(met);
    hrel_pvmdnet_free(net);
    free(pend);
    return rc;
}
