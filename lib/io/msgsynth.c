/* msgsynth -- synthetic message-level traces. See msgsynth.h.
 *
 * Every rank's rows are computed from (rank, iteration) alone: iteration k
 * of every rank starts at T0 + k * PERIOD, computation times are a hash, and
 * a receive ends when the message its source sent in the same iteration has
 * arrived (its send's begin + XFER). So the file is written rank by rank in
 * one pass with no state beyond one iteration. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "msgsynth.h"
#include "tevfile.h"

typedef long long usec;

typedef struct gen {
    const hrel_msgsynth_opt *o;
    hrel_synth_format fmt;
    FILE *fp;
    long rows;
    usec xfer, period, t0;    /* transfer time, iteration period, first iteration */
    long iters;
    int *order;               /* mw: workers in arrival order */
    int seq;                  /* tev: the next call's number in the rank's file */
    const char *in;           /* the group call the rows are made inside, NULL none */
    int in_seq;               /* tev: its call's number */
    usec *rel;                /* group: per member, the barrier's release */
} gen;

#define GROUP_X0 20           /* group: the transfer time of an empty message */

static const char *const shape_names[] = {"ring", "alltoall", "mw", "group", NULL};

int hrel_msgsynth_parse_shape(const char *s, hrel_synth_shape *out, char *err, size_t errlen)
{
    int i;
    for (i = 0; shape_names[i]; i++)
        if (strcmp(s, shape_names[i]) == 0) {
            *out = (hrel_synth_shape)i;
            return 0;
        }
    hrel_seterr(err, errlen, "unknown shape '%s' (ring, alltoall, mw or group)", s);
    return -1;
}

/* computation time of rank R in iteration K: 50..249 us */
static usec work(int r, long k)
{
    uint64_t x = ((uint64_t)(unsigned)r << 40) ^ (uint64_t)k ^ 0x9e3779b97f4a7c15ULL;
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return 50 + (usec)(x % 200);
}

static int host_of(int r)
{
    return 1 + r % 4;
}

static int tid_of(int r)
{
    return (host_of(r) << 18) | (r + 1);
}

static void put_time(FILE *fp, usec t)
{
    fprintf(fp, "%lld.%06lld", t / 1000000, t % 1000000);
}

/* PVM tracer record: "NAME(PH)" { TS, TU, TID */
static void rec_open(gen *g, const char *name, usec t, int r)
{
    fprintf(g->fp, "\"%s\" { %lld, %lld, %d", name, t / 1000000, t % 1000000, tid_of(r));
}

/* The preload tracer's records of one row (tevfile.h): the call, then LIST
 * records of its task list (spawn, mcast); start is the file's head. */
static void tev_row(gen *g, int r, const char *kind, const int *peers, int np, double bytes,
                    int tag, usec b, usec e)
{
    hrel_tev_rec rec;
    int k, nl = 0;
    memset(&rec, 0, sizeof rec);
    rec.tid = tid_of(r);
    rec.kind = strcmp(kind, "spawn") == 0 ? HREL_TEV_SPAWN
               : strcmp(kind, "send") == 0 ? HREL_TEV_SEND
               : strcmp(kind, "mcast") == 0 ? HREL_TEV_MCAST
               : strcmp(kind, "recv") == 0 ? HREL_TEV_RECV
               : strcmp(kind, "joingroup") == 0 ? HREL_TEV_JOINGROUP
               : strcmp(kind, "barrier") == 0 ? HREL_TEV_BARRIER
               : strcmp(kind, "bcast") == 0 ? HREL_TEV_BCAST : HREL_TEV_EXIT;
    if (rec.kind == HREL_TEV_SPAWN || rec.kind == HREL_TEV_MCAST)
        nl = (np + HREL_TEV_LIST_N - 1) / HREL_TEV_LIST_N;
    rec.u.call.seq = g->seq++;
    rec.u.call.parent = g->in ? g->in_seq : -1;
    rec.flags = g->in ? HREL_TEVF_INNER : 0;
    rec.u.call.peer = (rec.kind == HREL_TEV_SEND || rec.kind == HREL_TEV_RECV) ? tid_of(peers[0])
                                                                                : 0;
    rec.u.call.tag = rec.kind == HREL_TEV_SPAWN || rec.kind == HREL_TEV_EXIT ? -1 : tag;
    rec.u.call.ret = rec.kind == HREL_TEV_SPAWN ? np : rec.kind == HREL_TEV_JOINGROUP ? r : 0;
    if (rec.kind == HREL_TEV_BARRIER)
        rec.u.call.peer = g->o->nproc - 1;   /* the count: every member */
    rec.u.call.nlist = nl;
    rec.u.call.bytes = (int64_t)bytes;
    rec.u.call.t0_ns = (int64_t)b * 1000;
    rec.u.call.t1_ns = (int64_t)e * 1000;
    fwrite(&rec, sizeof rec, 1, g->fp);
    for (k = 0; k < nl; k++) {
        int j;
        memset(&rec, 0, sizeof rec);
        rec.kind = HREL_TEV_LIST;
        rec.tid = tid_of(r);
        for (j = 0; j < HREL_TEV_LIST_N && k * HREL_TEV_LIST_N + j < np; j++)
            rec.u.list[j] = tid_of(peers[k * HREL_TEV_LIST_N + j]);
        fwrite(&rec, sizeof rec, 1, g->fp);
    }
    if (rec.kind == HREL_TEV_JOINGROUP || rec.kind == HREL_TEV_BARRIER ||
        rec.kind == HREL_TEV_BCAST) {   /* the group's name */
        memset(&rec, 0, sizeof rec);
        rec.kind = HREL_TEV_NAME;
        rec.tid = tid_of(r);
        strcpy(rec.u.name, "synth");
        fwrite(&rec, sizeof rec, 1, g->fp);
    }
}

/* One msgs.csv row of rank R (and its tracer records). PEERS: NP ranks. */
static void row(gen *g, int r, const char *kind, const int *peers, int np, double bytes, int tag,
                usec b, usec e)
{
    int k;
    g->rows++;
    if (g->fmt == HREL_SYNTH_MSGS) {
        fprintf(g->fp, "%d,%d,%s,", r, host_of(r), kind);
        for (k = 0; k < np; k++)
            fprintf(g->fp, "%s%d", k ? ";" : "", peers[k]);
        fprintf(g->fp, ",%.0f,%d,", bytes, tag);
        put_time(g->fp, b);
        fputc(',', g->fp);
        put_time(g->fp, e);
        fprintf(g->fp, ",%s\n", g->in ? g->in : "");   /* inside: the group call */
        return;
    }
    if (g->fmt == HREL_SYNTH_TEV) {
        if (strcmp(kind, "joingroup") == 0 || strcmp(kind, "barrier") == 0 ||
            strcmp(kind, "bcast") == 0)
            g->in_seq = g->seq;   /* the rows inside it name this call */
        if (strcmp(kind, "start") != 0)   /* the start is the file's head */
            tev_row(g, r, kind, peers, np, bytes, tag, b, e);
        return;
    }
    if (strcmp(kind, "start") == 0) {
        rec_open(g, "newtask(0)", b, r);
        fprintf(g->fp, ", %d, 0 };;\n", r == 0 ? -1 : tid_of(0));
    } else if (strcmp(kind, "spawn") == 0) {
        rec_open(g, "spawn(0.0)", b, r);
        fprintf(g->fp, ", 0, %d };;\n", np);
        rec_open(g, "spawn(1.1)", e, r);
        fprintf(g->fp, ", %d, [%d] {", np, np);
        for (k = 0; k < np; k++)
            fprintf(g->fp, "%s %d", k ? "," : "", tid_of(peers[k]));
        fprintf(g->fp, " } };;\n");
    } else if (strcmp(kind, "send") == 0) {
        rec_open(g, "send(0.0)", b, r);
        fprintf(g->fp, ", %.0f, %d, %d, 0 };;\n", bytes, tid_of(peers[0]), tag);
        rec_open(g, "send(1.1)", e, r);
        fprintf(g->fp, ", 0 };;\n");
    } else if (strcmp(kind, "mcast") == 0) {
        rec_open(g, "mcast(0.0)", b, r);
        fprintf(g->fp, ", %.0f, %d, 0, [%d] {", bytes, tag, np);
        for (k = 0; k < np; k++)
            fprintf(g->fp, "%s %d", k ? "," : "", tid_of(peers[k]));
        fprintf(g->fp, " } };;\n");
        rec_open(g, "mcast(1.1)", e, r);
        fprintf(g->fp, ", 0 };;\n");
    } else if (strcmp(kind, "recv") == 0) {
        rec_open(g, "recv(0.0)", b, r);
        fprintf(g->fp, ", -1, -1, 0 };;\n");
        rec_open(g, "recv(1.1)", e, r);
        fprintf(g->fp, ", 1, %.0f, %d, 0, %d };;\n", bytes, tag, tid_of(peers[0]));
    } else {   /* exit */
        rec_open(g, "exit(0.0)", b, r);
        fprintf(g->fp, " };;\n");
    }
}

static const char pvm_header[] =
    "/*\n * \"Creation Date\" \"hrel trace synth\"\n */ ;;\n\n"
    "#1: \"newtask(0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"PT\";\n"
    "\tint \"TF\";\n};;\n"
    "#2: \"spawn(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"SF\";\n"
    "\tint \"SC\";\n};;\n"
    "#3: \"spawn(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"CC\";\n"
    "\tint \"STL\"[];\n};;\n"
    "#4: \"send(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"MNB\";\n"
    "\tint \"DST\";\n\tint \"MC\";\n\tint \"MCX\";\n};;\n"
    "#5: \"send(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"CC\";\n};;\n"
    "#6: \"mcast(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"MNB\";\n"
    "\tint \"MC\";\n\tint \"MCX\";\n\tint \"MDL\"[];\n};;\n"
    "#7: \"mcast(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"CC\";\n};;\n"
    "#8: \"recv(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"RST\";\n"
    "\tint \"RMC\";\n\tint \"RCX\";\n};;\n"
    "#9: \"recv(1.1)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n\tint \"MB\";\n"
    "\tint \"MNB\";\n\tint \"MC\";\n\tint \"MCX\";\n\tint \"SRC\";\n};;\n"
    "#10: \"exit(0.0)\"\n{\n\tint \"TS\";\n\tint \"TU\";\n\tint \"TID\";\n};;\n";

/* rows of rank R in iteration K; *NOW: the end of its last row */
static void iteration(gen *g, int r, long k, usec *now)
{
    int p = g->o->nproc, i;
    double m = g->o->bytes;
    usec base = g->t0 + k * g->period, t = base + work(r, k), e;
    switch (g->o->shape) {
    case HREL_SYNTH_RING: {
        int l = (r + p - 1) % p, rt = (r + 1) % p;
        row(g, r, "send", &rt, 1, m, 1, t, t + 5);
        row(g, r, "send", &l, 1, m, 2, t + 5, t + 10);
        e = base + work(l, k) + g->xfer;
        e = e > t + 12 ? e : t + 12;
        row(g, r, "recv", &l, 1, m, 1, t + 10, e);
        t = e;
        e = base + work(rt, k) + 5 + g->xfer;
        e = e > t + 2 ? e : t + 2;
        row(g, r, "recv", &rt, 1, m, 2, t, e);
        t = e;
        break;
    }
    case HREL_SYNTH_ALLTOALL:
        for (i = 1; i < p; i++) {
            int d = (r + i) % p;
            row(g, r, "send", &d, 1, m, 3, t, t + 5);
            t += 5;
        }
        for (i = 1; i < p; i++) {
            int s = (r + p - i) % p;   /* r is s's send number i */
            e = base + work(s, k) + 5 * (usec)(i - 1) + g->xfer;
            e = e > t + 2 ? e : t + 2;
            row(g, r, "recv", &s, 1, m, 3, t, e);
            t = e;
        }
        break;
    case HREL_SYNTH_MW:
        if (r == 0) {
            int n = 0, a, b;
            for (i = 1; i < p; i++)
                g->order[n++] = i;
            row(g, r, "mcast", g->order, n, m, 4, base, base + 10);
            /* arrival order: the workers' send times, then rank (insertion sort) */
            for (a = 1; a < n; a++)
                for (b = a; b > 0 && work(g->order[b], k) < work(g->order[b - 1], k); b--) {
                    int x = g->order[b];
                    g->order[b] = g->order[b - 1];
                    g->order[b - 1] = x;
                }
            t = base + 10;
            for (i = 0; i < n; i++) {
                int w = g->order[i];
                e = base + 10 + g->xfer + work(w, k) + g->xfer;
                e = e > t + 2 ? e : t + 2;
                row(g, r, "recv", &w, 1, m, 5, t, e);
                t = e;
            }
        } else {
            int z = 0;
            e = base + 10 + g->xfer;
            row(g, r, "recv", &z, 1, m, 4, base + 1, e);
            t = e + work(r, k);
            row(g, r, "send", &z, 1, m, 5, t, t + 5);
            t += 5;
        }
        break;
    case HREL_SYNTH_GROUP:   /* group_iteration */
        break;
    }
    *now = t;
}

/* group: the barrier releases of iteration K into G->rel (per member), as the
 * group server (the last rank) serves it: the members' requests in arrival
 * order, then a reply to each in rank order. *SRV gets the server's rows when
 * not NULL (rank S), from *NOW. */
static void group_serve(gen *g, long k, int srv, usec *now)
{
    int p = g->o->nproc, n = p - 1, a, b;
    usec base = g->t0 + k * g->period, cur = *now > base ? *now : base, e;
    for (a = 0; a < n; a++)
        g->order[a] = a;
    for (a = 1; a < n; a++)
        for (b = a; b > 0 && work(g->order[b], k) < work(g->order[b - 1], k); b--) {
            int x = g->order[b];
            g->order[b] = g->order[b - 1];
            g->order[b - 1] = x;
        }
    for (a = 0; a < n; a++) {   /* requests: sent at the barrier's begin */
        int m = g->order[a];
        usec at = base + 10 + g->xfer + work(m, k) + GROUP_X0;
        e = at > cur + 2 ? at : cur + 2;
        if (srv)
            row(g, n, "recv", &m, 1, 0, 7, cur, e);
        cur = e;
    }
    for (a = 0; a < n; a++) {   /* replies in rank order */
        usec bm = base + 10 + g->xfer + work(a, k), r = cur + GROUP_X0;
        g->rel[a] = r > bm + 7 ? r : bm + 7;
        if (srv)
            row(g, n, "send", &a, 1, 0, 8, cur, cur + 5);
        cur += 5;
    }
    *now = cur;
}

/* group: rank R's rows of iteration K (the server's when R is the last). */
static void group_iteration(gen *g, int r, long k, usec *now)
{
    int p = g->o->nproc, srv = p - 1, i;
    usec base = g->t0 + k * g->period, bm;
    if (r == srv) {
        group_serve(g, k, 1, now);
        return;
    }
    if (r == 0) {
        for (i = 1; i < srv; i++)
            g->order[i - 1] = i;
        row(g, 0, "bcast", NULL, 0, g->o->bytes, 6, base, base + 10);
        g->in = "bcast";
        row(g, 0, "mcast", g->order, srv - 1, g->o->bytes, 6, base + 1, base + 9);
        g->in = NULL;
    } else {
        int z = 0;
        row(g, r, "recv", &z, 1, g->o->bytes, 6, base + 2, base + 1 + g->xfer);
    }
    {
        usec dummy = 0;
        group_serve(g, k, 0, &dummy);   /* the releases only */
    }
    bm = base + 10 + g->xfer + work(r, k);
    row(g, r, "barrier", NULL, 0, 0, -1, bm, g->rel[r]);
    g->in = "barrier";
    row(g, r, "send", &srv, 1, 0, 7, bm, bm + 5);
    row(g, r, "recv", &srv, 1, 0, 8, bm + 5, g->rel[r]);
    g->in = NULL;
    *now = g->rel[r];
}

/* group: rank R joins the group (a member), or serves the joins (the server). */
static void group_join(gen *g, int r, usec *now)
{
    int p = g->o->nproc, srv = p - 1, m;
    usec cur = 30 + srv, e, reply = 0;
    for (m = 0; m < srv; m++) {   /* the server, in rank order (the requests' order) */
        usec jm = 100 + 20 * (usec)m, at = jm + GROUP_X0;
        e = at > cur + 2 ? at : cur + 2;
        if (r == srv)
            row(g, srv, "recv", &m, 1, 0, 11, cur, e);
        cur = e;
        if (m == r)
            reply = cur;
        if (r == srv)
            row(g, srv, "send", &m, 1, 0, 12, cur, cur + 5);
        cur += 5;
    }
    if (r == srv) {
        *now = cur;
        return;
    }
    {
        usec jm = 100 + 20 * (usec)r, end = reply + GROUP_X0 > jm + 7 ? reply + GROUP_X0 : jm + 7;
        row(g, r, "joingroup", NULL, 0, 0, -1, jm, end);
        g->in = "joingroup";
        row(g, r, "send", &srv, 1, 0, 11, jm, jm + 5);
        row(g, r, "recv", &srv, 1, 0, 12, jm + 5, end);
        g->in = NULL;
        *now = end;
    }
}

/* Set up G for O; 0, or -1 with a message. */
static int gen_init(gen *g, const hrel_msgsynth_opt *o, hrel_synth_format format, char *err,
                    size_t errlen)
{
    int p = o->nproc;
    long per, fixed;
    if (p < 2 || p > 4096 || o->events < 1 || !(o->bytes >= 0 && o->bytes <= 1e9)) {
        hrel_seterr(err, errlen, "synth: ranks 2..4096, events >= 1, bytes 0..1e9");
        return -1;
    }
    if (o->shape == HREL_SYNTH_GROUP && p < 3) {
        hrel_seterr(err, errlen, "synth: the group shape needs 3 ranks or more (members and "
                    "the group server)");
        return -1;
    }
    if (o->shape == HREL_SYNTH_GROUP && format == HREL_SYNTH_PVM) {
        hrel_seterr(err, errlen, "synth: the group shape has group calls, which hrel does not "
                    "read from PVM's tracer text: write it as msgs or tev");
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->o = o;
    g->fmt = format;
    g->xfer = 20 + (usec)(o->bytes / 1000);
    g->period = 600 + 10 * (usec)p + 3 * g->xfer;
    g->t0 = 1000 + 2 * (usec)p;
    per = o->shape == HREL_SYNTH_RING ? 4L * p
          : o->shape == HREL_SYNTH_ALLTOALL ? 2L * p * (p - 1)
          : o->shape == HREL_SYNTH_MW ? 3L * p - 2 : 6L * p - 5;
    fixed = 2L * p + 1;
    if (o->shape == HREL_SYNTH_GROUP) {   /* joins first; the server's rounds */
        fixed += 5L * (p - 1);
        g->t0 = 1000 + 60 * (usec)p;
        g->period = 600 + 30 * (usec)p + 3 * g->xfer;
    }
    g->iters = o->events > fixed ? (o->events - fixed + per - 1) / per : 1;
    if (!(g->order = malloc((size_t)p * sizeof *g->order)) ||
        !(g->rel = malloc((size_t)p * sizeof *g->rel))) {
        free(g->order);
        hrel_seterr(err, errlen, "synth: out of memory");
        return -1;
    }
    return 0;
}

/* Rank R's rows, from its start to its exit; return the exit's time. */
static usec rank_rows(gen *g, int r)
{
    int p = g->o->nproc;
    long k;
    usec now = r == 0 ? 0 : 30 + r;
    row(g, r, "start", NULL, 0, 0, -1, now, now);
    if (r == 0) {
        for (k = 1; k < p; k++)
            g->order[k - 1] = (int)k;
        row(g, r, "spawn", g->order, p - 1, 0, -1, 10, 20);
    }
    if (g->o->shape == HREL_SYNTH_GROUP) {
        group_join(g, r, &now);
        for (k = 0; k < g->iters; k++)
            group_iteration(g, r, k, &now);
    } else
        for (k = 0; k < g->iters; k++)
            iteration(g, r, k, &now);
    row(g, r, "exit", NULL, 0, 0, -1, now + 10, now + 10);
    return now + 10;
}

int hrel_msgsynth_write(const hrel_msgsynth_opt *o, hrel_synth_format format, FILE *fp,
                        long *rows, char *err, size_t errlen)
{
    gen g;
    int r;
    if (format == HREL_SYNTH_TEV) {
        hrel_seterr(err, errlen, "synth: task files go to a folder (hrel_msgsynth_write_tev)");
        return -1;
    }
    if (gen_init(&g, o, format, err, errlen) != 0)
        return -1;
    g.fp = fp;
    if (format == HREL_SYNTH_MSGS)
        fprintf(fp, "# source: hrel trace synth %s, %d ranks, %ld iterations, %.0f bytes\n"
                "# ranks: %d\n# clock: synthetic, microseconds\n"
                "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside\n",
                shape_names[o->shape], o->nproc, g.iters, o->bytes, o->nproc);
    else
        fputs(pvm_header, fp);
    for (r = 0; r < o->nproc; r++)
        rank_rows(&g, r);
    free(g.order);
    free(g.rel);
    if (rows)
        *rows = g.rows;
    if (ferror(fp)) {
        hrel_seterr(err, errlen, "synth: write error");
        return -1;
    }
    return 0;
}

int hrel_msgsynth_write_tev(const hrel_msgsynth_opt *o, const char *dir, long *rows, char *err,
                            size_t errlen)
{
    gen g;
    int r, rc = 0;
    if (gen_init(&g, o, HREL_SYNTH_TEV, err, errlen) != 0)
        return -1;
    for (r = 0; r < o->nproc && rc == 0; r++) {
        char path[4096];
        hrel_tev_head h;
        usec start = r == 0 ? 0 : 30 + r;
        memset(&h, 0, sizeof h);
        memcpy(h.magic, HREL_TEV_MAGIC, 8);
        h.endian = HREL_TEV_ENDIAN;
        h.recsize = (uint32_t)sizeof(hrel_tev_rec);
        h.start_ns = (int64_t)start * 1000;
        h.pid = 1000 + r;
        snprintf(h.run, sizeof h.run, "synth-%s", shape_names[o->shape]);
        snprintf(h.host, sizeof h.host, "host%d", host_of(r));
        snprintf(h.prog, sizeof h.prog, "%s",
                 r == 0 ? "synth_master"
                 : o->shape == HREL_SYNTH_GROUP && r == o->nproc - 1 ? "pvmgs" : "synth_worker");
        snprintf(path, sizeof path, "%.4000s/%s.%d.tev", dir, h.host, h.pid);
        if (!(g.fp = fopen(path, "wb"))) {
            hrel_seterr(err, errlen, "synth: cannot write '%s'", path);
            rc = -1;
            break;
        }
        g.seq = 0;
        fwrite(&h, sizeof h, 1, g.fp);
        start = rank_rows(&g, r);
        {   /* the process ends: status 0 (an end row in msgs.csv, not counted in ROWS) */
            hrel_tev_rec rec;
            memset(&rec, 0, sizeof rec);
            rec.kind = HREL_TEV_END;
            rec.tid = tid_of(r);
            rec.u.call.seq = g.seq++;
            rec.u.call.parent = -1;
            rec.u.call.tag = -1;
            rec.u.call.t0_ns = rec.u.call.t1_ns = (int64_t)(start + 5) * 1000;
            fwrite(&rec, sizeof rec, 1, g.fp);
        }
        if (ferror(g.fp) | (fclose(g.fp) != 0)) {
            hrel_seterr(err, errlen, "synth: write error on '%s'", path);
            rc = -1;
        }
    }
    free(g.order);
    free(g.rel);
    if (rows)
        *rows = g.rows;
    return rc;
}
