/* Unit tests of lib/model/incast (a switch port's queue overflowed by several
 * senders at once: TCP incast) and of the replay's count of it, hand-worked. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "incast.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "replay.h"

/* Two senders on hosts 1 and 2 send 60000 B each to rank 0 (host 0) at time 0. */
#define TWO_INTO_ONE                                                           \
    HREL_MSGS_HEADER                                                           \
    "0,0,start,,0,-1,0,0\n"                                                    \
    "0,0,spawn,1;2,0,-1,0,0\n"                                                 \
    "0,0,recv,1,60000,1,0,0.06\n"                                              \
    "0,0,recv,2,60000,1,0.06,0.12\n"                                           \
    "0,0,exit,,0,-1,0.12,0.12\n"                                               \
    "1,1,start,,0,-1,0,0\n"                                                    \
    "1,1,send,0,60000,1,0,0.06\n"                                              \
    "1,1,exit,,0,-1,0.06,0.06\n"                                               \
    "2,2,start,,0,-1,0,0\n"                                                    \
    "2,2,send,0,60000,1,0,0.06\n"                                              \
    "2,2,exit,,0,-1,0.06,0.06\n"

int main(void)
{
    hrel_incast *c;
    hrel_msgtrace *t = NULL;
    hrel_replay_param par = {.g_send = 1e-6, .L_send = 0, .g_mcast = 1e-6, .L_mcast = 0,
                             .medium = HREL_MEDIUM_PORT, .cpu_ratio = 1.0};
    double end[3], total = 0, total0 = 0;
    char err[512] = "";
    const char *p;

    hrel_test_init();
    /* Hand-worked, a 65536-byte queue, no window:
     * host 1 -> host 0, 60000 B over [0, 0.06]: nothing else there: no incast.
     * host 2 -> host 0, 30000 B, free at 0.01 (served [0.06, 0.09]): host 1's
     *   has 60000 (0.06 - 0.01) / 0.06 = 50000 B left; 50000 + 30000 = 80000
     *   > 65536 from two senders: an incast, peak 80000.
     * host 1 -> host 0, 10000 B, free at 0.02: host 1's first 40000 left, host
     *   2's all 30000 (not begun), this 10000: 80000 > 65536 and another sender
     *   (host 2) there: an incast. Two in all. */
    c = hrel_incast_new(3, 65536, 0);
    HREL_CHECK(c != NULL, "a tracker for 3 hosts");
    if (c) {
        HREL_CHECK_INT(hrel_incast_add(c, 1, 0, 60000, 0, 0, 0.06), 0, "one sender: no incast");
        HREL_CHECK_INT(hrel_incast_add(c, 2, 0, 30000, 0.01, 0.06, 0.09), 1,
                       "50000 left + 30000 > 65536 from two senders: an incast");
        HREL_CHECK_ABS(hrel_incast_peak(c), 80000, 1e-6, "its bytes in flight: 80000");
        HREL_CHECK_INT(hrel_incast_add(c, 1, 0, 10000, 0.02, 0.09, 0.1), 1,
                       "40000 + 30000 + 10000 with host 2's there: an incast");
        HREL_CHECK_INT((int)hrel_incast_count(c), 2, "two transfers met an incast");
        HREL_CHECK_INT(hrel_incast_add(c, 2, 0, 60000, 0.2, 0.2, 0.26), 0,
                       "after the others are done: none");
        HREL_CHECK_INT(hrel_incast_add(c, 1, 2, 60000, 0.2, 0.2, 0.26), 0,
                       "another port: its own queue");
        HREL_CHECK_INT(hrel_incast_add(c, 0, 3, 1, 0, 0, 1), -1, "a host out of range: -1");
        hrel_incast_free(c);
    }
    /* A window of 20000 B per flow: 20000 + 20000 = 40000 <= 65536: no incast. */
    c = hrel_incast_new(3, 65536, 20000);
    if (c) {
        hrel_incast_add(c, 1, 0, 60000, 0, 0, 0.06);
        HREL_CHECK_INT(hrel_incast_add(c, 2, 0, 30000, 0.01, 0.06, 0.09), 0,
                       "window 20000: 40000 in flight, under the queue");
        HREL_CHECK_INT((int)hrel_incast_count(c), 0, "window 20000: none counted");
        hrel_incast_free(c);
    }
    /* One sender host's own flows overflow nothing by themselves (its port
       serialises them): 120000 B from host 1 alone is no incast. */
    c = hrel_incast_new(2, 65536, 0);
    if (c) {
        hrel_incast_add(c, 1, 0, 60000, 0, 0, 0.06);
        HREL_CHECK_INT(hrel_incast_add(c, 1, 0, 60000, 0, 0.06, 0.12), 0,
                       "one sender host alone: no incast");
        hrel_incast_free(c);
    }
    HREL_CHECK(hrel_incast_new(0, 65536, 0) == NULL, "no hosts: refused");
    HREL_CHECK(hrel_incast_new(2, 0, 0) == NULL, "no queue: refused");
    HREL_CHECK(hrel_incast_new(2, 65536, -1) == NULL, "a negative window: refused");
    HREL_CHECK(hrel_incast_count(NULL) == 0 && hrel_incast_peak(NULL) == 0, "NULL: nothing");
    hrel_incast_free(NULL);

    /* The replay (g = 1e-6 s/B, L = 0, medium port): rank 1's 60000 B take the
     * port over [0, 0.06]; rank 2's, free at 0, wait for it: [0.06, 0.12].
     * At rank 2's send rank 1's is all in flight: 60000 + 60000 = 120000 >
     * 65536: one incast, peak 120000; with a window of 30000 B: 60000, none.
     * The times are the same with or without the queue. */
    p = hrel_test_write_tmp("incast.csv", TWO_INTO_ONE);
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    if (t) {
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total0, err, sizeof err), 0, err);
        HREL_CHECK_INT((int)par.incasts, 0, "no queue given: nothing counted");
        par.port_queue = 65536;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_INT((int)par.incasts, 1, "two senders into one port: one incast");
        HREL_CHECK_ABS(par.incast_peak, 120000, 1e-6, "120000 B in flight then");
        HREL_CHECK_ABS(total, 0.12, 1e-12, "the receiver ends at 0.12 (the port serialises)");
        HREL_CHECK_ABS(total, total0, 0, "the queue changes no time");
        par.tcp_window = 30000;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_INT((int)par.incasts, 0, "a window of 30000 B: 60000 in flight, none");
        par.tcp_window = 0;
        par.medium = HREL_MEDIUM_NONE;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_INT((int)par.incasts, 0, "no medium: no ports, nothing counted");
        par.medium = HREL_MEDIUM_PORT;
        par.nhosts = 1;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_INT((int)par.incasts, 0, "one host: no switch, nothing counted");
        hrel_msgtrace_free(t);
    }
    return hrel_test_summary("test_incast");
}
