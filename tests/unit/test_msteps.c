/* Unit tests of lib/io/msteps: M-steps inferred from hand-made message-level
 * traces (msgs.csv): a ping-pong gives two steps with w from the gaps; a
 * reduce then multicast gives AO then OA; an irregular trace (one pair's
 * messages received out of order across a step) is refused with a message
 * naming rank and event, and accepted with a tag class that leaves the odd
 * message out. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "msgs_fixture.h"
#include "msgtrace.h"
#include "msteps.h"

#define H HREL_MSGS_HEADER

static hrel_msgtrace *load(const char *name, const char *text)
{
    hrel_msgtrace *t = NULL;
    char err[512] = "";
    const char *p = hrel_test_write_tmp(name, text);
    HREL_CHECK_INT(hrel_msgtrace_load(p, &t, err, sizeof err), 0, err);
    return t;
}

/* T's M-steps under OPT are inferred (WHAT) and are NSTEP. */
static void infer_nstep(const hrel_msgtrace *t, const hrel_msteps_opt *opt, int nstep,
                        const char *what)
{
    hrel_trace *tr = NULL;
    char err[512] = "";
    HREL_CHECK_INT(hrel_msteps_infer(t, opt, &tr, NULL, err, sizeof err), 0, what);
    HREL_CHECK_INT(tr ? tr->nstep : -1, nstep, what);
    hrel_trace_free(tr);
}

int main(void)
{
    hrel_msgtrace *t;
    hrel_trace *tr = NULL;
    hrel_msteps_opt opt = {0, -1, NULL, 0};
    char err[512] = "";
    int *step = NULL;

    hrel_test_init();

    /* rank 0 sends 1000 B at 0.011 and waits for the answer; rank 1 computes
     * 20 ms after receiving and answers. */
    t = load("pp.csv", HREL_MSGS_PINGPONG);
    if (t) {
        HREL_CHECK_INT(hrel_msteps_infer(t, &opt, &tr, &step, err, sizeof err), 0, err);
        if (tr) {
            HREL_CHECK_INT(tr->nstep, 2, "two steps");
            HREL_CHECK_INT(step[2], 1, "send in step 1");
            HREL_CHECK_INT(step[3], 2, "answer received in step 2");
            HREL_CHECK_ABS(hrel_trace_at(tr, 1, 0)->w_s, 0.011, 1e-12, "w = gap start->send");
            HREL_CHECK_ABS(hrel_trace_at(tr, 1, 0)->out_bytes, 1000, 0, "out bytes");
            HREL_CHECK_ABS(hrel_trace_at(tr, 1, 1)->w_s, 0.001, 1e-12, "w of rank 1 step 1");
            HREL_CHECK_ABS(hrel_trace_at(tr, 1, 1)->in_bytes, 1000, 0, "in bytes");
            HREL_CHECK_INT(hrel_trace_at(tr, 1, 1)->npartners, 1, "one partner");
            HREL_CHECK_INT(hrel_trace_at(tr, 1, 1)->partners[0], 0, "partner rank 0");
            HREL_CHECK_ABS(hrel_trace_at(tr, 2, 1)->w_s, 0.020, 1e-12, "w = 20 ms gap");
            HREL_CHECK_ABS(hrel_trace_at(tr, 2, 0)->w_s, 0.010, 1e-12, "tail counts on last step");
            HREL_CHECK_ABS(hrel_trace_at(tr, 2, 0)->t_end, 0.05, 1e-12, "t_end = end of last call");
        }
        hrel_trace_free(tr);
        free(step);
        tr = NULL;
        step = NULL;
        hrel_msgtrace_free(t);
    }

    /* 3 ranks: 1 and 2 send to 0 (reduce), 0 multicasts the result */
    t = load("red.csv", H
             "0,1,start,,0,-1,0,0\n"
             "0,1,spawn,1;2,0,-1,0,0.001\n"
             "0,1,recv,1,8,3,0.01,0.02\n"
             "0,1,recv,2,8,3,0.02,0.021\n"
             "0,1,mcast,1;2,8,4,0.022,0.023\n"
             "0,1,exit,,0,-1,0.03,0.03\n"
             "1,1,start,,0,-1,0.002,0.002\n"
             "1,1,send,0,8,3,0.015,0.0151\n"
             "1,1,recv,0,8,4,0.016,0.024\n"
             "1,1,exit,,0,-1,0.03,0.03\n"
             "2,1,start,,0,-1,0.002,0.002\n"
             "2,1,send,0,8,3,0.016,0.0161\n"
             "2,1,recv,0,8,4,0.017,0.024\n"
             "2,1,exit,,0,-1,0.03,0.03\n");
    if (t) {
        HREL_CHECK_INT(hrel_msteps_infer(t, &opt, &tr, NULL, err, sizeof err), 0, err);
        if (tr) {
            HREL_CHECK_INT(tr->nstep, 2, "reduce + multicast: two steps");
            HREL_CHECK(strcmp(hrel_trace_at(tr, 1, 0)->pattern, "AO") == 0, "step 1 is AO");
            HREL_CHECK(strcmp(hrel_trace_at(tr, 2, 2)->pattern, "OA") == 0, "step 2 is OA");
            HREL_CHECK_ABS(hrel_trace_at(tr, 2, 0)->out_bytes, 16, 0, "mcast bytes x 2");
            HREL_CHECK_INT(hrel_trace_at(tr, 1, 0)->npartners, 2, "rank 0 hears from 2");
        }
        hrel_trace_free(tr);
        tr = NULL;
        hrel_msgtrace_free(t);
    }

    /* irregular: rank 1 receives tag 2 before tag 1, though rank 0 sent tag 1
     * in an earlier step (before turning from receiving tag 3 to sending) */
    t = load("irr.csv", H
             "0,1,start,,0,-1,0,0\n"
             "0,1,spawn,1,0,-1,0,0.001\n"
             "0,1,send,1,8,1,0.01,0.011\n"
             "0,1,recv,1,8,3,0.012,0.02\n"
             "0,1,send,1,8,2,0.03,0.031\n"
             "0,1,exit,,0,-1,0.06,0.06\n"
             "1,1,start,,0,-1,0.002,0.002\n"
             "1,1,send,0,8,3,0.01,0.011\n"
             "1,1,recv,0,8,2,0.02,0.04\n"
             "1,1,recv,0,8,1,0.045,0.05\n"
             "1,1,exit,,0,-1,0.06,0.06\n");
    if (t) {
        int tags[] = {2, 3};
        HREL_CHECK(hrel_msteps_infer(t, &opt, &tr, NULL, err, sizeof err) != 0,
                   "irregular trace refused");
        HREL_CHECK(tr == NULL, "no trace on failure");
        HREL_CHECK_HAS(err, "cannot align M-steps", "says why");
        HREL_CHECK_HAS(err, "irr.csv:", "names the file and line");
        HREL_CHECK_HAS(err, "rank ", "names the rank");
        HREL_CHECK_HAS(err, "--tags", "suggests a helper");
        opt.tags = tags;
        opt.ntags = 2;
        infer_nstep(t, &opt, 2, "accepted with tag class 2,3: two steps");
        /* marker rule: one step per marker only */
        opt.tags = NULL;
        opt.ntags = 0;
        HREL_CHECK_INT(hrel_msteps_parse_rule("marker", &opt, err, sizeof err), 0, "rule marker");
        HREL_CHECK(hrel_msteps_parse_rule("bogus", &opt, err, sizeof err) != 0, "bad rule");
        HREL_CHECK_HAS(err, "bogus", "bad rule named");
        opt.marker_tag = 99;
        infer_nstep(t, &opt, 1, "marker rule without markers: one step");
        hrel_msgtrace_free(t);
    }
    return hrel_test_summary("test_msteps");
}
