/* test_wire_model -- the switch and CSMA/CD models of lib/model/wire_model on
 * synthetic traffic, against times worked by hand for 10 Mbit/s Ethernet:
 * a 1514-byte frame is (1514 + 4 FCS + 8 preamble) * 8 bits = 1220.8 us on the
 * wire, the gap 9.6 us, a slot 51.2 us, a minimum frame (60 bytes) 57.6 us.
 */
#include "hrel_test.h"
#include "wire_model.h"

#include <stdlib.h>

#define R10  10e6
#define FT   1220.8e-6     /* 1514-byte frame at 10 Mbit/s */
#define GAP  9.6e-6
#define SLOT 51.2e-6
#define US   1e-6
#define MAXREC 4096

typedef struct {
    hrel_wire_out rec[MAXREC];   /* everything delivered or dropped */
    int n;
} sink;

typedef struct {
    hrel_wire_event ev[20000];   /* trace events */
    int n;
} tracebuf;

/* Observer storing every event. */
static void keep(void *ctx, const hrel_wire_event *ev)
{
    tracebuf *tb = ctx;
    if (tb->n < 20000) tb->ev[tb->n++] = *ev;
}

/* Run W up to T, appending its records to S. */
static void drain(hrel_wire *w, double t, sink *s)
{
    int k;
    do {
        k = hrel_wire_poll(w, t, s->rec + s->n, MAXREC - s->n > 64 ? 64 : MAXREC - s->n);
        if (k > 0) s->n += k;
    } while (k == 64);
}

/* A model of KIND with N ports, DELAY and QUEUE; NULL on failure. */
static hrel_wire *mk(hrel_wire_kind kind, int n, double delay, long queue)
{
    hrel_wire_cfg c = { kind, R10, delay, n, queue, 12345 };
    hrel_wire *w = NULL;
    char err[128];
    if (hrel_wire_alloc(&c, &w, err, sizeof err) != 0) printf("alloc: %s\n", err);
    return w;
}

static void test_times(void)
{
    HREL_CHECK_REL(hrel_wire_frame_s(R10, 1514), FT, 1e-12, "1514-byte frame time");
    HREL_CHECK_REL(hrel_wire_frame_s(R10, 42), 57.6e-6, 1e-12, "short frame padded to 64 bytes");
    HREL_CHECK_REL(hrel_wire_frame_s(R10, 60), 57.6e-6, 1e-12, "60-byte frame is a minimum frame");
    HREL_CHECK_REL(hrel_wire_gap_s(R10), GAP, 1e-12, "inter-frame gap 96 bit times");
    HREL_CHECK_REL(hrel_wire_slot_s(R10), SLOT, 1e-12, "slot 512 bit times");
    HREL_CHECK_REL(hrel_wire_frame_s(1e9, 1514), 12.208e-6, 1e-12, "1514 bytes at 1 Gbit/s");
}

static void test_alloc_errors(void)
{
    hrel_wire_cfg c = { HREL_WIRE_SWITCH, R10, 0, 1, 65536, 1 };
    hrel_wire *w = (hrel_wire *)&c;
    char err[128] = "";
    HREL_CHECK(hrel_wire_alloc(&c, &w, err, sizeof err) == -1 && w == NULL, "one port refused");
    HREL_CHECK_HAS(err, "ports", "error names the ports");
    c.nport = 4; c.rate_bps = 0;
    HREL_CHECK(hrel_wire_alloc(&c, &w, err, sizeof err) == -1, "rate 0 refused");
    c.rate_bps = R10; c.queue_bytes = 100;
    HREL_CHECK(hrel_wire_alloc(&c, &w, err, sizeof err) == -1, "queue below one frame refused");
    c.queue_bytes = 65536;
    HREL_CHECK(hrel_wire_alloc(&c, &w, err, sizeof err) == 0 && w != NULL, "valid config accepted");
    HREL_CHECK_INT(hrel_wire_send(w, 0, 0, 0, 100, 1), -1, "frame to itself refused");
    HREL_CHECK_INT(hrel_wire_send(w, 0, 0, 9, 100, 1), -1, "port out of range refused");
    hrel_wire_free(w);
    hrel_wire_free(NULL);
}

static void test_switch_single_and_train(void)
{
    static sink s;
    hrel_wire *w = mk(HREL_WIRE_SWITCH, 4, 50 * US, 65536);
    int i;
    s.n = 0;
    if (!w) { HREL_CHECK(0, "alloc"); return; }
    HREL_CHECK_INT(hrel_wire_send(w, 0, 0, 1, 1514, 7), 0, "switch accepts a frame");
    drain(w, 1.0, &s);
    HREL_CHECK_INT(s.n, 1, "one delivery");
    HREL_CHECK_INT(s.rec[0].id, 7, "delivered id");
    HREL_CHECK_INT(s.rec[0].port, 1, "delivered to port 1");
    HREL_CHECK_INT(s.rec[0].last, 1, "single delivery is the last");
    /* store and forward: two frame times and two link delays */
    HREL_CHECK_REL(s.rec[0].t, 2 * FT + 100 * US, 1e-9, "switch latency 2*1220.8+2*50 us");
    /* a train of three frames at t = 1 s leaves one frame time + gap apart */
    s.n = 0;
    for (i = 0; i < 3; i++) hrel_wire_send(w, 1.0, 0, 1, 1514, 10 + i);
    drain(w, 2.0, &s);
    HREL_CHECK_INT(s.n, 3, "three deliveries");
    HREL_CHECK_REL(s.rec[0].t - 1.0, 2 * FT + 100 * US, 1e-7, "first of the train");
    HREL_CHECK_REL(s.rec[1].t - s.rec[0].t, FT + GAP, 1e-7, "train spacing = frame + gap");
    HREL_CHECK_REL(s.rec[2].t - s.rec[1].t, FT + GAP, 1e-7, "train spacing again");
    HREL_CHECK(s.rec[0].id == 10 && s.rec[1].id == 11 && s.rec[2].id == 12, "FIFO order");
    hrel_wire_free(w);
}

static void test_switch_contention(void)
{
    static sink s;
    hrel_wire *w = mk(HREL_WIRE_SWITCH, 4, 0, 65536);
    s.n = 0;
    if (!w) { HREL_CHECK(0, "alloc"); return; }
    /* two senders into one port: the second copy waits for the port */
    hrel_wire_send(w, 0, 0, 1, 1514, 1);
    hrel_wire_send(w, 0, 2, 1, 1514, 2);
    /* a disjoint pair at the same time is not slowed down */
    hrel_wire_send(w, 0, 3, 2, 1514, 3);
    drain(w, 1.0, &s);
    HREL_CHECK_INT(s.n, 3, "three deliveries");
    HREL_CHECK_REL(s.rec[0].t, 2 * FT, 1e-9, "first into port 1");
    HREL_CHECK_INT(s.rec[2].port, 1, "last delivery is the queued copy into port 1");
    HREL_CHECK_REL(s.rec[2].t, 3 * FT + GAP, 1e-9, "queued copy one frame + gap later");
    HREL_CHECK(s.rec[0].port == 1 && s.rec[1].port == 2, "disjoint pair delivered at once");
    HREL_CHECK_REL(s.rec[1].t, 2 * FT, 1e-9, "disjoint pair at the plain latency");
    hrel_wire_free(w);
}

static void test_switch_queue_and_flood(void)
{
    static sink s;
    hrel_wire_stats st;
    hrel_wire *w = mk(HREL_WIRE_SWITCH, 4, 0, 65536);
    int i, acc = 0, drop = 0, nlast = 0;
    s.n = 0;
    if (!w) { HREL_CHECK(0, "alloc"); return; }
    /* 100 frames at once into a 64 KB uplink FIFO: the k-th (from 0) sees a
     * backlog of k * 1538 wire bytes, accepted while k*1538 + 1514 <= 65536 */
    for (i = 0; i < 100; i++) {
        int r = hrel_wire_send(w, 0, 0, 1, 1514, i);
        acc += r == 0;
        drop += r == 1;
    }
    HREL_CHECK_INT(acc, 42, "42 frames fit the 64 KB FIFO");
    HREL_CHECK_INT(drop, 58, "58 dropped at once");
    drain(w, 10.0, &s);
    hrel_wire_get_stats(w, &st);
    HREL_CHECK_INT(s.n, 42, "42 delivered");
    HREL_CHECK_INT(st.drops_queue, 58, "drop counter");
    HREL_CHECK_INT(st.frames_in, 100, "frames offered");
    /* a broadcast reaches the three other ports, the last record says so */
    s.n = 0;
    hrel_wire_send(w, 20.0, 2, -1, 60, 500);
    drain(w, 30.0, &s);
    HREL_CHECK_INT(s.n, 3, "broadcast: three copies");
    for (i = 0; i < s.n; i++) nlast += s.rec[i].last;
    HREL_CHECK_INT(nlast, 1, "exactly one last copy");
    HREL_CHECK_INT(s.rec[2].last, 1, "the last record is the last copy");
    HREL_CHECK(s.rec[0].port != 2 && s.rec[1].port != 2 && s.rec[2].port != 2, "not back to the sender");
    hrel_wire_free(w);
}

static void test_hub_single_and_defer(void)
{
    static sink s;
    hrel_wire_stats st;
    hrel_wire *w = mk(HREL_WIRE_HUB, 4, 10 * US, 65536);
    s.n = 0;
    if (!w) { HREL_CHECK(0, "alloc"); return; }
    hrel_wire_send(w, 0, 0, 1, 1514, 1);
    drain(w, 100 * US, &s);             /* A is heard everywhere since 10 us */
    hrel_wire_send(w, 100 * US, 2, 3, 1514, 2);
    drain(w, 1.0, &s);
    hrel_wire_get_stats(w, &st);
    HREL_CHECK_INT(s.n, 2, "two deliveries");
    HREL_CHECK_REL(s.rec[0].t, FT + 10 * US, 1e-9, "hub latency = frame + one delay");
    /* B defers to the end of A's carrier as B hears it, plus the gap */
    HREL_CHECK_REL(s.rec[1].t, (FT + 10 * US + GAP) + FT + 10 * US, 1e-9, "deferred frame");
    HREL_CHECK_INT(st.deferrals, 1, "one deferral");
    HREL_CHECK_INT(st.collisions, 0, "no collision");
    hrel_wire_free(w);
}

static void test_hub_collision(void)
{
    static sink s;
    static tracebuf tb;
    hrel_wire_stats st;
    hrel_wire *w = mk(HREL_WIRE_HUB, 4, 10 * US, 65536);
    int i, ncoll = 0, nback = 0, badslots = 0, badend = 0;
    s.n = 0; tb.n = 0;
    if (!w) { HREL_CHECK(0, "alloc"); return; }
    hrel_wire_set_trace(w, keep, &tb);
    hrel_wire_send(w, 0, 0, 1, 1514, 1);
    hrel_wire_send(w, 5 * US, 2, 3, 1514, 2);   /* within A's 10 us: cannot hear it */
    drain(w, 1.0, &s);
    hrel_wire_get_stats(w, &st);
    HREL_CHECK_INT(s.n, 2, "both frames delivered in the end");
    HREL_CHECK(st.collisions >= 2, "the first attempts collide (both stations)");
    for (i = 0; i < tb.n; i++) {
        const hrel_wire_event *e = &tb.ev[i];
        if (e->kind == HREL_WIRE_EV_COLLISION) {
            ncoll++;
            if (ncoll == 1)   /* A hears B 10 us after B started (5 us), then jams 3.2 us */
                HREL_CHECK_REL(e->t_end, 15 * US + 3.2 * US, 1e-9, "A jams after hearing B");
            if (ncoll == 2)   /* B hears A at 10 us, then jams */
                HREL_CHECK_REL(e->t_end, 10 * US + 3.2 * US, 1e-9, "B jams after hearing A");
        }
        if (e->kind == HREL_WIRE_EV_BACKOFF) {
            long lim = 1L << (e->attempt < 10 ? e->attempt : 10);
            nback++;
            if (e->slots < 0 || e->slots >= lim) badslots++;
            if (fabs(e->t_end - (e->t_start + e->slots * SLOT)) > 1e-12) badend++;
        }
    }
    HREL_CHECK_INT(ncoll, st.collisions, "trace shows every collision");
    HREL_CHECK_INT(nback, st.collisions, "one backoff per collision");
    HREL_CHECK_INT(badslots, 0, "backoff slots within 0..2^min(n,10)-1");
    HREL_CHECK_INT(badend, 0, "backoff ends after whole slots");
    hrel_wire_free(w);
}

/* Utilisation and overlap of successful transmissions in a trace. */
static void tx_summary(const tracebuf *tb, double *busy, double *t0, double *t1, int *overlap)
{
    int i;
    double last_end = -1;
    *busy = 0; *t0 = 1e300; *t1 = -1; *overlap = 0;
    for (i = 0; i < tb->n; i++) {
        const hrel_wire_event *e = &tb->ev[i];
        if (e->kind != HREL_WIRE_EV_TX) continue;
        if (e->t_start < last_end) (*overlap)++;
        last_end = e->t_end;
        *busy += e->t_end - e->t_start;
        if (e->t_start < *t0) *t0 = e->t_start;
        if (e->t_end > *t1) *t1 = e->t_end;
    }
}

static void test_hub_saturated(void)
{
    static sink s;
    static tracebuf tb;
    hrel_wire_stats st;
    hrel_wire *w = mk(HREL_WIRE_HUB, 4, 2 * US, 100000000L);
    double busy, t0, t1, span_hub;
    int i, overlap;
    s.n = 0; tb.n = 0;
    if (!w) { HREL_CHECK(0, "alloc"); return; }
    hrel_wire_set_trace(w, keep, &tb);
    /* two disjoint pairs, 400 full frames each, all offered at t = 0 */
    for (i = 0; i < 400; i++) {
        hrel_wire_send(w, 0, 0, 1, 1514, i);
        hrel_wire_send(w, 0, 2, 3, 1514, 1000 + i);
    }
    drain(w, 100.0, &s);
    hrel_wire_get_stats(w, &st);
    tx_summary(&tb, &busy, &t0, &t1, &overlap);
    HREL_CHECK_INT(st.frames_delivered + st.drops_excess, 800, "every frame delivered or dropped");
    HREL_CHECK(st.collisions > 0, "collisions under load");
    HREL_CHECK_INT(overlap, 0, "successful transmissions never overlap");
    /* the medium is busy with good frames most of the time, never more than all of it */
    HREL_CHECK(busy / (t1 - t0) > 0.80 && busy / (t1 - t0) <= 1.0, "utilisation 80..100%");
    span_hub = t1 - t0;
    /* a switch moves the two pairs in parallel: half the time */
    {
        hrel_wire *sw = mk(HREL_WIRE_SWITCH, 4, 2 * US, 100000000L);
        static sink s2;
        s2.n = 0;
        for (i = 0; i < 400; i++) {
            hrel_wire_send(sw, 0, 0, 1, 1514, i);
            hrel_wire_send(sw, 0, 2, 3, 1514, 1000 + i);
        }
        drain(sw, 100.0, &s2);
        HREL_CHECK_INT(s2.n, 800, "switch delivers all 800");
        HREL_CHECK_REL(s2.rec[s2.n - 1].t, 400 * (FT + GAP) - GAP + FT + 4 * US, 1e-6,
                       "switch: 400 frames per pair at full rate");
        HREL_CHECK(span_hub > 1.9 * 400 * (FT + GAP), "hub: two pairs take twice as long");
        hrel_wire_free(sw);
    }
    hrel_wire_free(w);
}

int main(void)
{
    hrel_test_init();
    test_times();
    test_alloc_errors();
    test_switch_single_and_train();
    test_switch_contention();
    test_switch_queue_and_flood();
    test_hub_single_and_defer();
    test_hub_collision();
    test_hub_saturated();
    return hrel_test_summary("test_wire_model");
}
