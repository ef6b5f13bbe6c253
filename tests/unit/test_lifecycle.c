/* Unit tests of lib/model/lifecycle: lifecycle.csv read, its fall-backs, the
 * spawn of k tasks (k 1 and 4, or every k measured), and the bad files
 * (missing, malformed, another platform, too many k). */
#include <math.h>
#include <stdio.h>

#include "hrel_test.h"
#include "lifecycle.h"

#define LC_HEAD "# platform: local\n# host: h\n# date: 2026-11-25T18:00:00Z\n" \
                "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n"

/* the required rows, and a remote spawn of 1 (20 ms) and 4 (80 ms) */
#define LC_REMOTE "enrol,1,local,5,0.010,0,0,0,0\n" "spawn,1,local,5,0.002,0,0,0,0\n" \
    "spawn,1,remote,5,0.020,0,0,0,0\n" "spawn,4,remote,5,0.080,0,0,0,0\n"          \
    "spawn_start,1,local,5,0.003,0,0,0,0\n" "exit,1,local,5,0.0005,0,0,0,0\n"       \
    "end,1,local,5,0.001,0,0,0,0\n"

int main(void)
{
    hrel_lifecycle l;
    char err[512] = "";
    const char *p;

    hrel_test_init();
    p = hrel_test_write_tmp("lc.csv", LC_HEAD
             "enrol,1,local,5,0.010,0.009,0.011,0.008,0.012\n"
             "spawn,1,local,5,0.002,0,0,0,0\n"
             "spawn,4,local,5,0.005,0,0,0,0\n"
             "spawn,1,remote,5,0.020,0,0,0,0\n"
             "spawn_start,1,local,5,0.003,0,0,0,0\n"
             "spawn_start,1,remote,5,0.030,0,0,0,0\n"
             "spawn_start,4,local,5,0.006,0,0,0,0\n"
             "exit,1,local,5,0.0005,0,0,0,0\n"
             "end,1,local,5,0.001,0,0,0,0\n"
             "gs_start,1,local,5,0.050,0,0,0,0\n"
             "joingroup,1,local,5,0.00003,0,0,0,0\n"
             "start_cpu,1,local,5,0.0012,0,0,0,0\n"
             "spawn_cpu,1,local,5,0.0031,0,0,0,0\n");
    HREL_CHECK_INT(hrel_lifecycle_read(p, "local", &l, err, sizeof err), 0, err);
    HREL_CHECK_ABS(l.enrol, 0.010, 1e-15, "enrol median");
    HREL_CHECK_ABS(l.start_cpu, 0.0012, 1e-15, "start_cpu: the measuring program's start-up CPU");
    HREL_CHECK_ABS(l.spawn_cpu, 0.0031, 1e-15, "spawn_cpu: a spawned one's");
    HREL_CHECK_ABS(l.spawn_start[1], 0.030, 1e-15, "remote spawn_start");
    HREL_CHECK_ABS(l.gs_start, 0.050, 1e-15, "gs_start");
    /* spawn of k tasks: linear through 1 (2 ms) and 4 (5 ms): 1 ms per task more */
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 1, 0), 0.002, 1e-15, "spawn of 1");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 3, 0), 0.004, 1e-15, "spawn of 3: 2 + 2 x 1 ms");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 2, 1), 0.040, 1e-15,
                   "remote spawn of 2, only one task measured: 2 x 20 ms");
    /* the tasks of one spawn enrol one after the other: 3 ms, then + 1 ms each
       (the 4th of 4 at 6 ms); remotely only one measured: all at 30 ms */
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 0, 4, 0), 0.003, 1e-15, "first task 3 ms");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 1, 4, 0), 0.004, 1e-15, "second task 4 ms");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 3, 4, 0), 0.006, 1e-15, "fourth task 6 ms");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 2, 4, 1), 0.030, 1e-15, "remote: 30 ms");
    /* a spawn of 2 from the same file (only k 1 and 4 measured): its second
       task on the same line, 4 ms; no spawn_first rows: the first at k 1's */
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 1, 2, 0), 0.004, 1e-15,
                   "spawn of 2, its second task: on the line through k 1 and 4");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 0, 2, 0), 0.003, 1e-15,
                   "spawn of 2, its first task: k 1's, no spawn_first row");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 6, 0), 0.007, 1e-15,
                   "spawn of 6: beyond 4 on the line through k 1 and 4");
    HREL_CHECK_INT(hrel_lifecycle_read(p, NULL, &l, err, sizeof err), 0, "any platform");

    /* every k from 1 to 4 measured (ms): spawn 0.2, 2.8, 3.4, 4.8; the last
     * task's start 2.9, 0.6, 2.8, 2.5; the first's (spawn_first) at 2 and 4:
     * 0.3 and 0.1 */
    p = hrel_test_write_tmp("lck.csv", LC_HEAD
             "enrol,1,local,5,0.010,0,0,0,0\n"
             "spawn,1,local,5,0.0002,0,0,0,0\n"
             "spawn,4,local,5,0.0048,0,0,0,0\n"
             "spawn,2,local,5,0.0028,0,0,0,0\n"
             "spawn,3,local,5,0.0034,0,0,0,0\n"
             "spawn_start,1,local,5,0.0029,0,0,0,0\n"
             "spawn_start,2,local,5,0.0006,0,0,0,0\n"
             "spawn_start,3,local,5,0.0028,0,0,0,0\n"
             "spawn_start,4,local,5,0.0025,0,0,0,0\n"
             "spawn_first,2,local,5,0.0003,0,0,0,0\n"
             "spawn_first,4,local,5,0.0001,0,0,0,0\n"
             "exit,1,local,5,0.0005,0,0,0,0\n"
             "end,1,local,5,0.001,0,0,0,0\n");
    HREL_CHECK_INT(hrel_lifecycle_read(p, "local", &l, err, sizeof err), 0, err);
    {   /* I < 0: the spawn of K tasks; else the I-th child's start after its return */
        static const struct { int i, k; double want; const char *what; } c[] = {
            {-1, 2, 0.0028, "spawn of 2: measured"},
            {-1, 3, 0.0034, "spawn of 3: measured (the line through 1 and 4 says 3.4 too; 2's, 2.8)"},
            {-1, 6, 0.0068, "spawn of 6: beyond 4 on the line through 2 and 4 (1 ms a task)"},
            {0, 2, 0.0003, "spawn of 2: its first task 0.3 ms after the return"},
            {1, 2, 0.0006, "spawn of 2: its last 0.6 ms"},
            {1, 3, 0.0015, "spawn of 3: first 0.2 (between 2 and 4), last 2.8, the middle one 1.5 ms"},
            {5, 6, 0.0044, "spawn of 6: the last beyond 4, on the line through 2 and 4: 2.5 + 2 x 0.95"},
            {0, 6, 0.0, "spawn of 6: the first on its line (-0.1 ms) clipped at 0"},
            {0, 1, 0.0029, "spawn of 1: spawn_start of k 1"}};
        size_t j;
        for (j = 0; j < sizeof c / sizeof c[0]; j++)
            HREL_CHECK_ABS(c[j].i < 0 ? hrel_lifecycle_spawn(&l, c[j].k, 0)
                                      : hrel_lifecycle_spawn_start(&l, c[j].i, c[j].k, 0),
                           c[j].want, 1e-12, c[j].what);
    }
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 3, 1), 0.0034, 1e-15,
                   "no remote rows: a remote spawn of 3 is the local one");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 0, 2, 1), 0.0003, 1e-15,
                   "no remote rows: the first of a remote spawn of 2 is the local one");
    /* the replay's default: two points, as before the spawn of every k (the
       line through k 1 and 4; every child from k 1's spawn_start 2.9 ms) */
    hrel_lifecycle_two_points(&l);
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 2, 0), 0.0002 + 0.0046 / 3, 1e-12,
                   "two points: spawn of 2 on the line through 1 and 4 (1.73 ms, not 2.8)");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 4, 0), 0.0048, 1e-15, "two points: spawn of 4 kept");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 0, 3, 0), 0.0029, 1e-15,
                   "two points: the first of 3 at k 1's spawn_start (no spawn_first)");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 2, 3, 0), 0.0029 - 2 * 0.0004 / 3, 1e-12,
                   "two points: the third of 3 on the line through k 1's and k 4's spawn_start");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 3, 1), 0.0002 + 2 * 0.0046 / 3, 1e-12,
                   "two points: the remote copy reduced too");
    {   /* more than HREL_LIFECYCLE_NPT values of k: refused, the line named */
        char big[4096];
        int n = snprintf(big, sizeof big, "%s", LC_HEAD "enrol,1,local,5,0.010,0,0,0,0\n"
                         "spawn,1,local,5,0.0002,0,0,0,0\n"
                         "spawn_start,1,local,5,0.0029,0,0,0,0\n"
                         "exit,1,local,5,0.0005,0,0,0,0\n" "end,1,local,5,0.001,0,0,0,0\n"), kk;
        for (kk = 2; kk <= HREL_LIFECYCLE_NPT + 2; kk++)
            n += snprintf(big + n, sizeof big - (size_t)n, "spawn,%d,local,5,0.001,0,0,0,0\n", kk);
        p = hrel_test_write_tmp("lcbig.csv", big);
        HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0,
                   "17 values of k for spawn,local: refused");
        HREL_CHECK_HAS(err, "lcbig.csv:26: more than 16 values of k for spawn,local",
                       "the row and the event named");
    }

    /* spread (PVM's placement over the hosts): only k > 1 measured; one task
     * is a remote one (spawn 20 ms, start 30 ms); spread spawn of 4 at 26 ms:
     * 2 ms per task more; the 4th child at 36 ms, so the 3rd at 34 ms */
    p = hrel_test_write_tmp("lcs.csv", LC_HEAD LC_REMOTE
             "spawn_start,1,remote,5,0.030,0,0,0,0\n"
             "spawn,4,spread,5,0.026,0,0,0,0\n"
             "spawn_start,4,spread,5,0.036,0,0,0,0\n");
    HREL_CHECK_INT(hrel_lifecycle_read(p, "local", &l, err, sizeof err), 0, err);
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 1, 2), 0.020, 1e-15, "spread, one task: a remote one");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 3, 2), 0.024, 1e-15, "spread spawn of 3: 20 + 2 x 2 ms");
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 3, 1), 0.060, 1e-15, "one remote host, 3: 20 + 2 x 20");
    HREL_CHECK_ABS(hrel_lifecycle_spawn_start(&l, 2, 4, 2), 0.034, 1e-15, "spread: the 3rd at 34 ms");
    /* no spread rows: the remote ones */
    p = hrel_test_write_tmp("lcs2.csv", LC_HEAD LC_REMOTE);
    HREL_CHECK_INT(hrel_lifecycle_read(p, "local", &l, err, sizeof err), 0, err);
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 3, 2), 0.060, 1e-15, "no spread rows: the remote ones");

    /* fall-backs: no remote rows, no gs_start */
    p = hrel_test_write_tmp("lc2.csv", LC_HEAD
             "enrol,1,local,5,0.010,0,0,0,0\n"
             "spawn,1,local,5,0.002,0,0,0,0\n"
             "spawn_start,1,local,5,0.003,0,0,0,0\n"
             "exit,1,local,5,0.0005,0,0,0,0\n"
             "end,1,local,5,0.001,0,0,0,0\n");
    HREL_CHECK_INT(hrel_lifecycle_read(p, "local", &l, err, sizeof err), 0, err);
    HREL_CHECK_ABS(hrel_lifecycle_spawn(&l, 1, 1), 0.002, 1e-15, "no remote host: local");
    HREL_CHECK_ABS(l.spawn_start[1], 0.003, 1e-15, "no remote spawn_start: local");
    HREL_CHECK_ABS(l.gs_start, 0.005, 1e-15, "no gs_start: a spawn and its start");
    HREL_CHECK(isnan(l.start_cpu) && isnan(l.spawn_cpu),
               "no start_cpu or spawn_cpu rows (an older file): not known (NAN)");

    /* bad files: one line each naming the file */
    HREL_CHECK(hrel_lifecycle_read("/nonexistent/lifecycle.csv", NULL, &l, err, sizeof err) != 0,
               "missing file refused");
    HREL_CHECK_HAS(err, "/nonexistent/lifecycle.csv", "missing file named");
    HREL_CHECK(hrel_lifecycle_read(p, "lan-utp", &l, err, sizeof err) != 0,
               "another platform refused");
    HREL_CHECK_HAS(err, "lc2.csv: lifecycle of platform 'local', not of 'lan-utp'",
                   "both platforms named");
    p = hrel_test_write_tmp("lc3.csv", "event,k,where,reps,median_s\nenrol,1,local,5,0.01\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "no platform refused");
    HREL_CHECK_HAS(err, "lc3.csv: no '# platform:' line", "no platform named");
    p = hrel_test_write_tmp("lc4.csv", LC_HEAD "enrol,1,local,5,fast,0,0,0,0\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "bad number refused");
    HREL_CHECK_HAS(err, "lc4.csv:5", "bad number's line named");
    p = hrel_test_write_tmp("lc5.csv", LC_HEAD "enrol,1,local,5,0.01,0,0,0,0\n"
                                       "boot,1,local,5,0.01,0,0,0,0\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "unknown event refused");
    HREL_CHECK_HAS(err, "lc5.csv:6: unknown event 'boot'", "unknown event named");
    p = hrel_test_write_tmp("lc6.csv", LC_HEAD "enrol,1,local,5,0.01,0,0,0,0\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "missing rows refused");
    HREL_CHECK_HAS(err, "lc6.csv: no 'spawn' row of k 1, local", "missing row named");
    p = hrel_test_write_tmp("lc7.csv", LC_HEAD "enrol,1,moon,5,0.01,0,0,0,0\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "bad where refused");
    HREL_CHECK_HAS(err, "lc7.csv:5: column where: 'moon'", "bad where named");
    p = hrel_test_write_tmp("lc8.csv", LC_HEAD "enrol,1,local,5,-0.01,0,0,0,0\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "negative refused");
    p = hrel_test_write_tmp("lc9.csv", "# platform: local\nevent,k\nenrol,1\n");
    HREL_CHECK(hrel_lifecycle_read(p, NULL, &l, err, sizeof err) != 0, "missing column refused");
    HREL_CHECK_HAS(err, "where", "missing column named");
    return hrel_test_summary("test_lifecycle");
}
