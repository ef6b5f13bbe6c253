/* Unit tests of lib/psrs_model: formulas 19-25 of 002 against a case worked
 * by hand, per-step g/L, formula 18, the constants file and the fit CSV. */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "sample.h"
#include "psrs_model.h"

/* N = 1024, P = 4 (N/P = 256, log2 = 8), 4-byte items, g = 1e-7 s/byte,
 * L = 1e-4 s; B..J = 1e-8, 2e-7, 3e-8, 4e-7, 5e-8, 6e-7, 7e-8, 8e-7.
 *  s  work                               h items -> bytes   g h + L     step       T_s
 *  1  0                                  3*256=768  3072   4.072e-4   4.072e-4   4.0720e-4
 *  2  1e-8*256*8 + 2e-7*4 = 2.128e-5     4*3=12     48     1.048e-4   1.2608e-4  5.3328e-4
 *  3  3e-8*16 + 4e-7*3 = 1.68e-6         3*3=9      36     1.036e-4   1.0528e-4  6.3856e-4
 *  4  5e-8*3*8 = 1.2e-6                  2*3=6      24     1.024e-4   1.036e-4   7.4216e-4
 *  5  6e-7*3 = 1.8e-6                    2*3*64=384 1536   2.536e-4   2.554e-4   9.9756e-4
 *  6  7e-8*256 = 1.792e-5                3          12     1.012e-4   1.1912e-4  1.11668e-3
 *  7  8e-7*3 = 2.4e-6                    768        3072   4.072e-4   4.096e-4   1.52628e-3 */
static void test_hand_case(void)
{
    hrel_psrs_consts k = {4, 1024, 1e-8, 2e-7, 3e-8, 4e-7, 5e-8, 6e-7, 7e-8, 8e-7};
    double g[7], L[7];
    static const double want_work[7] = {0, 2.128e-5, 1.68e-6, 1.2e-6, 1.8e-6, 1.792e-5, 2.4e-6};
    static const double want_h[7] = {768, 12, 9, 6, 384, 3, 768};
    static const double want_T[7] = {4.072e-4, 5.3328e-4, 6.3856e-4, 7.4216e-4,
                                     9.9756e-4, 1.11668e-3, 1.52628e-3};
    hrel_psrs_step st[7];
    char err[256] = "", what[64];
    int s;

    for (s = 0; s < 7; s++) {
        g[s] = 1e-7;
        L[s] = 1e-4;
    }
    HREL_CHECK_INT(hrel_psrs_predict(1024, 4, 4, &k, g, L, st, err, sizeof err), 0, "predict ok");
    for (s = 0; s < 7; s++) {
        snprintf(what, sizeof what, "step %d work", s + 1);
        HREL_CHECK_REL(st[s].work_s, want_work[s], 1e-12, what);
        snprintf(what, sizeof what, "step %d h items", s + 1);
        HREL_CHECK_REL(st[s].h_items, want_h[s], 1e-12, what);
        snprintf(what, sizeof what, "step %d h bytes", s + 1);
        HREL_CHECK_REL(st[s].h_bytes, 4 * want_h[s], 1e-12, what);
        snprintf(what, sizeof what, "T_%d", s + 1);
        HREL_CHECK_REL(st[s].t_s, want_T[s], 1e-12, what);
    }
    HREL_CHECK_REL(st[1].step_s, 1.2608e-4, 1e-12, "step 2 time");
    HREL_CHECK_REL(st[4].comm_s, 2.536e-4, 1e-12, "step 5 communication");

    /* Per-step g/L: a slower g in step 5 only moves step 5 and later. */
    g[4] = 2e-7;
    L[4] = 0;
    hrel_psrs_predict(1024, 4, 4, &k, g, L, st, err, sizeof err);
    HREL_CHECK_REL(st[3].t_s, 7.4216e-4, 1e-12, "T_4 unchanged by step-5 g");
    HREL_CHECK_REL(st[4].comm_s, 2e-7 * 1536, 1e-12, "step 5 priced with its own g, L");
    HREL_CHECK_REL(st[6].t_s, 1.52628e-3 - 2.536e-4 + 3.072e-4, 1e-12, "T_7 moves by the difference");

    /* N not divisible by P: N/P is a real number. N = 1030, P = 4: step 1 h = 3*257.5 */
    hrel_psrs_predict(1030, 4, 4, &k, g, L, st, err, sizeof err);
    HREL_CHECK_REL(st[0].h_items, 772.5, 1e-12, "step 1 h with N/P = 257.5");

    HREL_CHECK(hrel_psrs_predict(15, 4, 4, &k, g, L, st, err, sizeof err) != 0, "N < P*P refused");
    HREL_CHECK_HAS(err, "N >= P*P", "message names the rule");
    HREL_CHECK(hrel_psrs_predict(1024, 1, 4, &k, g, L, st, err, sizeof err) != 0, "P = 1 refused");
    g[2] = NAN;
    HREL_CHECK(hrel_psrs_predict(1024, 4, 4, &k, g, L, st, err, sizeof err) != 0, "NaN g refused");
    HREL_CHECK_HAS(err, "step 3", "message names the step");
}

static void test_error_pct(void)
{
}

static void test_consts_file(void)
{
    hrel_psrs_consts k;
    char err[256] = "";
    const char *p = hrel_test_write_tmp("psrs_consts_ok.csv",
                              "# suite: hrel 0.1.0\n" HREL_PSRS_CONSTS_HEADER "\n"
                              "2,1048576,1e-8,2e-9,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9\n"
                              "4,1048576,1.5e-8,2e-9,3e-9,4e-9,5e-9,6e-9,7.5e-9,8e-9\n"
                              "4,4096,1.1e-8,2e-9,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9\n");
    HREL_CHECK_INT(hrel_psrs_consts_read(p, 4, 1048576, &k, err, sizeof err), 0, "constants read");
    HREL_CHECK(k.procs == 4 && k.n == 1048576, "row for P=4, N=2^20");
    HREL_CHECK_REL(k.B, 1.5e-8, 1e-12, "B of that row");
    HREL_CHECK_REL(k.I, 7.5e-9, 1e-12, "I of that row");
    hrel_psrs_consts_read(p, 4, 5000, &k, err, sizeof err);
    HREL_CHECK_REL(k.B, 1.1e-8, 1e-12, "closest n picks the 4096 row");
    HREL_CHECK(hrel_psrs_consts_read(p, 8, 1048576, &k, err, sizeof err) != 0, "no row for P=8");
    HREL_CHECK_HAS(err, "no constants for P=8", "missing P named");
    p = hrel_test_write_tmp("psrs_consts_bad.csv", HREL_PSRS_CONSTS_HEADER "\n"
                  "2,1024,1e-8,2e-9,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9\n"
                  "3,1024,1e-8,x,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9\n");
    HREL_CHECK(hrel_psrs_consts_read(p, 2, 1024, &k, err, sizeof err) != 0, "bad number refused");
    HREL_CHECK_HAS(err, "psrs_consts_bad.csv:3: column C", "file, line and column named");
    /* issue 14: n = -9223372036854775807 overflowed labs(); negative constants were accepted */
    p = hrel_test_write_tmp("psrs_consts_huge.csv", HREL_PSRS_CONSTS_HEADER "\n"
                  "2,-9223372036854775807,1e-8,2e-9,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9\n");
    HREL_CHECK(hrel_psrs_consts_read(p, 2, 1024, &k, err, sizeof err) != 0, "n out of range refused");
    HREL_CHECK_HAS(err, "psrs_consts_huge.csv:2: n = -9223372036854775807", "the value and line named");
    p = hrel_test_write_tmp("psrs_consts_neg.csv", HREL_PSRS_CONSTS_HEADER "\n"
                  "2,1024,1e-8,-2e-9,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9\n");
    HREL_CHECK(hrel_psrs_consts_read(p, 2, 1024, &k, err, sizeof err) != 0, "negative constant refused");
    HREL_CHECK_HAS(err, "psrs_consts_neg.csv:2: constant C = -2e-09 is negative", "the constant named");
    p = hrel_test_write_tmp("psrs_consts_nocol.csv", "procs,n,B\n2,1024,1e-8\n");
    HREL_CHECK(hrel_psrs_consts_read(p, 2, 1024, &k, err, sizeof err) != 0, "missing column refused");
    HREL_CHECK_HAS(err, "C", "missing column named");
}

static void test_fit_file(void)
{
    double g[7], L[7];
    char err[256] = "";
    const char *p = hrel_test_write_tmp("psrs_fit.csv",
                              "pattern,procs,g,L,r2,n\n"
                              "POA,4,1e-7,1e-4,0.99,10\n"
                              "POA,all,9e-7,9e-4,0.99,30\n"
                              "AO,all,2e-7,2e-4,0.99,30\n"
                              "OA,all,3e-7,3e-4,0.99,30\n"
                              "AA,4,4e-7,4e-4,0.99,10\n"
                              "ALL,all,5e-7,5e-4,0.98,150\n");
    HREL_CHECK_INT(hrel_psrs_gl_from_fit(p, "pooled", 4, g, L, err, sizeof err), 0, "pooled ok");
    HREL_CHECK(g[0] == 5e-7 && g[6] == 5e-7 && L[3] == 5e-4, "pooled: ALL row in every step");
    HREL_CHECK_INT(hrel_psrs_gl_from_fit(p, "steps", 4, g, L, err, sizeof err), 0, "steps ok");
    HREL_CHECK(g[0] == 1e-7 && g[1] == 2e-7 && g[2] == 3e-7 && g[3] == 4e-7 && g[4] == 4e-7 &&
               g[5] == 2e-7 && g[6] == 2e-7, "steps: POA AO OA AA AA AO AO, P row preferred");
    HREL_CHECK_INT(hrel_psrs_gl_from_fit(p, "POA", 2, g, L, err, sizeof err), 0, "POA at P=2");
    HREL_CHECK(g[0] == 9e-7 && L[6] == 9e-4, "POA at P=2 falls back to 'all'");
    HREL_CHECK(hrel_psrs_gl_from_fit(p, "steps", 2, g, L, err, sizeof err) != 0, "AA at P=2 missing");
    HREL_CHECK_HAS(err, "no fitted row for pattern AA (procs 2 or all)", "missing pattern named");
    HREL_CHECK(hrel_psrs_gl_from_fit(p, "bogus", 4, g, L, err, sizeof err) != 0, "bad mode refused");
    HREL_CHECK_HAS(err, "bogus", "bad mode named");
}

int main(void)
{
    hrel_test_init();
    test_hand_case();
    test_error_pct();
    test_consts_file();
    test_fit_file();
    return hrel_test_summary("test_psrs_model");
}
