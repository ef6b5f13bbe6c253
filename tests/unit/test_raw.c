/* Unit tests of lib/raw: a good raw.csv loads with typed rows and metadata; every
 * malformed case (missing column, non-numeric field, unknown pattern, h or seconds
 * not positive, no rows) fails with one line naming the file and line. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "patterns.h"
#include "raw.h"

/* Load TEXT (expected to fail) and check that the message holds WANT. */
static void bad_case(const char *name, const char *text, const char *want)
{
    hrel_raw *r = NULL;
    char err[512] = "";
    const char *p = hrel_test_write_tmp(name, text);
    HREL_CHECK_REFUSED(!p || hrel_raw_load(p, &r, err, sizeof err), r, err, want, name);
    hrel_raw_free(r);
}

int main(void)
{
    hrel_raw *r = NULL;
    char err[512] = "";
    const char *p;

    hrel_test_init();
    p = hrel_test_write_tmp("raw_ok.csv", "# suite: hrel 0.1.0\n# platform: local\n"
                                "pattern,procs,h,msg_bytes,rep,seconds\n"
                                "PP,2,6720,6720,0,0.000107\n"
                                "E,4,6720,3360,1,1e-4\n"
                                "AA,8,1720320,122880,2,0.019053\n");
    HREL_CHECK_INT(hrel_raw_load(p, &r, err, sizeof err), 0, "good file loads");
    if (r) {
        HREL_CHECK_INT(r->nrow, 3, "three rows");
        HREL_CHECK_INT(r->row[0].pattern, hrel_patterns_index("PP"), "pattern PP");
        HREL_CHECK_INT(r->row[1].procs, 4, "procs");
        HREL_CHECK_REL(r->row[2].h, 1720320, 0, "h");
        HREL_CHECK_REL(r->row[2].msg_bytes, 122880, 0, "msg_bytes");
        HREL_CHECK_INT(r->row[2].rep, 2, "rep");
        HREL_CHECK_REL(r->row[0].seconds, 0.000107, 1e-15, "seconds");
        HREL_CHECK_INT(r->row[2].lineno, 6, "line number kept");
        HREL_CHECK_HAS(hrel_raw_meta(r, "platform"), "local", "metadata");
    }
    hrel_raw_free(r);
    hrel_raw_free(NULL);

    /* Column order is free; extra columns are ignored. */
    p = hrel_test_write_tmp("raw_order.csv", "seconds,rep,note,msg_bytes,h,procs,pattern\n"
                                   "0.5,0,x,100,200,2,E\n");
    r = NULL;
    HREL_CHECK_INT(hrel_raw_load(p, &r, err, sizeof err), 0, "columns in any order");
    if (r)
        HREL_CHECK_REL(r->row[0].h, 200, 0, "h found by name");
    hrel_raw_free(r);

    HREL_CHECK_INT(hrel_patterns_index("POA"), 3, "POA known");
    HREL_CHECK_INT(hrel_patterns_index("NB"), 10, "NB known");
    HREL_CHECK_INT(hrel_patterns_index("pp"), -1, "names are upper case");
    HREL_CHECK(strcmp(hrel_patterns_name(99), "?") == 0, "bad index name");

    bad_case("raw_nocol.csv", "# a: b\n\npattern,procs,h,msg_bytes,rep\nE,2,1,1,0\n",
             "raw_nocol.csv:3: missing column 'seconds'");
    bad_case("raw_nonnum.csv", "pattern,procs,h,msg_bytes,rep,seconds\n"
                               "E,2,6720,3360,0,0.1\nE,2,6720,3360,1,fast\n",
             "raw_nonnum.csv:3: column seconds: 'fast' is not a number");
    bad_case("raw_badprocs.csv", "pattern,procs,h,msg_bytes,rep,seconds\nE,2.5,1,1,0,1\n",
             "raw_badprocs.csv:2: column procs: '2.5' is not an integer");
    bad_case("raw_pattern.csv", "pattern,procs,h,msg_bytes,rep,seconds\n"
                                "E,2,6720,3360,0,0.1\n# comment\nXX,2,6720,3360,0,0.1\n",
             "raw_pattern.csv:4: unknown pattern 'XX'");
    bad_case("raw_zeroh.csv", "pattern,procs,h,msg_bytes,rep,seconds\nPP,2,0,0,0,0.1\n",
             "raw_zeroh.csv:2: column h: 0 is not positive");
    bad_case("raw_negsec.csv", "pattern,procs,h,msg_bytes,rep,seconds\nPP,2,8,8,0,-1\n",
             "raw_negsec.csv:2: column seconds: -1 is not positive");
    bad_case("raw_procs0.csv", "pattern,procs,h,msg_bytes,rep,seconds\nPP,0,8,8,0,1\n",
             "raw_procs0.csv:2: column procs");
    bad_case("raw_short.csv", "pattern,procs,h,msg_bytes,rep,seconds\nPP,2,8,8,0\n",
             "raw_short.csv:2:");
    bad_case("raw_empty.csv", "# only: metadata\npattern,procs,h,msg_bytes,rep,seconds\n",
             "raw_empty.csv: no data rows");
    bad_case("raw_blank.csv", "", "raw_blank.csv");
    /* the limit is stated in the message (issue 14, "limits that are stated") */
    bad_case("raw_procs_max.csv", "pattern,procs,h,msg_bytes,rep,seconds\nE,1000001,64,32,0,0.1\n",
             "raw_procs_max.csv:2: column procs: 1000001 is not a processor count 1..1000000");
    r = NULL;
    HREL_CHECK(hrel_raw_load("/nonexistent/raw.csv", &r, err, sizeof err) != 0, "missing file");
    HREL_CHECK_HAS(err, "/nonexistent/raw.csv", "missing file named");
    return hrel_test_summary("test_raw");
}
