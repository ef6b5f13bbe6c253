/* Unit tests of lib/model/wakeup (a receiver woken behind its computing
 * sender: wakeup.csv of hrel_wakeup) and of the replay's use of it, on
 * hand-worked files and traces, and the bad inputs; and the replay's poll
 * that slept between polls, which must still wait for a message not yet sent. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hrel_test.h"
#include "msgtrace.h"
#include "replay.h"
#include "wakeup.h"

#define WH "# hand-made\nroute,bytes,after,rep,delivery_s\n"

/* One size: sleep 100, 200, 300 us (median 200); spin 400, 150, 1000 us. The
 * excesses: spin 200, -50, 800; sleep -100, 0, 100 (us). */
#define ONE                                                                    \
    WH "direct,8,sleep,0,0.0001\ndirect,8,spin,0,0.0004\n"                     \
    "direct,8,sleep,1,0.0002\ndirect,8,spin,1,0.00015\n"                        \
    "direct,8,sleep,2,0.0003\ndirect,8,spin,2,0.001\n"

/* ... and 16 KB, whose sleep and spin messages both take 1 ms (excess 0). */
#define TWO ONE "direct,16384,sleep,0,0.001\ndirect,16384,spin,0,0.001\n"

/* Rank 0 spawns rank 1, computes 10 ms, sends it 8 B and computes 10 ms more
 * before its exit (CAP 10 ms); rank 1 waits in its receive from 1 ms on. */
#define TR_H "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,gap_cpu_s,gap_blocked\n"
#define ON                                                                     \
    TR_H "0,0,start,,0,-1,0,0,,,\n0,0,spawn,1,0,-1,0,0,,0,0\n"                   \
    "0,0,send,1,8,1,0.010,0.010,,0.010,0\n0,0,exit,,0,-1,0.020,0.020,,0.010,0\n"  \
    "1,0,start,,0,-1,0,0,,,\n1,0,recv,0,8,1,0.001,0.010,,0,%d\n"                 \
    "1,0,exit,,0,-1,0.010,0.010,,0,0\n"

/* Rank 0 computes 10 ms, sends to rank 1, computes 50 us and waits for the
 * answer (CAP 50 us); rank 1 answers at once and exits (its CAP 0). */
#define SOON                                                                   \
    TR_H "0,0,start,,0,-1,0,0,,,\n0,0,spawn,1,0,-1,0,0,,0,0\n"                   \
    "0,0,send,1,8,1,0.010,0.010,,0.010,0\n0,0,recv,1,8,2,0.01005,0.015,,0.00005,0\n" \
    "0,0,exit,,0,-1,0.015,0.015,,0,0\n"                                         \
    "1,0,start,,0,-1,0,0,,,\n1,0,recv,0,8,1,0.001,0.010,,0,0\n"                  \
    "1,0,send,0,8,2,0.010,0.010,,0,0\n1,0,exit,,0,-1,0.010,0.010,,0,0\n"

static double run(const char *p, const hrel_wakeup *w, double *end)
{
    hrel_replay_param par = {.g_send = 0, .L_send = 0.001, .g_mcast = 0, .L_mcast = 0.001,
                             .medium = HREL_MEDIUM_NONE, .cpu_ratio = 1.0};
    hrel_msgtrace *t = NULL;
    double total = NAN;
    char err[512] = "";
    par.wakeup = w;
    if (hrel_msgtrace_load(p, &t, err, sizeof err) != 0 ||
        hrel_replay_run(t, &par, end, &total, err, sizeof err) != 0) {
        fprintf(stderr, "replay: %s\n", err);
        total = NAN;
    }
    hrel_msgtrace_free(t);
    return total;
}

int main(void)
{
    hrel_wakeup w;
    char err[512] = "", buf[1024];
    double end[2], bytes[2] = {8, 8}, d[2] = {1e-4, 2e-4};
    int spin[2] = {1, 1};
    const char *p;

    hrel_test_init();
    /* the model, hand-worked */
    p = hrel_test_write_tmp("one.csv", ONE);
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) == 0, "one size read");
    HREL_CHECK_STR(w.route, "direct", "its route");
    HREL_CHECK_INT((long)w.n, 3, "3 spin messages");
    HREL_CHECK_INT((long)w.nsleep, 3, "3 sleep messages");
    HREL_CHECK_ABS(w.sleep_median_s, 200e-6, 1e-12, "the sleep messages' median: 200 us");
    /* no cap: (200 + 0 + 800) / 3 - (0 + 0 + 100) / 3 */
    HREL_CHECK_ABS(hrel_wakeup_mean(&w), 300e-6, 1e-12, "mean excess 300 us (spin less sleep)");
    /* 100 us: (100 + 0 + 100) / 3 - (0 + 0 + 100) / 3 */
    HREL_CHECK_ABS(hrel_wakeup_expect(&w, 100e-6), 100e-6 / 3, 1e-12, "capped at 100 us: 33.3 us");
    HREL_CHECK_ABS(hrel_wakeup_expect(&w, 50e-6), 50e-6 / 3, 1e-12, "capped at 50 us: 16.7 us");
    HREL_CHECK(hrel_wakeup_expect(&w, 0) == 0 && hrel_wakeup_expect(&w, -1) == 0,
               "no CPU after the send: nothing");
    HREL_CHECK(hrel_wakeup_expect(NULL, 1) == 0, "no model: nothing");

    /* the replay: rank 1 waits, its sender computes 10 ms on: 11 ms + 300 us */
    p = hrel_test_write_tmp("on.csv", (snprintf(buf, sizeof buf, ON, 0), buf));
    HREL_CHECK_ABS(run(p, NULL, end), 0.020, 1e-12, "replay without: 20 ms");
    HREL_CHECK_ABS(end[1], 0.011, 1e-12, "... the receive ends at the arrival, 11 ms");
    HREL_CHECK_ABS(run(p, &w, end), 0.020, 1e-12, "replay with the model: 20 ms");
    HREL_CHECK_ABS(end[1], 0.0113, 1e-12, "... the receive ends 300 us later, 11.3 ms");
    /* the same receive as a poll that slept between polls: its timer wakes it */
    p = hrel_test_write_tmp("poll.csv", (snprintf(buf, sizeof buf, ON, 2), buf));
    run(p, NULL, end);
    HREL_CHECK_ABS(end[1], 0.011, 1e-12, "a poll that slept waits for its message not yet "
                   "sent: 11 ms (it ended at 0 before)");
    run(p, &w, end);
    HREL_CHECK_ABS(end[1], 0.011, 1e-12, "a poll that slept: not delayed, 11 ms");
    /* the sender computes 50 us and waits: 16.7 us more; the answer's sender
       exits at once (CAP 0): rank 0's receive ends at its arrival */
    p = hrel_test_write_tmp("soon.csv", SOON);
    HREL_CHECK_ABS(run(p, NULL, end), 0.012, 1e-12, "replay without: 12 ms");
    HREL_CHECK_ABS(run(p, &w, end), 0.012 + 50e-6 / 3, 1e-12,
                   "with: rank 1 woken 16.7 us late, so all 16.7 us later");
    HREL_CHECK_ABS(end[1], 0.011 + 50e-6 / 3, 1e-12, "... rank 1 at 11.0167 ms");
    hrel_wakeup_free(&w);

    /* the medians are per size */
    p = hrel_test_write_tmp("two.csv", TWO);
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) == 0, "two sizes read");
    HREL_CHECK_ABS(hrel_wakeup_mean(&w), 225e-6, 1e-12,
                   "two sizes: (1000 / 4) - (100 / 4) = 225 us");
    hrel_wakeup_free(&w);

    /* bad input: one line naming the file and row */
    HREL_CHECK(hrel_wakeup_from(bytes, spin, d, 2, &w, err, sizeof err) != 0 && w.n == 0,
               "spin rows and no sleep row: refused");
    HREL_CHECK_ERR(err, "no sleep row", "... said");
    spin[0] = spin[1] = 0;
    HREL_CHECK(hrel_wakeup_from(bytes, spin, d, 2, &w, err, sizeof err) != 0, "no spin row: refused");
    HREL_CHECK_ERR(err, "no spin row", "... said");
    p = hrel_test_write_tmp("routes.csv", ONE "daemon,8,spin,3,0.001\n");
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) != 0, "two routes: refused");
    HREL_CHECK_ERR(err, "routes.csv:9: route 'daemon' after 'direct'", "... naming the line");
    p = hrel_test_write_tmp("after.csv", WH "direct,8,busy,0,0.001\n");
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) != 0, "after 'busy': refused");
    HREL_CHECK_ERR(err, "after.csv:3: after 'busy' is neither spin nor sleep", "... naming the line");
    p = hrel_test_write_tmp("neg.csv", WH "direct,8,sleep,0,-0.001\n");
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) != 0, "a negative delivery: refused");
    HREL_CHECK_ERR(err, "neg.csv:3:", "... naming the line");
    p = hrel_test_write_tmp("cols.csv", "route,bytes,after,delivery_s\ndirect,8,spin,0.001\n");
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) != 0, "no rep column: refused");
    HREL_CHECK_ERR(err, "rep", "... naming the column");
    p = hrel_test_write_tmp("empty.csv", WH);
    HREL_CHECK(hrel_wakeup_read(p, &w, err, sizeof err) != 0, "no rows: refused");
    HREL_CHECK_ERR(err, "no rows", "... said");
    return hrel_test_summary("test_wakeup");
}
