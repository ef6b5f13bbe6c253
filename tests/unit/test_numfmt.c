/* Unit tests of lib/io/numfmt: every fast format is printf's, byte for byte,
 * on chosen edge values (halves, powers of ten, the ends of the fast ranges,
 * negatives, NaN, infinities) and on a million pseudo-random values over the
 * magnitudes the trace writers meet. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hrel_test.h"
#include "numfmt.h"

static int nbad;

/* Does FN(X) write what printf's FMT writes? Reports the first few misses. */
static int same(char *(*fn)(char *, double), const char *fmt, double x)
{
    char want[400], got[400], *e = fn(got, x);
    *e = '\0';
    snprintf(want, sizeof want, fmt, x);
    if (strcmp(want, got) == 0)
        return 1;
    if (nbad++ < 5)
        fprintf(stderr, "numfmt: %s of %.17g: printf '%s', numfmt '%s'\n", fmt, x, want, got);
    return 0;
}

static uint64_t rng = 0x243f6a8885a308d3ULL;
static double urand(void)   /* [0, 1) */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * 0x1.0p-53;
}

int main(void)
{
    static const double edge[] = {0.0, -0.0, 1.0, 0.5, 1.5, 2.5, 1e-4, 9.99999999e-5,
                                  9.999999995e-5, 1.00000000049999e-4, 0.000123456789,
                                  0.1234567895, 0.12345678949999, 1e8, 999999999.4,
                                  999999999.5, 999999999.6, 1e9, 123456789.5, 12345678.95,
                                  9.9999999995, 9.99999999949, 1e-7, 1e15, 1e300, 5e-7,
                                  0.0000005, 0.0000015, 0.0000025, 999999.9999995, 1e6,
                                  -1.0, -0.5, -1e-3, 3.0e-5, 16384, 8192.0, 1048576.0};
    size_t i;
    int ok = 1;
    char b[64], *e;

    hrel_test_init();
    e = hrel_numfmt_int(b, -2147483647 - 1);
    *e = '\0';
    HREL_CHECK(strcmp(b, "-2147483648") == 0, "int: the most negative");
    e = hrel_numfmt_ull(b, 18446744073709551615ULL);
    *e = '\0';
    HREL_CHECK(strcmp(b, "18446744073709551615") == 0, "ull: the largest");
    for (i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        ok &= same(hrel_numfmt_g9, "%.9g", edge[i]);
        ok &= same(hrel_numfmt_f6, "%.6f", edge[i]);
        ok &= same(hrel_numfmt_f0, "%.0f", edge[i]);
    }
    HREL_CHECK(ok, "edge values: %.9g, %.6f, %.0f as printf");
    ok = same(hrel_numfmt_g9, "%.9g", NAN) & same(hrel_numfmt_g9, "%.9g", INFINITY) &
         same(hrel_numfmt_f6, "%.6f", -INFINITY) & same(hrel_numfmt_f0, "%.0f", NAN);
    HREL_CHECK(ok, "NaN and infinities as printf");
    ok = 1;
    for (i = 0; i < 1000000; i++) {
        double x = pow(10.0, -8.0 + 19.0 * urand());   /* 1e-8 .. 1e11 */
        if (i % 3 == 0)   /* whole microseconds and their sums, as traces hold */
            x = floor(x * 1e6) * 1e-6 + floor(urand() * 1000) * 1e-6;
        ok &= same(hrel_numfmt_g9, "%.9g", x);
        ok &= same(hrel_numfmt_f6, "%.6f", x);
        ok &= same(hrel_numfmt_f0, "%.0f", floor(x));
    }
    HREL_CHECK(ok, "a million values over 1e-8 .. 1e11 as printf");
    ok = 1;
    for (i = 0; i < 200000; i++) {   /* halves at the 9th digit: the rounding's edge */
        double x = (floor(urand() * 9e8) + 1e8 + 0.5) * pow(10.0, -(double)(i % 14));
        ok &= same(hrel_numfmt_g9, "%.9g", x);
    }
    HREL_CHECK(ok, "values near a half at the 9th digit as printf");
    return hrel_test_summary("test_numfmt");
}
