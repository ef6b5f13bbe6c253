/* Unit tests of lib/model/pvmdcpu: the pvmds' CPU per message and per
 * datagram (hrel_pvmdcpu's pvmd_cpu.csv), on hand-made files whose lines are
 * known: local y = 20 us + 5 us x fragments; remote y = 10 us + 30 us x
 * datagrams per message (y a pvmd's CPU over the block / 2 round trips). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hrel_test.h"
#include "pvmdcpu.h"

#define HEAD HREL_PVMDCPU_HEADER "\n"

int main(void)
{
    hrel_pvmdcpu pc;
    hrel_pvmdcpu_line l;
    char err[512] = "";
    const char *p;
    double x[3] = {1, 2, 4}, y[3] = {3, 5, 9};

    hrel_test_init();
    HREL_CHECK_INT((int)hrel_pvmdcpu_packets(0), 1, "an empty message: one packet");
    HREL_CHECK_INT((int)hrel_pvmdcpu_packets(4032), 1, "4032 bytes: one packet");
    HREL_CHECK_INT((int)hrel_pvmdcpu_packets(4033), 2, "4033 bytes: two");
    HREL_CHECK_INT((int)hrel_pvmdcpu_packets(64512), 16, "64512 bytes: 16");
    {
        double px, py;
        hrel_pvmdcpu_point(0, 4, 100, 999, 0.02, &px, &py);
        HREL_CHECK(px == 4 && fabs(py - 1e-4) < 1e-15, "local: x the fragments, y CPU / 200");
        hrel_pvmdcpu_point(1, 4, 100, 1600, 0.02, &px, &py);
        HREL_CHECK_ABS(px, 8, 1e-12, "remote x: datagrams / 2 round trips");
        hrel_pvmdcpu_point(1, 4, 100, -1, 0.02, &px, &py);
        HREL_CHECK_ABS(px, 8, 1e-12, "remote x unknown: 2 per packet");
    }

    HREL_CHECK_INT(hrel_pvmdcpu_fit(x, y, 3, &l, err, sizeof err), 0, err);
    HREL_CHECK_ABS(l.msg_s, 1, 1e-12, "y = 1 + 2x: intercept");
    HREL_CHECK_ABS(l.unit_s, 2, 1e-12, "y = 1 + 2x: slope");
    HREL_CHECK_ABS(l.unit_se, 0, 1e-9, "an exact line: no error");
    HREL_CHECK_INT((int)l.n, 3, "3 points");
    HREL_CHECK(hrel_pvmdcpu_fit(x, y, 1, &l, err, sizeof err) != 0, "one point refused");
    x[1] = x[2] = 1;
    HREL_CHECK(hrel_pvmdcpu_fit(x, y, 3, &l, err, sizeof err) != 0, "one x refused");
    HREL_CHECK_HAS(err, "two sizes", "the refusal says why");
    x[1] = NAN;
    HREL_CHECK(hrel_pvmdcpu_fit(x, y, 3, &l, err, sizeof err) != 0, "a NaN refused");

    /* local: 100 round trips = 200 messages; 1 fragment: 200 x 25 us = 5 ms,
     * 16: 200 x 100 us = 20 ms. remote: 100 round trips, 400 datagrams per
     * host (x 2): 200 x 70 us = 14 ms; 1600 (x 8): 200 x 250 us = 50 ms; and
     * a row without datagram counts (-1: x = 2 x 4 packets = 8): 50 ms */
    p = hrel_test_write_tmp("pc.csv",
                            "# hrel_pvmdcpu: test\n" HEAD
                            "local,0,8,1,100,0.01,0.005,,0,\n"
                            "local,0,64512,16,100,0.05,0.020,,0,\n"
                            "remote,0,8,1,100,0.02,0.014,0.014,400,400\n"
                            "remote,0,16128,4,100,0.09,0.050,0.050,1600,1600\n"
                            "remote,1,16128,4,100,0.09,0.050,0.050,-1,-1\n");
    HREL_CHECK_INT(hrel_pvmdcpu_read(p, &pc, err, sizeof err), 0, err);
    HREL_CHECK_ABS(pc.local.msg_s, 20e-6, 1e-12, "local: 20 us per message");
    HREL_CHECK_ABS(pc.local.unit_s, 5e-6, 1e-12, "local: 5 us per fragment");
    HREL_CHECK_INT((int)pc.local.n, 2, "local: one point per row");
    HREL_CHECK_ABS(pc.remote.msg_s, 10e-6, 1e-12, "remote: 10 us per message");
    HREL_CHECK_ABS(pc.remote.unit_s, 30e-6, 1e-12, "remote: 30 us per datagram");
    HREL_CHECK_INT((int)pc.remote.n, 6, "remote: a point per row and pvmd");

    p = hrel_test_write_tmp("pc1.csv", HEAD "local,0,8,1,100,0.01,0.005,,0,\n"
                                           "local,0,64512,16,100,0.05,0.020,,0,\n");
    HREL_CHECK_INT(hrel_pvmdcpu_read(p, &pc, err, sizeof err), 0, err);
    HREL_CHECK_INT((int)pc.remote.n, 0, "one host: no remote line");

    p = hrel_test_write_tmp("pcb1.csv", HEAD "here,0,8,1,100,0.01,0.005,,0,\n");
    HREL_CHECK(hrel_pvmdcpu_read(p, &pc, err, sizeof err) != 0, "a bad where refused");
    HREL_CHECK_HAS(err, "pcb1.csv:2: where 'here' is neither local nor remote", err);
    p = hrel_test_write_tmp("pcb2.csv", HEAD "local,0,8,1,100,0.01,-0.005,,0,\n");
    HREL_CHECK(hrel_pvmdcpu_read(p, &pc, err, sizeof err) != 0, "a negative CPU time refused");
    HREL_CHECK_HAS(err, "pcb2.csv:2: a negative CPU time", err);
    p = hrel_test_write_tmp("pcb3.csv", HEAD "remote,0,8,1,100,0.01,0.005,x,4,4\n");
    HREL_CHECK(hrel_pvmdcpu_read(p, &pc, err, sizeof err) != 0, "a CPU time not a number refused");
    HREL_CHECK_HAS(err, "pvmd_b_s", err);
    p = hrel_test_write_tmp("pcb4.csv", "where,bytes,packets\nlocal,8,1\n");
    HREL_CHECK(hrel_pvmdcpu_read(p, &pc, err, sizeof err) != 0, "missing columns refused");
    HREL_CHECK_HAS(err, "roundtrips", err);
    p = hrel_test_write_tmp("pcb5.csv", HEAD "local,0,8,1,0,0.01,0.005,,0,\n");
    HREL_CHECK(hrel_pvmdcpu_read(p, &pc, err, sizeof err) != 0, "0 round trips refused");
    HREL_CHECK_HAS(err, "out of range", err);
    p = hrel_test_write_tmp("pcb6.csv", HEAD "local,0,8,1,100,0.01,0.005,,0,\n"
                                            "local,1,8,1,100,0.01,0.006,,0,\n");
    HREL_CHECK(hrel_pvmdcpu_read(p, &pc, err, sizeof err) != 0, "one size refused");
    HREL_CHECK_HAS(err, "the local rows", err);
    return hrel_test_summary("test_pvmdcpu");
}
