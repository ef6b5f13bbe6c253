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

typedef long long usec;

typedef struct gen {
    const hrel_msgsynth_opt *o;
    hrel_synth_format fmt;
    FILE *fp;
    long rows;
    usec xfer, period, t0;    /* transfer time, iteration period, first iteration */
    long iters;
    int *order;               /* mw: workers in arrival order */
} gen;

static const char *const shape_names[] = {"ring", "alltoall", "mw", NULL};

int hrel_msgsynth_parse_shape(const char *s, hrel_synth_shape *out, char *err, size_t errlen)
{
    int i;
    for (i = 0; shape_names[i]; i++)
        if (strcmp(s, shape_names[i]) == 0) {
            *out = (hrel_synth_shape)i;
            return 0;
        }
    hrel_seterr(err, errlen, "unknown shape '%s' (ring, alltoall or mw)", s);
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
        fputs(",\n", g->fp);   /* inside: no group call */
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
    }
    *now = t;
}

int hrel_msgsynth_write(const hrel_msgsynth_opt *o, hrel_synth_format format, FILE *fp,
                        long *rows, char *err, size_t errlen)
{
    gen g;
    int p = o->nproc, r;
    long per, fixed, k;
    if (p < 2 || p > 4096 || o->events < 1 || !(o->bytes >= 0 && o->bytes <= 1e9)) {
        hrel_seterr(err, errlen, "synth: ranks 2..4096, events >= 1, bytes 0..1e9");
        return -1;
    }
    memset(&g, 0, sizeof g);
    g.o = o;
    g.fmt = format;
    g.fp = fp;
    g.xfer = 20 + (usec)(o->bytes / 1000);
    g.period = 600 + 10 * (usec)p + 3 * g.xfer;
    g.t0 = 1000 + 2 * (usec)p;
    per = o->shape == HREL_SYNTH_RING ? 4L * p
          : o->shape == HREL_SYNTH_ALLTOALL ? 2L * p * (p - 1) : 3L * p - 2;
    fixed = 2L * p + 1;
    g.iters = o->events > fixed ? (o->events - fixed + per - 1) / per : 1;
    if (!(g.order = malloc((size_t)p * sizeof *g.order))) {
        hrel_seterr(err, errlen, "synth: out of memory");
        return -1;
    }
    if (format == HREL_SYNTH_MSGS)
        fprintf(fp, "# source: hrel trace synth %s, %d ranks, %ld iterations, %.0f bytes\n"
                "# ranks: %d\n# clock: synthetic, microseconds\n"
                "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside\n",
                shape_names[o->shape], p, g.iters, o->bytes, p);
    else
        fputs(pvm_header, fp);
    for (r = 0; r < p; r++) {
        usec now = r == 0 ? 0 : 30 + r;
        row(&g, r, "start", NULL, 0, 0, -1, now, now);
        if (r == 0) {
            for (k = 1; k < p; k++)
                g.order[k - 1] = (int)k;
            row(&g, r, "spawn", g.order, p - 1, 0, -1, 10, 20);
        }
        for (k = 0; k < g.iters; k++)
            iteration(&g, r, k, &now);
        row(&g, r, "exit", NULL, 0, 0, -1, now + 10, now + 10);
    }
    free(g.order);
    if (rows)
        *rows = g.rows;
    if (ferror(fp)) {
        hrel_seterr(err, errlen, "synth: write error");
        return -1;
    }
    return 0;
}
