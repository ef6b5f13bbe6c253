/* fft_run -- see fft_run.h. */
#include "fft_run.h"
#include "tags.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <pvm3.h>

#include "fft_par.h"

int hrel_fft_nsteps(size_t p)
{
    return p > 1 ? (int)hrel_fft_log2(p) + 1 : 1;
}

int hrel_fft_rank_alloc(hrel_fft_algo algo, size_t n, size_t p, size_t rank,
                        unsigned long seed, int rigour, int encoding, double timeout_s,
                        hrel_fft_rank **out, char *err, size_t errlen)
{
    hrel_fft_rank *st;
    int k, holds;
    *out = NULL;
    if (hrel_fft_check_sizes((long)n, (long)p, err, errlen))
        return -1;
    if (rank >= p || (algo != HREL_FFT_MSTEP && algo != HREL_FFT_CCM)) {
        snprintf(err, errlen, "fft: rank %zu of %zu or algorithm %d not valid", rank, p, (int)algo);
        return -1;
    }
    st = calloc(1, sizeof *st);
    if (!st)
        goto nomem;
    st->algo = algo;
    st->n = n;
    st->p = p;
    st->rank = rank;
    st->encoding = encoding;
    st->timeout_s = timeout_s;
    st->a = hrel_fft_cplx_alloc(n);
    if (!st->a)
        goto nomem;
    for (k = 0; k < 4; k++)
        if (!(st->buf[k] = hrel_fft_cplx_alloc(n)))
            goto nomem;
    hrel_fft_input(n, seed, st->a);
    holds = algo == HREL_FFT_CCM || rank == 0;
    if (holds) {
        if (!(st->ref = hrel_fft_cplx_alloc(n)))
            goto nomem;
        if (hrel_fft_reference(st->a, n, st->ref, err, errlen))
            goto fail;
    }
    if (n >= 2 && hrel_fft_twiddle_alloc(n, &st->tw, err, errlen))
        goto fail;
    if (hrel_fft_plan_alloc(n / p, rigour, &st->plan, err, errlen))
        goto fail;
    *out = st;
    return 0;
nomem:
    snprintf(err, errlen, "fft: out of memory for N=%zu", n);
fail:
    hrel_fft_rank_free(st);
    return -1;
}

void hrel_fft_rank_free(hrel_fft_rank *st)
{
    int k;
    if (!st)
        return;
    hrel_fft_cplx_free(st->a);
    hrel_fft_cplx_free(st->ref);
    for (k = 0; k < 4; k++)
        hrel_fft_cplx_free(st->buf[k]);
    hrel_fft_plan_free(st->plan);
    hrel_fft_twiddle_free(st->tw);
    free(st);
}

/* Pack LEN complex values of V and send them to rank DEST in step S. */
static int send_vec(hrel_fft_rank *st, hrel_mstep *m, size_t dest, int s,
                    const hrel_fft_cplx *v, size_t len, char *err, size_t errlen)
{
    pvm_initsend(st->encoding);
    if (pvm_pkdouble((double *)(void *)v, (int)(2 * len), 1) < 0) {
        snprintf(err, errlen, "fft: packing %zu values failed", len);
        return -1;
    }
    return hrel_mstep_send(m, (int)dest, HREL_TAG_FFT_STEP + s, err, errlen);
}

/* Receive LEN complex values from rank SRC in step S into V. */
static int recv_vec(hrel_fft_rank *st, hrel_mstep *m, size_t src, int s, hrel_fft_cplx *v,
                    size_t len, char *err, size_t errlen)
{
    int bytes = 0, tag, tid;
    if (hrel_mstep_recv(m, (int)src, HREL_TAG_FFT_STEP + s, st->timeout_s, NULL, err, errlen))
        return -1;
    pvm_bufinfo(pvm_getrbuf(), &bytes, &tag, &tid);
    if (pvm_upkdouble((double *)(void *)v, (int)(2 * len), 1) < 0) {
        snprintf(err, errlen, "fft: step %d: message from rank %zu has %d bytes, want %zu values",
                 s, src, bytes, len);
        return -1;
    }
    return 0;
}

/* ---- M-step FFT (002 figure 7) ----------------------------------------- */

/* Start M-step S of an FFT; its first LOGP steps communicate in PATTERN. */
static int step_begin(hrel_mstep *m, int s, unsigned logp, const char *pattern, char *err,
                      size_t errlen)
{
    if (hrel_mstep_begin(m, err, errlen))
        return -1;
    if ((unsigned)s <= logp && hrel_mstep_pattern(m, pattern, err, errlen))
        return -1;
    return 0;
}

static int run_mstep(hrel_fft_rank *st, hrel_mstep *m, char *err, size_t errlen)
{
    size_t n = st->n, p = st->p, have = n / p, partner;
    hrel_fft_cplx *vec = st->buf[0], *tmp = st->buf[1];
    int s, nsteps = hrel_fft_nsteps(p), pending = 0, done = 0;
    unsigned logp = hrel_fft_log2(p);
    st->result = NULL;
    for (s = 1; s <= nsteps; s++) {
        if (step_begin(m, s, logp, "PP", err, errlen))
            return -1;
        if (s == 1 || pending) {
            if (hrel_mstep_work_begin(m, err, errlen))
                return -1;
            if (s == 1) {                                   /* lines 1-5 */
                hrel_fft_divide(st->a, n, p, st->rank, tmp);
                hrel_fft_plan_exec(st->plan, tmp, vec);
            }
            if (pending) {                                  /* lines 12-17 */
                hrel_fft_combine(st->tw, vec, vec + have, have, vec);
                have *= 2;
                pending = 0;
            }
            if (hrel_mstep_work_end(m, err, errlen))
                return -1;
        }
        if ((unsigned)s <= logp && !done) {                 /* lines 6-11, i = s-1 */
            hrel_fft_role role;
            hrel_fft_mstep_role(p, st->rank, (unsigned)s - 1, &role, &partner);
            if (role == HREL_FFT_SEND) {
                if (send_vec(st, m, partner, s, vec, have, err, errlen))
                    return -1;
                done = 1;
            } else if (role == HREL_FFT_RECV) {
                if (recv_vec(st, m, partner, s, vec + have, have, err, errlen))
                    return -1;
                pending = 1;
            }
        }
        if (hrel_mstep_end(m, err, errlen))
            return -1;
    }
    if (st->rank == 0)
        st->result = vec;
    return 0;
}

/* ---- divide-and-conquer FFT (001 figures 1-3) -------------------------- */

/* A work buffer (of buf[0..2]) that is neither X nor Y. */
static hrel_fft_cplx *other(hrel_fft_rank *st, const hrel_fft_cplx *x, const hrel_fft_cplx *y)
{
    int k;
    for (k = 0; k < 3; k++)
        if (st->buf[k] != x && st->buf[k] != y)
            return st->buf[k];
    return NULL;
}

static int run_ccm(hrel_fft_rank *st, hrel_mstep *m, char *err, size_t errlen)
{
    size_t n = st->n, p = st->p, len = n, partner = 0;
    const hrel_fft_cplx *cur = st->a;
    hrel_fft_cplx *mine = NULL, *rbuf = st->buf[3];
    unsigned logp = hrel_fft_log2(p), l;
    int s, nsteps = hrel_fft_nsteps(p), low = 0;
    st->result = NULL;
    for (s = 1; s <= nsteps; s++) {
        if (step_begin(m, s, logp, "E", err, errlen))
            return -1;
        if (hrel_mstep_work_begin(m, err, errlen))
            return -1;
        if (s == 1) {
            /* PAR nesting: odd_and_even at every level, keep this group's half */
            for (l = 0; l < logp; l++, len /= 2) {
                hrel_fft_cplx *e = other(st, cur, NULL), *o;
                o = other(st, cur, e);
                hrel_fft_ccm_role(p, st->rank, l, &low, &partner);
                hrel_fft_split(cur, len, e, o);
                cur = low ? e : o;
            }
            mine = other(st, cur, NULL);                    /* seqFFT */
            hrel_fft_plan_exec(st->plan, cur, mine);
        } else {
            /* Combine(B, A2, A1) of the level swapped in step s-1 */
            hrel_fft_cplx *outv = other(st, mine, NULL);
            hrel_fft_ccm_role(p, st->rank, logp - (unsigned)(s - 1), &low, &partner);
            if (low)
                hrel_fft_combine(st->tw, mine, rbuf, len, outv);
            else
                hrel_fft_combine(st->tw, rbuf, mine, len, outv);
            mine = outv;
            len *= 2;
        }
        if (hrel_mstep_work_end(m, err, errlen))
            return -1;
        if ((unsigned)s <= logp) {                          /* SWAP with the partner */
            hrel_fft_ccm_role(p, st->rank, logp - (unsigned)s, &low, &partner);
            if (send_vec(st, m, partner, s, mine, len, err, errlen) ||
                recv_vec(st, m, partner, s, rbuf, len, err, errlen))
                return -1;
        }
        if (hrel_mstep_end(m, err, errlen))
            return -1;
    }
    st->result = mine;
    return 0;
}

int hrel_fft_run(hrel_fft_rank *st, hrel_mstep *m, char *err, size_t errlen)
{
    return st->algo == HREL_FFT_MSTEP ? run_mstep(st, m, err, errlen)
                                      : run_ccm(st, m, err, errlen);
}

int hrel_fft_check(const hrel_fft_rank *st, double *relerr)
{
    if (!st->result || !st->ref) {
        *relerr = NAN;
        return 0;
    }
    *relerr = hrel_fft_relerr(st->result, st->ref, st->n);
    return 0;
}
