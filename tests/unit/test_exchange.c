/* Unit tests of lib/model/exchange (the sends that cross their receiver's) and of
 * the replay's price for them (replay.h sizecost_x), hand-worked.
 *
 * Marking, on a trace of three ranks:
 *   rank 0 sends to 1 (row 2), then receives from 1 (row 3); rank 1 sends to 0
 *   (row 7) before it receives rank 0's message (row 8): both sent before either
 *   received, rows 2 and 7 cross;
 *   rank 0 then sends to 2 (row 4) and receives its answer (row 5); rank 2 receives
 *   first (row 11) and answers (row 12): a ping-pong, no crossing;
 *   rank 1 answers rank 0's second message (rows 6/9/10): rank 1 receives (row 9)
 *   before it sends (row 10), and its earlier send to 0 (row 7) was received by 0
 *   (row 3) before 0 sent row 6: no crossing.
 * And on a second trace, one rank's sends do not count for another's receives
 * (the marking forgets each rank's sends before the next rank).
 * Pricing: two ranks on one host each send 200 bytes to the other, then receive.
 * PP at 2 took 2 ms at 100 bytes and 4 ms at 300 (medians), E at 2 took 3 ms
 * and 7 ms; L = 1 ms. As any send: 200 bytes transfer in 3 - 1 = 2 ms and arrive
 * at 3 ms. As an exchange: 5 - 1 = 4 ms, arriving at 5 ms. On two hosts the
 * same trace is not repriced (the daemon route's pvmds are two). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exchange.h"
#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "replay.h"
#include "replay_fixture.h"
#include "sizecost.h"

/* the row of RANK's K-th call (0-based) in T */
static size_t row_of(const hrel_msgtrace *t, int rank, size_t k)
{
    return t->first[rank] + k;
}

int main(void)
{
    char err[512] = "";
    hrel_msgtrace *t = NULL;
    unsigned char *x = NULL;
    size_t n = 0, i, marked = 0;
    const char *p;

    hrel_test_init();
    p = hrel_test_write_tmp("xch_mark.csv", HREL_MSGS_HEADER
                            "0,1,start,,0,-1,0,0\n"
                            "0,1,spawn,1;2,0,-1,0,0.001\n"
                            "0,1,send,1,100,1,0.002,0.002\n"
                            "0,1,recv,1,100,2,0.002,0.004\n"
                            "0,1,send,2,100,3,0.005,0.005\n"
                            "0,1,recv,2,100,4,0.005,0.008\n"
                            "0,1,send,1,100,5,0.009,0.009\n"
                            "1,1,start,,0,-1,0.001,0.001\n"
                            "1,1,send,0,100,2,0.002,0.002\n"
                            "1,1,recv,0,100,1,0.002,0.003\n"
                            "1,1,recv,0,100,5,0.003,0.010\n"
                            "1,1,send,0,100,6,0.010,0.010\n"
                            "2,1,start,,0,-1,0.001,0.001\n"
                            "2,1,recv,0,100,3,0.001,0.006\n"
                            "2,1,send,0,100,4,0.006,0.006\n");
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    if (t) {
        HREL_CHECK_INT(hrel_exchange_mark(t, &x, &n, err, sizeof err), 0, err);
        HREL_CHECK(n == 2, "two sends cross");
        if (x) {
            HREL_CHECK(x[row_of(t, 0, 2)] == 1, "rank 0's first send to 1 crosses");
            HREL_CHECK(x[row_of(t, 1, 1)] == 1, "rank 1's send to 0 before its receive crosses");
            HREL_CHECK(x[row_of(t, 0, 4)] == 0, "the ping-pong's request does not cross");
            HREL_CHECK(x[row_of(t, 2, 2)] == 0, "the ping-pong's answer does not cross");
            HREL_CHECK(x[row_of(t, 0, 6)] == 0, "a send answered after it was received does not");
            for (i = 0; i < t->n; i++)
                marked += x[i];
            HREL_CHECK(marked == n, "the count is the marks'");
        }
        free(x);
        hrel_msgtrace_free(t);
    }
    /* one rank's sends do not count for the next: rank 0 sends to 2, rank 2 sends to
       1 and then receives rank 0's message; rank 1 never sends to 2, so nothing
       crosses (rank 0's send to 2 is not rank 1's) */
    p = hrel_test_write_tmp("xch_ranks.csv", HREL_MSGS_HEADER
                            "0,1,start,,0,-1,0,0\n"
                            "0,1,spawn,1;2,0,-1,0,0\n"
                            "0,1,send,2,100,1,0.001,0.001\n"
                            "1,1,start,,0,-1,0,0\n"
                            "1,1,recv,2,100,2,0.001,0.003\n"
                            "2,1,start,,0,-1,0,0\n"
                            "2,1,send,1,100,2,0.002,0.002\n"
                            "2,1,recv,0,100,1,0.002,0.003\n");
    t = NULL;
    x = NULL;
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    if (t) {
        HREL_CHECK_INT(hrel_exchange_mark(t, &x, &n, err, sizeof err), 0, err);
        HREL_CHECK(n == 0, "another rank's send to the same peer does not cross");
        free(x);
        hrel_msgtrace_free(t);
    }

    {
        hrel_sizecost pp, e;
        hrel_replay_param par;
        double b[2] = {100, 300}, spp[2] = {2e-3, 4e-3}, se[2] = {3e-3, 7e-3};
        const char *one = hrel_test_write_tmp("xch_one.csv", HREL_MSGS_HEADER
                                              "0,1,start,,0,-1,0,0\n"
                                              "0,1,spawn,1,0,-1,0,0\n"
                                              "0,1,send,1,200,1,0,0\n"
                                              "0,1,recv,1,200,2,0,0.003\n"
                                              "1,1,start,,0,-1,0,0\n"
                                              "1,1,send,0,200,2,0,0\n"
                                              "1,1,recv,0,200,1,0,0.003\n");
        const char *two = hrel_test_write_tmp("xch_two.csv", HREL_MSGS_HEADER
                                              "0,1,start,,0,-1,0,0\n"
                                              "0,1,spawn,1,0,-1,0,0\n"
                                              "0,1,send,1,200,1,0,0\n"
                                              "0,1,recv,1,200,2,0,0.003\n"
                                              "1,2,start,,0,-1,0,0\n"
                                              "1,2,send,0,200,2,0,0\n"
                                              "1,2,recv,0,200,1,0,0.003\n");
        HREL_CHECK_INT(hrel_sizecost_set(&pp, b, spp, 2, err, sizeof err), 0, err);
        HREL_CHECK_INT(hrel_sizecost_set(&e, b, se, 2, err, sizeof err), 0, err);
        memset(&par, 0, sizeof par);
        par.g_send = par.g_mcast = 5e-6;
        par.L_send = par.L_mcast = 1e-3;
        par.cpu_ratio = 1;
        par.sizecost = &pp;
        HREL_CHECK_ABS(hrel_test_replay_total(one, &par, NULL, err, sizeof err), 3e-3, 1e-12,
                       "as any send: PP's 3 ms at 200 bytes");
        par.sizecost_x = &e;
        HREL_CHECK_ABS(hrel_test_replay_total(one, &par, NULL, err, sizeof err), 5e-3, 1e-12,
                       "as an exchange within a host: E's 5 ms at 200 bytes");
        HREL_CHECK(par.exchanged == 2, "both sends priced as an exchange's");
        HREL_CHECK_ABS(hrel_test_replay_total(two, &par, NULL, err, sizeof err), 3e-3, 1e-12,
                       "on two hosts: not repriced");
        HREL_CHECK(par.exchanged == 0, "none priced as an exchange's on two hosts");
        par.sizecost = NULL;
        HREL_CHECK_ABS(hrel_test_replay_total(one, &par, NULL, err, sizeof err), 2e-3, 1e-12,
                       "no cost by size: the line (5 us x 200 + 1 ms), the exchange's too");
        hrel_sizecost_free(&pp);
        hrel_sizecost_free(&e);
    }
    return hrel_test_summary("test_exchange");
}
