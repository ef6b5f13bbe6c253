/* Unit tests of lib/model/crossing (first messages whose direct routes were
 * asked for at once), of pvmdnet's wait behind a direct-route stream
 * (hrel_pvmdnet_stream) and of the replay's price for a crossed first
 * message, hand-worked.
 *
 * Marking: rank 0 (host 1) starts ranks 1 (host 1) and 2 (host 2) and tells
 * both to go (a multicast); both receive it by 0.010 s, then rank 1 sends rank
 * 2 its first message at 0.011 (until 0.500: it waited for the route) and rank
 * 2 sends rank 1 its first at 0.010 (returning at 0.012: through its pvmd).
 * Neither was in a call after the other's request could reach it: they cross,
 * and rank 2's row is marked (host 2's tids are above host 1's). Variants:
 * rank 2's previous call (a receive) ends at 0.020, after rank 1's send began
 * (it took the request there): no crossing; rank 1's send ended (0.012) before
 * rank 2's began (0.013): none; both on one host: the higher rank; a placement
 * that puts rank 1 on a higher host: rank 1's; a previous call ending 0.2 ms
 * after the other's send began crosses only within the tolerance.
 * The stream: g_wire 1 us/byte, an empty message's packet 114 us on the wire
 * (test_pvmdnet.c); behind a stream of 500 bytes leaving its host it leaves
 * 500 us later; a stream on the receiver's host, or one over before the
 * packet, changes nothing.
 * The replay: the crossed message is priced by the packet model as a lone
 * post from its host at its send's start (hrel_pvmdnet run alone gives the
 * same arrival); without crossing it takes the direct route. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "crossing.h"
#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "pvmdnet.h"
#include "replay.h"
#include "replay_fixture.h"

/* the fftccm-like trace: rank 2's previous call ends at PREV2, its send
   begins at B2; rank 1's send spans A0..A1; ranks 1 and 2 on hosts H1, H2 */
static const char *trace(const char *name, double prev2, double b2, double a0, double a1, int h1,
                         int h2, int bytes)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, HREL_MSGS_HEADER
             "0,1,start,,0,-1,0,0\n"
             "0,1,spawn,1;2,0,-1,0,0.001\n"
             "0,1,mcast,1;2,8,1,0.002,0.002\n"
             "0,1,recv,1,8,3,0.002,0.9\n"
             "0,1,recv,2,8,3,0.9,0.9\n"
             "1,%d,start,,0,-1,0.001,0.001\n"
             "1,%d,recv,0,8,1,0.001,0.010\n"
             "1,%d,send,2,%d,2,%.6f,%.6f\n"
             "1,%d,recv,2,%d,2,%.6f,0.8\n"
             "1,%d,send,0,8,3,0.8,0.8\n"
             "2,%d,start,,0,-1,0.001,0.001\n"
             "2,%d,recv,0,8,1,0.001,%.6f\n"
             "2,%d,send,1,%d,2,%.6f,%.6f\n"
             "2,%d,recv,1,%d,2,%.6f,0.8\n"
             "2,%d,send,0,8,3,0.8,0.8\n",
             h1, h1, h1, bytes, a0, a1, h1, bytes, a1, h1,
             h2, h2, prev2, h2, bytes, b2, b2 + 0.002, h2, bytes, b2 + 0.002, h2);
    return hrel_test_write_tmp(name, buf);
}

/* the marks of the trace at P (HOST: a placement, or NULL; TOL): *N marked,
   *M1 and *M2 the marks of rank 1's and rank 2's first sends; -1 on error */
static int marks(const char *p, const int *host, double tol, size_t *n, int *m1, int *m2)
{
    char err[512] = "";
    hrel_msgtrace *t = NULL;
    unsigned char *x = NULL;
    int rc = -1;
    if (hrel_msgtrace_load(p, &t, err, sizeof err) == 0 &&
        hrel_crossing_mark(t, host, tol, &x, n, err, sizeof err) == 0) {
        *m1 = x[t->first[1] + 2];
        *m2 = x[t->first[2] + 2];
        rc = 0;
    }
    HREL_CHECK(rc == 0, err);
    free(x);
    hrel_msgtrace_free(t);
    return rc;
}

/* the arrival of an empty message from host 0 to 1 posted at 0 (g 1 us/byte),
   with a stream of 500 bytes leaving host SH from S0 to S1 (SH < 0: none); TBF:
   on tc's buckets */
static double stream_arrival(int sh, double s0, double s1, int tbf)
{
    hrel_pvmdnet *n = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
    long id;
    double t, got = NAN;
    int rc;
    if (!n)
        return NAN;
    if (tbf && (hrel_pvmdnet_set_frames(n, 34, 0, 1600) != 0 ||
                hrel_pvmdnet_set_tbf(n, 65536) != 0)) {
        hrel_pvmdnet_free(n);
        return NAN;
    }
    if (sh >= 0 && hrel_pvmdnet_stream(n, sh, s0, s1, 500) != 0) {
        hrel_pvmdnet_free(n);
        return NAN;
    }
    hrel_pvmdnet_post(n, 0, 1, 0, 0, 7);
    while ((rc = hrel_pvmdnet_step(n, &id, &t)) >= 0)
        if (rc == 1 && id == 7)
            got = t;
    hrel_pvmdnet_free(n);
    return got;
}

int main(void)
{
    char err[512] = "";
    size_t n = 9;
    int m1 = -1, m2 = -1, k;
    const char *p;

    hrel_test_init();
    /* --- marking --- */
    p = trace("x_cross.csv", 0.010, 0.010, 0.011, 0.500, 1, 2, 100000);
    if (marks(p, NULL, 0, &n, &m1, &m2) == 0) {
        HREL_CHECK(n == 1, "one pair crosses");
        HREL_CHECK(m2 == 1 && m1 == 0, "the higher host's send (rank 2) goes through the pvmds");
    }
    p = trace("x_took.csv", 0.020, 0.021, 0.011, 0.500, 1, 2, 100000);
    if (marks(p, NULL, 0, &n, &m1, &m2) == 0)
        HREL_CHECK(n == 0 && !m1 && !m2, "a call after the other's request took it: no crossing");
    p = trace("x_over.csv", 0.010, 0.013, 0.011, 0.012, 1, 2, 100000);
    if (marks(p, NULL, 0, &n, &m1, &m2) == 0)
        HREL_CHECK(n == 0, "the first send over before the other began: no crossing");
    p = trace("x_host.csv", 0.010, 0.010, 0.011, 0.500, 1, 1, 100000);
    if (marks(p, NULL, 0, &n, &m1, &m2) == 0)
        HREL_CHECK(n == 1 && m2 == 1 && m1 == 0, "one host: the higher rank's (spawned later)");
    if (marks(p, (const int[]){0, 5, 1}, 0, &n, &m1, &m2) == 0)
        HREL_CHECK(n == 1 && m1 == 1 && m2 == 0, "placed on host 5, rank 1's tid is the higher");
    p = trace("x_tol.csv", 0.0112, 0.0113, 0.011, 0.500, 1, 2, 100000);
    if (marks(p, NULL, 0, &n, &m1, &m2) == 0)
        HREL_CHECK(n == 0, "a call 0.2 ms into the other's send: not crossed without tolerance");
    if (marks(p, NULL, 0.001, &n, &m1, &m2) == 0)
        HREL_CHECK(n == 1 && m2 == 1, "... crossed within 1 ms (the request's way)");

    /* --- the wait behind a stream --- */
    HREL_CHECK_ABS(stream_arrival(-1, 0, 0, 0), 114e-6, 1e-12, "alone: 114 us");
    HREL_CHECK_ABS(stream_arrival(0, 0, 1, 0), 614e-6, 1e-12,
                   "behind 500 bytes of a stream leaving its host: 500 us later");
    HREL_CHECK_ABS(stream_arrival(1, 0, 1, 0), 114e-6, 1e-12,
                   "a stream leaving the receiver's host: as alone");
    HREL_CHECK_ABS(stream_arrival(0, -1, 0, 0), 114e-6, 1e-12, "a stream over before: as alone");
    HREL_CHECK_ABS(stream_arrival(0, 0, 1, 1) - stream_arrival(-1, 0, 0, 1), 500e-6, 1e-12,
                   "on tc's buckets: 500 us later too");
    {
        hrel_pvmdnet *net = hrel_pvmdnet_new(2, 0, 1e-6, 1.0, 0, 0);
        HREL_CHECK(net != NULL, "a network");
        if (net) {
            HREL_CHECK_INT(hrel_pvmdnet_stream(net, 2, 0, 1, 500), -1, "host out of range refused");
            HREL_CHECK_INT(hrel_pvmdnet_stream(net, 0, 1, 0, 500), -1, "an end before the start refused");
            HREL_CHECK_INT(hrel_pvmdnet_stream(net, 0, 0, 1, -1), -1, "a negative queue refused");
            HREL_CHECK_INT(hrel_pvmdnet_stream(net, 0, 0, NAN, 500), -1, "a time not a number refused");
            hrel_pvmdnet_free(net);
        }
    }

    /* --- the replay --- */
    {
        hrel_replay_param par;
        double end[3], alone = NAN, direct, t0[32], t1[32], s2;
        const int bytes = 40000;
        size_t r1 = 0, r2 = 0;
        hrel_msgtrace *t = NULL;
        hrel_pvmdnet *net;
        p = trace("x_replay.csv", 0.010, 0.010, 0.011, 0.500, 1, 2, bytes);
        if (hrel_msgtrace_load(p, &t, err, sizeof err) == 0 && t->n <= 32)
            r1 = t->first[1] + 2, r2 = t->first[2] + 2;   /* their first sends */
        hrel_msgtrace_free(t);
        HREL_CHECK(r2 > 0, "the trace loads");
        memset(&par, 0, sizeof par);
        par.g_send = par.g_mcast = 1e-6;
        par.cpu_ratio = 1;
        par.medium = HREL_MEDIUM_PORT;
        par.g_wire = 1e-6;
        par.rtt0 = 1.0;
        par.crossing = 1;
        par.row_t0 = t0;
        par.row_t1 = t1;
        HREL_CHECK(!isnan(hrel_test_replay_total(p, &par, end, err, sizeof err)), err);
        HREL_CHECK(par.crossed == 1, "the replay priced one first message through the pvmds");
        s2 = t0[r2];
        /* the packet model alone: rank 2 hands it over at its send's start plus
           the pvmd's 0 s and 1 ns a byte */
        if ((net = hrel_pvmdnet_new(3, 0, 1e-6, 1.0, 1, 0)) != NULL) {
            long id;
            double t;
            hrel_pvmdnet_post(net, 2, 1, bytes, s2 + 1e-9 * bytes, 1);
            while ((k = hrel_pvmdnet_step(net, &id, &t)) >= 0)
                if (k == 1 && id == 1)
                    alone = t;
            hrel_pvmdnet_free(net);
        }
        HREL_CHECK_ABS(t1[r2] - s2, 1e-9 * bytes, 1e-12,
                       "rank 2's send returns once its pvmd has the message (1 ns a byte)");
        /* rank 1's receive ends when the message is in (+1 ns a byte from its
           pvmd) and its own send (1 ms later, 40 ms) is done; then it sends 8
           bytes to rank 0 (1 us a byte): its end */
        HREL_CHECK_ABS(end[1], fmax(t1[r1], alone + 1e-9 * bytes) + 8e-6, 1e-9,
                       "rank 1's end: the packet model's arrival, then its 8 bytes to rank 0");
        HREL_CHECK(alone + 1e-9 * bytes > t1[r1], "... which comes after rank 1's own send");
        HREL_CHECK(alone - s2 > 0.040, "through the pvmds slower than 40 ms on the direct route");
        {
            /* behind rank 1's direct send leaving host 1, every ack of the
               crossed message's 10 packets (40000 bytes: 4032 a packet) that
               host 1's pvmd sends meanwhile waits 500 us */
            double e0 = end[1], d;
            par.stream_queue = 500;
            HREL_CHECK(!isnan(hrel_test_replay_total(p, &par, end, err, sizeof err)), err);
            d = end[1] - e0;
            HREL_CHECK(d > 0.0025 && d <= 10 * 500e-6 + 1e-9,
                       "a stream of 500 bytes ahead: later by at most 10 x 500 us");
            par.stream_queue = 0;
        }
        par.crossing = 0;
        direct = hrel_test_replay_total(p, &par, end, err, sizeof err);
        HREL_CHECK(!isnan(direct) && par.crossed == 0, "without crossing: none so priced");
        /* direct: 40000 bytes at 1 us each way, rank 1's 1 ms after rank 2's (its
           gap): rank 1's receive ends with its own send, then it sends 8 bytes */
        HREL_CHECK_ABS(t0[r1] - t0[r2], 0.001, 1e-12, "rank 1 sends 1 ms after rank 2 (its gap)");
        HREL_CHECK_ABS(end[1], t0[r1] + 0.040 + 8e-6, 1e-9,
                       "without crossing: the direct route's 40 ms");
    }
    return hrel_test_summary("test_crossing");
}
