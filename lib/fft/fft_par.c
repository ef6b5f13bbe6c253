/* fft_par -- see fft_par.h. */
#include "fft_par.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hrel_fft_check_sizes(long n, long p, char *err, size_t errlen)
{
    if (n < 1 || !hrel_fft_is_pow2((size_t)n)) {
        snprintf(err, errlen, "N=%ld is not a power of two", n);
        return -1;
    }
    if (n > (1L << 30)) {
        snprintf(err, errlen, "N=%ld is larger than 2^30", n);
        return -1;
    }
    if (p < 1 || !hrel_fft_is_pow2((size_t)p)) {
        snprintf(err, errlen, "p=%ld is not a power of two", p);
        return -1;
    }
    if (p > n) {
        snprintf(err, errlen, "p=%ld exceeds N=%ld (each processor needs at least one point)", p, n);
        return -1;
    }
    return 0;
}

int hrel_fft_mstep_role(size_t p, size_t rank, unsigned i, hrel_fft_role *role,
                        size_t *partner)
{
    size_t bit;
    if (!hrel_fft_is_pow2(p) || rank >= p || i >= hrel_fft_log2(p))
        return -1;
    bit = (size_t)1 << i;
    *partner = rank ^ bit;
    if (rank & (bit - 1))
        *role = HREL_FFT_IDLE;          /* dropped out in an earlier step */
    else if (rank & bit)
        *role = HREL_FFT_SEND;
    else
        *role = HREL_FFT_RECV;
    return 0;
}

int hrel_fft_ccm_role(size_t p, size_t rank, unsigned l, int *low, size_t *partner)
{
    size_t half;
    if (!hrel_fft_is_pow2(p) || rank >= p || l >= hrel_fft_log2(p))
        return -1;
    half = p >> (l + 1);                /* size of each half of the level-l group */
    *low = (rank & half) == 0;
    *partner = rank ^ half;
    return 0;
}

/* Tabulate twiddles and plan the local FFT of N/P points. */
static int setup(size_t n, size_t p, hrel_fft_twiddle **tw, hrel_fft_plan **plan,
                 char *err, size_t errlen)
{
    *tw = NULL;
    *plan = NULL;
    if (hrel_fft_check_sizes((long)n, (long)p, err, errlen))
        return -1;
    if (n >= 2 && hrel_fft_twiddle_alloc(n, tw, err, errlen))
        return -1;
    if (hrel_fft_plan_alloc(n / p, HREL_FFT_ESTIMATE, plan, err, errlen)) {
        hrel_fft_twiddle_free(*tw);
        *tw = NULL;
        return -1;
    }
    return 0;
}

int hrel_fft_mstep_emulate(const hrel_fft_cplx *a, size_t n, size_t p,
                           hrel_fft_cplx *out, char *err, size_t errlen)
{
    hrel_fft_twiddle *tw;
    hrel_fft_plan *plan;
    hrel_fft_cplx **vec = NULL, *tmp = NULL;
    size_t m, r, partner;
    unsigned i, logp;
    int status = -1;
    if (setup(n, p, &tw, &plan, err, errlen))
        return -1;
    m = n / p;
    logp = hrel_fft_log2(p);
    vec = calloc(p, sizeof *vec);
    tmp = hrel_fft_cplx_alloc(m);
    if (!vec || !tmp)
        goto nomem;
    /* lines 1-5: every rank divides and transforms; vec[r] has room for n */
    for (r = 0; r < p; r++) {
        vec[r] = hrel_fft_cplx_alloc(n);
        if (!vec[r])
            goto nomem;
        hrel_fft_divide(a, n, p, r, tmp);
        hrel_fft_plan_exec(plan, tmp, vec[r]);
    }
    /* combination steps: the receiver puts the odd half right after its own */
    for (i = 0; i < logp; i++) {
        size_t h = m << i;              /* values per half in step i */
        for (r = 0; r < p; r++) {
            hrel_fft_role role;
            hrel_fft_mstep_role(p, r, i, &role, &partner);
            if (role != HREL_FFT_RECV)
                continue;
            memcpy(vec[r] + h, vec[partner], h * sizeof **vec);   /* the message */
            if (hrel_fft_combine(tw, vec[r], vec[r] + h, h, vec[r])) {
                snprintf(err, errlen, "combination of %zu points failed", 2 * h);
                goto done;
            }
        }
    }
    memcpy(out, vec[0], n * sizeof *out);
    status = 0;
    goto done;
nomem:
    snprintf(err, errlen, "out of memory emulating the M-step FFT (N=%zu, p=%zu)", n, p);
done:
    if (vec)
        for (r = 0; r < p; r++)
            hrel_fft_cplx_free(vec[r]);
    free(vec);
    hrel_fft_cplx_free(tmp);
    hrel_fft_twiddle_free(tw);
    hrel_fft_plan_free(plan);
    return status;
}

int hrel_fft_ccm_emulate(const hrel_fft_cplx *a, size_t n, size_t p,
                         hrel_fft_cplx *out, char *err, size_t errlen)
{
    hrel_fft_twiddle *tw;
    hrel_fft_plan *plan;
    hrel_fft_cplx **cur = NULL, **nxt = NULL, *even = NULL, *odd = NULL;
    size_t r, partner = 0, len;
    unsigned l, logp;
    int low = 0, status = -1;
    if (setup(n, p, &tw, &plan, err, errlen))
        return -1;
    logp = hrel_fft_log2(p);
    cur = calloc(p, sizeof *cur);
    nxt = calloc(p, sizeof *nxt);
    even = hrel_fft_cplx_alloc(n);
    odd = hrel_fft_cplx_alloc(n);
    if (!cur || !nxt || !even || !odd)
        goto nomem;
    for (r = 0; r < p; r++) {
        cur[r] = hrel_fft_cplx_alloc(n);
        nxt[r] = hrel_fft_cplx_alloc(n);
        if (!cur[r] || !nxt[r])
            goto nomem;
        memcpy(cur[r], a, n * sizeof *a);
    }
    /* division: every rank splits its whole current vector (odd_and_even)
     * and keeps the half of its group */
    len = n;
    for (l = 0; l < logp; l++, len /= 2)
        for (r = 0; r < p; r++) {
            hrel_fft_ccm_role(p, r, l, &low, &partner);
            hrel_fft_split(cur[r], len, even, odd);
            memcpy(cur[r], low ? even : odd, len / 2 * sizeof *even);
        }
    for (r = 0; r < p; r++) {
        hrel_fft_plan_exec(plan, cur[r], nxt[r]);
        memcpy(cur[r], nxt[r], len * sizeof *cur[r]);
    }
    /* unwind: swap with the partner (both directions), both combine */
    for (l = logp; l-- > 0; len *= 2) {
        for (r = 0; r < p; r++) {
            hrel_fft_ccm_role(p, r, l, &low, &partner);
            if (low)
                hrel_fft_combine(tw, cur[r], cur[partner], len, nxt[r]);
            else
                hrel_fft_combine(tw, cur[partner], cur[r], len, nxt[r]);
        }
        for (r = 0; r < p; r++)
            memcpy(cur[r], nxt[r], 2 * len * sizeof *cur[r]);
    }
    for (r = 0; r < p; r++)
        memcpy(out + r * n, cur[r], n * sizeof *out);
    status = 0;
    goto done;
nomem:
    snprintf(err, errlen, "out of memory emulating the divide-and-conquer FFT (N=%zu, p=%zu)", n, p);
done:
    for (r = 0; cur && nxt && r < p; r++) {
        hrel_fft_cplx_free(cur[r]);
        hrel_fft_cplx_free(nxt[r]);
    }
    free(cur);
    free(nxt);
    hrel_fft_cplx_free(even);
    hrel_fft_cplx_free(odd);
    hrel_fft_twiddle_free(tw);
    hrel_fft_plan_free(plan);
    return status;
}
