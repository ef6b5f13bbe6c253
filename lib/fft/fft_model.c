/* fft_model -- see fft_model.h. */
#include "fft_model.h"

#include <math.h>
#include <stdio.h>

#include "fft_par.h"

/* Check sizes and constants. */
static int check(size_t n, size_t p, size_t bytes, const hrel_fft_consts *c,
                 double g, double L, char *err, size_t errlen)
{
    if (hrel_fft_check_sizes((long)n, (long)p, err, errlen))
        return -1;
    if (bytes == 0) {
        snprintf(err, errlen, "bytes per complex value must be positive");
        return -1;
    }
    if (!c || !isfinite(c->D) || !isfinite(c->Ds) || !isfinite(c->F) || !isfinite(c->R) ||
        c->D < 0 || c->Ds < 0 || c->F < 0 || c->R < 0) {
        snprintf(err, errlen, "FFT constants D, Ds, F, R must be finite and >= 0");
        return -1;
    }
    if (!isfinite(g) || !isfinite(L)) {
        snprintf(err, errlen, "g and L must be finite numbers");
        return -1;
    }
    return 0;
}

int hrel_fft_model_mstep_gl(size_t n, size_t p, size_t bytes, const hrel_fft_consts *c,
                            const double *g, const double *L, double *steps, double *total,
                            char *err, size_t errlen)
{
    double N = (double)n, P = (double)p, m, t;
    unsigned s, logp, i;
    if (check(n, p, bytes, c, 0.0, 0.0, err, errlen))
        return -1;
    m = N / P;
    logp = hrel_fft_log2(p);
    for (i = 0; i < logp; i++)
        if (!isfinite(g[i]) || !isfinite(L[i])) {
            snprintf(err, errlen, "g and L must be finite numbers");
            return -1;
        }
    t = c->D * m + c->F * m * (double)hrel_fft_log2(n / p);      /* lines 1-5 */
    if (p == 1) {
        if (steps)
            steps[0] = t;
        *total = t;
        return 0;
    }
    t += L[0] + g[0] * (double)bytes * m;                           /* (15) */
    if (steps)
        steps[0] = t;
    for (s = 2; s <= logp; s++) {                                   /* (16) */
        t += c->R * N * ldexp(1.0, (int)s - 2) / P
           + L[s - 1] + g[s - 1] * (double)bytes * N * ldexp(1.0, (int)s - 1) / P;
        if (steps)
            steps[s - 1] = t;
    }
    t += c->R * N / 2.0;                                            /* (17) */
    if (steps)
        steps[logp] = t;
    *total = t;
    return 0;
}

int hrel_fft_model_mstep(size_t n, size_t p, size_t bytes, const hrel_fft_consts *c,
                         double g, double L, double *steps, double *total,
                         char *err, size_t errlen)
{
    double gs[64], Ls[64];
    unsigned i;
    if (!isfinite(g) || !isfinite(L)) {
        snprintf(err, errlen, "g and L must be finite numbers");
        return -1;
    }
    for (i = 0; i < 64; i++) {
        gs[i] = g;
        Ls[i] = L;
    }
    return hrel_fft_model_mstep_gl(n, p, bytes, c, gs, Ls, steps, total, err, errlen);
}

int hrel_fft_model_ccm(size_t n, size_t p, size_t bytes, hrel_op op,
                       const hrel_fft_consts *c, double g, double L,
                       double *total, char *err, size_t errlen)
{
    double N = (double)n, P = (double)p, t = 0.0;
    unsigned i, s, logp;
    if (check(n, p, bytes, c, g, L, err, errlen))
        return -1;
    logp = hrel_fft_log2(p);
    for (i = 0; i < logp; i++)                      /* divisions, n/2^i each */
        t += c->Ds * N / ldexp(1.0, (int)i);
    t += c->F * (N / P) * (double)hrel_fft_log2(n / p);
    for (s = 1; s <= logp; s++) {                   /* swaps and combinations */
        double half = ldexp(1.0, (int)s - 1) * N / P;   /* values each side sends */
        double h = hrel_op_apply(op, (double)bytes * half, (double)bytes * half);
        t += L + g * h + c->R * half;
    }
    *total = t;
    return 0;
}

