/* Unit tests of lib/model/pvmdnet (PVM's daemon route, packet by packet) and
 * of the replay's daemon route, on hand-worked cases. g_wire = 1 us per byte;
 * a packet of P bytes of UDP payload takes (P + 8 + 58 per 1480-byte frame)
 * us on the wire, at least 84 us (the smallest frame): an empty message's
 * packet (32-byte message header + 16-byte pvmd header = 48 bytes) 114 us, an
 * acknowledgement (16 bytes) 84 us, a full packet (a 4032-byte message: 4080
 * bytes, 3 frames) 4262 us. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "pvmdnet.h"
#include "replay.h"
#include "replay_interval.h"

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

/* One message of BYTES from host 0 to 1 over the userspace wire (SW: its
 * store-and-forward switch, else its CSMA/CD segment; 2 us one way, 64 KB
 * queue), checked to arrive at WANT s (WHAT); SET_WHAT: also that the wire was
 * set. The network after the run, for its stats (the caller frees it), or NULL. */
static hrel_pvmdnet *wire_one(int sw, int bytes, const char *set_what, double want,
                              const char *what)
{
    hrel_pvmdnet *n = hrel_pvmdnet_new(2, !sw, 8e-7, 1.0, 0, 0);
    int rc;
    if (!n)
        return NULL;
    rc = sw ? hrel_pvmdnet_set_switch(n, 2e-6, 65536) : hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1);
    if (set_what)
        HREL_CHECK_INT(rc, 0, set_what);
    hrel_pvmdnet_post(n, 0, 1, bytes, 0, 1);
    HREL_CHECK_ABS(run(n, 1), want, 1e-12, what);
    return n;
}

/* run every event; GOT[id] the delivery time of each message id < K */
static void run_got(hrel_pvmdnet *n, double *got, int k)
{
    long id;
    double t;
    int rc;
    while ((rc = hrel_pvmdnet_step(n, &id, &t)) >= 0)
        if (rc == 1 && id >= 0 && id < k)
            got[id] = t;
}

/* run every event, noting when each send of a copy left (at most MAX) and
 * when message ID was delivered (*AT; NAN: never); the number of copies */
static int copy_times(hrel_pvmdnet *n, double *when, int max, long want, double *at)
{
    hrel_pvmdnet_stats st;
    long id, before = 0;
    double t;
    int rc, k = 0;
    *at = NAN;
    hrel_pvmdnet_get_stats(n, &st);
    before = st.copies;
    for (;;) {
        double now = hrel_pvmdnet_next(n);   /* the event's time */
        if ((rc = hrel_pvmdnet_step(n, &id, &t)) < 0)
            break;
        if (rc == 1 && id == want)
            *at = t;
        hrel_pvmdnet_get_stats(n, &st);
        for (; before < st.copies; before++)
            if (k < max)
                when[k++] = now;
    }
    return k;
}

/* A segment of NHOSTS hosts (g = 1 us/B, tc's frames and burst): message 1,
 * 4032 B from host 0 to 1, and message 2 from host FROM2 to TO2 (4032 B, or
 * 8 B when FROM2 is 0: behind the first), both posted at 0; delivered at
 * HTB1, HTB2 on tc's HTB of NHOSTS stations, at TBF1, TBF2 without it. */
static void segment_case(int nhosts, int from2, int to2, int stations, double htb1,
                         double htb2, double tbf1, double tbf2, const char *what1,
                         const char *what2)
{
    for (int htb = 0; htb < 2; htb++) {
        double got[3] = {NAN, NAN, NAN};
        char w1[200], w2[200];
        hrel_pvmdnet *n = hrel_pvmdnet_new(nhosts, 1, 1e-6, 1.0, 0, 0);
        if (!n)
            continue;
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        if (htb)
            HREL_CHECK_INT(hrel_pvmdnet_set_htb(n, stations), 0, "htb set");
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 1);
        hrel_pvmdnet_post(n, from2, to2, from2 == 0 ? 8 : 4032, 0, 2);
        run_got(n, got, 3);
        snprintf(w1, sizeof w1, "%s: %s", htb ? "htb" : "tbf",
                 htb ? what1 : "first come first served");
        snprintf(w2, sizeof w2, "%s: %s", htb ? "htb" : "tbf",
                 htb ? what2 : "first come first served");
        HREL_CHECK_ABS(got[1], htb ? htb1 : tbf1, 1e-12, w1);
        HREL_CHECK_ABS(got[2], htb ? htb2 : tbf2, 1e-12, w2);
        hrel_pvmdnet_free(n);
    }
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

    /* a long timer (RTT 1 s): no copy; the empty message arrives after 114 us,
     * its ack is back at 198 us, and the estimate learns (198e-6 + 3) / 4 */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    HREL_CHECK(n != NULL, "new");
    if (n) {
        HREL_CHECK_INT(hrel_pvmdnet_post(n, 0, 1, 0, 0, 7), 0, "post");
        HREL_CHECK_ABS(hrel_pvmdnet_next(n), 0, 1e-12, "first event: the pvmd reads the message");
        a = run(n, 7);
        HREL_CHECK_ABS(a, 114e-6, 1e-12, "one small packet: 114 us");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 0, "no copy under a long timer");
        HREL_CHECK_ABS(st.rtt_max, 1.0, 1e-12, "the other pairs keep their RTT");
        HREL_CHECK_ABS(st.rtt_min, (198e-6 + 3.0) / 4, 1e-12, "RTT learnt from the first-try ack");
        /* within one host: the pvmd hands it over at once */
        hrel_pvmdnet_post(n, 1, 1, 5000, 2.0, 8);
        HREL_CHECK_ABS(run(n, 8), 2.0, 1e-12, "same host");
        HREL_CHECK(hrel_pvmdnet_post(n, 0, 2, 0, 0, 9) != 0, "unknown host refused");
        HREL_CHECK(isinf(hrel_pvmdnet_next(n)), "no event left");
        hrel_pvmdnet_free(n);
    }

    /* a collapsed timer (RTT 10 us, first retry after 20 us, then 40, 80, ...):
     * a full packet's ack is back at 4262 + 84 = 4346 us; copies leave at 20, 60,
     * 140, 300, 620, 1260 and 2540 us (the next would be 5100): 7 copies, each
     * 4262 us on the sender's link. An empty message sent next waits for the
     * ack (stop-and-wait) and behind the copies: 8 x 4262 + 114 = 34210 us. */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1e-5, 0, 0);
    if (n) {
        long id;
        double t1 = NAN, t2 = NAN, at;
        int rc;
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 1);
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 2);
        while ((rc = hrel_pvmdnet_step(n, &id, &at)) >= 0)
            if (rc == 1)
                *(id == 1 ? &t1 : &t2) = at;
        HREL_CHECK_ABS(t1, 4262e-6, 1e-12, "full packet arrives at 4262 us");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_ABS(st.rtt_min, 1e-5, 1e-15, "no RTT sample from a packet sent again");
        HREL_CHECK_ABS(t2, 8 * 4262e-6 + 114e-6, 1e-12, "the next packet waits behind the copies");
        /* that empty packet leaves its pvmd at 4346 us and waits behind the
         * copies: its own timer sends it again at 4366, 4406, 4486, 4646, 4966,
         * 5606, 6886, 9446, 14566 and 24806 us (the next, 45286, comes after
         * its ack, back at 34210 + 84 = 34294 us): 7 + 10 copies */
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
        hrel_pvmdnet_post(n, 1, 2, 4032, 0, 1);
        run(n, 1);
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 0, "a pair of two slave pvmds: no copy");
        hrel_pvmdnet_post(n, 0, 3, 4032, 1.0, 2);
        run(n, 2);
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 7, "a pair with the master: 7 copies");
        hrel_pvmdnet_free(n);
    }

    /* a message of 5000 bytes is 2 packets (4032 with the header, then 968):
     * the second leaves when the first is acknowledged (4346 us), and arrives
     * 968 + 16 + 8 + 58 = 1050 us later: 5396 us */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        hrel_pvmdnet_post(n, 0, 1, 5000, 0, 3);
        HREL_CHECK_ABS(run(n, 3), 5396e-6, 1e-12, "two packets, stop-and-wait");
        hrel_pvmdnet_free(n);
    }

    /* tc's token bucket (34 bytes per frame, no minimum, 1600-byte burst): an
     * empty message (48 + 8 + 34 = 90 bytes) on idle links passes at once; a
     * full packet (4088 + 3 x 34 = 4190 bytes) on links idle since takes
     * (4190 - 1600) us */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_frames(n, -1, 0, 0) != 0, "negative overhead refused");
        HREL_CHECK_INT(hrel_pvmdnet_set_frames(n, 34, 0, 1600), 0, "tc frames");
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        HREL_CHECK_ABS(run(n, 1), 0, 1e-12, "tc: a small packet within the burst passes at once");
        hrel_pvmdnet_post(n, 0, 1, 4032, 1.0, 2);
        HREL_CHECK_ABS(run(n, 2), 1.0 + 2590e-6, 1e-12, "tc: a full packet, less the burst");
        hrel_pvmdnet_free(n);
    }

    /* The segment as tc's HTB (_set_htb, 2 stations; g = 1 us/B, 34 bytes per
     * frame, burst 1600 for every class). Message 1, 4032 B from host 0 at 0:
     * one packet, IP payload 4088 in frames of 1514, 1514, 1162. Frame 1 and 2
     * leave at 0 (the tokens are >= 0 before each: 1600, then 86), leaving
     * -1428; frame 3 waits until host 0's ceiling is back at 0: 1428 us, and
     * leaves then (its own tokens -714, the parent's 0: it borrows): delivered
     * at 1428 us (tc's TBF: 4190 - 1600 = 2590 us). The ack (58 B) from host 1,
     * whose classes are full, leaves at once; the parent is at -1220. Message 2
     * (8 B: 98 bytes), waiting for that ack, finds host 0's ceiling at -1162:
     * 2590 us; then its own tokens are -1295 and the parent's -58: 58 us more,
     * delivered at 2648 us (TBF: 2590 + 58 for the ack + 98 = 2746 us). */
    segment_case(2, 0, 1, 2, 1428e-6, 2648e-6, 2590e-6, 2746e-6,
                 "a full packet's last frame leaves on the ceiling's debt",
                 "the next packet pays the debt first");
    /* Two stations at once on the HTB segment (4 hosts, 4 stations: own rate
     * 0.25 B/us): 4032 B from host 0 to 1 and from host 2 to 3 at 0. In turn,
     * a frame each: host 0's first (1514), host 2's first, host 0's second,
     * host 2's second leave at 0 (each station's tokens >= 0), the parent at
     * -4456. Then neither can: host 0's ceiling is back at 0 at 1428 us, but its
     * own tokens need 5712 and the parent 4456 us: at 4456 host 0's last frame
     * leaves (delivered at 4456; parent -1162), host 2's must wait for the
     * parent; host 1's ack (58 B, its classes full) leaves at once (parent
     * -1220), so host 2's last frame leaves at 4456 + 1220 = 5676 us. First
     * come first served on a TBF segment: 2590 and 2590 + 4190 = 6780 us. */
    segment_case(4, 2, 3, 4, 4456e-6, 5676e-6, 2590e-6, 6780e-6,
                 "two stations' frames in turn: the first done at 4456 us",
                 "the second after the parent's debt and the first's ack");
    /* A borrowed frame is not charged to the station's own tokens (Linux's
     * htb_charge_class), and a station that can send on its own tokens goes
     * first. 3 hosts, 3 stations (own rate 1/3 B/us, ceiling and parent 1
     * B/us, bursts 1600). Message 1, 4032 B from host 0 to 1 at 0: frames 1
     * and 2 leave at 0 on host 0's own tokens (1600, 86: own, ceiling and
     * parent -1428); frame 3 (1162) borrows at 1428 us (ceiling and parent back
     * at 0; its own at -1428 + 1428 / 3 = -952, and not charged): delivered at
     * 1428 us; host 1's ack (58 B) leaves on its own tokens, the parent at
     * -1220. At 5000 us the parent and host 0's ceiling are full again, host
     * 0's own tokens at -952 + 3572 / 3 = 238.7. Then message 2, 4032 B from
     * host 2 to 1: its frames 1 and 2 leave at once (the parent at -1428), its
     * frame 3 waits; and message 3, 8 B (98 B) from host 0 to 1, leaves at
     * once on host 0's own tokens, the parent's debt notwithstanding
     * (delivered at 5000 us; the parent at -1526, and -1584 after its ack).
     * Message 2's frame 3 borrows when the parent is back at 0: 6584 us. (Were
     * the borrowed frame charged to host 0's own tokens, they would be at
     * -923 at 5000 us, and message 3 would wait for the parent with message 2,
     * going first at 6428 us.) */
    n = hrel_pvmdnet_new(3, 1, 1e-6, 1.0, 0, 0);
    if (n) {
        double got[4] = {NAN, NAN, NAN, NAN};
        long id;
        double t;
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        HREL_CHECK_INT(hrel_pvmdnet_set_htb(n, 3), 0, "htb set (3 stations)");
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 1);
        while (hrel_pvmdnet_next(n) < 5000e-6)
            if (hrel_pvmdnet_step(n, &id, &t) == 1 && id >= 0 && id < 4)
                got[id] = t;
        hrel_pvmdnet_post(n, 2, 1, 4032, 5000e-6, 2);
        hrel_pvmdnet_post(n, 0, 1, 8, 5000e-6, 3);
        run_got(n, got, 4);
        HREL_CHECK_ABS(got[1], 1428e-6, 1e-12, "htb: a full packet's last frame borrowed");
        HREL_CHECK_ABS(got[3], 5000e-6, 1e-12,
                       "htb: a borrowed frame leaves the station's own tokens to refill: "
                       "its next packet leaves on them while the parent is in debt");
        HREL_CHECK_ABS(got[2], 6584e-6, 1e-12, "htb: the borrower waits for the parent");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        HREL_CHECK(hrel_pvmdnet_set_htb(n, 2) != 0, "htb: refused on ports (not a segment)");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(2, 1, 1e-6, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_htb(n, 2) != 0, "htb: refused without a burst");
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        HREL_CHECK(hrel_pvmdnet_set_htb(n, 0) != 0, "htb: refused without stations");
        hrel_pvmdnet_free(n);
    }

    /* tc's ports as two token buckets in series (_set_tbf; g = 1 us/B, 34 bytes
     * per frame, a 1600-byte burst, pvmd time 0, RTT 1 s: no copy). A 4032-byte
     * message: UDP payload 4080, IP 4088 in fragments of 1480, 1480, 1128:
     * frames of 1514, 1514 and 1162 bytes. Alone, the sender's bucket lets them
     * go at 0, at 1428 (1514 less the 86 left) and at 2590 us; the port's bucket
     * passes each as it comes: delivered at 2590 us, as the one reservation of
     * both links gives it (4190 - 1600). Hosts 0 and 2 each send one to host 1
     * at 0: their frames meet in port 1's FIFO in the order they leave their
     * buckets: A1 at 0, C1 at 1428, A2 at 2942, C2 at 4456, A3 at 5618, C3 at
     * 6780. So A arrives at 5618 us; one reservation of both links delivers A
     * whole first, at 2590, and C at 6780 all the same. */
    for (int joint = 0; joint < 2; joint++) {
        double got[3] = {NAN, NAN, NAN};
        if (!(n = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 0, 0)))
            break;
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        if (!joint)
            HREL_CHECK_INT(hrel_pvmdnet_set_tbf(n, 0), 0, "tbf set");
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 1);
        run_got(n, got, 3);
        HREL_CHECK_ABS(got[1], 2590e-6, 1e-12, joint ? "joint: a full packet alone, 2590 us"
                                                     : "tbf: a full packet alone, 2590 us");
        hrel_pvmdnet_free(n);
        if (!(n = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 0, 0)))
            break;
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        if (!joint)
            hrel_pvmdnet_set_tbf(n, 65536);
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 1);
        hrel_pvmdnet_post(n, 2, 1, 4032, 0, 2);
        got[1] = got[2] = NAN;
        run_got(n, got, 3);
        HREL_CHECK_ABS(got[1], joint ? 2590e-6 : 5618e-6, 1e-12,
                       joint ? "joint: the first sender's packet whole first, 2590 us"
                             : "tbf: two senders' frames in turn at the port: the first at 5618 us");
        HREL_CHECK_ABS(got[2], 6780e-6, 1e-12,
                       joint ? "joint: the second's after it, 6780 us"
                             : "tbf: the second's last frame at 6780 us");
        hrel_pvmdnet_free(n);
    }
    /* the same two senders with each queue limited to 4190 bytes (a full
     * packet's frames): at port 1 A1 leaves at once, C1 at 1428, A2 at 2942 and
     * C2 at 4456 us; A3 comes at 2590 and finds A2 and C2 waiting (3028 bytes):
     * 4190 in all, it stays (leaves at 5618); C3 comes then too and would make
     * 5352: dropped, so C is lost. C's pvmd sends it again when its timer runs
     * out, 2 x 1 s after its first send (hosts 2 and 1 start with a 1 s
     * estimate), into empty queues: delivered at 2 s + 2590 us. */
    if ((n = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 0, 0))) {
        double got[3] = {NAN, NAN, NAN};
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        HREL_CHECK_INT(hrel_pvmdnet_set_tbf(n, 4190), 0, "tbf: a limit of 4190 bytes");
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 1);
        hrel_pvmdnet_post(n, 2, 1, 4032, 0, 2);
        run_got(n, got, 3);
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_ABS(got[1], 5618e-6, 1e-12, "tbf limit: the first packet's last frame fits, 5618 us");
        HREL_CHECK_ABS(got[2], 2.0 + 2590e-6, 1e-9,
                       "tbf limit: the second's last frame dropped, sent again at 2 s: 2.002590 s");
        HREL_CHECK_INT(st.copies, 1, "tbf limit: one copy");
        hrel_pvmdnet_free(n);
    }
    if ((n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0))) {
        HREL_CHECK(hrel_pvmdnet_set_tbf(n, 0) != 0, "tbf: refused without a burst");
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        HREL_CHECK(hrel_pvmdnet_set_tbf(n, 1000) != 0, "tbf: a limit below a frame refused");
        HREL_CHECK(hrel_pvmdnet_set_tbf(n, -1) != 0, "tbf: a negative limit refused");
        HREL_CHECK_INT(hrel_pvmdnet_set_tbf(n, 65536), 0, "tbf: the ports with tc's frames");
        HREL_CHECK(hrel_pvmdnet_set_switch(n, 0, 65536) != 0, "tbf: the userspace wire refused after it");
        hrel_pvmdnet_free(n);
    }
    if ((n = hrel_pvmdnet_new(2, 1, 1e-6, 1.0, 0, 0))) {
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        HREL_CHECK(hrel_pvmdnet_set_tbf(n, 0) != 0, "tbf: refused on a segment (not ports)");
        hrel_pvmdnet_free(n);
    }

    /* The userspace wire's CSMA/CD segment (_set_csma; 10 Mbit/s: g = 0.8 us/B,
     * 2 us one way, pvmd time 0, RTT 1 s: no copy). A frame of LEN bytes takes
     * (max(LEN + 4, 64) + 8) * 0.8 us, then a 9.6 us gap (wire_model.h).
     * 4000 B from host 0 to 1: 4032 with the message header, + 16 + 8 = 4056
     * IP bytes in fragments of 1480, 1480, 1096: frames of 1514, 1514 and 1130
     * bytes, 1220.8, 1220.8 and 913.6 us: on the wire 0-1220.8, 1230.4-2451.2,
     * 2460.8-3374.4, delivered 2 us after the last: 3376.4 us (first come first
     * served on a real Ethernet: 4056 + 3 x 58 bytes, 3384 us). An 8-byte
     * message: 64 IP bytes, one frame of 98, 88 us: delivered at 90 us; its ack
     * (24 IP bytes, a 64-byte minimum frame, 57.6 us) leaves at once and is
     * back at 90 + 57.6 + 2 = 149.6 us, the pair's estimate (149.6e-6 + 3) / 4. */
    hrel_pvmdnet_free(wire_one(0, 4000, "csma set", 3376.4e-6,
                               "csma: a full packet's three frames, gaps between"));
    if ((n = wire_one(0, 8, NULL, 90e-6, "csma: one small frame, 88 us and the delay"))) {
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_ABS(st.rtt_min, (149.6e-6 + 3.0) / 4, 1e-12, "csma: the ack, a minimum frame");
        HREL_CHECK_INT((int)st.collisions, 0, "csma: one station alone does not collide");
        hrel_pvmdnet_free(n);
    }
    /* The userspace wire's store-and-forward switch (_set_switch; the same
     * frames as above, 2 us per link). The 8-byte message's frame (88 us)
     * takes host 0's link 0-88, is whole at the switch at 90, leaves host 1's
     * port 90-178 and arrives at 180 us (the segment above: 90). Its ack (57.6
     * us a link) leaves at once: 180-237.6, at the switch 239.6, out 239.6-
     * 297.2, back at 299.2 us. The full packet's frames leave host 0 at
     * 0-1220.8, 1230.4-2451.2, 2460.8-3374.4; the port sends the first once it
     * is whole (1222.8-2443.6), the second as it comes (2453.2-3674.0) and the
     * third after the gap (3683.6-4597.2): delivered at 4599.2 us, one stored
     * frame and a delay after the segment's 3376.4. */
    if ((n = wire_one(1, 8, "switch set", 180e-6,
                      "switch: one small frame stored and forwarded, 2 x 88 us and the delays"))) {
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_ABS(st.rtt_min, (299.2e-6 + 3.0) / 4, 1e-12, "switch: the ack the same way back");
        HREL_CHECK_INT((int)st.collisions, 0, "switch: no collision");
        hrel_pvmdnet_free(n);
    }
    hrel_pvmdnet_free(wire_one(1, 4000, NULL, 4599.2e-6,
                               "switch: a full packet's three frames, the port one frame behind"));
    /* Hosts 0 and 2 each send 8 bytes to host 1 at 0: both frames are whole at
     * the switch at 90 us, host 1's port sends one 90-178 (delivered 180) and
     * the other after the gap, 187.6-275.6 (delivered 277.6). */
    n = hrel_pvmdnet_new(3, 0, 8e-7, 1.0, 0, 0);
    if (n) {
        double got[3] = {NAN, NAN, NAN};
        hrel_pvmdnet_set_switch(n, 2e-6, 65536);
        hrel_pvmdnet_post(n, 0, 1, 8, 0, 1);
        hrel_pvmdnet_post(n, 2, 1, 8, 0, 2);
        run_got(n, got, 3);
        HREL_CHECK_ABS(fmin(got[1], got[2]), 180e-6, 1e-12, "switch: two senders into one port, the first at 180 us");
        HREL_CHECK_ABS(fmax(got[1], got[2]), 277.6e-6, 1e-12, "switch: the second one frame and a gap later");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(2, 1, 8e-7, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_switch(n, 2e-6, 65536) != 0, "switch: refused on the bus");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(2, 0, 8e-7, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1) != 0, "csma: refused on the ports");
        HREL_CHECK(hrel_pvmdnet_set_switch(n, -1, 65536) != 0, "switch: a negative delay refused");
        HREL_CHECK(hrel_pvmdnet_set_switch(n, 2e-6, 100) != 0, "switch: a queue under one frame refused");
        hrel_pvmdnet_free(n);
    }
    /* The wire's own lateness (_set_wire_late, 50 us mean): the same small
     * message is handed over later than its 90 us, by a draw of the seeded
     * generator, the same each time; without the wire it is refused. */
    {
        double late[2];
        for (int k = 0; k < 2; k++) {
            late[k] = NAN;
            n = hrel_pvmdnet_new(2, 1, 8e-7, 1.0, 0, 0);
            if (!n)
                continue;
            hrel_pvmdnet_set_jitter(n, 0, 7);
            hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1);
            HREL_CHECK_INT(hrel_pvmdnet_set_wire_late(n, 5e-5), 0, "csma: lateness set");
            hrel_pvmdnet_post(n, 0, 1, 8, 0, 1);
            late[k] = run(n, 1);
            hrel_pvmdnet_free(n);
        }
        HREL_CHECK(late[0] > 90e-6 && late[0] == late[1],
                   "csma: a late wire hands the packet over after its time, the same per seed");
        n = hrel_pvmdnet_new(2, 1, 8e-7, 1.0, 0, 0);
        if (n) {
            HREL_CHECK(hrel_pvmdnet_set_wire_late(n, 5e-5) != 0, "csma: lateness refused without the wire");
            hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1);
            HREL_CHECK(hrel_pvmdnet_set_wire_late(n, 1.5) != 0, "csma: a lateness of 1 s or more refused");
            hrel_pvmdnet_free(n);
        }
    }
    /* Both hosts send at 0: their frames collide (each hears the other 2 us
     * later and jams for 3.2 us), both back off and are delivered later than
     * alone (90 us), after at least the jam. */
    n = hrel_pvmdnet_new(2, 1, 8e-7, 1.0, 0, 0);
    if (n) {
        double got[3] = {NAN, NAN, NAN};
        hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1);
        hrel_pvmdnet_post(n, 0, 1, 8, 0, 1);
        hrel_pvmdnet_post(n, 1, 0, 8, 0, 2);
        run_got(n, got, 3);
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK(st.collisions >= 1, "csma: two stations at once collide");
        HREL_CHECK(got[1] > 95.2e-6 && got[2] > 95.2e-6 && got[1] != got[2],
                   "csma: both delivered after the collision, one after the other");
        hrel_pvmdnet_free(n);
    }
    /* A FIFO of 1518 bytes holds one full frame: a full packet's second and
     * third frames are dropped at once, so it never arrives; its pvmd sends it
     * again on its timer (RTT 1 ms: after 2, 4, 8 ms ...) and each copy loses
     * its frames too. */
    n = hrel_pvmdnet_new(2, 1, 8e-7, 1e-3, 0, 0);
    if (n) {
        long id;
        double t;
        int got = 0;
        hrel_pvmdnet_set_csma(n, 2e-6, 1518, 1);
        hrel_pvmdnet_post(n, 0, 1, 4000, 0, 1);
        while (hrel_pvmdnet_next(n) < 1.0)
            if (hrel_pvmdnet_step(n, &id, &t) == 1)
                got = 1;
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK(!got, "csma: a packet whose frames the full queue dropped never arrives");
        HREL_CHECK(st.copies >= 5 && st.wire_drops == 2 * (st.copies + 1),
                   "csma: sent again on the timer, two frames dropped each time");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(2, 0, 8e-7, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1) != 0, "csma: refused on ports");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(1, 1, 8e-7, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1) != 0, "csma: refused on one host");
        hrel_pvmdnet_free(n);
    }
    n = hrel_pvmdnet_new(2, 1, 8e-7, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_csma(n, 2, 65536, 1) != 0, "csma: a delay above 1 s refused");
        HREL_CHECK(hrel_pvmdnet_set_csma(n, 2e-6, 1000, 1) != 0, "csma: a queue below a frame refused");
        hrel_pvmdnet_set_frames(n, 34, 0, 1600);
        hrel_pvmdnet_set_htb(n, 2);
        HREL_CHECK(hrel_pvmdnet_set_csma(n, 2e-6, 65536, 1) != 0, "csma: refused on tc's HTB");
        hrel_pvmdnet_free(n);
    }

    /* BUS: one segment: host 0 -> 1 and host 2 -> 3 at time 0 take turns (the
     * second packet goes after the first: 228 us); PORT: they do not (114 us) */
    for (int bus = 0; bus < 2; bus++) {
        n = hrel_pvmdnet_new(4, bus, 1e-6, 1.0, 0, 0);
        if (!n)
            continue;
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        hrel_pvmdnet_post(n, 2, 3, 0, 0, 2);
        HREL_CHECK_ABS(run(n, 2), bus ? 228e-6 : 114e-6, 1e-12,
                       bus ? "bus: disjoint pairs take turns" : "port: disjoint pairs in parallel");
        hrel_pvmdnet_free(n);
    }

    /* a lost ack (pvmd.c netinput acks every packet, netoutput re-sends on
     * the timer): RTT 1 ms on the pair 0 -> 1, so RTA = 2 ms. The empty
     * message leaves at 0 and arrives at 114 us (delivered then); its ack
     * takes host 1's link 114..198 us and is lost. The timer sends it again at
     * 2000 us (RTA now 4 ms); the copy arrives at 2114, is not delivered twice,
     * and its ack is back at 2198 us. A packet sent twice teaches the
     * estimate nothing: it stays 1 ms. */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1e-3, 0, 0);
    if (n) {
        double when[8], at;
        int k, delivered = 0;
        long id;
        HREL_CHECK(hrel_pvmdnet_lose_acks(n, 0, 0, 1) != 0, "losing on one host refused");
        HREL_CHECK(hrel_pvmdnet_lose_acks(n, 0, 1, -1) != 0, "a negative loss refused");
        HREL_CHECK_INT(hrel_pvmdnet_lose_acks(n, 0, 1, 1), 0, "lose the next ack 1 -> 0");
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 5);
        k = copy_times(n, when, 8, 5, &at);
        HREL_CHECK_INT(k, 1, "one copy after a lost ack");
        HREL_CHECK_ABS(when[0], 2e-3, 1e-12, "the copy leaves at 2 x RTT");
        HREL_CHECK_ABS(at, 114e-6, 1e-12, "delivered by the first send");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_ABS(st.rtt_min, 1e-3, 1e-15, "no sample from a packet sent twice");
        /* the next message: a fresh RTA of 2 ms, its ack not lost: no copy; its
         * first send at 3 ms, delivered once at 3.114 ms */
        hrel_pvmdnet_post(n, 0, 1, 0, 3e-3, 6);
        while ((k = hrel_pvmdnet_step(n, &id, &at)) >= 0)
            delivered += k == 1 && id == 6;
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 1, "the next packet goes once");
        HREL_CHECK_INT(delivered, 1, "delivered once");
        HREL_CHECK_ABS(st.rtt_min, (198e-6 + 3 * 1e-3) / 4, 1e-15, "and teaches the estimate");
        hrel_pvmdnet_free(n);
    }

    /* the timer doubling (netoutput: RTA doubles per send while below 9 s):
     * RTT 1 ms, three acks lost: sends at 0, then copies at 2, 2 + 4 = 6 and
     * 6 + 8 = 14 ms; the fourth send's ack comes back (14.198 ms) */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1e-3, 0, 0);
    if (n) {
        double when[8], at;
        hrel_pvmdnet_lose_acks(n, 0, 1, 3);
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        HREL_CHECK_INT(copy_times(n, when, 8, 1, &at), 3, "three copies");
        HREL_CHECK_ABS(when[0], 2e-3, 1e-12, "copy 1 at 2 ms");
        HREL_CHECK_ABS(when[1], 6e-3, 1e-12, "copy 2 at 6 ms (RTA 4 ms)");
        HREL_CHECK_ABS(when[2], 14e-3, 1e-12, "copy 3 at 14 ms (RTA 8 ms)");
        hrel_pvmdnet_free(n);
    }
    /* ... and stops doubling at 9 s (DDMAXRTT): RTT 5 s gives RTA 10 s, which
     * stays: copies at 10 and 20 s, not 10 and 30 */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 5.0, 0, 0);
    if (n) {
        double when[8], at;
        hrel_pvmdnet_lose_acks(n, 0, 1, 2);
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        HREL_CHECK_INT(copy_times(n, when, 8, 1, &at), 2, "two copies");
        HREL_CHECK_ABS(when[0], 10.0, 1e-12, "copy 1 at 10 s");
        HREL_CHECK_ABS(when[1], 20.0, 1e-12, "copy 2 at 20 s: RTA no longer doubles");
        hrel_pvmdnet_free(n);
    }

    /* two peers served by one pvmd (pvmd.c: one window per host, hd_nop <
     * nopax = 1; but one output queue, opq, for all of them, sent from its
     * head while the head is due, where a new packet goes to the tail): host 0
     * posts a full packet to host 1 (A), one to host 2 (B) and an empty
     * message to host 1 (C), all at 0. A leaves at once (link 0..4262 us; its
     * retry time 2 s). B, queued behind A, waits for A's ack (back at 4346).
     * Then C joins the queue behind B; both are due: B leaves (link 4346..8608),
     * goes back behind C (retry at 2.004346 s), C leaves (8608..8722). */
    n = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        double got[3] = {NAN, NAN, NAN};
        hrel_pvmdnet_post(n, 0, 1, 4032, 0, 0);
        hrel_pvmdnet_post(n, 0, 2, 4032, 0, 1);
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 2);
        run_got(n, got, 3);
        HREL_CHECK_ABS(got[0], 4262e-6, 1e-12, "A: first on the link");
        HREL_CHECK_ABS(got[1], 8608e-6, 1e-12, "B: behind A in the queue until A's ack");
        HREL_CHECK_ABS(got[2], 8722e-6, 1e-12, "C: after A's ack, behind B");
        hrel_pvmdnet_get_stats(n, &st);
        HREL_CHECK_INT((int)st.copies, 0, "no copy under a long timer");
        hrel_pvmdnet_free(n);
    }
    /* ... so a lost ack to one peer holds the other up: RTT 1 ms, A (empty,
     * to host 1) leaves at 0 (link 0..114 us) and its ack is lost; B (empty,
     * to host 2), behind A, waits for A's retry at 2 ms: A's copy leaves
     * (link 2000..2114, back in the queue behind B), then B (2114..2228): B
     * arrives at 2228 us, not 228 */
    n = hrel_pvmdnet_new(3, 0, 1e-6, 1e-3, 0, 0);
    if (n) {
        double when[4], at;
        hrel_pvmdnet_lose_acks(n, 0, 1, 1);
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 0);
        hrel_pvmdnet_post(n, 0, 2, 0, 0, 1);
        HREL_CHECK_INT(copy_times(n, when, 4, 1, &at), 1, "one copy: A's");
        HREL_CHECK_ABS(when[0], 2e-3, 1e-12, "A sent again at 2 ms");
        HREL_CHECK_ABS(at, 2228e-6, 1e-12, "B waited for A's retry");
        hrel_pvmdnet_free(n);
    }

    /* jitter: a pvmd waits before it acts, so nothing comes earlier than
     * without; the same seed, the same answer; another seed, another */
    {
        double base = NAN, j1 = NAN, j2 = NAN, j3 = NAN;
        for (int k = 0; k < 4; k++) {
            n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
            if (!n)
                continue;
            if (k == 0)
                HREL_CHECK(hrel_pvmdnet_set_jitter(n, -1, 1) != 0, "a negative jitter refused");
            if (k > 0)
                hrel_pvmdnet_set_jitter(n, 1e-4, k == 3 ? 2 : 1);
            hrel_pvmdnet_post(n, 0, 1, 5000, 0, 1);
            *(k == 0 ? &base : k == 1 ? &j1 : k == 2 ? &j2 : &j3) = run(n, 1);
            hrel_pvmdnet_free(n);
        }
        HREL_CHECK_ABS(base, 5396e-6, 1e-12, "jitter 0: the hand-worked answer");
        HREL_CHECK(j1 > base, "waits only delay");
        HREL_CHECK(j1 == j2, "the same seed, the same answer");
        HREL_CHECK(j3 != j1, "another seed, another answer");
    }

    /* pvmd's CPU per message (hrel_pvmdcpu's remote_msg_s), half at either
     * end: an empty message read at 0 + 50 us, on the wire 114 us (arrives
     * 164 us), its last packet taken with 50 us more: delivered at 214 us */
    n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    if (n) {
        HREL_CHECK(hrel_pvmdnet_set_cpu(n, -1e-6, 0) != 0, "a negative CPU per message refused");
        HREL_CHECK(hrel_pvmdnet_set_cpu(n, 1.0, 0) != 0, "a second per message refused");
        HREL_CHECK_INT(hrel_pvmdnet_set_cpu(n, 100e-6, 0), 0, "100 us per message");
        hrel_pvmdnet_post(n, 0, 1, 0, 0, 1);
        HREL_CHECK_ABS(run(n, 1), 214e-6, 1e-12, "per message: half read, half delivered");
        hrel_pvmdnet_free(n);
    }
    /* one pvmd serves its peers in turn (the queue): PROC 1 ms; hosts 1 and 2
     * each post an empty message to host 0 at 0. Both pvmds read theirs by
     * 1000 us (two processes). Host 0's port takes the first packet
     * 1000..1114 us, the second 1114..1228. Host 0's pvmd takes the first at
     * 1114 for 1 ms: delivered 2114 us; without the queue the second is taken
     * at 1228 (delivered 2228), with it after the first (3114). */
    for (int q = 0; q < 2; q++) {
        n = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 0, 1e-3);
        if (n) {
            double got[2] = {NAN, NAN};
            HREL_CHECK_INT(hrel_pvmdnet_set_cpu(n, 0, q), 0, "queue on or off");
            hrel_pvmdnet_post(n, 1, 0, 0, 0, 0);
            hrel_pvmdnet_post(n, 2, 0, 0, 0, 1);
            run_got(n, got, 2);
            HREL_CHECK_ABS(got[0], 2114e-6, 1e-12, "the first message: 2114 us");
            HREL_CHECK_ABS(got[1], q ? 3114e-6 : 2228e-6, 1e-12,
                           q ? "queue: the second waits for the pvmd's first action"
                             : "no queue: the pvmd's actions overlap");
            hrel_pvmdnet_free(n);
        }
    }
    /* ... and a pool of 1 core shared by every pvmd (the emulated platforms'
     * hosts on one machine): host 2's pvmd reads its message only when host
     * 1's is done (ready 2000 us); host 0 takes packet 1 (port 1000..1114)
     * when the core is free, 2000..3000 (delivered 3000); its ack (port back
     * 3000..3084) is taken by host 1 at 3084..4084, booked as it is made;
     * packet 2 (port 2000..2114) is taken by host 0 after that: 4084..5084 */
    n = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 0, 1e-3);
    if (n) {
        double got[2] = {NAN, NAN};
        HREL_CHECK(hrel_pvmdnet_set_pool(n, -1) != 0, "a negative pool refused");
        HREL_CHECK_INT(hrel_pvmdnet_set_cpu(n, 0, 1), 0, "queue");
        HREL_CHECK_INT(hrel_pvmdnet_set_pool(n, 1), 0, "a pool of 1 core");
        hrel_pvmdnet_post(n, 1, 0, 0, 0, 0);
        hrel_pvmdnet_post(n, 2, 0, 0, 0, 1);
        run_got(n, got, 2);
        HREL_CHECK_ABS(got[0], 3000e-6, 1e-12, "pool: the first waits for the core");
        HREL_CHECK_ABS(got[1], 5084e-6, 1e-12, "pool: the second behind the first's ack");
        hrel_pvmdnet_free(n);
    }

    /* the pvmds' CPU outside (the replay's processor sharing): PROC 10 us;
     * every action is a request the caller runs, here each done 1 ms after it
     * is made. An empty message 0 -> 1 at 0: host 0 reads it (request at 0,
     * done 1 ms), the packet leaves at 1 ms (114 us on the wire), host 1 takes
     * it (request at 1.114 ms, done 2.114 ms: delivered), its ack (84 us)
     * is taken by host 0 (request at 2.198 ms). With AFTER 5 us, host 1's
     * answer (the ack it sends) costs 5 us more, a request nothing waits for;
     * host 0's taking the ack sends nothing after it: no more */
    for (int aft = 0; aft < 2; aft++) {
        n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 1e-5);
        if (n) {
            long id, tok, nreq = 0;
            double t, at, deliv = NAN, when[8] = {0}, cost[8] = {0};
            int rc, host[8] = {0};
            HREL_CHECK(hrel_pvmdnet_set_extcpu(n, 1, -1) != 0, "a negative AFTER refused");
            HREL_CHECK_INT(hrel_pvmdnet_set_extcpu(n, 1, aft ? 5e-6 : 0), 0, "CPU outside");
            hrel_pvmdnet_post(n, 0, 1, 0, 0, 5);
            while ((rc = hrel_pvmdnet_step(n, &id, &t)) >= 0) {
                if (rc != 2)
                    continue;
                tok = id;
                if (nreq < 8) {
                    hrel_pvmdnet_cpu_req(n, tok, &host[nreq], &cost[nreq]);
                    when[nreq] = t;
                }
                nreq++;
                if (hrel_pvmdnet_cpu_done(n, tok, t + 1e-3, &id, &at) == 1 && id == 5)
                    deliv = at;
            }
            HREL_CHECK_INT((int)nreq, aft ? 4 : 3, aft ? "four requests: read, take, after, ack"
                                                     : "three requests: read, take, ack");
            HREL_CHECK(host[0] == 0 && host[1] == 1, "the sender reads, the receiver takes");
            HREL_CHECK_ABS(when[1], 1114e-6, 1e-12, "the packet arrives 1.114 ms");
            HREL_CHECK_ABS(deliv, 2114e-6, 1e-12, "delivered when host 1's CPU is done");
            if (aft) {
                HREL_CHECK(host[2] == 1 && fabs(cost[2] - 5e-6) < 1e-15 &&
                           fabs(when[2] - 2114e-6) < 1e-12, "AFTER: host 1, 5 us, at 2.114 ms");
                HREL_CHECK(host[3] == 0 && fabs(when[3] - 2198e-6) < 1e-12,
                           "the ack taken by host 0 at 2.198 ms");
            } else
                HREL_CHECK(host[2] == 0 && fabs(cost[2] - 1e-5) < 1e-15 &&
                           fabs(when[2] - 2198e-6) < 1e-12, "the ack: host 0, 10 us, at 2.198 ms");
            HREL_CHECK(hrel_pvmdnet_cpu_done(n, 99, 0, &id, &at) < 0, "an unknown token refused");
            hrel_pvmdnet_free(n);
        }
    }

    /* the replay's daemon route on the ping-pong fixture (ranks 0, 1 on hosts
     * 1, 2; 1000 B each way; pvmd time 0; handing 1000 B to the pvmd 1 us):
     * rank 0 sends at 0.011, its pvmd at 0.011001, the packet (1048 B: 1114 us)
     * arrives 0.012115, delivered 0.012116; rank 1 waits for it, computes
     * 20 ms, sends at 0.032116 (pvmd 0.032117, arrives 0.033231, delivered
     * 0.033232); rank 0 receives then, computes 10 ms: ends 0.043232 */
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
            HREL_CHECK_ABS(total, 0.043232, 1e-9, "daemon-route ping-pong total");

            HREL_CHECK_ABS(end[1], 0.032117, 1e-9, "rank 1 busy only for the hand-over");
            HREL_CHECK_INT((int)par.packets, 2, "2 packets");
            HREL_CHECK_INT((int)par.copies, 0, "no copy");
            /* the pvmds' actions as CPU work on shared cores (pvmd 100 us per
             * action): on 8 cores nothing waits, the same answer as without;
             * on 1 core they share it with rank 1's computation: longer */
            {
                hrel_replay_param v = par;
                double t0 = 0, t8 = 0, t1 = 0;
                v.proc = 1e-4;
                HREL_CHECK_INT(hrel_replay_run(t, &v, end, &t0, err, sizeof err), 0, err);
                v.shared_cores = 8;
                v.deliver = 2;
                v.pvmd_share = 1;
                HREL_CHECK_INT(hrel_replay_run(t, &v, end, &t8, err, sizeof err), 0, err);
                HREL_CHECK_ABS(t8, t0, 1e-12, "pvmd share, 8 cores: as without");
                v.shared_cores = 1;
                HREL_CHECK_INT(hrel_replay_run(t, &v, end, &t1, err, sizeof err), 0, err);
                HREL_CHECK(t1 > t0 + 1e-5, "pvmd share, 1 core: the actions wait for the core");
            }
            /* the interval: refused without jitter; with it every run is at
             * least the jitter-free total, LO <= median <= HI, and the seed
             * fixes the answer */
            {
                double med, lo, hi, med2, lo2, hi2;
                HREL_CHECK(hrel_replay_interval(t, &par, 31, 1, &med, &lo, &hi, err, sizeof err) != 0,
                           "an interval without jitter refused");
                HREL_CHECK_HAS(err, "jitter", "the refusal names the jitter");
                par.jitter = 1e-4;
                HREL_CHECK_INT(hrel_replay_interval(t, &par, 31, 1, &med, &lo, &hi, err, sizeof err),
                               0, err);
                HREL_CHECK(lo >= 0.043232 - 1e-12 && lo <= med && med <= hi, "0.043232 <= LO <= M <= HI");
                /* 2 packets and 4 pvmd actions with a wait of mean 100 us each
                 * (and 2 hand-overs): the median lies within 2 ms of 0.043232 */
                HREL_CHECK(med < 0.043232 + 2e-3 && hi > lo, "a median near, an interval with width");
                HREL_CHECK_INT(hrel_replay_interval(t, &par, 31, 1, &med2, &lo2, &hi2, err,
                                                    sizeof err), 0, err);
                HREL_CHECK(med2 == med && lo2 == lo && hi2 == hi, "the same seed, the same interval");
                HREL_CHECK(hrel_replay_interval(t, &par, 0, 1, &med, &lo, &hi, err, sizeof err) != 0,
                           "0 runs refused");
                HREL_CHECK_INT((int)par.seed, 0, "the caller's parameters unchanged");
                par.jitter = -1;
                HREL_CHECK(hrel_replay_run(t, &par, end, &total, err, sizeof err) != 0,
                           "a negative jitter refused by the replay");
                par.jitter = 0;
            }
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
