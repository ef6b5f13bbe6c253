/* fft_model -- predicted run times of hrel's two parallel FFTs and the
 * error of a prediction.
 *
 * M-step FFT, formulas (15)-(17) of 002 (their sum is formula (3) of 000),
 * with b bytes per complex value and h in bytes:
 *   T_1 = D N/p + F (N/p) log2(N/p) + L + g b N/p
 *   T_s = T_{s-1} + R N 2^(s-2)/p + L + g b N 2^(s-1)/p     s = 2..log2 p
 *   T_{log2 p + 1} = T_{log2 p} + R N/2
 * and for p = 1 only T_1 = D N + F N log2 N (division is a copy, no step).
 *
 * Divide-and-conquer FFT, the recursive CCM cost of 001 summed:
 *   Phi = sum_{i=0}^{log2 p - 1} Ds N/2^i + F (N/p) log2(N/p)
 *       + sum_{s=1}^{log2 p} ( L + g h_s + R 2^(s-1) N/p )
 * where h_s = 2 b 2^(s-1) N/p bytes (Exchange, in + out, the @ = + operator)
 * or b 2^(s-1) N/p (@ = max); for p = 1, Phi = F N log2 N.
 *
 * Constants: D seconds per element copied by the M-step division (strided
 * gather), Ds the same for the odd-even split of the divide-and-conquer FFT,
 * F seconds per m log2 m of a local FFT of m points, R seconds per butterfly
 * (one element of each combined half). 001 names these D, C and F; 000 calls
 * R "V". Error = 100 (Actual - Model) / Actual (formula 18 of 002).
 *
 * Contract: functions return 0, or non-zero with one line in `err` on bad
 * sizes (N, p powers of two, p <= N) or non-finite / negative constants.
 */
#ifndef HREL_FFT_MODEL_H
#define HREL_FFT_MODEL_H

#include <stddef.h>

#include "op.h"

typedef struct hrel_fft_consts {
    double D;    /* M-step division, s per element gathered */
    double Ds;   /* odd-even split (divide-and-conquer), s per element split */
    double F;    /* local FFT, s per m*log2(m), m = N/p */
    double R;    /* combination, s per butterfly */
} hrel_fft_consts;

/* M-step FFT: *total = T_{log2 p + 1}; if STEPS is not NULL it receives the
 * cumulative T_s for s = 1..log2(p)+1 (log2(p)+1 values; 1 value for p = 1).
 * G in s/byte, L in s, BYTES per complex value (16 for double complex). */
int hrel_fft_model_mstep(size_t n, size_t p, size_t bytes, const hrel_fft_consts *c,
                         double g, double L, double *steps, double *total,
                         char *err, size_t errlen);

/* The same with g and L per combination step: the PingPong of step i
 * (i = 0..log2(p)-1, in M-step i+1) costs L[i] + G[i] b N 2^i/p; 002 notes
 * that these steps have p/2, p/4, ..., 1 pairs, so a fit per processor count
 * can give each step its own g and L. G and L have log2(p) entries (unused
 * for p = 1). */
int hrel_fft_model_mstep_gl(size_t n, size_t p, size_t bytes, const hrel_fft_consts *c,
                            const double *g, const double *L, double *steps, double *total,
                            char *err, size_t errlen);

/* Divide-and-conquer FFT (CCM): *total = Phi; OP the @ operator (lib/base/op.h). */
int hrel_fft_model_ccm(size_t n, size_t p, size_t bytes, hrel_op op,
                       const hrel_fft_consts *c, double g, double L,
                       double *total, char *err, size_t errlen);


#endif
