/* Unit tests of lib/trace: a good trace, and every kind of bad trace gives one
 * "FILE:LINE: ..." error. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "trace.h"

#define HDR "rank,step,w_seconds,in_bytes,out_bytes,partners,t_end\n"

/* Load TEXT as a trace that must fail; check the message has WANT. */
static void bad(const char *name, const char *text, const char *want, const char *what)
{
    hrel_trace *t = NULL;
    char err[512] = "";
    const char *p = hrel_test_write_tmp(name, text);
    HREL_CHECK_REFUSED(hrel_trace_load(p, &t, err, sizeof err), t, err, want, what);
}

int main(void)
{
    hrel_trace *t = NULL;
    hrel_trace_row *r;
    char err[512] = "";
    const char *p;
    int ps[3] = {2, 1, 2};

    hrel_test_init();

    /* a good trace with rows out of order, a pattern column and an unmeasured t_end */
    p = hrel_test_write_tmp("trace_ok.csv", "# platform: test\n"
                  "rank,step,w_seconds,in_bytes,out_bytes,partners,t_end,pattern\n"
                  "1,2,0.5,8,8,0,,E\n"
                  "0,1,1.5,0,16,,1.75,\n"
                  "1,1,0.25,16,0,0,2.0,PP\n"
                  "0,2,0.5,8,8,1;1,3.0,E\n");
    HREL_CHECK_INT(hrel_trace_load(p, &t, err, sizeof err), 0, "good trace loads");
    if (t) {
        HREL_CHECK_INT(t->nproc, 2, "two ranks");
        HREL_CHECK_INT(t->nstep, 2, "two steps");
        HREL_CHECK(t->has_pattern, "pattern column seen");
        r = hrel_trace_at(t, 1, 0);
        HREL_CHECK_REL(r->w_s, 1.5, 1e-12, "w of rank 0 step 1");
        HREL_CHECK_REL(r->out_bytes, 16, 1e-12, "out bytes");
        HREL_CHECK_INT(r->npartners, 0, "empty partner list");
        HREL_CHECK_INT(r->line, 4, "line number kept");
        r = hrel_trace_at(t, 2, 0);
        HREL_CHECK_INT(r->npartners, 1, "duplicate partner dropped");
        HREL_CHECK_HAS(r->pattern, "E", "pattern read");
        r = hrel_trace_at(t, 2, 1);
        HREL_CHECK(isnan(r->t_end), "empty t_end is NAN");
        HREL_CHECK_REL(hrel_trace_step_end(t, 1), 2.0, 1e-12, "step end is the max t_end");
        HREL_CHECK(isnan(hrel_trace_step_end(t, 2)), "step end NAN when one is missing");
        HREL_CHECK(hrel_trace_at(t, 3, 0) == NULL, "step out of range");
        HREL_CHECK(hrel_trace_at(t, 1, 2) == NULL, "rank out of range");
    }
    hrel_trace_free(t);
    t = NULL;

    /* the shipped example */
    HREL_CHECK_INT(hrel_trace_load("tests/data/trace_fig1.csv", &t, err, sizeof err), 0,
                   "tests/data/trace_fig1.csv loads");
    if (t) {
        HREL_CHECK_INT(t->nproc * 10 + t->nstep, 42, "4 ranks 2 steps");
        HREL_CHECK_INT(hrel_trace_at(t, 2, 3)->partners[0], 1, "rank 3 hears from 1 in step 2");
    }
    hrel_trace_free(t);
    t = NULL;

    /* building in memory */
    HREL_CHECK_INT(hrel_trace_alloc(3, 1, &t, err, sizeof err), 0, "alloc");
    if (t) {
        HREL_CHECK_INT(hrel_trace_set_partners(t, 1, 1, ps, 3, err, sizeof err), 0,
                       "set partners");
        HREL_CHECK_INT(hrel_trace_at(t, 1, 1)->npartners, 1, "self and duplicate dropped");
        ps[0] = 3;
        HREL_CHECK(hrel_trace_set_partners(t, 1, 0, ps, 1, err, sizeof err) != 0,
                   "partner outside the ranks refused");
        HREL_CHECK(isnan(hrel_trace_at(t, 1, 2)->t_end), "alloc leaves t_end unmeasured");
    }
    hrel_trace_free(t);
    hrel_trace_free(NULL);
    HREL_CHECK(hrel_trace_alloc(0, 1, &t, err, sizeof err) != 0, "zero ranks refused");

    /* bad traces: one line naming file and line */
    bad("trace_missing_step.csv",
        HDR "0,1,1,0,0,,1\n1,1,1,0,0,,1\n0,2,1,0,0,,2\n1,3,1,0,0,,3\n0,3,1,0,0,,3\n",
        "trace_missing_step.csv:5: rank 1 has no step 2", "missing step");
    bad("trace_missing_last.csv", HDR "0,1,1,0,0,,1\n1,1,1,0,0,,1\n0,2,1,0,0,,2\n",
        "trace_missing_last.csv:3: rank 1 has no step 2", "missing last step");
    bad("trace_unknown_rank.csv", HDR "0,1,1,8,0,1,1\n1,1,1,8,0,5,1\n",
        "trace_unknown_rank.csv:3: partner 5 is not a rank", "unknown partner rank");
    bad("trace_nonnum.csv", HDR "0,1,1,0,0,,1\n1,1,fast,0,0,,1\n",
        "trace_nonnum.csv:3: column w_seconds: 'fast' is not a number", "non-numeric w");
    bad("trace_bad_tend.csv", HDR "0,1,1,0,0,,1\n1,1,1,0,0,,soon\n",
        "trace_bad_tend.csv:3: column t_end", "non-numeric t_end");
    bad("trace_bad_partner.csv", HDR "0,1,1,0,0,x,1\n",
        "trace_bad_partner.csv:2: column partners: 'x'", "partner not a number");
    bad("trace_dup.csv", HDR "0,1,1,0,0,,1\n0,1,1,0,0,,1\n",
        "trace_dup.csv:3: rank 0 step 1 appears twice (first on line 2)", "duplicate row");
    bad("trace_no_rank1.csv", HDR "0,1,1,0,0,,1\n2,1,1,0,0,,1\n",
        "trace_no_rank1.csv:3: rank 1 has no rows", "a rank missing entirely");
    bad("trace_step0.csv", HDR "0,0,1,0,0,,1\n", "trace_step0.csv:2: step 0", "step 0");
    bad("trace_neg.csv", HDR "0,1,-1,0,0,,1\n", "trace_neg.csv:2: w_seconds", "negative w");
    bad("trace_nocol.csv", "rank,step,w_seconds,in_bytes,out_bytes,t_end\n0,1,1,0,0,1\n",
        "partners", "missing column named");
    bad("trace_short.csv", HDR "0,1,1,0,0\n", "trace_short.csv:2", "short row");
    bad("trace_empty.csv", HDR, "no rows", "header only");
    /* issue 14: an 80-byte trace naming rank 3000 and step 30000 once made the
     * loader allocate 90 million rows (6.3 GB); it is refused from its size */
    bad("trace_huge_grid.csv", HDR "3000,30000,0,0,0,,\n",
        "ranks 0..3000 and steps 1..30000 need 90030000 rows, the file has 1",
        "a grid far larger than the file is refused before allocation");
    /* the limits are stated in the messages (issue 14, "limits that are stated") */
    bad("trace_rank_max.csv", HDR "1000001,1,0,0,0,,\n", "rank 1000001 is out of range (0..1000000)",
        "largest rank named");
    bad("trace_step_max.csv", HDR "0,100000001,0,0,0,,\n",
        "step 100000001 is out of range (1..100000000)", "largest step named");
    bad("trace_partner_max.csv", HDR "0,1,0,0,0,1000001,\n", "1000001", "partner beyond the largest rank");
    return hrel_test_summary("test_trace");
}
