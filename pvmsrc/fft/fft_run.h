/* fft_run -- one rank's part of hrel's two parallel FFTs on PVM, M-step
 * instrumented (the arithmetic is lib/fft_seq and the schedule lib/fft_par).
 *
 * M-step FFT (002 figure 7), log2(p)+1 M-steps (1 for p = 1):
 *   step 1      division + local FFT + the step-0 PingPong
 *   step s      combination of step s-2's halves + the step-(s-1) PingPong
 *               (s = 2..log2 p)
 *   step last   rank 0's last combination (the others make a ghost step)
 * Divide-and-conquer FFT (001 figures 1-3), log2(p)+1 M-steps (1 for p = 1):
 *   step 1      log2(p) odd-even splits + local FFT + the Exchange with the
 *               partner of the deepest level
 *   step s      combination + the Exchange of the next level up
 *   step last   the last combination (every rank)
 * Each step names its pattern (PP, E) for `hrel model --fit`; computation is
 * bracketed with hrel_mstep_work_begin/_end so packing counts as communication.
 * Data messages carry tag HREL_FFT_TAG_DATA + s and 2*len doubles.
 *
 * Contract: functions return 0, or non-zero with one line in `err`; nothing
 * prints or exits. hrel_fft_rank_alloc allocates; hrel_fft_rank_free frees.
 */
#ifndef HREL_FFT_RUN_H
#define HREL_FFT_RUN_H

#include <stddef.h>

#include "fft_seq.h"
#include "mstep.h"


typedef enum { HREL_FFT_MSTEP = 1, HREL_FFT_CCM = 2 } hrel_fft_algo;

/* Everything one rank needs for repeated runs. */
typedef struct hrel_fft_rank {
    hrel_fft_algo algo;      /* which FFT */
    size_t n, p, rank;       /* points, processors, this rank */
    int encoding;            /* PVM encoding for pvm_initsend */
    double timeout_s;        /* receive timeout */
    hrel_fft_cplx *a;        /* the input A, N values, same on every rank */
    hrel_fft_cplx *ref;      /* reference DFT(A) where this rank checks (else NULL) */
    hrel_fft_cplx *buf[4];   /* work vectors of N values */
    hrel_fft_plan *plan;     /* local FFT of N/p points */
    hrel_fft_twiddle *tw;    /* twiddles for N points (NULL when N = 1) */
    const hrel_fft_cplx *result; /* after a run: the transform on this rank, or NULL */
} hrel_fft_rank;

/* Build rank RANK's state: input from SEED, plan with RIGOUR, reference
 * (GSL) if this rank ends with the transform. */
int hrel_fft_rank_alloc(hrel_fft_algo algo, size_t n, size_t p, size_t rank,
                        unsigned long seed, int rigour, int encoding, double timeout_s,
                        hrel_fft_rank **out, char *err, size_t errlen);

/* Free; NULL is fine. */
void hrel_fft_rank_free(hrel_fft_rank *st);

/* Number of M-steps of one run. */
int hrel_fft_nsteps(size_t p);

/* Run the algorithm once on recorder M (steps opened and closed here); on
 * return st->result points at this rank's transform (or NULL). */
int hrel_fft_run(hrel_fft_rank *st, hrel_mstep *m, char *err, size_t errlen);

/* Relative error of st->result against st->ref; 0 and *relerr = NaN when
 * this rank holds no result. */
int hrel_fft_check(const hrel_fft_rank *st, double *relerr);

#endif
