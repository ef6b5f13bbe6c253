/* Unit tests of lib/model/replay for issue 21, on hand-worked traces: group
 * calls priced through their messages and the group server's service time,
 * the task lifecycle from lifecycle.csv, processor sharing (cores per host
 * and a shared pool; a trace's gaps deflated; messages within a host on the
 * cores left free), the route's buffering (sendbuf), and the group calls that
 * cannot be replayed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hrel_test.h"
#include "lifecycle.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "replay.h"
#include "replay_fixture.h"

#define H "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside\n"

/* Three ranks and PVM's group server (rank 3), all on host 0: rank 0 joins
 * (spawning the server), spawns ranks 1 and 2, which join; all meet in a
 * barrier (ranks 1 and 2 compute 5 and 10 ms first); rank 0 broadcasts 1000 B;
 * ranks 1 and 2 compute 2 ms and reduce to rank 0. The server needs 1 ms of
 * service before each answer (its gaps). */
#define GROUPS                                                                 \
    H "0,0,start,,0,-1,0,0,\n"                                                 \
    "0,0,joingroup,,0,-1,0,0.010,\n"                                           \
    "0,0,spawn,3,0,-1,0,0.002,joingroup\n"                                     \
    "0,0,send,3,16,1,0.002,0.002,joingroup\n"                                  \
    "0,0,recv,3,4,1,0.002,0.010,joingroup\n"                                   \
    "0,0,spawn,1;2,0,-1,0.010,0.012,\n"                                        \
    "0,0,barrier,,0,-1,0.012,0.030,\n"                                         \
    "0,0,send,3,20,3,0.012,0.012,barrier\n"                                    \
    "0,0,recv,3,4,3,0.012,0.030,barrier\n"                                     \
    "0,0,bcast,,1000,31,0.030,0.030,\n"                                        \
    "0,0,mcast,1;2,1000,31,0.030,0.030,bcast\n"                                \
    "0,0,reduce,0,1000,32,0.030,0.040,\n"                                      \
    "0,0,recv,1,1000,32,0.030,0.035,reduce\n"                                  \
    "0,0,recv,2,1000,32,0.035,0.040,reduce\n"                                  \
    "0,0,exit,,0,-1,0.040,0.040,\n"                                            \
    "1,0,start,,0,-1,0.012,0.012,\n"                                           \
    "1,0,joingroup,,0,-1,0.012,0.015,\n"                                       \
    "1,0,send,3,16,1,0.012,0.012,joingroup\n"                                  \
    "1,0,recv,3,4,1,0.012,0.015,joingroup\n"                                   \
    "1,0,barrier,,0,-1,0.020,0.030,\n"                                         \
    "1,0,send,3,20,3,0.020,0.020,barrier\n"                                    \
    "1,0,recv,3,4,3,0.020,0.030,barrier\n"                                     \
    "1,0,recv,0,1000,31,0.030,0.031,\n"                                        \
    "1,0,reduce,0,1000,32,0.033,0.034,\n"                                      \
    "1,0,send,0,1000,32,0.033,0.034,reduce\n"                                  \
    "1,0,exit,,0,-1,0.034,0.034,\n"                                            \
    "2,0,start,,0,-1,0.012,0.012,\n"                                           \
    "2,0,joingroup,,0,-1,0.012,0.016,\n"                                       \
    "2,0,send,3,16,1,0.012,0.012,joingroup\n"                                  \
    "2,0,recv,3,4,1,0.012,0.016,joingroup\n"                                   \
    "2,0,barrier,,0,-1,0.026,0.030,\n"                                         \
    "2,0,send,3,20,3,0.026,0.026,barrier\n"                                    \
    "2,0,recv,3,4,3,0.026,0.030,barrier\n"                                     \
    "2,0,recv,0,1000,31,0.030,0.031,\n"                                        \
    "2,0,reduce,0,1000,32,0.033,0.035,\n"                                      \
    "2,0,send,0,1000,32,0.033,0.035,reduce\n"                                  \
    "2,0,exit,,0,-1,0.035,0.035,\n"                                            \
    "3,0,start,,0,-1,0.002,0.002,\n"                                           \
    "3,0,enrol,,0,-1,0.002,0.002,\n"                                           \
    "3,0,recv,0,16,1,0.002,0.003,\n"                                           \
    "3,0,send,0,4,1,0.004,0.004,\n"                                            \
    "3,0,recv,1,16,1,0.004,0.013,\n"                                           \
    "3,0,send,1,4,1,0.014,0.014,\n"                                            \
    "3,0,recv,2,16,1,0.014,0.014,\n"                                           \
    "3,0,send,2,4,1,0.015,0.015,\n"                                            \
    "3,0,recv,0,20,3,0.015,0.015,\n"                                           \
    "3,0,recv,1,20,3,0.015,0.020,\n"                                           \
    "3,0,recv,2,20,3,0.020,0.028,\n"                                           \
    "3,0,mcast,0;1;2,4,3,0.029,0.029,\n"

/* lifecycle: enrol 10 ms; spawn of 1 task 2 ms locally (4 tasks 5 ms), 20 ms
 * remotely; spawn to enrolment 3 ms locally, 30 ms remotely; exit 0.5 ms;
 * end 1 ms; the group server's start 50 ms */
#define LIFE "# platform: local\n"                                              \
    "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n"                    \
    "enrol,1,local,5,0.010,0,0,0,0\n"                                           \
    "spawn,1,local,5,0.002,0,0,0,0\n"                                           \
    "spawn,4,local,5,0.005,0,0,0,0\n"                                           \
    "spawn,1,remote,5,0.020,0,0,0,0\n"                                          \
    "spawn_start,1,local,5,0.003,0,0,0,0\n"                                     \
    "spawn_start,1,remote,5,0.030,0,0,0,0\n"                                    \
    "exit,1,local,5,0.0005,0,0,0,0\n"                                           \
    "end,1,local,5,0.001,0,0,0,0\n"                                             \
    "gs_start,1,local,5,0.050,0,0,0,0\n"

/* Three workers, each 1 s between its start and its send to rank 0, 0.5 s of
 * it CPU time (BLOCKED: the gap blocked); written to NAME. */
static const char *cpu_trace(const char *name, int blocked)
{
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
                     "gap_cpu_s,gap_blocked\n0,0,start,,0,-1,0,0,,,\n"
                     "0,0,spawn,1;2;3,0,-1,0,0,,0,0\n0,0,recv,1,8,1,0,1,,0,0\n"
                     "0,0,recv,2,8,1,1,1,,0,0\n0,0,recv,3,8,1,1,1,,0,0\n");
    int r;
    for (r = 1; r <= 3; r++)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%d,0,start,,0,-1,0,0,,,\n"
                      "%d,0,send,0,8,1,1,1,,0.5,%d\n", r, r, blocked);
    return hrel_test_write_tmp(name, buf);
}

int main(void)
{
    hrel_replay_param par = {.g_send = 0, .L_send = 0.001, .g_mcast = 0, .L_mcast = 0.001,
                             .medium = HREL_MEDIUM_NONE, .cpu_ratio = 1.0};
    hrel_lifecycle life;
    double end[4];
    char err[512] = "";
    const char *p, *lp;

    hrel_test_init();
    /* Group functions, hand-worked (g = 0: sends cost nothing, arrive 1 ms later):
     * r0 spawns the server: 0.002 (it starts then, no lag); join request arrives
     * 0.003; server: 0.003 + 1 ms service = 0.004, answer arrives 0.005.
     * r0 0.005, spawns 1;2 -> 0.007 (they start 0.007); barrier request at
     * 0.007 arrives 0.008; r1, r2 join requests at 0.007 arrive 0.008.
     * server: r1's at 0.008 + 1 ms -> answer at 0.009 (arrives 0.010); r2's at
     * 0.009 + 1 ms -> 0.010 (arrives 0.011); r0's barrier request: 0.010.
     * r1: 0.010 + 5 ms = 0.015, barrier request arrives 0.016; r2: 0.011 + 10
     * ms = 0.021, arrives 0.022. server: 0.022 + 1 ms = 0.023, releases all
     * (arrive 0.024). r0 bcasts at 0.024 (arrives 0.025); r1, r2: 0.025 + 2 ms
     * = 0.027, reduce sends arrive 0.028; r0 ends 0.028. */
    p = hrel_test_write_tmp("groups.csv", GROUPS);
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.028, 1e-12,
                   "group calls priced through their messages and the server's service");
    HREL_CHECK_ABS(end[3], 0.023, 1e-12, "the group server's last answer at 0.023");
    HREL_CHECK_ABS(end[1], 0.027, 1e-12, "rank 1 ends 0.027");

    /* The same with the platform's lifecycle: the server's spawn 2 ms (one task),
     * its start 50 - 2 = 48 ms: ready 0.050, answers 0.051 (arrives 0.052);
     * spawn of 2 tasks 2 + 1 = 3 ms: r0 0.055, r1 r2 start 0.055 (their
     * requests arrive 0.056); server: 0.056 + 1 ms -> r1's answer arrives 0.058,
     * r2's 0.059. r1 0.058 + 5 ms -> 0.064, r2 0.059 + 10 ms -> 0.070;
     * server 0.071, release 0.072; bcast arrives 0.073; r1 r2 + 2 ms = 0.075,
     * exit 0.5 ms -> 0.0755; reduce arrives 0.076; r0 exits 0.0765. */
    lp = hrel_test_write_tmp("life.csv", LIFE);
    HREL_CHECK_INT(hrel_lifecycle_read(lp, "local", &life, err, sizeof err), 0, err);
    par.lifecycle = &life;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.0765, 1e-12,
                   "group trace with the lifecycle's spawns, server start and exit");
    par.lifecycle = NULL;

    /* Lifecycle, hand-worked: rank 0 enrols, spawns rank 1 on its host and rank 2
     * on host 1, receives one message from each; each computes 5 ms.
     * Recorded: r0 enrol 0.4 ms, spawns 1 ms each; r1 starts 0.6 ms after its
     * spawn, enrols in 1 ms; r2 the same; exits 0 .. 1 ms. Without lifecycle:
     * r0 0.0004, spawn -> 0.0014 (r1 starts 0.002), spawn -> 0.0024 (r2 at
     * 0.003); r1 enrol 0.003 + 5 ms, message arrives 0.009; r2 0.004 + 5 ms,
     * arrives 0.010; r0 exit 1 ms -> 0.011, gap 1 ms to its end -> 0.012.
     * With it: r0 enrols 10 ms; local spawn 2 ms -> 0.012 (r1 starts then);
     * remote spawn 20 ms -> 0.032 (r2 then). r1: +3 ms +5 ms = 0.020, arrives
     * 0.021; r2: +30 ms + 5 ms = 0.067, arrives 0.068; r0: exit 0.5 ms ->
     * 0.0685, its recorded 1 ms to end -> 0.0695, end 1 ms -> 0.0705. */
    p = hrel_test_write_tmp("life_trace.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,enrol,,0,-1,0,0.0004\n"
             "0,0,spawn,1,0,-1,0.0004,0.0014\n"
             "0,0,spawn,2,0,-1,0.0014,0.0024\n"
             "0,0,recv,1,8,1,0.0024,0.01\n"
             "0,0,recv,2,8,1,0.01,0.02\n"
             "0,0,exit,,0,-1,0.02,0.021\n"
             "0,0,end,,0,-1,0.022,0.022\n"
             "1,0,start,,0,-1,0.002,0.002\n"
             "1,0,enrol,,0,-1,0.002,0.003\n"
             "1,0,send,0,8,1,0.008,0.008\n"
             "1,0,exit,,0,-1,0.008,0.0085\n"
             "1,0,end,,0,-1,0.0085,0.0085\n"
             "2,1,start,,0,-1,0.003,0.003\n"
             "2,1,enrol,,0,-1,0.003,0.004\n"
             "2,1,send,0,8,1,0.009,0.009\n"
             "2,1,exit,,0,-1,0.009,0.0095\n"
             "2,1,end,,0,-1,0.0095,0.0095\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.012, 1e-12,
                   "recorded lifecycle durations");
    par.lifecycle = &life;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.0705, 1e-12,
                   "lifecycle costs from lifecycle.csv");
    HREL_CHECK_ABS(end[1], 0.0215, 1e-12, "rank 1: exit 0.5 ms, end 1 ms after its send");
    par.lifecycle = NULL;
    /* The same, rank 1 with no enrolment row (it enrolled inside a call an
     * older preload tracer did not wrap, as pvm_parent: the 1 ms stays in its
     * 6 ms gap before the send). From the preload tracer, the lifecycle's
     * spawn_start is charged at its start: 0.012 + 3 ms + 6 ms = 0.021, exit
     * and end -> 0.0225; rank 2 and the total as before. From another tracer
     * the start costs nothing: 0.012 + 6 ms + 1.5 ms = 0.0195. */
    {
        const char *rows = "0,0,start,,0,-1,0,0\n0,0,enrol,,0,-1,0,0.0004\n"
            "0,0,spawn,1,0,-1,0.0004,0.0014\n0,0,spawn,2,0,-1,0.0014,0.0024\n"
            "0,0,recv,1,8,1,0.0024,0.01\n0,0,recv,2,8,1,0.01,0.02\n"
            "0,0,exit,,0,-1,0.02,0.021\n0,0,end,,0,-1,0.022,0.022\n"
            "1,0,start,,0,-1,0.002,0.002\n1,0,send,0,8,1,0.008,0.008\n"
            "1,0,exit,,0,-1,0.008,0.0085\n1,0,end,,0,-1,0.0085,0.0085\n"
            "2,1,start,,0,-1,0.003,0.003\n2,1,enrol,,0,-1,0.003,0.004\n"
            "2,1,send,0,8,1,0.009,0.009\n2,1,exit,,0,-1,0.009,0.0095\n"
            "2,1,end,,0,-1,0.0095,0.0095\n";
        static const struct { const char *head, *file; double end1; const char *what; } v[] = {
            {"# tracer: preload\n", "life_noenrol.csv", 0.0225,
             "no enrolment row: spawn_start charged at the rank's start"},
            {"", "life_noenrol_pvm.csv", 0.0195,
             "no enrolment row, tracer not known: nothing charged at the start"}};
        char buf[1024];
        size_t k;
        par.lifecycle = &life;
        for (k = 0; k < sizeof v / sizeof v[0]; k++) {
            snprintf(buf, sizeof buf, "%s%s%s", v[k].head, HREL_MSGS_HEADER, rows);
            p = hrel_test_write_tmp(v[k].file, buf);
            HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.0705, 1e-12, v[k].what);
            HREL_CHECK_ABS(end[1], v[k].end1, 1e-12, v[k].what);
        }
        par.lifecycle = NULL;
    }
    /* A spawn over several hosts (PVM's placement): rank 0 spawns ranks 1 and
     * 2 onto hosts 1 and 2 (g 0, L 1 ms). With spread rows (4 tasks: spawn 26
     * ms, the last start 36 ms; one task: the remote 20 and 30 ms) the spawn
     * of 2 costs 22 ms and its children enrol 30 and 32 ms after it and send
     * at once: rank 0 has both messages at 0.055. Without them (remote, one
     * task measured): 2 x 20 ms, both at 30 ms after: 0.071. */
    {
        hrel_lifecycle ls;
        const char *lp2 = hrel_test_write_tmp("life_spread.csv", "# platform: local\n"
            "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n"
            "enrol,1,local,5,0.010,0,0,0,0\nspawn,1,local,5,0.002,0,0,0,0\n"
            "spawn_start,1,local,5,0.003,0,0,0,0\nspawn,1,remote,5,0.020,0,0,0,0\n"
            "spawn_start,1,remote,5,0.030,0,0,0,0\nexit,1,local,5,0.0005,0,0,0,0\n"
            "end,1,local,5,0.001,0,0,0,0\nspawn,4,spread,5,0.026,0,0,0,0\n"
            "spawn_start,4,spread,5,0.036,0,0,0,0\n");
        p = hrel_test_write_tmp("spread.csv", HREL_MSGS_HEADER
                 "0,0,start,,0,-1,0,0\n"
                 "0,0,spawn,1;2,0,-1,0,0.001\n"
                 "0,0,recv,1,8,1,0.001,0.05\n"
                 "0,0,recv,2,8,1,0.05,0.05\n"
                 "1,1,start,,0,-1,0.01,0.01\n"
                 "1,1,enrol,,0,-1,0.01,0.011\n"
                 "1,1,send,0,8,1,0.011,0.011\n"
                 "2,2,start,,0,-1,0.01,0.01\n"
                 "2,2,enrol,,0,-1,0.01,0.011\n"
                 "2,2,send,0,8,1,0.011,0.011\n");
        HREL_CHECK_INT(hrel_lifecycle_read(lp2, "local", &ls, err, sizeof err), 0, err);
        par.lifecycle = &ls;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.055, 1e-12,
                       "a spawn over two hosts priced by the spread rows: 0.055");
        HREL_CHECK_ABS(end[1], 0.052, 1e-12, "its first child sends at 0.052");
        lp2 = hrel_test_write_tmp("life_nospread.csv", "# platform: local\n"
            "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n"
            "enrol,1,local,5,0.010,0,0,0,0\nspawn,1,local,5,0.002,0,0,0,0\n"
            "spawn_start,1,local,5,0.003,0,0,0,0\nspawn,1,remote,5,0.020,0,0,0,0\n"
            "spawn_start,1,remote,5,0.030,0,0,0,0\nexit,1,local,5,0.0005,0,0,0,0\n"
            "end,1,local,5,0.001,0,0,0,0\n");
        HREL_CHECK_INT(hrel_lifecycle_read(lp2, "local", &ls, err, sizeof err), 0, err);
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.071, 1e-12,
                       "without spread rows: the remote ones, 0.071");
        par.lifecycle = NULL;
    }

    /* A spawn of several with every k measured (spawn of 2: 2 ms; its first
     * child enrols 1 ms after the return, the last 4 ms after), one core, rank 0
     * computing 10 ms after its spawn. Its children's starts as a wait: they
     * take no CPU, rank 0 ends at 0.002 + 0.010 = 0.012, rank 2 sends at 0.006.
     * As CPU work (multi_start_cpu): from 0.002 three jobs share the core, 10,
     * 1 and 4 ms; rank 1 is done at 0.005 (1 ms at 1/3), rank 2 at 0.011 (3 ms
     * more at 1/2), rank 0's last 6 ms alone: 0.017. */
    {
        hrel_lifecycle lk;
        const char *lpk = hrel_test_write_tmp("life_k.csv", "# platform: local\n"
            "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n"
            "enrol,1,local,5,0.010,0,0,0,0\nspawn,1,local,5,0.001,0,0,0,0\n"
            "spawn,2,local,5,0.002,0,0,0,0\nspawn_start,1,local,5,0.003,0,0,0,0\n"
            "spawn_start,2,local,5,0.004,0,0,0,0\nspawn_first,2,local,5,0.001,0,0,0,0\n"
            "exit,1,local,5,0,0,0,0,0\nend,1,local,5,0,0,0,0,0\n");
        double lsv = par.L_send, lmv = par.L_mcast;
        par.L_send = par.L_mcast = 0;
        p = hrel_test_write_tmp("multi.csv", HREL_MSGS_HEADER
                 "0,0,start,,0,-1,0,0\n"
                 "0,0,spawn,1;2,0,-1,0,0.001\n"
                 "0,0,recv,1,8,1,0.011,0.011\n"
                 "0,0,recv,2,8,1,0.011,0.011\n"
                 "1,0,start,,0,-1,0.001,0.001\n"
                 "1,0,enrol,,0,-1,0.001,0.002\n"
                 "1,0,send,0,8,1,0.002,0.002\n"
                 "2,0,start,,0,-1,0.001,0.001\n"
                 "2,0,enrol,,0,-1,0.001,0.002\n"
                 "2,0,send,0,8,1,0.002,0.002\n");
        HREL_CHECK_INT(hrel_lifecycle_read(lpk, "local", &lk, err, sizeof err), 0, err);
        par.lifecycle = &lk;
        par.shared_cores = 1;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.012, 1e-12,
                       "a spawn of 2, its children's starts a wait: 0.012");
        HREL_CHECK_ABS(end[2], 0.006, 1e-12, "... its last child sends at 0.006");
        par.multi_start_cpu = 1;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.017, 1e-12,
                       "its children's starts CPU work beside rank 0's 10 ms on one core: 0.017");
        HREL_CHECK_ABS(end[1], 0.005, 1e-12, "... its first child enrols and sends at 0.005");
        HREL_CHECK_ABS(end[2], 0.011, 1e-12, "... its last at 0.011");
        par.shared_cores = 0;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.012, 1e-12,
                       "multi_start_cpu without processor sharing: a wait, 0.012");
        par.multi_start_cpu = 0;
        par.lifecycle = NULL;
        par.L_send = lsv;
        par.L_mcast = lmv;
    }

    /* Processor sharing: rank 0 spawns three tasks (no lag) that each compute
     * 1 s and send to rank 0 (g = L = 0). 2 cores, 3 computing tasks: each at
     * 2/3 of a core, all done at 1.5 s; rank 0, blocked, takes no CPU. */
    par.L_send = par.L_mcast = 0;
    p = hrel_test_write_tmp("ps.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2;3,0,-1,0,0\n"
             "0,0,recv,1,8,1,0,1\n"
             "0,0,recv,2,8,1,1,1\n"
             "0,0,recv,3,8,1,1,1\n"
             "0,0,exit,,0,-1,1,1\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,send,0,8,1,1,1\n"
             "2,0,start,,0,-1,0,0\n"
             "2,0,send,0,8,1,1,1\n"
             "3,1,start,,0,-1,0,0\n"
             "3,1,send,0,8,1,1,1\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12, "unlimited cores: 1 s");
    par.shared_cores = 2;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.5, 1e-12,
                   "2 shared cores, 3 busy tasks: every task ends at 1.5 s");
    HREL_CHECK_ABS(end[1], 1.5, 1e-12, "rank 1 at 1.5 s");
    HREL_CHECK_ABS(end[3], 1.5, 1e-12, "rank 3 (host 1, same pool) at 1.5 s");
    par.shared_cores = 0;
    /* one core per host: ranks 1 and 2 share host 0's (2 s), rank 3 has host 1's */
    par.cores = 1;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 2.0, 1e-12, "1 core per host: 2 s");
    HREL_CHECK_ABS(end[3], 1.0, 1e-12, "rank 3 alone on host 1: 1 s");
    par.cores = 4;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12, "4 cores: no sharing");
    /* A call's own CPU (call_cpu): one core; rank 1 computes 1 s (its gap's
     * CPU) and sends; rank 2's send at 0 used 0.5 s of CPU in the call (g = L
     * = 0: priced at nothing). Without call_cpu rank 1 ends at 1 s. With it
     * the call's 0.5 s shares the core with rank 1 from 0: both at half speed
     * until 1.0 (the call's CPU done), rank 1 has 0.5 s left: it ends at 1.5;
     * rank 2 keeps its send's priced time (ends at 0). A group call's CPU is
     * its inner rows': rank 3's barrier row (1 s) is not priced, its inner
     * send (0.1 s) is: with it, 0.1 s more for rank 1, 1.6 s. */
    {
        static const char rows[] =
            "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,gap_cpu_s,gap_blocked,"
            "call_cpu_s\n"
            "0,0,start,,0,-1,0,0,,,,\n"
            "0,0,spawn,1;2,0,-1,0,0,,0,0,0\n"
            "0,0,recv,2,8,1,0,0,,0,0,0\n"
            "0,0,recv,1,8,1,0,1,,0,0,0\n"
            "1,0,start,,0,-1,0,0,,,,\n"
            "1,0,send,0,8,1,1,1,,1,0,0\n"
            "2,0,start,,0,-1,0,0,,,,\n"
            "2,0,send,0,8,1,0,0.5,,0,0,0.5\n";
        const char *pc = hrel_test_write_tmp("callcpu.csv", rows);
        char buf[1024];
        hrel_replay_param pcp = par;
        pcp.L_send = pcp.L_mcast = 0;
        pcp.cores = 1;
        HREL_CHECK_ABS(hrel_test_replay_total(pc, &pcp, end, err, sizeof err), 1.0, 1e-12,
                       "calls' CPU not priced: rank 1 ends at 1 s");
        pcp.call_cpu = 1;
        HREL_CHECK_ABS(hrel_test_replay_total(pc, &pcp, end, err, sizeof err), 1.5, 1e-12,
                       "a call's 0.5 s of CPU shares the core: rank 1 ends at 1.5 s");
        HREL_CHECK_ABS(end[1], 1.5, 1e-12, "rank 1 at 1.5 s");
        HREL_CHECK_ABS(end[2], 0.0, 1e-12, "the call itself keeps its priced time (0)");
        pcp.cores = 2;
        HREL_CHECK_ABS(hrel_test_replay_total(pc, &pcp, end, err, sizeof err), 1.0, 1e-12,
                       "two cores: the call's CPU takes the free one, 1 s");
        pcp.cores = 0;
        HREL_CHECK_ABS(hrel_test_replay_total(pc, &pcp, end, err, sizeof err), 1.0, 1e-12,
                       "no processor sharing: call_cpu prices nothing, 1 s");
        pcp.cores = 1;
        /* rank 3 (spawned too) broadcasts to rank 0 at 0: the bcast row's 1 s
           not priced, its inner multicast's 0.1 s is. Three jobs on the core
           at 1/3 each: the 0.1 s done at 0.3; then two at 1/2: rank 2's call
           (0.4 s left) at 1.1; rank 1 (0.5 s left) at 1.6 */
        snprintf(buf, sizeof buf, "%s",
                 "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,gap_cpu_s,gap_blocked,"
                 "call_cpu_s\n"
                 "0,0,start,,0,-1,0,0,,,,\n"
                 "0,0,spawn,1;2;3,0,-1,0,0,,0,0,0\n"
                 "0,0,recv,3,8,9,0,0,,0,0,0\n"
                 "0,0,recv,2,8,1,0,0,,0,0,0\n"
                 "0,0,recv,1,8,1,0,1,,0,0,0\n"
                 "1,0,start,,0,-1,0,0,,,,\n"
                 "1,0,send,0,8,1,1,1,,1,0,0\n"
                 "2,0,start,,0,-1,0,0,,,,\n"
                 "2,0,send,0,8,1,0,0.5,,0,0,0.5\n"
                 "3,0,start,,0,-1,0,0,,,,\n"
                 "3,0,bcast,,8,9,0,1,,0,0,1\n"
                 "3,0,mcast,0,8,9,0,0.1,bcast,0,0,0.1\n");
        pc = hrel_test_write_tmp("callcpu_group.csv", buf);
        HREL_CHECK_ABS(hrel_test_replay_total(pc, &pcp, end, err, sizeof err), 1.6, 1e-12,
                       "a group call's CPU is its inner rows': rank 1 ends at 1.6 s");
    }
    /* Deflation: the trace was recorded with its three workers on 2 shared
     * cores, so each 1 s gap held 2/3 s of CPU work. Replayed on the same 2
     * cores it takes 1 s again; on 4, 2/3 s; unlimited cores ignore it. */
    par.shared_cores = 2;
    par.trace_cores = 2;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "deflated on 2 cores, replayed on 2: 1 s as recorded");
    par.shared_cores = 4;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 2.0 / 3, 1e-12,
                   "deflated on 2 cores, replayed on 4: 2/3 s");
    par.trace_cores = 3;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "recorded with a core each (3): no deflation");
    par.shared_cores = 0;
    par.trace_cores = 0;
    /* Deliveries: one core. Rank 0 sends rank 1 a message of L = 0.1 s at 0
     * while rank 2 computes 1 s: the message runs only on a free core, so
     * from 1.0 to 1.1; rank 1 ends at 1.1. Without deliveries (or with a
     * second core) it arrives at 0.1. Two messages on one free core share it. */
    par.L_send = par.L_mcast = 0.1;
    p = hrel_test_write_tmp("dl.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2,0,-1,0,0\n"
             "0,0,send,1,8,1,0,0\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,recv,0,8,1,0,0.1\n"
             "2,0,start,,0,-1,0,0\n"
             "2,0,exit,,0,-1,1,1\n");
    par.shared_cores = 1;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "no deliveries: the message at 0.1, rank 2's 1 s ends it");
    HREL_CHECK_ABS(end[1], 0.1, 1e-12, "no deliveries: rank 1 at 0.1");
    par.deliver = 1;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.1, 1e-12,
                   "deliveries on 1 core: the message waits for rank 2's core, 1.1 s");
    HREL_CHECK_ABS(end[1], 1.1, 1e-12, "deliveries: rank 1 at 1.1");
    par.shared_cores = 2;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "deliveries on 2 cores: a free core, 1 s");
    HREL_CHECK_ABS(end[1], 0.1, 1e-12, "deliveries on 2 cores: rank 1 at 0.1");
    p = hrel_test_write_tmp("dl2.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2,0,-1,0,0\n"
             "0,0,send,1,8,1,0,0\n"
             "0,0,send,2,8,1,0,0\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,recv,0,8,1,0,0.1\n"
             "2,0,start,,0,-1,0,0\n"
             "2,0,recv,0,8,1,0,0.1\n");
    par.shared_cores = 1;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.2, 1e-12,
                   "two deliveries on one free core: each at half speed, both at 0.2");
    HREL_CHECK_ABS(end[1], 0.2, 1e-12, "rank 1 at 0.2");
    par.deliver = 0;
    par.shared_cores = 0;
    par.L_send = par.L_mcast = 0;
    /* a later start changes the rate mid-gap: one core; rank 1 computes 1 s from
     * 0, rank 2 from 0.5 s (its recorded start lag). Alone to 0.5 (rank 1 has
     * 0.5 s left), then both at half speed: rank 1 done at 1.5, rank 2 has 0.5
     * s done then, alone again: done at 2.0. */
    par.cores = 1;
    p = hrel_test_write_tmp("ps2.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2,0,-1,0,0\n"
             "0,0,recv,1,8,1,0,1\n"
             "0,0,recv,2,8,1,1,1.5\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,send,0,8,1,1,1\n"
             "2,0,start,,0,-1,0.5,0.5\n"
             "2,0,send,0,8,1,1.5,1.5\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 2.0, 1e-12, "staggered: 2 s");
    HREL_CHECK_ABS(end[1], 1.5, 1e-12, "staggered: rank 1 at 1.5 s");
    /* the group trace on one core: the same answer as unlimited only if no two
     * ranks ever compute at once; ranks 1 and 2 compute together from 0.010 and
     * 0.011 (5 and 10 ms) -> not the same */
    par.cores = 1;
    par.L_send = par.L_mcast = 0.001;
    p = hrel_test_write_tmp("groups.csv", GROUPS);
    HREL_CHECK(hrel_test_replay_total(p, &par, end, err, sizeof err) > 0.028 + 1e-9,
               "one core: the group trace takes longer");
    par.cores = -1;
    HREL_CHECK(isnan(hrel_test_replay_total(p, &par, end, err, sizeof err)), "negative cores refused");
    par.cores = 0;

    /* group calls that cannot be replayed: a barrier the server never answers
     * (nobody else reached it; the trace ends inside), and a receive inside a
     * barrier with no send */
    p = hrel_test_write_tmp("lonely.csv", H
             "0,0,start,,0,-1,0,0,\n"
             "0,0,spawn,1,0,-1,0,0.001,\n"
             "0,0,barrier,,0,-1,0.002,0.003,\n"
             "0,0,send,1,20,3,0.002,0.002,barrier\n"
             "0,0,exit,,0,-1,0.003,0.003,\n"
             "1,0,start,,0,-1,0.001,0.001,\n"
             "1,0,recv,0,20,3,0.002,0.003,\n");
    HREL_CHECK(isnan(hrel_test_replay_total(p, &par, end, err, sizeof err)), "unanswered barrier refused");
    HREL_CHECK_HAS(err, "lonely.csv:4: rank 0, row 3 (barrier): the group server never answers",
                   "file, line, rank, row and call named");
    p = hrel_test_write_tmp("nosend.csv", H
             "0,0,start,,0,-1,0,0,\n"
             "0,0,spawn,1,0,-1,0,0.001,\n"
             "0,0,barrier,,0,-1,0.002,0.003,\n"
             "0,0,send,1,20,3,0.002,0.002,barrier\n"
             "0,0,recv,1,4,3,0.002,0.003,barrier\n"
             "0,0,exit,,0,-1,0.003,0.003,\n"
             "1,0,start,,0,-1,0.001,0.001,\n"
             "1,0,recv,0,20,3,0.002,0.003,\n");
    HREL_CHECK(isnan(hrel_test_replay_total(p, &par, end, err, sizeof err)), "receive with no send refused");
    HREL_CHECK_HAS(err, "nosend.csv:6: rank 0 receive inside barrier of tag 3 from rank 1",
                   "file, line, rank and call named");
    /* Gaps shared as the CPU time the trace holds: the three workers' 1 s gaps
     * used 0.5 s of CPU each (they waited for a CPU the rest): on 2 shared
     * cores, 3 x 0.5 s at 2/3 each: 0.75 s. A gap that blocked (read, slept)
     * is its CPU time shared, then the rest off the CPU (a sleep takes no
     * core): 0.75 s, then 0.5 s: 1.25 s (as recorded it would be 1.5 s). */
    memset(&par, 0, sizeof par);
    par.cpu_ratio = 1;
    par.shared_cores = 2;
    p = cpu_trace("cpu.csv", 0);
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.75, 1e-12,
                   "gaps as their CPU time on 2 cores: 0.75 s");
    par.shared_cores = 0;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "without processor sharing the gaps stay as recorded: 1 s");
    par.shared_cores = 2;
    p = cpu_trace("cpublk.csv", 1);
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.25, 1e-12,
                   "gaps that blocked: their CPU time shared, then the sleep: 1.25 s");
    /* The route's buffering (sendbuf 100 bytes, g 1 ms per byte, L 0): rank 0
     * sends 300 bytes at 0 while rank 1 computes 1 s before its receive. The
     * first 100 fit; the rest waits until rank 1 is in a call (1.0), then
     * takes 0.2 s: both end at 1.2. Unlimited: rank 0 is done at 0.3. */
    memset(&par, 0, sizeof par);
    par.g_send = par.g_mcast = 1e-3;
    par.cpu_ratio = 1;
    p = hrel_test_write_tmp("buf.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1,0,-1,0,0\n"
             "0,0,send,1,300,1,0,0\n"
             "0,0,exit,,0,-1,0,0\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,recv,0,300,1,1,1\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12, "unlimited buffers: 1 s");
    HREL_CHECK_ABS(end[0], 0.3, 1e-12, "unlimited buffers: the sender done at 0.3");
    par.sendbuf = 100;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.2, 1e-12,
                   "100-byte buffers: the rest after the receive is posted, 1.2 s");
    HREL_CHECK_ABS(end[0], 1.2, 1e-12, "100-byte buffers: the sender held to 1.2");
    par.sendbuf = 300;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "a message that fits is not held");
    /* two ranks send each other 300 bytes at once, then receive: each is in a
     * call while the other sends, so nothing waits (no deadlock): 0.3 s */
    par.sendbuf = 100;
    p = hrel_test_write_tmp("buf2.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1,0,-1,0,0\n"
             "0,0,send,1,300,1,0,0\n"
             "0,0,recv,1,300,1,0,0\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,send,0,300,1,0,0\n"
             "1,0,recv,0,300,1,0,0\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.3, 1e-12,
                   "two large sends at once: no deadlock, 0.3 s");
    /* a send no receive takes is never held */
    p = hrel_test_write_tmp("buf3.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1,0,-1,0,0\n"
             "0,0,send,1,300,1,0,0\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,exit,,0,-1,1,1\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.0, 1e-12,
                   "a send nobody receives: not held");
    HREL_CHECK_ABS(end[0], 0.3, 1e-12, "... its sender done at 0.3");
    /* with deliveries on one core, beyond the buffers the sender waits until
     * its message is in: rank 2 computes 1 s, so the 0.3 s delivery runs from
     * 1.0 (the receiver waits from 0): sender and receiver at 1.3 */
    par.shared_cores = 1;
    par.deliver = 1;
    p = hrel_test_write_tmp("buf4.csv", HREL_MSGS_HEADER
             "0,0,start,,0,-1,0,0\n"
             "0,0,spawn,1;2,0,-1,0,0\n"
             "0,0,send,1,300,1,0,0\n"
             "0,0,exit,,0,-1,0,0\n"
             "1,0,start,,0,-1,0,0\n"
             "1,0,recv,0,300,1,0,0.1\n"
             "2,0,start,,0,-1,0,0\n"
             "2,0,exit,,0,-1,1,1\n");
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.3, 1e-12,
                   "deliveries beyond the buffers: 1.3 s");
    HREL_CHECK_ABS(end[0], 1.3, 1e-12, "... the sender held until its message is in");
    par.sendbuf = 0;
    HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 1.3, 1e-12,
                   "deliveries, unlimited buffers: the receiver still at 1.3");
    HREL_CHECK_ABS(end[0], 0.3, 1e-12, "... but the sender free at 0.3");
    par.sendbuf = 0;
    par.shared_cores = 0;
    par.deliver = 0;

    /* A task spawned alone: its start-up CPU (its start row's gap_cpu_s, 4 ms)
     * is CPU work on its host's cores. One core; lifecycle: enrol 1 ms, spawn
     * 1 ms, spawn to enrolment 5 ms, exit and end 0. Rank 0 enrols (1 ms),
     * spawns rank 1 (-> 0.002), then computes 10 ms. Rank 1's 4 ms start-up
     * shares the core with it from 0.002: done at 0.010, its enrolment the
     * rest, 5 - 4 = 1 ms -> 0.011; rank 0 has 6 ms left at 0.010 -> 0.016.
     * Without start-up CPU in the trace: rank 1 enrols at 0.002 + 5 ms =
     * 0.007, rank 0 computes alone -> 0.012. With CPU ratio 2: 8 ms and 20 ms,
     * rank 1's start-up done at 0.002 + 16 ms = 0.018, its enrolment 0
     * (5 - 8 < 0); rank 0 has 12 ms left -> 0.030. */
    {
        static const char life2[] = "# platform: local\n"
            "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n"
            "enrol,1,local,5,0.001,0,0,0,0\n"
            "spawn,1,local,5,0.001,0,0,0,0\n"
            "spawn,4,local,5,0.004,0,0,0,0\n"
            "spawn_start,1,local,5,0.005,0,0,0,0\n"
            "exit,1,local,5,0,0,0,0,0\n"
            "end,1,local,5,0,0,0,0,0\n"
            "gs_start,1,local,5,0.010,0,0,0,0\n";
        static const char tr[] = "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,"
            "gap_cpu_s,gap_blocked\n"
            "0,0,start,,0,-1,0,0,,0.001,0\n"
            "0,0,enrol,,0,-1,0,0.001,,0,0\n"
            "0,0,spawn,%s,0,-1,0.001,0.002,,0,0\n"
            "0,0,exit,,0,-1,0.012,0.012,,0.010,0\n"
            "0,0,end,,0,-1,0.012,0.012,,0,0\n"
            "1,0,start,,0,-1,0.003,0.003,,%s,0\n"
            "1,0,enrol,,0,-1,0.003,0.004,,0,0\n"
            "1,0,exit,,0,-1,0.004,0.004,,0,0\n"
            "1,0,end,,0,-1,0.004,0.004,,0,0\n"
            "%s";
        static const char rank2[] = "2,0,start,,0,-1,0.003,0.003,,0.004,0\n"
            "2,0,enrol,,0,-1,0.003,0.004,,0,0\n"
            "2,0,exit,,0,-1,0.004,0.004,,0,0\n"
            "2,0,end,,0,-1,0.004,0.004,,0,0\n";
        hrel_lifecycle l2;
        char buf[2048];
        const char *lp2 = hrel_test_write_tmp("life_startup.csv", life2);
        HREL_CHECK_INT(hrel_lifecycle_read(lp2, "local", &l2, err, sizeof err), 0, err);
        par.lifecycle = &l2;
        par.cores = 1;
        snprintf(buf, sizeof buf, tr, "1", "0.004", "");
        p = hrel_test_write_tmp("startup1.csv", buf);
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.016, 1e-12,
                       "start-up CPU of a task spawned alone, shared with a computing rank");
        HREL_CHECK_ABS(end[1], 0.011, 1e-12, "... the task enrolled at 0.010 + 1 ms");
        par.cpu_ratio = 2.0;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.030, 1e-12,
                       "CPU ratio 2: start-up 8 ms, the computation 20 ms");
        HREL_CHECK_ABS(end[1], 0.018, 1e-12, "... its enrolment no less than 0 (5 - 8 ms)");
        par.cpu_ratio = 1.0;
        snprintf(buf, sizeof buf, tr, "1", "", "");
        p = hrel_test_write_tmp("startup0.csv", buf);
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.012, 1e-12,
                       "no start-up CPU in the trace: the 5 ms a wait");
        HREL_CHECK_ABS(end[1], 0.007, 1e-12, "... the task enrolled at 0.002 + 5 ms");
        par.cores = 0;
        snprintf(buf, sizeof buf, tr, "1", "0.004", "");
        p = hrel_test_write_tmp("startup1.csv", buf);
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.012, 1e-12,
                       "no processor sharing: the start-up not priced as CPU work");
        par.cores = 1;
        snprintf(buf, sizeof buf, tr, "1;2", "0.004", rank2);
        p = hrel_test_write_tmp("startup2.csv", buf);
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.013, 1e-12,
                       "a spawn of two (2 ms): their start-ups stay a wait, rank 0 alone");
        HREL_CHECK_ABS(end[1], 0.008, 1e-12, "... rank 1 enrolled at 0.003 + 5 ms");
        par.cores = 0;
        /* A program started from a shell: its fork to enrolment is the
         * platform's (1 ms), with the program's own start-up CPU (its start
         * row: 1 ms) in place of the measuring program's (start_cpu). No
         * sharing, rank 1 with no start-up CPU: as "startup0" above (0.012)
         * with rank 0's enrolment 1 + 1 - 0.5 = 1.5 ms, so 0.0125 and rank 1
         * enrolled at 0.0075; with CPU ratio 2 the start-up is 2 ms (enrolment
         * 2.5 ms) and the computation 20 ms: 0.0235; a measuring program
         * heavier (3 ms) than the program: the enrolment 1 + 1 - 3 < 0, so 0,
         * and 0.011. */
        {
            char l3[1024];
            snprintf(l3, sizeof l3, "%s%s", life2, "start_cpu,1,local,5,0.0005,0,0,0,0\n");
            lp2 = hrel_test_write_tmp("life_own.csv", l3);
            HREL_CHECK_INT(hrel_lifecycle_read(lp2, "local", &l2, err, sizeof err), 0, err);
            snprintf(buf, sizeof buf, tr, "1", "", "");
            p = hrel_test_write_tmp("startup_own.csv", buf);
            HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.0125, 1e-12,
                           "a program's own start-up CPU: 0.5 ms more than the measuring one's");
            HREL_CHECK_ABS(end[1], 0.0075, 1e-12, "... the spawned task 0.5 ms later too");
            par.cpu_ratio = 2.0;
            HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.0235, 1e-12,
                           "CPU ratio 2: its start-up 2 ms, its enrolment 2.5 ms");
            par.cpu_ratio = 1.0;
            snprintf(l3, sizeof l3, "%s%s", life2, "start_cpu,1,local,5,0.003,0,0,0,0\n");
            lp2 = hrel_test_write_tmp("life_own3.csv", l3);
            HREL_CHECK_INT(hrel_lifecycle_read(lp2, "local", &l2, err, sizeof err), 0, err);
            HREL_CHECK_ABS(hrel_test_replay_total(p, &par, end, err, sizeof err), 0.011, 1e-12,
                           "a lighter program than the measuring one: its enrolment no less "
                           "than 0");
        }
        par.lifecycle = NULL;
    }
    return hrel_test_summary("test_replay_share");
}
