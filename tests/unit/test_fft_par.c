/* test_fft_par -- both parallel FFT schedules emulated in one process for
 * p = 1..8 processors must give the reference transform; the partner tables
 * against hand-drawn ones (002 figure 7, 001 figures 4-5); size errors. */
#include "hrel_test.h"
#include "fft_par.h"

static void test_roles(void)
{
    hrel_fft_role role;
    size_t partner;
    int low;
    /* M-step, p = 8 (002 figure 7). Step 0: pairs (0,1) (2,3) (4,5) (6,7), odd
     * ranks send; step 1: active 0,2,4,6: 2 -> 0, 6 -> 4, odd ranks idle;
     * step 2: 4 -> 0. Partner is ignored for an idle rank. */
    static const struct {
        int rank, step;
        hrel_fft_role role;
        size_t partner;
        const char *what;
    } ms[] = {
        {1, 0, HREL_FFT_SEND, 0, "step 0: 1 sends to 0"},
        {6, 0, HREL_FFT_RECV, 7, "step 0: 6 receives from 7"},
        {2, 1, HREL_FFT_SEND, 0, "step 1: 2 sends to 0"},
        {4, 1, HREL_FFT_RECV, 6, "step 1: 4 receives from 6"},
        {3, 1, HREL_FFT_IDLE, 0, "step 1: 3 idle"},
        {4, 2, HREL_FFT_SEND, 0, "step 2: 4 sends to 0"},
        {0, 2, HREL_FFT_RECV, 4, "step 2: 0 receives from 4"},
        {6, 2, HREL_FFT_IDLE, 0, "step 2: 6 idle"},
    };
    size_t i;
    for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        role = ms[i].role == HREL_FFT_IDLE ? HREL_FFT_SEND : HREL_FFT_IDLE; /* must be written */
        partner = 99;
        HREL_CHECK_INT(hrel_fft_mstep_role(8, ms[i].rank, ms[i].step, &role, &partner), 0,
                       ms[i].what);
        HREL_CHECK(role == ms[i].role && (role == HREL_FFT_IDLE || partner == ms[i].partner),
                   ms[i].what);
    }
    HREL_CHECK(hrel_fft_mstep_role(8, 0, 3, &role, &partner) != 0, "step 3 of p=8 rejected");
    HREL_CHECK(hrel_fft_mstep_role(1, 0, 0, &role, &partner) != 0, "p=1 has no steps");
    /* CCM, p = 8: level 0 groups {0..3} {4..7}, partner r xor 4 (001 figure 4) */
    hrel_fft_ccm_role(8, 5, 0, &low, &partner);
    HREL_CHECK(!low && partner == 1, "level 0: 5 high, partner 1");
    hrel_fft_ccm_role(8, 2, 0, &low, &partner);
    HREL_CHECK(low && partner == 6, "level 0: 2 low, partner 6");
    /* level 1: {0,1}{2,3} within {0..3}: partner r xor 2 (figure 5) */
    hrel_fft_ccm_role(8, 5, 1, &low, &partner);
    HREL_CHECK(low && partner == 7, "level 1: 5 low, partner 7");
    hrel_fft_ccm_role(8, 5, 2, &low, &partner);
    HREL_CHECK(!low && partner == 4, "level 2: 5 high, partner 4");
    HREL_CHECK(hrel_fft_ccm_role(8, 8, 0, &low, &partner) != 0, "rank 8 of p=8 rejected");
}

static void test_emulate(void)
{
    char err[200] = "";
    size_t n = 256, ps[] = {1, 2, 4, 8}, i, r;
    hrel_fft_cplx *a = hrel_fft_cplx_alloc(n), *ref = hrel_fft_cplx_alloc(n);
    hrel_fft_cplx *out = hrel_fft_cplx_alloc(8 * n);
    hrel_fft_input(n, 42, a);
    hrel_fft_reference(a, n, ref, err, sizeof err);
    for (i = 0; i < 4; i++) {
        char what[80];
        int ok = 1;
        snprintf(what, sizeof what, "M-step FFT p=%zu == reference", ps[i]);
        HREL_CHECK_INT(hrel_fft_mstep_emulate(a, n, ps[i], out, err, sizeof err), 0, "mstep emulate");
        HREL_CHECK(hrel_fft_relerr(out, ref, n) < 1e-13, what);
        snprintf(what, sizeof what, "D&C FFT p=%zu == reference on every rank", ps[i]);
        HREL_CHECK_INT(hrel_fft_ccm_emulate(a, n, ps[i], out, err, sizeof err), 0, "ccm emulate");
        for (r = 0; r < ps[i]; r++)
            ok &= hrel_fft_relerr(out + r * n, ref, n) < 1e-13;
        HREL_CHECK(ok, what);
    }
    /* p = N: one point each */
    hrel_fft_reference(a, 8, ref, err, sizeof err);
    hrel_fft_mstep_emulate(a, 8, 8, out, err, sizeof err);
    HREL_CHECK(hrel_fft_relerr(out, ref, 8) < 1e-14, "M-step FFT with p = N = 8");
    hrel_fft_ccm_emulate(a, 8, 8, out, err, sizeof err);
    HREL_CHECK(hrel_fft_relerr(out + 7 * 8, ref, 8) < 1e-14, "D&C FFT with p = N = 8 (rank 7)");
    /* a wrong schedule would be caught: a vector with one value changed */
    hrel_fft_mstep_emulate(a, n, 4, out, err, sizeof err);
    hrel_fft_reference(a, n, ref, err, sizeof err);
    out[3] += 1e-3;
    HREL_CHECK(hrel_fft_relerr(out, ref, n) > 1e-8, "a corrupted value is detected");
    hrel_fft_cplx_free(a);
    hrel_fft_cplx_free(ref);
    hrel_fft_cplx_free(out);
}

static void test_sizes(void)
{
    char err[200] = "";
    HREL_CHECK_INT(hrel_fft_check_sizes(524288, 8, err, sizeof err), 0, "524288 on 8 ok");
    HREL_CHECK(hrel_fft_check_sizes(1000, 2, err, sizeof err) != 0, "N=1000 rejected");
    HREL_CHECK_HAS(err, "N=1000 is not a power of two", "N message");
    HREL_CHECK(hrel_fft_check_sizes(1024, 3, err, sizeof err) != 0, "p=3 rejected");
    HREL_CHECK_HAS(err, "p=3 is not a power of two", "p message");
    HREL_CHECK(hrel_fft_check_sizes(4, 8, err, sizeof err) != 0, "p > N rejected");
    HREL_CHECK_HAS(err, "p=8 exceeds N=4", "p > N message");
    HREL_CHECK(hrel_fft_check_sizes(0, 1, err, sizeof err) != 0, "N=0 rejected");
    HREL_CHECK(hrel_fft_check_sizes(16, 0, err, sizeof err) != 0, "p=0 rejected");
}

int main(void)
{
    hrel_test_init();
    test_roles();
    test_emulate();
    test_sizes();
    return hrel_test_summary("test_fft_par");
}
