/* numfmt -- printf's number formats, fast. See numfmt.h. */
#include <math.h>
#include <stdio.h>

#include "numfmt.h"

char *hrel_numfmt_ull(char *p, unsigned long long v)
{
    char tmp[24];
    int n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *p++ = tmp[--n];
    return p;
}

char *hrel_numfmt_int(char *p, int v)
{
    if (v < 0) {
        *p++ = '-';
        return hrel_numfmt_ull(p, (unsigned long long)(-(long long)v));
    }
    return hrel_numfmt_ull(p, (unsigned long long)v);
}

/* Fast where that is certain: 0 <= X < 1e6, so X * 1e6 is within 1.2e-4 of
 * the exact product, and its fraction is not within 1e-3 of one half (the
 * rounding direction is then the exact one). */
char *hrel_numfmt_f6(char *p, double x)
{
    if (x >= 0 && x < 1e6 && !signbit(x)) {
        double y = x * 1e6, fl = floor(y), fr = y - fl;
        if (fabs(fr - 0.5) > 1e-3) {
            unsigned long long k = (unsigned long long)fl + (fr > 0.5), f = k % 1000000;
            int i;
            p = hrel_numfmt_ull(p, k / 1000000);
            *p++ = '.';
            for (i = 5; i >= 0; i--, f /= 10)
                p[i] = (char)('0' + f % 10);
            return p + 6;
        }
    }
    return p + sprintf(p, "%.6f", x);
}

/* Fast for whole numbers below 1e15. */
char *hrel_numfmt_f0(char *p, double x)
{
    if (x >= 0 && x < 1e15 && x == floor(x) && !signbit(x))
        return hrel_numfmt_ull(p, (unsigned long long)x);
    return p + sprintf(p, "%.0f", x);
}

/* %.9g: 9 significant digits, fixed notation for exponents -4 .. 8, trailing
 * zeros dropped. Fast for 1e-4 <= X < 1e9 (and 0): the digits are X * 10^(8-E)
 * rounded (10^(8-E) exact, the product within half an ulp, below 2^30),
 * unless that product is within 1e-3 of a half. */
char *hrel_numfmt_g9(char *p, double x)
{
    static const double p10[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                 1e12};
    if (x == 0 && !signbit(x)) {
        *p++ = '0';
        return p;
    }
    if (x >= 1e-4 && x < 1e9) {
        int e = (int)floor(log10(x)), k;
        double y, fl, fr;
        unsigned long long d;
        char dig[10];
        if (e < -4)
            e = -4;
        if (e > 8)
            e = 8;
        y = x * p10[8 - e];
        if (y < 1e8 && e > -4) {
            e--;
            y = x * p10[8 - e];
        } else if (y >= 1e9 && e < 8) {
            e++;
            y = x * p10[8 - e];
        }
        fl = floor(y);
        fr = y - fl;
        if (y >= 1e8 && y < 1e9 && fabs(fr - 0.5) > 1e-3) {
            d = (unsigned long long)fl + (fr > 0.5);
            if (d == 1000000000ULL) {   /* rounded up to the next power of ten */
                d = 100000000ULL;
                e++;
            }
            if (e >= -4 && e <= 8) {
                int nd = 9, point, i;
                for (k = 8; k >= 0; k--, d /= 10)
                    dig[k] = (char)('0' + d % 10);
                while (nd > 1 && dig[nd - 1] == '0')
                    nd--;
                point = e + 1;   /* digits before the point (<= 0: "0.000ddd") */
                if (point <= 0) {
                    *p++ = '0';
                    *p++ = '.';
                    for (i = point; i < 0; i++)
                        *p++ = '0';
                    for (i = 0; i < nd; i++)
                        *p++ = dig[i];
                } else {
                    for (i = 0; i < point; i++)
                        *p++ = dig[i];
                    if (nd > point) {
                        *p++ = '.';
                        for (i = point; i < nd; i++)
                            *p++ = dig[i];
                    }
                }
                return p;
            }
        }
    }
    return p + sprintf(p, "%.9g", x);
}
