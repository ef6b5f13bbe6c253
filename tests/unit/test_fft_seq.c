/* test_fft_seq -- the sequential FFT pieces against known answers: hand-worked
 * bit reversals, divisions and butterflies, DFTs with closed forms, a naive
 * O(n^2) DFT, and FFTW against GSL's independent mixed-radix reference. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "fft_seq.h"

#define PI 3.14159265358979323846

/* O(n^2) DFT with the forward sign, for small n. */
static void naive_dft(const hrel_fft_cplx *a, size_t n, hrel_fft_cplx *out)
{
    size_t j, k;
    for (k = 0; k < n; k++) {
        double re = 0, im = 0;
        for (j = 0; j < n; j++) {
            double ang = -2.0 * PI * (double)((j * k) % n) / (double)n;
            re += creal(a[j]) * cos(ang) - cimag(a[j]) * sin(ang);
            im += creal(a[j]) * sin(ang) + cimag(a[j]) * cos(ang);
        }
        out[k] = re + I * im;
    }
}

static void test_bits(void)
{
    HREL_CHECK(hrel_fft_is_pow2(1) && hrel_fft_is_pow2(2) && hrel_fft_is_pow2(524288), "powers of two");
    HREL_CHECK(!hrel_fft_is_pow2(0) && !hrel_fft_is_pow2(3) && !hrel_fft_is_pow2(524287), "non powers");
    HREL_CHECK_INT(hrel_fft_log2(1), 0, "log2 1");
    HREL_CHECK_INT(hrel_fft_log2(524288), 19, "log2 524288");
    HREL_CHECK_INT(hrel_fft_bitrev(1, 3), 4, "bitrev 001 -> 100");
    HREL_CHECK_INT(hrel_fft_bitrev(6, 3), 3, "bitrev 110 -> 011");
    HREL_CHECK_INT(hrel_fft_bitrev(5, 4), 10, "bitrev 0101 -> 1010");
    HREL_CHECK_INT(hrel_fft_bitrev(7, 0), 0, "bitrev over 0 bits");
}

static void test_divide_split(void)
{
    hrel_fft_cplx a[16], out[16], ev[8], od[8];
    size_t j;
    for (j = 0; j < 16; j++)
        a[j] = (double)j + I * (double)(100 + j);
    /* p=4, rank 1: bits 01 reversed = 10 = 2 -> indices 2, 6, 10, 14 */
    HREL_CHECK_INT(hrel_fft_divide(a, 16, 4, 1, out), 0, "divide ok");
    HREL_CHECK(creal(out[0]) == 2 && creal(out[1]) == 6 && creal(out[2]) == 10 &&
               creal(out[3]) == 14 && cimag(out[3]) == 114, "divide p=4 rank 1 -> 2,6,10,14");
    /* p=8, rank 3: 011 reversed = 110 = 6 -> indices 6, 14 */
    hrel_fft_divide(a, 16, 8, 3, out);
    HREL_CHECK(creal(out[0]) == 6 && creal(out[1]) == 14, "divide p=8 rank 3 -> 6,14");
    /* p=1 is a copy */
    hrel_fft_divide(a, 16, 1, 0, out);
    HREL_CHECK(creal(out[9]) == 9 && cimag(out[15]) == 115, "divide p=1 copies");
    HREL_CHECK(hrel_fft_divide(a, 16, 32, 0, out) != 0, "divide p > n rejected");
    HREL_CHECK(hrel_fft_divide(a, 16, 4, 4, out) != 0, "divide rank >= p rejected");
    HREL_CHECK(hrel_fft_divide(a, 16, 3, 0, out) != 0, "divide p=3 rejected");
    HREL_CHECK_INT(hrel_fft_split(a, 16, ev, od), 0, "split ok");
    HREL_CHECK(creal(ev[0]) == 0 && creal(ev[7]) == 14 && creal(od[0]) == 1 &&
               creal(od[7]) == 15, "split even/odd");
}

static void test_reference(void)
{
    char err[200] = "";
    hrel_fft_cplx a[64], x[64], want[64];
    size_t j, n = 64;
    int ok;
    /* delta at 0 -> all ones */
    for (j = 0; j < n; j++)
        a[j] = j == 0 ? 1.0 : 0.0;
    HREL_CHECK_INT(hrel_fft_reference(a, n, x, err, sizeof err), 0, "reference delta");
    for (ok = 1, j = 0; j < n; j++)
        ok &= cabs(x[j] - 1.0) < 1e-14;
    HREL_CHECK(ok, "DFT of a delta is all ones");
    /* pure tone exp(+2 pi i 5 j / n) -> n at k = 5 */
    for (j = 0; j < n; j++)
        a[j] = cos(2 * PI * 5.0 * j / n) + I * sin(2 * PI * 5.0 * j / n);
    hrel_fft_reference(a, n, x, err, sizeof err);
    for (ok = 1, j = 0; j < n; j++)
        ok &= cabs(x[j] - (j == 5 ? (double)n : 0.0)) < 1e-12;
    HREL_CHECK(ok, "DFT of a tone at k=5 is n at bin 5 (forward sign)");
    /* random vector: GSL reference == naive DFT; in place works too */
    hrel_fft_input(n, 7, a);
    naive_dft(a, n, want);
    hrel_fft_reference(a, n, x, err, sizeof err);
    HREL_CHECK(hrel_fft_relerr(x, want, n) < 1e-13, "GSL reference == naive DFT (n=64)");
    hrel_fft_reference(a, n, a, err, sizeof err);
    HREL_CHECK(hrel_fft_relerr(a, want, n) < 1e-13, "GSL reference in place");
    /* relerr by hand: x = (1, 0), ref = (0, 0)+... */
    {
        hrel_fft_cplx r2[2] = {3.0, 4.0 * I}, x2[2] = {3.0, 4.0 * I + 0.5};
        HREL_CHECK_REL(hrel_fft_relerr(x2, r2, 2), 0.1, 1e-15, "relerr 0.5/5");
    }
    /* input is deterministic and in [-1,1) */
    {
        hrel_fft_cplx b[64];
        hrel_fft_input(64, 7, b);
        hrel_fft_input(64, 7, x);
        for (ok = 1, j = 0; j < 64; j++)
            ok &= b[j] == x[j] && fabs(creal(b[j])) <= 1 && fabs(cimag(b[j])) <= 1;
        HREL_CHECK(ok, "hrel_fft_input deterministic, within [-1,1]");
        hrel_fft_input(64, 8, x);
        HREL_CHECK(b[0] != x[0], "different seed, different vector");
    }
}

static void test_plan(void)
{
    char err[200] = "";
    size_t sizes[] = {1, 2, 8, 1024, 65536}, s, n;
    hrel_fft_plan *plan = NULL;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        hrel_fft_cplx *a, *x, *ref;
        n = sizes[s];
        a = hrel_fft_cplx_alloc(n);
        x = hrel_fft_cplx_alloc(n);
        ref = hrel_fft_cplx_alloc(n);
        hrel_fft_input(n, 11 + s, a);
        hrel_fft_reference(a, n, ref, err, sizeof err);
        HREL_CHECK_INT(hrel_fft_plan_alloc(n, HREL_FFT_ESTIMATE, &plan, err, sizeof err), 0, "plan");
        HREL_CHECK_INT(hrel_fft_plan_size(plan), n, "plan size");
        HREL_CHECK_INT(hrel_fft_plan_exec(plan, a, x), 0, "exec");
        HREL_CHECK(hrel_fft_relerr(x, ref, n) < 1e-13, "FFTW == GSL reference");
        hrel_fft_plan_free(plan);
        hrel_fft_cplx_free(a);
        hrel_fft_cplx_free(x);
        hrel_fft_cplx_free(ref);
    }
    /* misaligned arrays (offset by one complex from malloc) still give the answer */
    {
        size_t m = 256;
        hrel_fft_cplx *ba = malloc((m + 1) * sizeof *ba), *bx = malloc((m + 1) * sizeof *bx);
        hrel_fft_cplx ref[256];
        hrel_fft_input(m, 3, ba + 1);
        hrel_fft_reference(ba + 1, m, ref, err, sizeof err);
        hrel_fft_plan_alloc(m, HREL_FFT_MEASURE, &plan, err, sizeof err);
        HREL_CHECK_INT(hrel_fft_plan_exec(plan, ba + 1, bx + 1), 0, "exec unaligned");
        HREL_CHECK(hrel_fft_relerr(bx + 1, ref, m) < 1e-13, "unaligned arrays, MEASURE plan");
        HREL_CHECK(hrel_fft_plan_exec(plan, ba + 1, ba + 1) != 0, "in == out rejected");
        hrel_fft_plan_free(plan);
        free(ba);
        free(bx);
    }
    HREL_CHECK(hrel_fft_plan_alloc(12, HREL_FFT_ESTIMATE, &plan, err, sizeof err) != 0 && plan == NULL,
               "plan of 12 points rejected");
    HREL_CHECK_HAS(err, "not a power of two", "plan error message");
    hrel_fft_plan_free(NULL);
}

static void test_combine(void)
{
    char err[200] = "";
    hrel_fft_twiddle *tw = NULL;
    hrel_fft_cplx a[64], ev[32], od[32], E[32], O[32], out[64], ref[64];
    size_t n = 64;
    /* n = 2 by hand: E = [a], O = [b] -> [a + b, a - b] */
    HREL_CHECK_INT(hrel_fft_twiddle_alloc(2, &tw, err, sizeof err), 0, "twiddles 2");
    {
        hrel_fft_cplx e1 = 1.0 + 2.0 * I, o1 = 3.0 - 1.0 * I, o2[2];
        hrel_fft_combine(tw, &e1, &o1, 1, o2);
        HREL_CHECK(o2[0] == 4.0 + 1.0 * I && o2[1] == -2.0 + 3.0 * I, "2-point butterfly by hand");
    }
    hrel_fft_twiddle_free(tw);
    /* n = 4 by hand: x = (1,2,3,4): E = DFT(1,3) = (4,-2), O = DFT(2,4) = (6,-2);
     * X = (4+6, -2 + (-i)(-2), 4-6, -2 - (-i)(-2)) = (10, -2+2i, -2, -2-2i) */
    hrel_fft_twiddle_alloc(4, &tw, err, sizeof err);
    {
        hrel_fft_cplx e2[2] = {4, -2}, o2[2] = {6, -2}, x4[4];
        hrel_fft_combine(tw, e2, o2, 2, x4);
        HREL_CHECK(cabs(x4[0] - 10) < 1e-15 && cabs(x4[1] - (-2 + 2 * I)) < 1e-15 &&
                   cabs(x4[2] + 2) < 1e-15 && cabs(x4[3] - (-2 - 2 * I)) < 1e-15,
                   "4-point combination by hand");
        HREL_CHECK(hrel_fft_combine(tw, e2, o2, 4, x4) != 0, "combine beyond table rejected");
    }
    hrel_fft_twiddle_free(tw);
    /* random n = 64 with a table of 1024 (stride 16) */
    hrel_fft_twiddle_alloc(1024, &tw, err, sizeof err);
    hrel_fft_input(n, 5, a);
    hrel_fft_reference(a, n, ref, err, sizeof err);
    hrel_fft_split(a, n, ev, od);
    hrel_fft_reference(ev, 32, E, err, sizeof err);
    hrel_fft_reference(od, 32, O, err, sizeof err);
    HREL_CHECK_INT(hrel_fft_combine(tw, E, O, 32, out), 0, "combine 64");
    HREL_CHECK(hrel_fft_relerr(out, ref, n) < 1e-14, "combine(DFT even, DFT odd) == DFT (n=64)");
    /* in place: E in out[0..32), O in out[32..64) */
    memcpy(out, E, sizeof E);
    memcpy(out + 32, O, sizeof O);
    hrel_fft_combine(tw, out, out + 32, 32, out);
    HREL_CHECK(hrel_fft_relerr(out, ref, n) < 1e-14, "combine in place");
    hrel_fft_twiddle_free(tw);
    HREL_CHECK(hrel_fft_twiddle_alloc(6, &tw, err, sizeof err) != 0, "twiddles of 6 rejected");
    hrel_fft_twiddle_free(NULL);
}

int main(void)
{
    hrel_test_init();
    test_bits();
    test_divide_split();
    test_reference();
    test_plan();
    test_combine();
    return hrel_test_summary("test_fft_seq");
}
