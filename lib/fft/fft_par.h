/* fft_par -- who talks to whom in hrel's two parallel FFTs, and both
 * algorithms emulated in one process (for tests and as the executable
 * specification the PVM programs in pvmsrc/fft/hrel_fft.c follow).
 *
 * M-step FFT (002 figure 7): rank r holds the subvector of hrel_fft_divide
 * (r's bits reversed), transforms it, then at combination step i = 0..log2(p)-1
 * the ranks with bits 0..i-1 clear are active; an active rank with bit i set
 * sends its N*2^i/p transformed values to r - 2^i, which combines (even = its
 * own, odd = received). Rank 0 ends with the transform.
 *
 * Divide-and-conquer FFT of the Collective Computing Model (001 figures 1-3,
 * block policy): at level l = 0..log2(p)-1 the group of p/2^l ranks splits in
 * halves; the low half (bit log2(p)-1-l of r clear) keeps the even terms, the
 * high half the odd terms; partners differ in that bit. After the local FFT the
 * levels unwind: partners swap their halves (an Exchange) and both combine.
 * Every rank ends with the transform.
 *
 * Contract: p and N are powers of two with p <= N; functions return 0, or
 * non-zero with one line in `err` on bad arguments / no memory; no printing.
 */
#ifndef HREL_FFT_PAR_H
#define HREL_FFT_PAR_H

#include <stddef.h>

#include "fft_seq.h"

typedef enum {
    HREL_FFT_IDLE = 0,  /* takes no part in this combination step (ghost step) */
    HREL_FFT_SEND = 1,  /* sends its transformed half to the partner, then idles */
    HREL_FFT_RECV = 2   /* receives the partner's odd half and combines */
} hrel_fft_role;

/* Role of RANK in combination step I (0 <= I < log2 P) of the M-step FFT and
 * its partner (RANK xor 2^I; meaningless when idle). */
int hrel_fft_mstep_role(size_t p, size_t rank, unsigned i, hrel_fft_role *role,
                        size_t *partner);

/* Divide-and-conquer FFT at level L (0 = the whole group of P): set *low to 1
 * if RANK is in the low (even-terms) half and *partner to its partner. */
int hrel_fft_ccm_role(size_t p, size_t rank, unsigned l, int *low, size_t *partner);

/* Emulate the M-step FFT of N points on P processors: OUT (N values) is what
 * rank 0 ends with. */
int hrel_fft_mstep_emulate(const hrel_fft_cplx *a, size_t n, size_t p,
                           hrel_fft_cplx *out, char *err, size_t errlen);

/* Emulate the divide-and-conquer FFT: OUT holds P*N values, rank r's final
 * vector at OUT + r*N. */
int hrel_fft_ccm_emulate(const hrel_fft_cplx *a, size_t n, size_t p,
                         hrel_fft_cplx *out, char *err, size_t errlen);

/* Check N and P for either algorithm: 0, or non-zero with a one-line reason
 * ("N=... is not a power of two", "p=... exceeds N=...", ...). */
int hrel_fft_check_sizes(long n, long p, char *err, size_t errlen);

#endif
