/* Unit tests of lib/model/streamq (streamq.csv, the wait behind a direct-route
 * stream), hand-worked: three repetitions whose stream - alone medians are 5,
 * 6 and 4 ms wait a median 5 ms; a repetition missing its stream phase is left
 * out; a wait below 0 is 0; and the bad inputs, each one line naming the file. */
#include <string.h>

#include "hrel_test.h"
#include "streamq.h"

#define H "# hrel_streamq: test\n" HREL_STREAMQ_HEADER "\n"

static int rd(const char *name, const char *text, double *w, int *n, char *err, size_t len)
{
    return hrel_streamq_read(hrel_test_write_tmp(name, text), w, n, err, len);
}

int main(void)
{
    char err[512] = "";
    double w = -1;
    int n = -1;

    hrel_test_init();
    HREL_CHECK_INT(rd("sq_ok.csv", H "alone,0,40,0.001,0.0009,0.0011,0\n"
                                      "stream,0,40,0.006,0.005,0.007,1.2e6\n"
                                      "alone,1,40,0.002,0.001,0.003,0\n"
                                      "stream,1,40,0.008,0.007,0.009,1.2e6\n"
                                      "alone,2,40,0.001,0.001,0.001,0\n"
                                      "stream,2,40,0.005,0.004,0.006,1.2e6\n",
                      &w, &n, err, sizeof err), 0, err);
    HREL_CHECK_ABS(w, 0.005, 1e-12, "the median of 5, 6 and 4 ms");
    HREL_CHECK(n == 3, "over three repetitions");
    HREL_CHECK_INT(rd("sq_half.csv", H "alone,0,40,0.001,0,0,0\nstream,0,40,0.004,0,0,1e6\n"
                                        "alone,1,40,0.001,0,0,0\n",
                      &w, &n, err, sizeof err), 0, err);
    HREL_CHECK(n == 1 && w > 0.0029 && w < 0.0031, "a repetition without its stream phase left out");
    HREL_CHECK_INT(rd("sq_neg.csv", H "alone,0,40,0.002,0,0,0\nstream,0,40,0.001,0,0,1e6\n",
                      &w, &n, err, sizeof err), 0, err);
    HREL_CHECK(w == 0, "faster with the stream: no wait, not a negative one");
    HREL_CHECK_INT(rd("sq_phase.csv", H "alone,0,40,0.001,0,0,0\nboth,0,40,0.004,0,0,1e6\n",
                      &w, &n, err, sizeof err), -1, "an unknown phase refused");
    HREL_CHECK(strstr(err, "sq_phase.csv:4") && strstr(err, "'both'"), err);
    HREL_CHECK_INT(rd("sq_zero.csv", H "alone,0,40,0,0,0,0\nstream,0,40,0.004,0,0,1e6\n",
                      &w, &n, err, sizeof err), -1, "a median of 0 refused");
    HREL_CHECK(strstr(err, "median_rtt_s") != NULL, err);
    HREL_CHECK_INT(rd("sq_twice.csv", H "alone,0,40,0.001,0,0,0\nalone,0,40,0.001,0,0,0\n",
                      &w, &n, err, sizeof err), -1, "a repetition twice refused");
    HREL_CHECK(strstr(err, "twice") != NULL, err);
    HREL_CHECK_INT(rd("sq_none.csv", H "alone,0,40,0.001,0,0,0\n", &w, &n, err, sizeof err), -1,
                   "no repetition with both phases refused");
    HREL_CHECK(strstr(err, "both phases") != NULL, err);
    HREL_CHECK_INT(rd("sq_col.csv", "phase,rep,roundtrips\nalone,0,40\n", &w, &n, err,
                      sizeof err), -1, "a missing column refused");
    HREL_CHECK(strstr(err, "median_rtt_s") != NULL, err);
    HREL_CHECK_INT(rd("sq_rep.csv", H "alone,-1,40,0.001,0,0,0\n", &w, &n, err, sizeof err), -1,
                   "a negative repetition refused");
    return hrel_test_summary("test_streamq");
}
