/* fft_seq -- the sequential pieces of hrel's parallel FFTs: the local
 * transform (FFTW3), the odd-even divisions, the combination butterflies, a
 * reference transform and the relative error against it.
 *
 * Contract: complex vectors are C99 `double complex` arrays (the same memory
 * layout as fftw_complex and GSL's packed complex arrays). The transform is
 * the forward DFT  X[k] = sum_j x[j] exp(-2 pi i j k / n)  everywhere (FFTW's
 * and GSL's sign). Sizes are powers of two. Functions return 0 on success and
 * non-zero on bad arguments or allocation failure (with one line in `err`
 * where they take it); nothing here prints or exits.
 */
#ifndef HREL_FFT_SEQ_H
#define HREL_FFT_SEQ_H

#include <complex.h>
#include <stddef.h>

typedef double complex hrel_fft_cplx;

/* 1 if N is a power of two (1, 2, 4, ...), else 0. */
int hrel_fft_is_pow2(size_t n);

/* log2(N) for a power of two N (N >= 1). */
unsigned hrel_fft_log2(size_t n);

/* R with its lowest BITS bits in reverse order (higher bits dropped). */
size_t hrel_fft_bitrev(size_t r, unsigned bits);

/* Allocate N complex values aligned for SIMD (fftw_malloc); NULL on failure.
 * Free with hrel_fft_cplx_free (NULL is fine). */
hrel_fft_cplx *hrel_fft_cplx_alloc(size_t n);
void hrel_fft_cplx_free(hrel_fft_cplx *a);

/* Deterministic test signal: A[j] with real and imaginary parts in [-1, 1)
 * from a 64-bit xorshift generator seeded with SEED. Every process that calls
 * it with the same N and SEED gets the same vector. */
void hrel_fft_input(size_t n, unsigned long seed, hrel_fft_cplx *a);

/* ---- local transform (FFTW3) --------------------------------------------- */

typedef struct hrel_fft_plan hrel_fft_plan;

#define HREL_FFT_ESTIMATE 0   /* FFTW_ESTIMATE: plan at once, no trial runs */
#define HREL_FFT_MEASURE  1   /* FFTW_MEASURE: time candidate plans (slower plan, faster run) */

/* Plan a forward out-of-place transform of N points with the planning effort
 * RIGOUR (HREL_FFT_ESTIMATE or HREL_FFT_MEASURE). */
int hrel_fft_plan_alloc(size_t n, int rigour, hrel_fft_plan **out,
                        char *err, size_t errlen);

/* Free a plan; NULL is fine. */
void hrel_fft_plan_free(hrel_fft_plan *p);

/* Load FFTW wisdom (plans found by earlier HREL_FFT_MEASURE planning) from
 * PATH, so later plans of the same sizes are those plans and come at once.
 * A missing file is an error; a process may import several files. */
int hrel_fft_wisdom_import(const char *path, char *err, size_t errlen);

/* Save all wisdom of this process to PATH. */
int hrel_fft_wisdom_export(const char *path, char *err, size_t errlen);

/* Points of the plan. */
size_t hrel_fft_plan_size(const hrel_fft_plan *p);

/* OUT = DFT(IN), both of the plan's size, IN != OUT, IN unchanged. Arrays
 * from hrel_fft_cplx_alloc run at full speed; others are copied through the
 * plan's own buffers when their alignment differs. */
int hrel_fft_plan_exec(hrel_fft_plan *p, const hrel_fft_cplx *in, hrel_fft_cplx *out);

/* ---- division and combination -------------------------------------------- */

/* M-step division (002 figure 7, lines 1-4): OUT[k] = A[k*P + bitrev(RANK)]
 * for k < N/P, bitrev over log2(P) bits: the N/P-element subvector reached by
 * log2(P) odd-even divisions following RANK's bits in reverse order.
 * P and N powers of two, P <= N, RANK < P; OUT does not overlap A. */
int hrel_fft_divide(const hrel_fft_cplx *a, size_t n, size_t p, size_t rank,
                    hrel_fft_cplx *out);

/* One odd-even division (001 odd_and_even): EVEN[k] = A[2k], ODD[k] = A[2k+1]
 * for k < N/2; N even; no overlap. */
int hrel_fft_split(const hrel_fft_cplx *a, size_t n, hrel_fft_cplx *even,
                   hrel_fft_cplx *odd);

/* Twiddle factors w^k = exp(-2 pi i k / N), k < N/2, for every combination
 * up to N points. */
typedef struct hrel_fft_twiddle hrel_fft_twiddle;

/* Tabulate the twiddles for sizes up to N (a power of two >= 2). */
int hrel_fft_twiddle_alloc(size_t n, hrel_fft_twiddle **out, char *err, size_t errlen);

/* Free a table; NULL is fine. */
void hrel_fft_twiddle_free(hrel_fft_twiddle *tw);

/* Combination (formula 14 of 002): from E = DFT of the even terms and
 * O = DFT of the odd terms, each M points, OUT[k] = E[k] + w^k O[k] and
 * OUT[k+M] = E[k] - w^k O[k] with w = exp(-2 pi i / 2M); 2M must not exceed
 * the table's size. In place is allowed exactly as EVEN == OUT and
 * ODD == OUT + M; otherwise OUT must not overlap the inputs. */
int hrel_fft_combine(const hrel_fft_twiddle *tw, const hrel_fft_cplx *even,
                     const hrel_fft_cplx *odd, size_t m, hrel_fft_cplx *out);

/* ---- checking ------------------------------------------------------------- */

/* Reference transform OUT = DFT(A) of N points with GSL's mixed-radix FFT
 * (code independent of FFTW and of the division/combination above); OUT may
 * equal A. */
int hrel_fft_reference(const hrel_fft_cplx *a, size_t n, hrel_fft_cplx *out,
                       char *err, size_t errlen);

/* Relative error ||X - REF||_2 / ||REF||_2 (||X||_2 when REF is all zero). */
double hrel_fft_relerr(const hrel_fft_cplx *x, const hrel_fft_cplx *ref, size_t n);

#endif
