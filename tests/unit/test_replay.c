/* Unit tests of lib/model/replay on hand-worked message-level traces. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "replay.h"

#define H HREL_MSGS_HEADER

int main(void)
{
    hrel_msgtrace *t = NULL;
    hrel_replay_param par = {.g_send = 1e-5, .L_send = 0.001, .g_mcast = 1e-5, .L_mcast = 0.001,
                             .medium = HREL_MEDIUM_NONE, .cpu_ratio = 1.0};
    double end[3], total = 0;
    char err[512] = "";
    const char *p;

    hrel_test_init();
    /* Hand-worked (g = 1e-5 s/B: 1000 B take 10 ms; L = 1 ms):
     * rank 0: spawn ends 0.001; rank 1 starts 0.001 later = 0.002.
     * rank 0 computes 10 ms -> 0.011, sends 10 ms -> 0.021, message arrives 0.022.
     * rank 1 computes 1 ms -> 0.003, waits -> 0.022, computes 20 ms -> 0.042,
     * sends -> 0.052 (arrives 0.053), exits at 0.052.
     * rank 0 receives at 0.053, computes 10 ms, exits at 0.063. */
    p = hrel_test_write_tmp("pp.csv", HREL_MSGS_PINGPONG);
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    if (t) {
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[0], 0.063, 1e-12, "rank 0 ends at 0.063");
        HREL_CHECK_ABS(end[1], 0.052, 1e-12, "rank 1 ends at 0.052");
        HREL_CHECK_ABS(total, 0.063, 1e-12, "total");
        {   /* the timeline: each row's call as replayed, from its start (its
               gap done) to its end; rows 3, 4 rank 0's send and receive, 7, 8
               rank 1's receive and send (rows as loaded: by rank) */
            double t0[9], t1[9];
            par.row_t0 = t0;
            par.row_t1 = t1;
            HREL_CHECK_INT((int)t->n, 9, "9 rows");
            HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
            HREL_CHECK(t->row[2].kind == HREL_MSG_SEND && t->row[6].kind == HREL_MSG_RECV,
                       "rows in rank order");
            HREL_CHECK_ABS(t0[2], 0.011, 1e-12, "timeline: rank 0's send starts at 0.011");
            HREL_CHECK_ABS(t1[2], 0.021, 1e-12, "... ends at 0.021");
            HREL_CHECK_ABS(t0[3], 0.021, 1e-12, "rank 0's receive starts at 0.021");
            HREL_CHECK_ABS(t1[3], 0.053, 1e-12, "... ends at 0.053 (the answer's arrival)");
            HREL_CHECK_ABS(t0[6], 0.003, 1e-12, "rank 1's receive starts at 0.003");
            HREL_CHECK_ABS(t1[6], 0.022, 1e-12, "... ends at 0.022");
            HREL_CHECK_ABS(t0[7], 0.042, 1e-12, "rank 1's send starts at 0.042");
            HREL_CHECK_ABS(t1[7], 0.052, 1e-12, "... ends at 0.052");
            HREL_CHECK_ABS(t1[4], 0.063, 1e-12, "rank 0's exit ends at 0.063");
            par.row_t0 = par.row_t1 = NULL;
        }
        /* a CPU half as fast: gaps double (spawn keeps its time):
         * r0 0.001+0.02=0.021 +0.01 -> 0.031 (arr 0.032); r1 0.002+0.002=0.004,
         * wait 0.032, +0.04=0.072, +0.01=0.082 (arr 0.083); r0 0.083+0.02 = 0.103 */
        par.cpu_ratio = 2.0;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(total, 0.103, 1e-12, "cpu ratio 2");
        par.cpu_ratio = 0;
        HREL_CHECK(hrel_replay_run(t, &par, end, &total, err, sizeof err) != 0, "ratio 0 refused");
        par.cpu_ratio = 1.0;
        /* first contact 5 ms: rank 0's send starts 0.016, arrives 0.027; rank 1's
         * reply goes to a rank it has met (no second charge): 0.027 + 0.02 ->
         * 0.047, sends -> 0.057 (arr 0.058); rank 0 ends 0.068 = 0.063 + 5 ms once */
        par.setup = 0.005;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[1], 0.057, 1e-12, "set-up charged on the first message");
        HREL_CHECK_ABS(total, 0.068, 1e-12, "set-up charged once per pair, not per direction");
        par.setup = -0.001;
        HREL_CHECK(hrel_replay_run(t, &par, end, &total, err, sizeof err) != 0,
                   "negative set-up refused");
        HREL_CHECK_HAS(err, "set-up", "negative set-up named");
        par.setup = 0;
        hrel_msgtrace_free(t);
        t = NULL;
    }

    /* Two senders to one receiver at time 0, 1000 B each, three hosts:
     * none: both arrive at 0.011; port or bus: the second waits for the
     * receiver's port / the segment: 0.01 + 0.01 + 0.001 = 0.021. All on one
     * host (--hosts 1): no waiting. */
    p = hrel_test_write_tmp("in.csv", H
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2,0,-1,0,0\n"
             "0,0,recv,1,1000,1,0,0.02\n"
             "0,0,recv,2,1000,1,0.02,0.021\n"
             "0,0,exit,,0,-1,0.021,0.021\n"
             "1,1,start,,0,-1,0,0\n"
             "1,1,send,0,1000,1,0,0.01\n"
             "1,1,exit,,0,-1,0.01,0.01\n"
             "2,2,start,,0,-1,0,0\n"
             "2,2,send,0,1000,1,0,0.01\n"
             "2,2,exit,,0,-1,0.01,0.01\n");
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    if (t) {
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[0], 0.011, 1e-12, "no medium: both arrive at 0.011");
        par.medium = HREL_MEDIUM_PORT;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[0], 0.021, 1e-12, "port: the receiver's port serialises");
        HREL_CHECK_ABS(end[2], 0.02, 1e-12, "port: the second sender waits 10 ms");
        par.medium = HREL_MEDIUM_BUS;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[0], 0.021, 1e-12, "bus: one segment");
        par.nhosts = 1;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[0], 0.011, 1e-12, "one host: nothing shared");
        /* a placement (--hosts-from): ranks 0 and 1 together on host 5, rank 2 on
         * host 7; on the bus only rank 2's message is remote: nothing waits */
        {
            static const int place[3] = {5, 5, 7};
            par.nhosts = 0;
            par.host_map = place;
            HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
            HREL_CHECK_ABS(end[0], 0.011, 1e-12, "placement: one remote message, no turn to wait");
            par.host_map = NULL;
            HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
            HREL_CHECK_ABS(end[0], 0.021, 1e-12, "the trace's own hosts again: the bus serialises");
        }
        /* two pairs, each first contact charged: both arrive 0.011 + 0.002 */
        par.medium = HREL_MEDIUM_NONE;
        par.setup = 0.002;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[0], 0.013, 1e-12, "set-up once for each pair");
        par.setup = 0;
        hrel_msgtrace_free(t);
        t = NULL;
    }
    /* Calls in time order, not in the order of the ranks' previous events
     * (hand-worked, g = 1e-5, L = 1 ms, port): rank 0 spawns 1 and 2 (both
     * start at 0); rank 0 computes 20 ms and sends 1000 B to rank 2 at 0.020;
     * rank 1 computes 5 ms and sends 1000 B to rank 2 at 0.005. Rank 1's
     * message is first on rank 2's port: [0.005, 0.015], arrives 0.016; rank
     * 0's waits for the port: [0.020, 0.030], arrives 0.031; rank 2 ends 0.031.
     * (Taken in the order of the ranks' previous events, both at 0, rank 0
     * would reserve [0.020, 0.030] first and rank 1 wait to 0.030: 0.041.)
     * Processor sharing with a core per rank prices the same. */
    p = hrel_test_write_tmp("order.csv", H
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2,0,-1,0,0\n"
             "0,0,send,2,1000,1,0.02,0.03\n"
             "0,0,exit,,0,-1,0.03,0.03\n"
             "1,1,start,,0,-1,0,0\n"
             "1,1,send,2,1000,2,0.005,0.015\n"
             "1,1,exit,,0,-1,0.015,0.015\n"
             "2,2,start,,0,-1,0,0\n"
             "2,2,recv,0,1000,1,0,0.031\n"
             "2,2,recv,1,1000,2,0.031,0.031\n"
             "2,2,exit,,0,-1,0.031,0.031\n");
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    if (t) {
        par.medium = HREL_MEDIUM_PORT;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(end[1], 0.015, 1e-12, "time order: the earlier send has the port");
        HREL_CHECK_ABS(end[0], 0.03, 1e-12, "time order: the later send waits for it");
        HREL_CHECK_ABS(end[2], 0.031, 1e-12, "time order: the receiver ends at 0.031");
        par.cores = 1;
        HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
        HREL_CHECK_ABS(total, 0.031, 1e-12, "a core per rank: the same total");
        par.cores = 0;
        par.medium = HREL_MEDIUM_NONE;
        hrel_msgtrace_free(t);
        t = NULL;
    }
    {
        hrel_medium m;
        HREL_CHECK_INT(hrel_replay_parse_medium("port", &m, err, sizeof err), 0, "port");
        HREL_CHECK_INT(m, HREL_MEDIUM_PORT, "port parsed");
        HREL_CHECK(hrel_replay_parse_medium("wifi", &m, err, sizeof err) != 0, "bad medium");
        HREL_CHECK_HAS(err, "wifi", "bad medium named");
    }
    /* a receive with no send is refused when loading */
    p = hrel_test_write_tmp("nosend.csv", H
             "0,0,start,,0,-1,0,0\n"
             "0,0,recv,1,8,7,0,0.01\n"
             "0,0,exit,,0,-1,0.01,0.01\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,exit,,0,-1,0.01,0.01\n");
    HREL_CHECK(hrel_msgtrace_load(p, &t, err, sizeof err) != 0, "unmatched receive refused");
    HREL_CHECK_HAS(err, "nosend.csv:3: rank 0 receive of tag 7 from rank 1", "names it");
    /* the limits are named in the messages (issue 14, "limits that are stated") */
    t = NULL;
    p = hrel_test_write_tmp("bigrank.csv", H "100001,0,start,,0,-1,0,0\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "bigrank.csv:2: rank 100001 out of range (0..100000)", "largest rank named");
    p = hrel_test_write_tmp("order.csv", H "1,0,start,,0,-1,0,0\n0,0,start,,0,-1,0,0\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "order.csv:3: rank 0 comes after rank 1 (rows are grouped by rank, in order)",
                       "order named apart from range");
    p = hrel_test_write_tmp("bigpeer.csv", H "0,0,send,100001,8,7,0,0\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "is not a ';'-separated list of ranks 0..100000", "largest peer named");
    /* the gaps' CPU columns: a negative time, a blocked flag that is not 0/1 */
    p = hrel_test_write_tmp("gapneg.csv", "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                            "gap_cpu_s,gap_blocked\n0,0,start,,0,-1,0,0,,,\n"
                            "0,0,exit,,0,-1,1,1,,-0.5,0\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "gapneg.csv:3: column gap_cpu_s: -0.5 is negative", "negative CPU named");
    p = hrel_test_write_tmp("callneg.csv", "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                            "gap_cpu_s,gap_blocked,call_cpu_s\n0,0,start,,0,-1,0,0,,,,0\n"
                            "0,0,exit,,0,-1,1,1,,0.5,0,-0.25\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "callneg.csv:3: column call_cpu_s: -0.25 is negative",
                       "a call's negative CPU named");
    p = hrel_test_write_tmp("callbad.csv", "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                            "call_cpu_s\n0,0,start,,0,-1,0,0,,\n0,0,exit,,0,-1,1,1,,abc\n");
    HREL_CHECK(hrel_msgtrace_load(p, &t, err, sizeof err) != 0 && !t &&
               strstr(err, "callbad.csv") && strstr(err, "call_cpu_s"),
               "a call's CPU that is not a number refused, file and column named");
    hrel_msgtrace_free(t);
    t = NULL;
    p = hrel_test_write_tmp("gapblk.csv", "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                            "gap_cpu_s,gap_blocked\n0,0,start,,0,-1,0,0,,,\n"
                            "0,0,exit,,0,-1,1,1,,0.5,yes\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "gapblk.csv:3: column gap_blocked: 'yes' is not 0, 1 or 2", "bad flag named");
    p = hrel_test_write_tmp("gappoll.csv", "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                            "gap_cpu_s,gap_blocked\n0,0,start,,0,-1,0,0,,,\n"
                            "0,0,exit,,0,-1,1,1,,0.5,2\n");
    HREL_CHECK_REFUSED(hrel_msgtrace_load(p, &t, err, sizeof err), t, err,
                       "gappoll.csv:3: column gap_blocked: 2 (a poll that found its message) on "
                       "a row of kind exit, not a receive", "a poll flag on another row named");
    /* A poll (gap_blocked 2): rank 0 spawns rank 1 (host 1), then polls for its
     * message; the trace found it at 0.1 s after 0.02 s of work and sleeps
     * between polls. Rank 1 sends at 0.01 (g = 0, L = 1 ms: it arrives 0.011).
     * As a poll: the work (0.02), then the receive, whose message is there:
     * 0.02. The same gap as a plain sleep (1): 0.1, as recorded. With L = 50 ms
     * the message arrives at 0.06: the poll ends then; the sleep still at 0.1. */
    for (int k = 0; k < 4; k++) {
        int poll = k % 2 == 0;
        char buf[512];
        snprintf(buf, sizeof buf, "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                 "gap_cpu_s,gap_blocked\n0,0,start,,0,-1,0,0,,,\n0,0,spawn,1,0,-1,0,0,,0,0\n"
                 "0,0,recv,1,8,1,0.1,0.1,,0.02,%d\n1,1,start,,0,-1,0,0,,,\n"
                 "1,1,send,0,8,1,0.01,0.01,,0.01,0\n", poll ? 2 : 1);
        p = hrel_test_write_tmp("poll.csv", buf);
        par.medium = HREL_MEDIUM_NONE;
        par.g_send = 0;
        par.L_send = k < 2 ? 0.001 : 0.05;
        HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
        if (t) {
            HREL_CHECK_INT(hrel_replay_run(t, &par, end, &total, err, sizeof err), 0, err);
            HREL_CHECK_ABS(total, poll ? (k < 2 ? 0.02 : 0.06) : 0.1, 1e-12,
                           poll ? (k < 2 ? "a poll: its work, then the message already there"
                                         : "a poll: until the message arrives")
                                : "a sleep that is no poll: the gap as recorded");
            hrel_msgtrace_free(t);
            t = NULL;
        }
    }
    return hrel_test_summary("test_replay");
}
