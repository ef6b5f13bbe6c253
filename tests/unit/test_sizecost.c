/* Unit tests of lib/model/sizecost: a message priced at the time its size took
 * in the characterisation (sizes.csv), hand-worked: PP at 2 processors took
 * (medians) 2 ms at 100 bytes and 4 ms at 300 bytes, L = 1 ms, the fitted g 5 us/byte:
 *   m = 50:  1 + (2 - 1) 50/100 = 1.5 ms, less L: 0.5 ms
 *   m = 100: 2 ms - L = 1 ms;  m = 200: 2 + (4 - 2) 100/200 = 3 ms: 2 ms
 *   m = 500: 4 ms + 5 us x 200 = 5 ms: 4 ms (beyond: the fitted slope)
 * and in the replay: rank 0 sends 200 bytes to rank 1, which receives it:
 * the message arrives at tx + L = 3 ms, where the line (g m + L) says 2 ms. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "replay.h"
#include "replay_fixture.h"
#include "sizecost.h"

#define HEAD "# hrel fit: test\n" HREL_SIZECOST_HEADER "\n"
/* a sizes.csv written before its msg_bytes column */
#define HEAD_OLD "# hrel fit: test\npattern,procs,h,n,mean_s,median_s,min_s\n"

int main(void)
{
    hrel_sizecost c;
    char err[512] = "";
    const char *p;
    double b[2] = {300, 100}, s[2] = {4e-3, 2e-3};

    hrel_test_init();
    HREL_CHECK_INT(hrel_sizecost_set(&c, b, s, 2, err, sizeof err), 0, err);
    HREL_CHECK(c.n == 2 && c.bytes[0] == 100 && c.sec[0] == 2e-3, "sorted by size");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 1e-3, 5e-6, 50), 0.5e-3, 1e-15,
                   "below the smallest: from L at 0");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 1e-3, 5e-6, 100), 1e-3, 1e-15,
                   "at a measured size: its time less L");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 1e-3, 5e-6, 200), 2e-3, 1e-15,
                   "between two sizes: interpolated");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 1e-3, 5e-6, 500), 4e-3, 1e-15, "beyond: the fitted slope");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 1e-3, 5e-6, 0), 0, 0, "no bytes: nothing to transfer");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 3e-3, 5e-6, 50), 0, 0, "a time under L: never below 0");

    /* the replay: 200 bytes at the size's time, against the line */
    {
        hrel_replay_param par;
        memset(&par, 0, sizeof par);
        par.g_send = par.g_mcast = 5e-6;
        par.L_send = par.L_mcast = 1e-3;
        par.cpu_ratio = 1;
        p = hrel_test_write_tmp("sz_trace.csv", HREL_MSGS_HEADER
                                "0,0,start,,0,-1,0,0\n"
                                "0,0,spawn,1,0,-1,0,0\n"
                                "0,0,send,1,200,1,0,0\n"
                                "1,0,start,,0,-1,0,0\n"
                                "1,0,recv,0,200,1,0,0.002\n");
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, NULL, err, sizeof err), 2e-3, 1e-12,
                       "on the line: 5 us x 200 + 1 ms = 2 ms");
        par.sizecost = &c;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, NULL, err, sizeof err), 3e-3, 1e-12,
                       "at its size: 2 ms + 1 ms = 3 ms");
        par.sizecost_speed = 2;
        HREL_CHECK_ABS(hrel_test_replay_total(p, &par, NULL, err, sizeof err), 2e-3, 1e-12,
                       "twice the bandwidth (what-if): 1 ms + 1 ms");
    }
    hrel_sizecost_free(&c);
    HREL_CHECK(c.n == 0 && c.bytes == NULL, "freed");

    b[0] = b[1] = 100;
    HREL_CHECK(hrel_sizecost_set(&c, b, s, 2, err, sizeof err) != 0, "one size twice refused");
    HREL_CHECK_HAS(err, "twice", err);
    HREL_CHECK(hrel_sizecost_set(&c, b, s, 1, err, sizeof err) != 0, "one size refused");
    b[0] = 0;
    HREL_CHECK(hrel_sizecost_set(&c, b, s, 2, err, sizeof err) != 0, "0 bytes refused");

    /* sizes.csv: PP,2 among other rows, unsorted */
    p = hrel_test_write_tmp("sizes.csv", HEAD
                            "E,2,100,10,1.0e-03,1.0e-03,1.0e-03,50\n"
                            "PP,2,300,10,9.0e-03,4.0e-03,3.0e-03,300\n"
                            "PP,4,100,10,9.0e-03,9.0e-03,9.0e-03,100\n"
                            "E,2,400,10,3.0e-03,3.0e-03,3.0e-03,200\n"
                            "PP,2,100,30,2.5e-03,2.0e-03,1.0e-03,100\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 2, &c, err, sizeof err), 0, err);
    HREL_CHECK(c.n == 2 && c.bytes[0] == 100 && c.sec[1] == 4e-3, "PP,2's two sizes, sorted, their medians");
    HREL_CHECK_ABS(hrel_sizecost_tx(&c, 1e-3, 5e-6, 200), 2e-3, 1e-15, "read: priced as set");
    hrel_sizecost_free(&c);
    /* E at 2: each rank sends h / 2 (formula 4's sum), the size msg_bytes gives */
    HREL_CHECK_INT(hrel_sizecost_read(p, "E", 2, &c, err, sizeof err), 0, err);
    HREL_CHECK(c.n == 2 && c.bytes[0] == 50 && c.bytes[1] == 200 && c.sec[1] == 3e-3,
               "E,2 by its messages' size (50 and 200 bytes), not h");
    hrel_sizecost_free(&c);
    /* an older file: no msg_bytes; E's messages at h / 2, PP's at h */
    p = hrel_test_write_tmp("sizes_old.csv", HEAD_OLD
                            "E,2,100,10,1.0e-03,1.0e-03,1.0e-03\n"
                            "E,2,400,10,3.0e-03,3.0e-03,3.0e-03\n"
                            "PP,2,300,10,9.0e-03,4.0e-03,3.0e-03\n"
                            "PP,2,100,30,2.5e-03,2.0e-03,1.0e-03\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "E", 2, &c, err, sizeof err), 0, err);
    HREL_CHECK(c.n == 2 && c.bytes[0] == 50 && c.bytes[1] == 200, "older file: E,2 at h / 2");
    hrel_sizecost_free(&c);
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 2, &c, err, sizeof err), 0, err);
    HREL_CHECK(c.n == 2 && c.bytes[0] == 100 && c.bytes[1] == 300, "older file: PP,2 at h");
    hrel_sizecost_free(&c);
    p = hrel_test_write_tmp("sizes_m0.csv", HEAD "E,2,100,10,1e-3,1e-3,1e-3,0\nE,2,400,10,3e-3,3e-3,3e-3,200\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "E", 2, &c, err, sizeof err), -1, "msg_bytes 0 refused");
    HREL_CHECK_HAS(err, "sizes_m0.csv:3: msg_bytes", err);
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 8, &c, err, sizeof err), 1, "no PP,8: not used (1)");
    HREL_CHECK_HAS(err, "0 sizes of PP at 8", err);
    p = hrel_test_write_tmp("sizes_bad.csv", HEAD_OLD "PP,2,100,30,2e-3,2e-3,2e-3\nPP,2,300,x,4e-3,4e-3,4e-3\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 2, &c, err, sizeof err), -1,
                   "a count not a number refused");
    HREL_CHECK_HAS(err, "sizes_bad.csv", err);
    p = hrel_test_write_tmp("sizes_neg.csv", HEAD_OLD "PP,2,100,30,2e-3,2e-3,2e-3\nPP,2,300,10,4e-3,-4e-3,4e-3\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 2, &c, err, sizeof err), -1,
                   "a negative time refused");
    HREL_CHECK_HAS(err, "sizes_neg.csv:4:", err);
    p = hrel_test_write_tmp("sizes_dup.csv", HEAD_OLD "PP,2,100,30,2e-3,2e-3,2e-3\nPP,2,100,10,4e-3,4e-3,4e-3\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 2, &c, err, sizeof err), -1, "a size twice refused");
    p = hrel_test_write_tmp("sizes_cols.csv", "pattern,procs,h,n,mean_s\nPP,2,100,3,0.1\n");
    HREL_CHECK_INT(hrel_sizecost_read(p, "PP", 2, &c, err, sizeof err), -1, "missing columns refused");
    HREL_CHECK_HAS(err, "column 'median_s'", err);
    return hrel_test_summary("test_sizecost");
}
