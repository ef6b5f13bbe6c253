/* Unit tests of lib/model/pvmdnet (PVM's daemon route, packet by packet) and
 * of the replay's daemon route, on hand-worked cases. g_wire = 1 us per byte;
 * a packet of P bytes of UDP payload takes (P + 8 + 58 per 1480-byte frame)
 * us on the wire, at least 84 us (the smallest frame): an empty message's
 * packet (24 + 16 bytes) 106 us, an acknowledgement 84 us, a full packet of
 * 4040 data bytes (4056 bytes, 3 frames) 4238 us. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "pvmdnet.h"
#include "replay.h"

/* run every event; the delivery time of message ID (NAN: none) */
static double run(hrel_pvmdnet *n, long want)
{
    long id;
    double t, got = NAN;
    int rc;
    while ((rc = hrel_pvmdnet_step(n, &id, &t)) >= 0)
        if (rc == 1 && id == want)
            got = t;
    return got;
}

int main(void)
{
    hrel_pvmdnet *n;
    hrel_pvmdnet_stats st;
    double a;

    hrel_test_init();
    HREL_CHECK(hrel_pvmdnet_new(0, 0, 1e-6, 1, 0, 0) == NULL, "no hosts refused");
    HREL_CHECK(hrel_pvmdnet_new(2, 0, 0, 1, 0, 0) == NULL, "wire g 0 refused");
    HREL_CHECK(hrel_pvmdnet_new(2, 0, 1e-6, 0, 0, 0) == NULL, "RTT 0 refused");
    HREL_CHECK(hrel_pvmdnet_new(2, 0, 1e-6, 1, 0, -1) == NULL, "negative pvmd time refused");
    HREL_CHECK(hrel_pvmdnet_new(2, 0, 1e-6, 1, 2, 0) == NULL, "master outside the hosts refused");

    /* a long timer (RTT 1 s): no copy; the empty message arrives after 106 us,
     * its ack is back at 190 us, and the estimate learns (190e-6 + 3) / 4 */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    HREL_CHECK(n != NULL, "new");
    if (n) {
        HREL_CHECK_INT(hrel_pvmdnet_post(n, 0, 1, 0, 0, 7), 0, "post");
        HREL_CHECK_ABS(hrel_pvmdnet_next(n), 106e-6, 1e-12, "first event: the packet's arrival");
        a = run(n, 7);
        HREL_CHECK_ABS(a, 106e-6, 1e-12, "one small packet: 106 us");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 0, "no copy under a long timer");
        HREL_CHECK_ABS(st.rtt_max, 1.0, 1e-12, "the other pairs keep their RTT");
        HREL_CHECK_ABS(st.rtt_min, (190e-6 + 3.0) / 4, 1e-12, "RTT learnt from the first-try ack");
        /* within one host: the pvmd hands it over at once */
        hrel_pvmdnet_post(n, 1, 1, 5000, 2.0, 8);
        HREL_CHECK_ABS(run(n, 8), 2.0, 1e-12, "same host");
        HREL_CHECK(hrel_pvmdnet_post(n, 0, 2, 0, 0, 9) != 0, "unknown host refused");
        HREL_CHECK(isinf(hrel_pvmdnet_next(n)), "no event left");
        hrel_pvmdnet_free(n);
    }

    /* a collapsed timer (RTT 10 us, first retry after 20 us, then 40, 80, ...):
     * a full packet's ack is back at 4238 + 84 = 4322 us; copies leave at 20, 60,
     * 140, 300, 620, 1260 and 2540 us (the next would be 5100): 7 copies, each
     * 4238 us on the sender's link. An empty message sent next waits for the
     * ack (stop-and-wait) and behind the copies: 8 x 4238 + 106 = 34010 us. */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1e-5, 0, 0);
    if (n) {
        long id;
        double t1 = NAN, t2 = NAN, at;
        int rc;
        hrel_pvmdnet_post(n, 0, 1, 4040 - 24, 0, 1);
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 2);
        while ((rc = hrel_pvmdnet_step(n, &id, &at)) >= 0)
            if (rc == 1)
                *(id == 1 ? &t1 : &t2) = at;
        HREL_CHECK_ABS(t1, 4238e-6, 1e-12, "full packet arrives at 4238 us");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_ABS(st.rtt_min, 1e-5, 1e-15, "no RTT sample from a packet sent again");
        HREL_CHECK_ABS(t2, 8 * 4238e-6 + 106e-6, 1e-12, "the next packet waits behind the copies");
        /* that empty packet leaves its pvmd at 4322 us and waits 29582 us behind
         * the copies: its own timer (20, 40, 80 ... us) sends it 10 more times
         * before its ack is back at 34094 us: 7 + 10 copies */
        HREL_CHECK_INT((int)st.copies, 17, "7 + 10 copies");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.packets, 2, "2 packets");
        HREL_CHECK_INT((int)st.messages, 2, "2 messages");
        hrel_pvmdnet_free(n);
    }

    /* RTT0 is the master's pairs' only: with master 0, the pair 1 -> 2 has not
     * talked yet (1 s): its full packet goes once; 0 -> 3 sends 7 copies */
    n = hrel_pvmdnet_new(4, 0, 1e-6, 1e-5, 0, 0);
    if (n) {
        hrel_pvmdnet_post(n, 1, 2, 4040 - 24, 0, 1);
        run(n, 1);
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 0, "a pair of two slave pvmds: no copy");
        hrel_pvmdnet_post(n, 0, 3, 4040 - 24, 1.0, 2);
        run(n, 2);
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 7, "a pair with the master: 7 copies");
        hrel_pvmdnet_free(n);
    }

    /* a message of 5000 bytes is 2 packets (5024 = 4040 + 984): the second
     * leaves when the first is acknowledged (4322 us), and arrives
     * 984 + 16 + 8 + 58 = 1066 us later: 5388 us */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        hrel_pvmdnet_post(n, 0, 1, 5000, 0, 3);
        HREL_CHECK_ABS(run(n, 3), 5388e-6, 1e-12, "two packets, stop-and-wait");
        hrel_pvmdnet_free(n);
    }

    /* tc's token bucket (34 bytes per frame, no minimum, 1600-byte burst): an
     * empty message (40 + 8 + 34 = 82 bytes) on idle links passes at once; a
     * full packet (4064 + 3 x 34 = 4166 bytes) on links idle since takes
     * (4166 - 1600) us */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_frames(n, -1, 0, 0) != 0, "negative overhead refused");
        HREL_CHECK_INT(hrel_pvmdnet_set_frames(n, 34, 0, 1600), 0, "tc frames");
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        HREL_CHECK_ABS(run(n, 1), 0, 1e-12, "tc: a small packet within the burst passes at once");
        hrel_pvmdnet_post(n, 0, 1, 4040 - 24, 1.0, 2);
        HREL_CHECK_ABS(run(n, 2), 1.0 + 2566e-6, 1e-12, "tc: a full packet, less the burst");
        hrel_pvmdnet_free(n);
    }

    /* BUS: one segment: host 0 -> 1 and host 2 -> 3 at time 0 take turns (the
     * second packet goes after the first: 212 us); PORT: they do not (106 us) */
    for (int bus = 0; bus < 2; bus++) {
        n = hrel_pvmdnet_new(4, bus, 1e-6, 1.0, 0, 0);
        if (!n)
            continue;
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        hrel_pvmdnet_post(n, 2, 3, 0, 0, 2);
        HREL_CHECK_ABS(run(n, 2), bus ? 212e-6 : 106e-6, 1e-12,
                       bus ? "bus: disjoint pairs take turns" : "port: disjoint pairs in parallel");
        hrel_pvmdnet_free(n);
    }

    /* the replay's daemon route on the ping-pong fixture (ranks 0, 1 on hosts
     * 1, 2; 1000 B each way; pvmd time 0; handing 1000 B to the pvmd 1 us):
     * rank 0 sends at 0.011, its pvmd at 0.011001, the packet (1040 B: 1106 us)
     * arrives 0.012107, delivered 0.012108; rank 1 waits for it, computes
     * 20 ms, sends at 0.032108 (pvmd 0.032109, arrives 0.033215, delivered
     * 0.033216); rank 0 receives then, computes 10 ms: ends 0.043216 */
    {
        hrel_msgtrace *t = NULL;
        hrel_replay_param par = {.g_send = 1e-5, .L_send = 0.001, .g_mcast = 1e-5, .L_mcast = 0.001,
                                 .medium = HREL_MEDIUM_PORT, .cpu_ratio = 1.0, .daemon = 1,
                                 .g_wire = 1e-6, .rtt0 = 1.0};
        double end[2], total = 0;
        char err[512] = "";
        const char *p = hrel_test_write_tmp("pp.csv", HREL_MSGS_PINGPONG);
        HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
        if (t) {
            HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
            HREL_CHECK_ABS(total, 0.043216, 1e-9, "daemon-route ping-pong total");
            HREL_CHECK_ABS(end[1], 0.032109, 1e-9, "rank 1 busy only for the hand-over");
            HREL_CHECK_INT((int)par.packets, 2, "2 packets");
            HREL_CHECK_INT((int)par.copies, 0, "no copy");
            par.rtt0 = 1e-6;
            HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
            HREL_CHECK(par.copies > 0, "a collapsed RTT sends copies");
            par.g_wire = 0;
            HREL_CHECK(hrel_replay_run(t, &par, end, &total, err, sizeof err) != 0, "wire g 0 refused");
            HREL_CHECK_HAS(err, "daemon route", "the refusal names the daemon route");
            hrel_msgtrace_free(t);
        }
    }
    return hrel_test_summary("test_pvmdnet");
}
