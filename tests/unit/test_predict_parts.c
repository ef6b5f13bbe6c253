/* Unit tests of the parts of `hrel predict` (issue 23): the CPU calibration
 * (lib/stats/cpucal), the what-if keys (lib/model/whatif), the characterisation
 * folder (lib/model/charz) and the recommended model (lib/model/recommend). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "charz.h"
#include "cpucal.h"
#include "cpuquota.h"
#include "hrel_test.h"
#include "recommend.h"
#include "whatif.h"

#define CALH "# hrel_calibrate: test\nhost,cores,kernel,seconds,cpu\n"

static void calibration(void)
{
    hrel_cpucal *a = NULL, *b = NULL;
    char err[512] = "";
    double ratio = 0, kr[3], s = 0;
    const char *pa, *pb;
    /* the trace's CPU: int 0.2, fp 0.1, mem 0.3 s (two hosts, the median is the
     * middle of two: host x and y differ in int only: (0.1 + 0.3) / 2 = 0.2) */
    pa = hrel_test_write_tmp("cal_a.csv", CALH "x,2,int,0.1,c\nx,2,fp,0.1,c\nx,2,mem,0.3,c\n"
                                          "y,2,int,0.3,c\ny,2,fp,0.1,c\ny,2,mem,0.3,c\n");
    /* the target: int twice, fp the same, mem four times as long:
     * ratios 2, 1, 4; geometric mean (2 * 1 * 4)^(1/3) = 2 */
    pb = hrel_test_write_tmp("cal_b.csv", CALH "z,16,int,0.4,c\nz,16,fp,0.1,c\nz,16,mem,1.2,c\n");
    HREL_CHECK_INT(hrel_cpucal_read(pa, &a, err, sizeof err), 0, err);
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), 0, err);
    if (a && b) {
        HREL_CHECK_INT(a->nhost, 2, "two hosts");
        HREL_CHECK_INT(b->cores[0], 16, "cores read");
        HREL_CHECK_ABS(hrel_cpucal_median(a, HREL_CPUCAL_INT, 0), 0.2, 1e-12, "median over hosts");
        hrel_cpucal_ratio(a, b, &ratio, kr);
        HREL_CHECK_ABS(kr[0], 2.0, 1e-12, "int ratio 2");
        HREL_CHECK_ABS(kr[1], 1.0, 1e-12, "fp ratio 1");
        HREL_CHECK_ABS(kr[2], 4.0, 1e-12, "mem ratio 4");
        HREL_CHECK_ABS(ratio, 2.0, 1e-12, "geometric mean 2");
        hrel_cpucal_ratio(b, a, &ratio, NULL);
        HREL_CHECK_ABS(ratio, 0.5, 1e-12, "the other way: 1/2");
    }
    hrel_cpucal_free(a);
    hrel_cpucal_free(b);
    /* with CPU times and a quota: the ratio takes the CPU times (the CPUs' own
     * speed: the quota is priced by the replay): wall 2x, CPU 1x -> ratio 1 */
    a = b = NULL;
    pa = hrel_test_write_tmp("cal_g.csv", "host,cores,kernel,seconds,cpu_seconds,quota,period_s\n"
                             "x,2,int,0.1,0.1,0,0\nx,2,fp,0.1,0.1,0,0\nx,2,mem,0.1,0.1,0,0\n");
    pb = hrel_test_write_tmp("cal_h.csv", "host,cores,kernel,seconds,cpu_seconds,quota,period_s\n"
                             "y,2,int,0.2,0.1,0.5,0.1\ny,2,fp,0.2,0.1,0.5,0.1\ny,2,mem,0.2,0.1,0.5,0.1\n");
    HREL_CHECK_INT(hrel_cpucal_read(pa, &a, err, sizeof err), 0, err);
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), 0, err);
    if (a && b) {
        hrel_cpucal_ratio(a, b, &ratio, NULL);
        HREL_CHECK_ABS(ratio, 1.0, 1e-12, "CPU times: ratio 1 under a quota");
        HREL_CHECK_ABS(b->quota[0], 0.5, 0, "quota read");
        HREL_CHECK_ABS(b->period[0], 0.1, 0, "period read");
    }
    hrel_cpucal_free(a);
    hrel_cpucal_free(b);
    b = NULL;
    pb = hrel_test_write_tmp("cal_i.csv", "host,cores,kernel,seconds,cpu_seconds,quota,period_s\n"
                             "y,2,int,0.2,0.1,0.5,0\n");
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), -1, "a quota without a period");
    HREL_CHECK(strstr(err, "quota must be >= 0 with a period_s > 0") != NULL, err);
    /* bad files: one line naming the file and what */
    b = NULL;
    pb = hrel_test_write_tmp("cal_c.csv", CALH "z,2,int,0.4,c\nz,2,fp,0.1,c\n");
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), -1, "a host without mem");
    HREL_CHECK(strstr(err, "host z has no mem kernel") != NULL, err);
    pb = hrel_test_write_tmp("cal_d.csv", CALH "z,2,int,0,c\nz,2,fp,0.1,c\nz,2,mem,1,c\n");
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), -1, "zero seconds");
    HREL_CHECK(strstr(err, "cal_d.csv:3: seconds must be > 0") != NULL, err);
    pb = hrel_test_write_tmp("cal_e.csv", CALH "z,2,float,1,c\n");
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), -1, "unknown kernel");
    HREL_CHECK(strstr(err, "kernel must be int, fp or mem") != NULL, err);
    pb = hrel_test_write_tmp("cal_f.csv", "host,kernel,seconds\nz,int,1\n");
    HREL_CHECK_INT(hrel_cpucal_read(pb, &b, err, sizeof err), -1, "no cores column");
    HREL_CHECK(strstr(err, "cores") != NULL, err);
    /* a kernel really runs: a sliver of the work, scaled to the whole */
    {
        double c = 0;
        HREL_CHECK_INT(hrel_cpucal_time(HREL_CPUCAL_INT, 1, 0.01, &s, &c, err, sizeof err), 0, err);
        HREL_CHECK(s > 0 && isfinite(s), "int kernel time > 0");
        HREL_CHECK(c > 0 && isfinite(c), "int kernel CPU time > 0");
    }
    HREL_CHECK_INT(hrel_cpucal_time(HREL_CPUCAL_FP, 1, 0.01, &s, NULL, err, sizeof err), 0, err);
    HREL_CHECK(s > 0 && isfinite(s), "fp kernel time > 0");
    HREL_CHECK_INT(hrel_cpucal_time(3, 1, 1, &s, NULL, err, sizeof err), -1, "no kernel 3");
    HREL_CHECK_INT(hrel_cpucal_time(0, 1, 0, &s, NULL, err, sizeof err), -1, "fraction 0");
}

static void whatif(void)
{
    hrel_whatif w;
    char err[512] = "";
    HREL_CHECK_INT(hrel_whatif_parse(NULL, &w, err, sizeof err), 0, "nothing");
    HREL_CHECK(w.bandwidth == 1 && w.latency == 1 && w.cpu == 1 && w.hosts == 0 &&
               w.cores == 0 && w.route == -1 && w.medium == -1, "nothing changes");
    HREL_CHECK_INT(hrel_whatif_parse("bandwidth=10,latency=0.5,cpu=2,hosts=4,cores=8,"
                                     "route=direct,medium=bus", &w, err, sizeof err), 0, err);
    HREL_CHECK_ABS(w.bandwidth, 10, 0, "bandwidth");
    HREL_CHECK_ABS(w.latency, 0.5, 0, "latency");
    HREL_CHECK_ABS(w.cpu, 2, 0, "cpu");
    HREL_CHECK_INT(w.hosts, 4, "hosts");
    HREL_CHECK_INT(w.cores, 8, "cores");
    HREL_CHECK_INT(w.route, 0, "route direct");
    HREL_CHECK_INT(w.medium, HREL_MEDIUM_BUS, "medium bus");
    HREL_CHECK_INT(hrel_whatif_parse("route=daemon", &w, err, sizeof err), 0, err);
    HREL_CHECK_INT(w.route, 1, "route daemon");
    HREL_CHECK_INT(hrel_whatif_parse("speed=2", &w, err, sizeof err), -1, "unknown key");
    HREL_CHECK(strstr(err, "unknown key 'speed'") != NULL, err);
    HREL_CHECK_INT(hrel_whatif_parse("bandwidth=0", &w, err, sizeof err), -1, "factor 0");
    HREL_CHECK(strstr(err, "bandwidth=0: a factor must be a number > 0") != NULL, err);
    HREL_CHECK_INT(hrel_whatif_parse("cpu=-1", &w, err, sizeof err), -1, "negative factor");
    HREL_CHECK_INT(hrel_whatif_parse("latency=x", &w, err, sizeof err), -1, "not a number");
    HREL_CHECK_INT(hrel_whatif_parse("hosts=0", &w, err, sizeof err), -1, "hosts 0");
    HREL_CHECK_INT(hrel_whatif_parse("route=tcp", &w, err, sizeof err), -1, "route tcp");
    HREL_CHECK_INT(hrel_whatif_parse("medium=ring", &w, err, sizeof err), -1, "medium ring");
    HREL_CHECK_INT(hrel_whatif_parse("cpu=2,cpu=3", &w, err, sizeof err), -1, "twice");
    HREL_CHECK(strstr(err, "given twice") != NULL, err);
    HREL_CHECK_INT(hrel_whatif_parse("bandwidth", &w, err, sizeof err), -1, "no value");
}

static void characterisation(void)
{
    const char *f;
    char dir[512], sub[600], err[1024] = "", cz[64], pl[96];
    hrel_charz *c = NULL;
    /* a folder of this run's own */
    snprintf(cz, sizeof cz, "charz.%ld", (long)getpid());
    f = hrel_test_write_tmp("char_probe", "x");
    snprintf(dir, sizeof dir, "%.*s/%s", (int)(strrchr(f, '/') - f), f, cz);
    mkdir(dir, 0755);
    /* no fit.csv: says so and how to make it */
    HREL_CHECK_INT(hrel_charz_read(dir, 0, &c, err, sizeof err), -1, "no fit.csv");
    HREL_CHECK(strstr(err, "has no fit.csv") != NULL && strstr(err, "study.sh") != NULL, err);
    snprintf(sub, sizeof sub, "%s/fit.csv", cz);
    hrel_test_write_tmp(sub, "pattern,procs,g,L\nPP,all,1e-6,1e-4\n");
    HREL_CHECK_INT(hrel_charz_read(dir, 1, &c, err, sizeof err), -1, "no calibration.csv");
    HREL_CHECK(strstr(err, "has no calibration.csv") != NULL &&
               strstr(err, "platform_facts.sh") != NULL, err);
    HREL_CHECK_INT(hrel_charz_read(dir, 0, &c, err, sizeof err), 0, err);
    if (c) {
        HREL_CHECK_INT(c->nhosts, 1, "no platform/: one host");
        HREL_CHECK_INT(c->emulated, 0, "not emulated");
        HREL_CHECK_INT(c->have_setup, 0, "no setup.csv");
        HREL_CHECK_STR(c->route, "", "route unknown");
        hrel_charz_free(c);
        c = NULL;
    }
    /* an emulated platform's run: description, raw.csv, setup, calibration */
    snprintf(sub, sizeof sub, "%s/raw.csv", cz);
    hrel_test_write_tmp(sub, "# platform: lan-x\n# routing: daemon\nh\n");
    mkdir(strcat(strcpy(sub, dir), "/platform"), 0755);
    snprintf(pl, sizeof pl, "%s/platform/lan-x.platform", cz);
    hrel_test_write_tmp(pl,
                        "# a test\nhosts: 4   # four\nmedium: shared\nrate: 100mbit\n"
                        "wire: user\ncpu: 0.5\ncores: shared\n");
    snprintf(sub, sizeof sub, "%s/setup.csv", cz);
    hrel_test_write_tmp(sub, "# hrel_firstcontact: route daemon, 3 workers\n"
                             "a,b,host_a,host_b,first_s,later_s,setup_s\n"
                             "0,1,h1,h2,0.3,0.0001,0.2999\n0,2,h1,h3,0.3,0.0003,0.2997\n"
                             "1,2,h2,h3,0.3,0.0002,0.2998\n# median_setup_s 0.25\n");
    snprintf(sub, sizeof sub, "%s/calibration.csv", cz);
    hrel_test_write_tmp(sub, CALH "h1,2,int,1,c\nh1,2,fp,1,c\nh1,2,mem,1,c\n"
                                                 "h2,3,int,1,c\nh2,3,fp,1,c\nh2,3,mem,1,c\n");
    HREL_CHECK_INT(hrel_charz_read(dir, 1, &c, err, sizeof err), 0, err);
    if (c) {
        HREL_CHECK_STR(c->platform, "lan-x", "platform from raw.csv");
        HREL_CHECK_STR(c->route, "daemon", "route from raw.csv");
        HREL_CHECK_INT(c->nhosts, 4, "hosts from the description");
        HREL_CHECK_INT(c->emulated, 1, "emulated");
        HREL_CHECK_INT(c->shared, 1, "cores shared");
        HREL_CHECK_INT(c->medium, HREL_MEDIUM_BUS, "shared medium: bus");
        HREL_CHECK_ABS(c->rate_bps, 1e8, 0, "100mbit");
        HREL_CHECK_INT(c->wire_tc, 0, "wire user");
        HREL_CHECK_ABS(c->cpu_share, 0.5, 0, "cpu share");
        HREL_CHECK_INT(c->cores, 2, "the least cores over hosts");
        HREL_CHECK_ABS(c->setup, 0.25, 0, "setup");
        HREL_CHECK_ABS(c->small_rtt, 0.0002, 1e-15, "the median of the later 8-byte round trips");
        HREL_CHECK_STR(c->setup_route, "daemon", "the route setup.csv measured");
        HREL_CHECK_INT(c->small_n, 3, "three pairs");
        HREL_CHECK(c->small_q10 == 0 && c->small_q90 == 0,
                   "fewer than HREL_CHARZ_PAIRS_MIN pairs: no percentiles");
        hrel_charz_free(c);
        c = NULL;
    }
    {   /* 33 pairs (11 virtual machines: predict.sh's rows below a comment),
           later_s 1..33 ms in shuffled order: the median 17 ms, the 10th and
           90th percentile the ranks floor(0.1 x 34) = 3 and ceil(0.9 x 34) = 31 */
        char rows[4096];
        size_t u = 0;
        int i;
        u += (size_t)snprintf(rows + u, sizeof rows - u, "# hrel_firstcontact: route daemon\n"
                              "a,b,host_a,host_b,first_s,later_s,setup_s\n");
        for (i = 0; i < 33; i++) {
            if (i == 3)
                u += (size_t)snprintf(rows + u, sizeof rows - u, "# median_setup_s 0\n"
                                      "# pairs of the runs' virtual machines: below\n");
            u += (size_t)snprintf(rows + u, sizeof rows - u, "0,1,h,h,0.1,%.3f,0\n",
                                  0.001 * (double)((i * 7) % 33 + 1));
        }
        snprintf(sub, sizeof sub, "%s/setup.csv", cz);
        hrel_test_write_tmp(sub, rows);
        hrel_test_write_tmp(pl, "# a test\nhosts: 4\nmedium: shared\nrate: 100mbit\n");
        HREL_CHECK_INT(hrel_charz_read(dir, 1, &c, err, sizeof err), 0, err);
        if (c) {
            HREL_CHECK_INT(c->small_n, 33, "33 pairs, a comment among them");
            HREL_CHECK_ABS(c->small_rtt, 0.017, 1e-15, "their median");
            HREL_CHECK_ABS(c->small_q10, 0.003, 1e-15, "10th percentile: rank 3");
            HREL_CHECK_ABS(c->small_q90, 0.031, 1e-15, "90th percentile: rank 31");
            hrel_charz_free(c);
            c = NULL;
        }
    }
    hrel_test_write_tmp(pl, "hosts four\n");
    HREL_CHECK_INT(hrel_charz_read(dir, 1, &c, err, sizeof err), -1, "bad description");
    HREL_CHECK(strstr(err, "lan-x.platform:1: expected 'key: value'") != NULL, err);
    HREL_CHECK_INT(hrel_charz_read("/nonexistent/x", 0, &c, err, sizeof err), -1, "no folder");
}

static void recommend(void)
{
    const char *sum = hrel_test_write_tmp("summary.csv",
        "platform,source,route,model,cells,median_abs_err_untraced_pct\n"
        "lan-a,same,daemon,replay,4,20.0\n"
        "lan-a,same,daemon,replay_pvmd,4,8.5\n"
        "lan-a,cross,daemon,mpm,4,1.0\n"
        "LANs,same,direct,mpm,9,3.0\n"
        "LANs,same,direct,replay,9,2.5\n");
    const char *const m1[] = {"bspwb", "replay", "replay_pvmd"};
    const char *const m2[] = {"mpm", "bspwb"};
    char why[512];
    int best = -1;
    hrel_recommend(sum, "lan-a", 1, "daemon", m1, 3, &best, why, sizeof why);
    HREL_CHECK_INT(best, 2, "the least median error: replay_pvmd");
    HREL_CHECK(strstr(why, "4 daemon-route cells of lan-a") && strstr(why, "8.5 %"), why);
    hrel_recommend(sum, "lan-b", 1, "direct", m1, 3, &best, why, sizeof why);
    HREL_CHECK_INT(best, 1, "an emulated platform not in the matrix: the LANs rows");
    HREL_CHECK(strstr(why, "of LANs") != NULL, why);
    hrel_recommend(sum, "lan-b", 1, "direct", m2, 2, &best, why, sizeof why);
    HREL_CHECK_INT(best, 0, "only the models that predicted");
    hrel_recommend(sum, "mycluster", 0, "direct", m1, 3, &best, why, sizeof why);
    HREL_CHECK_INT(best, 1, "not in the matrix: the replay");
    HREL_CHECK(strstr(why, "not in the validation matrix") != NULL, why);
    hrel_recommend("/nonexistent.csv", "lan-a", 1, "daemon", m2, 2, &best, why, sizeof why);
    HREL_CHECK_INT(best, 0, "no summary and no replay: the first model");
}

/* a pooled summary (experiments/matrix_summary.sh): the internal variants are
   never recommended, and the answer says how many matrices and the largest error */
static void recommend_pooled(void)
{
    const char *sum = hrel_test_write_tmp("pooled.csv",
        "# matrix_summary: 2026-11-28T00:00:00Z, commit x\n"
        "platform,source,route,model,cells,median_abs_err_untraced_pct,"
        "max_abs_err_untraced_pct,median_abs_err_traced_pct,max_abs_err_traced_pct,sets,"
        "p90_abs_err_untraced_pct\n"
        "local,same,direct,mpm,96,3.1,40.0,3.0,41.0,16,12.0\n"
        "local,same,direct,replay,96,2.9,25.5,2.8,26.0,16,9.0\n"
        "local,same,direct,replay_nomedium,96,2.0,25.5,2.1,26.0,16,9.0\n"
        "local,same,daemon,replay,160,7.0,30.1,7.2,31.0,1,15.0\n"
        "local,same,daemon,replay_nosetup,160,6.0,30.1,6.2,31.0,1,15.0\n"
        "lan-a,same,daemon,replay_pvmd,81,7.2,40.0,7.8,41.7,9,25.1\n"
        "lan-a,same,daemon,replay_pvmd_shared,81,7.2,26.7,7.0,22.9,9,16.8\n"
        "lan-a,same,daemon,replay,81,19.8,106.5,20.4,94.1,9,49.3\n");
    const char *const pv[] = {"replay", "replay_pvmd", "replay_pvmd_shared"};
    const char *const all[] = {"mpm", "replay", "replay_nomedium", "replay_nosetup"};
    const char *const only[] = {"replay_nomedium", "mpm"};
    char why[512];
    int best = -1;
    HREL_CHECK_INT(hrel_recommend_internal("replay_pvmd_fresh"), 1, "an internal variant");
    HREL_CHECK_INT(hrel_recommend_internal("replay_pvmd_shared"), 0, "not an internal variant");
    HREL_CHECK_INT(hrel_recommend_internal("replay"), 0, "the replay itself");
    hrel_recommend(sum, "local", 0, "direct", all, 4, &best, why, sizeof why);
    HREL_CHECK_INT(best, 1, "replay_nomedium's lower median is passed over: the replay");
    HREL_CHECK(strstr(why, "96 direct-route cells of local in the validation matrix (16 "
                           "matrices): 2.9 %, max 25.5 %") != NULL, why);
    hrel_recommend(sum, "local", 0, "daemon", all, 4, &best, why, sizeof why);
    HREL_CHECK_INT(best, 1, "replay_nosetup passed over on the daemon route too");
    HREL_CHECK(strstr(why, "(1 matrix): 7.0 %, max 30.1 %") != NULL, why);
    hrel_recommend(sum, "local", 0, "direct", only, 2, &best, why, sizeof why);
    HREL_CHECK_INT(best, 1, "without the replay: MPM, not the internal variant");
    hrel_recommend(sum, "lan-a", 1, "daemon", pv, 3, &best, why, sizeof why);
    HREL_CHECK_INT(best, 2, "equal medians: the lower 90th percentile (replay_pvmd_shared)");
    HREL_CHECK(strstr(why, "7.2 %, max 26.7 %") != NULL, why);
}

/* CFS bandwidth control by hand: half a CPU per 100 ms period */
static void quota(void)
{
    hrel_cpuquota q = {-1, 0};
    /* a 30 ms burst fits the period's 50 ms budget: full speed */
    HREL_CHECK_ABS(hrel_cpuquota_run(&q, 0.0, 0.03, 0.5, 0.1), 0.03, 1e-12, "30 ms burst");
    /* 30 ms more at 0.04: 20 ms of budget left -> runs to 0.06, throttled to 0.1,
     * 10 ms in the next period -> 0.11 */
    HREL_CHECK_ABS(hrel_cpuquota_run(&q, 0.04, 0.03, 0.5, 0.1), 0.11, 1e-12, "throttled once");
    /* a long computation from 0.2: 1 s of CPU at 50 ms per 100 ms: 20 periods,
     * the last budget ends at 0.2 + 1.9 + 0.05 = 2.15 */
    q.period = -1;
    q.used = 0;
    HREL_CHECK_ABS(hrel_cpuquota_run(&q, 0.2, 1.0, 0.5, 0.1), 2.15, 1e-9, "1 s at half a CPU");
    /* a period's budget is the period's, whatever is left of it: from 0.08,
     * 20 ms run to the period's end at 0.1 (budget 50 ms, 20 used), then 30 ms */
    q.period = -1;
    q.used = 0;
    HREL_CHECK_ABS(hrel_cpuquota_run(&q, 0.08, 0.05, 0.5, 0.1), 0.13, 1e-12, "across a boundary");
    /* no limit: a whole CPU or more */
    HREL_CHECK_ABS(hrel_cpuquota_run(&q, 1.0, 0.5, 1.0, 0.1), 1.5, 0, "quota 1: no throttling");
    HREL_CHECK_ABS(hrel_cpuquota_run(&q, 1.0, 0.5, 0.5, 0), 1.5, 0, "no period: no throttling");
}

int main(void)
{
    hrel_test_init();
    quota();
    calibration();
    whatif();
    characterisation();
    recommend();
    recommend_pooled();
    return hrel_test_summary("test_predict_parts");
}
