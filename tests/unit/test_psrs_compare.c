/* Unit tests of lib/psrs/psrs_compare: runs and traces written here with known
 * answers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "psrs_compare.h"

static const char *tmp_path(const char *name)
{
    static char path[8][512];
    static int slot;
    const char *dir = getenv("HREL_TEST_TMP");
    char *p = path[slot++ % 8];
    snprintf(p, 512, "%s/%s", dir ? dir : "/tmp", name);
    return p;
}

static const char *write_tmp(const char *name, const char *text)
{
    const char *p = tmp_path(name);
    FILE *fp = fopen(p, "w");
    if (!fp)
        return NULL;
    fputs(text, fp);
    fclose(fp);
    return p;
}

/* A 2-rank, 7-step trace: rank 0 w = 0.01, sends 100 bytes; rank 1 w = 0.02,
 * receives them; t_end of rank 1 (the later) = SCALE * (0.1 s + 0.05). */
static const char *write_trace(const char *name, double scale)
{
    char text[4096];
    size_t used = 0;
    int s;
    used += (size_t)snprintf(text + used, sizeof text - used,
                             "rank,step,w_seconds,in_bytes,out_bytes,partners,t_end,pattern\n");
    for (s = 1; s <= 7; s++) {
        used += (size_t)snprintf(text + used, sizeof text - used, "0,%d,0.01,0,100,,%.4f,AA\n",
                                 s, scale * 0.1 * s);
        used += (size_t)snprintf(text + used, sizeof text - used, "1,%d,0.02,100,0,0,%.4f,AA\n",
                                 s, scale * (0.1 * s + 0.05));
    }
    return write_tmp(name, text);
}

static void test_compare(void)
{
    hrel_psrs_params pp = {NULL, NULL, "pooled", 1e-4, 1e-3, 4};
    hrel_psrs_cmp *c = NULL;
    hrel_psrs_step st[7];
    double g[7], L[7];
    int nc = 0;
    char err[512] = "", consts[512];

    snprintf(consts, sizeof consts, "%s", tmp_path("psrs_cmp_consts.csv"));
    pp.consts_path = consts;
    write_tmp("psrs_cmp_consts.csv", "procs,n,B,C,D,E,F,H,I,J\n"
                               "2,1024,1e-8,2e-7,3e-8,4e-7,5e-8,6e-7,7e-8,8e-7\n");
    write_trace("psrs_cmp_tA.csv", 1.0);
    write_trace("psrs_cmp_tB.csv", 2.0);
    write_tmp("psrs_cmp_runs.csv",
              "# program: test\nprocs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n"
              "2,1024,uniform,0,1.0,1,1,1,520,psrs_cmp_tA.csv\n"
              "2,1024,uniform,1,3.0,1,1,1,520,psrs_cmp_tB.csv\n"
              "2,1024,dup,0,9.0,1,1,1,600,\n");
    HREL_CHECK_INT(hrel_psrs_compare(tmp_path("psrs_cmp_runs.csv"), "uniform", &pp, &c, &nc, err,
                                     sizeof err), 0, "compare ok");
    HREL_CHECK_INT(nc, 1, "one processor count");
    if (nc == 1) {
        HREL_CHECK_INT(c[0].nrun, 2, "two uniform runs");
        HREL_CHECK_REL(c[0].act_mean_s, 2.0, 1e-12, "mean 2 s");
        HREL_CHECK_REL(c[0].act_min_s, 1.0, 1e-12, "min 1 s");
        HREL_CHECK_REL(c[0].act_max_s, 3.0, 1e-12, "max 3 s");
        HREL_CHECK_REL(c[0].act_sd_s, sqrt(2.0), 1e-12, "sd sqrt 2");
        hrel_psrs_predict_params(&pp, 1024, 2, st, g, L, err, sizeof err);
        HREL_CHECK_REL(c[0].pred[6].t_s, st[6].t_s, 1e-12, "formula prediction for P=2");
        HREL_CHECK_REL(c[0].pred_err_pct, 100 * (2.0 - st[6].t_s) / 2.0, 1e-9, "formula 18");
        /* T_s = mean(0.1 s + 0.05, 0.2 s + 0.1) = 0.15 s + 0.075 */
        HREL_CHECK_REL(c[0].act_T_s[0], 0.225, 1e-9, "T_1 measured");
        HREL_CHECK_REL(c[0].act_T_s[6], 1.125, 1e-9, "T_7 measured");
        HREL_CHECK_REL(c[0].act_step_s[3], 0.15, 1e-9, "step 4 measured");
        HREL_CHECK_REL(c[0].act_w_s[2], 0.02, 1e-12, "max w");
        HREL_CHECK_REL(c[0].act_h_bytes[2], 100, 1e-12, "max in+out");
        /* BSPWB on the trace: 7 * (0.02 + 1e-4 * 100 + 1e-3) = 0.217 */
        HREL_CHECK_REL(c[0].bspwb_s, 0.217, 1e-9, "BSPWB on the traces");
        HREL_CHECK_REL(c[0].bspwb_err_pct, 100 * (2.0 - 0.217) / 2.0, 1e-9, "its error");
    }
    free(c);
    c = NULL;
    HREL_CHECK(hrel_psrs_compare(tmp_path("psrs_cmp_runs.csv"), NULL, &pp, &c, &nc, err,
                                 sizeof err) != 0, "two inputs need --input");
    HREL_CHECK_HAS(err, "choose one", "message says so");
    HREL_CHECK_INT(hrel_psrs_compare(tmp_path("psrs_cmp_runs.csv"), "dup", &pp, &c, &nc, err,
                                     sizeof err), 0, "untraced run compares");
    if (c)
        HREL_CHECK(c[0].ntrace == 0 && isnan(c[0].bspwb_s) && isnan(c[0].act_T_s[0]),
                   "no trace: NaN per step");
    free(c);
    c = NULL;
    write_tmp("psrs_cmp_bad.csv", "procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n"
              "2,1024,uniform,0,1.0,1,1,1,520,\n2,1024,uniform,1,1.0,0,1,1,520,\n");
    HREL_CHECK(hrel_psrs_compare(tmp_path("psrs_cmp_bad.csv"), NULL, &pp, &c, &nc, err,
                                 sizeof err) != 0, "unsorted run refused");
    HREL_CHECK_HAS(err, "psrs_cmp_bad.csv:3: run failed its check (sorted = 0)", "line named");
    write_tmp("psrs_cmp_notrace.csv", "procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n"
              "2,1024,uniform,0,1.0,1,1,1,520,nosuch.csv\n");
    HREL_CHECK(hrel_psrs_compare(tmp_path("psrs_cmp_notrace.csv"), NULL, &pp, &c, &nc, err,
                                 sizeof err) != 0, "missing trace refused");
    HREL_CHECK_HAS(err, "nosuch.csv", "missing trace named");
    /* a runs file points only at traces beside it (issue 14: ../../etc/passwd was opened) */
    write_tmp("psrs_cmp_escape.csv", "procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n"
              "2,1024,uniform,0,1.0,1,1,1,520,../../../../etc/passwd\n");
    HREL_CHECK(hrel_psrs_compare(tmp_path("psrs_cmp_escape.csv"), NULL, &pp, &c, &nc, err,
                                 sizeof err) != 0, "trace outside the runs folder refused");
    HREL_CHECK_HAS(err, "psrs_cmp_escape.csv:2: trace '../../../../etc/passwd' is not a file beside",
                   "the escape is named");
    write_tmp("psrs_cmp_abs.csv", "procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n"
              "2,1024,uniform,0,1.0,1,1,1,520,/etc/passwd\n");
    HREL_CHECK(hrel_psrs_compare(tmp_path("psrs_cmp_abs.csv"), NULL, &pp, &c, &nc, err,
                                 sizeof err) != 0, "absolute trace path refused");
    write_tmp("psrs_cmp_p3.csv", "procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n"
              "3,1024,uniform,0,1.0,1,1,1,520,\n");
    HREL_CHECK(hrel_psrs_compare(tmp_path("psrs_cmp_p3.csv"), NULL, &pp, &c, &nc, err,
                                 sizeof err) != 0, "no constants for P=3");
    HREL_CHECK_HAS(err, "no constants for P=3", "missing constants named");
}

int main(void)
{
    hrel_test_init();
    test_compare();
    return hrel_test_summary("test_psrs_compare");
}
