/* Unit tests of lib/io/quality: counts from a hand-made cases.csv (adaptive
 * target 0.02: one case above it, one oversubscribed, one with voided
 * repetitions), a fixed policy never "missing", the end mark, text and HTML. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hrel_test.h"
#include "quality.h"

static const char *HEAD = "pattern,procs,h,msg_bytes,reps,mean_s,sd_s,rse,min_s,max_s,void_reps,"
                          "oversubscribed,margin_s,lag_mean_s,lag_max_s,offset_max_s,"
                          "sync_rtt_max_s\n";

int main(void)
{
    char text[4096], err[256], buf[4096] = "";
    hrel_quality *q = NULL;
    const char *dir;
    FILE *fp;
    hrel_test_init();
    {
        const char *base = getenv("HREL_TEST_TMP");
        char d[1024];
        snprintf(d, sizeof d, "%s/q1", base ? base : "/tmp");
        mkdir(d, 0777);
        snprintf(d, sizeof d, "%s/q2", base ? base : "/tmp");
        mkdir(d, 0777);
        snprintf(d, sizeof d, "%s/q3", base ? base : "/tmp");
        mkdir(d, 0777);
    }
    snprintf(text, sizeof text,
             "# repetitions: adaptive: stop when the relative standard error of the mean <= "
             "0.02, at least 20, at most 500 repetitions\n%s"
             "E,2,6720,3360,20,0.1,0.001,0.01,0,0,0,0,0,0,0,0,0\n"
             "E,4,6720,3360,500,0.1,0.01,0.031,0,0,0,1,0,0,0,0,0\n"
             "PP,2,6720,6720,20,0.1,0.001,0.005,0,0,3,0,0,0,0,0,0\n", HEAD);
    hrel_test_write_tmp("q1/cases.csv", text);
    dir = hrel_test_write_tmp("q1/raw.csv", "# complete: no\npattern,procs,h,msg_bytes,rep,"
                                            "seconds\nE,2,6720,3360,0,0.1\n# complete: yes\n");
    {   /* the run directory is the folder of the file written last */
        static char d[1024];
        snprintf(d, sizeof d, "%s", dir);
        *strrchr(d, '/') = '\0';
        dir = d;
    }
    HREL_CHECK_INT(hrel_quality_load(dir, &q, err, sizeof err), 0, err);
    if (!q)
        return hrel_test_summary("test_quality");
    HREL_CHECK_INT((int)q->ncase, 3, "3 cases");
    HREL_CHECK_REL(q->target, 0.02, 1e-12, "target from the metadata");
    HREL_CHECK_INT((int)q->n_missed, 1, "E p=4 (rse 3.1%) missed the 2% target");
    HREL_CHECK_INT((int)q->n_oversub, 1, "one oversubscribed");
    HREL_CHECK_INT((int)q->void_reps, 3, "3 voided repetitions");
    HREL_CHECK_INT((int)q->mark, HREL_RUN_COMPLETE, "complete run");
    fp = tmpfile();
    if (fp) {
        hrel_quality_write(q, 0, "", fp);
        hrel_quality_write(q, 1, "", fp);
        rewind(fp);
        buf[fread(buf, 1, sizeof buf - 1, fp)] = '\0';
        fclose(fp);
    }
    HREL_CHECK_HAS(buf, "quality: run complete; 3 cases; 1 oversubscribed; precision target "
                        "relative standard error <= 0.02 missed by 1; 3 repetitions voided in "
                        "1 cases\n", "text summary");
    HREL_CHECK_HAS(buf, "  E p=4 h=6720: 500 reps, rse 3.10%, oversubscribed, target missed\n",
                   "flagged case line");
    HREL_CHECK(strstr(buf, "  E p=2 h=6720") == NULL, "a clean case is not listed");
    HREL_CHECK_HAS(buf, "<div class=\"quality\">", "HTML fragment");
    HREL_CHECK_HAS(buf, "<details><summary>the ", "flagged cases folded under the summary");
    hrel_quality_free(q);

    snprintf(text, sizeof text, "# repetitions: fixed: 5 repetitions\n%s"
             "E,2,6720,3360,5,0.1,0.01,0.5,0,0,0,0,0,0,0,0,0\n", HEAD);
    hrel_test_write_tmp("q2/cases.csv", text);
    hrel_test_write_tmp("q2/raw.csv", "pattern,procs,h,msg_bytes,rep,seconds\n");
    {
        static char d[1024];
        snprintf(d, sizeof d, "%s", dir);
        memcpy(strrchr(d, '/') + 1, "q2", 2);
        HREL_CHECK_INT(hrel_quality_load(d, &q, err, sizeof err), 0, err);
    }
    if (q) {
        HREL_CHECK_INT((int)q->n_missed, 0, "fixed policy: no target to miss");
        HREL_CHECK_INT((int)q->mark, HREL_RUN_UNMARKED, "old file: unmarked");
        hrel_quality_free(q);
    }
    /* a median stop rule judges rse_median: the mean's rse 0.5 is a stall, the
     * median's 0.004 met the 1% target; the second case missed it */
    {
        const char *d3;
        static char d[1024];
        snprintf(text, sizeof text,
                 "# repetitions: adaptive: stop when the relative standard error of the median "
                 "(1.2533 * 1.4826 MAD / sqrt(n) / median) <= 0.01, at least 5, at most 30 "
                 "repetitions\n"
                 "pattern,procs,h,msg_bytes,reps,mean_s,sd_s,rse,min_s,max_s,void_reps,"
                 "oversubscribed,margin_s,lag_mean_s,lag_max_s,offset_max_s,sync_rtt_max_s,"
                 "median_s,rse_median\n"
                 "AO,8,107520,15360,7,0.14,0.09,0.5,0.09,0.35,0,1,0,0,0,0,0,0.0903,0.004\n"
                 "AO,8,215040,30720,7,0.3,0.1,0.2,0.18,0.44,0,1,0,0,0,0,0,0.386,0.102\n");
        hrel_test_write_tmp("q3/cases.csv", text);
        d3 = hrel_test_write_tmp("q3/raw.csv", "pattern,procs,h,msg_bytes,rep,seconds\n");
        snprintf(d, sizeof d, "%s", d3);
        *strrchr(d, '/') = '\0';
        HREL_CHECK_INT(hrel_quality_load(d, &q, err, sizeof err), 0, err);
        if (q) {
            HREL_CHECK_REL(q->target, 0.01, 1e-12, "median rule: target 1%");
            HREL_CHECK_INT((int)q->n_missed, 1, "median rule: only the case whose median missed");
            HREL_CHECK_REL(q->c[0].rse, 0.004, 1e-12, "median rule: the rse shown is the median's");
            hrel_quality_free(q);
        }
    }
    HREL_CHECK(hrel_quality_load("/nonexistent", &q, err, sizeof err) != 0, "no run refused");
    HREL_CHECK_HAS(err, "/nonexistent/cases.csv", "names the file");
    return hrel_test_summary("test_quality");
}
