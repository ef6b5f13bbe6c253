/* sort_seq -- the sequential pieces of Parallel Sorting by Regular Sampling
 * (PSRS, Li et al. 1993; 002 section 4.2) on arrays of int.
 *
 * Contract: functions on caller-owned arrays; nothing here allocates on the
 * heap, prints or exits (hrel_sort_merge keeps a stack table of up to
 * HREL_SORT_MAX_RUNS run heads). Each piece is the sequential work
 * of one term of formulas 19-25 of 002, so hrel_psrs and the constants program
 * time exactly the same code:
 *   hrel_sort_ints       local sort              B (N/P) log2(N/P)   (step 2)
 *   hrel_sort_sample     regular sample of P     C P                 (step 2)
 *   hrel_sort_merge      merge P runs            D P^2 (step 3), I N/P (step 6)
 *   hrel_sort_pivots     P-1 pivots from P^2     E (P-1)             (step 3)
 *   hrel_sort_fragments  P-1 binary searches     F (P-1) log2(N/P)   (step 4)
 *   hrel_sort_offsets    prefix sums of sizes    H (P-1) (step 5), J (P-1) (step 7)
 * Fragment j of a sorted segment holds the items x with
 * pivot[j-1] < x <= pivot[j] (pivot[-1] = -inf, pivot[P-1] = +inf).
 */
#ifndef HREL_SORT_SEQ_H
#define HREL_SORT_SEQ_H

#include <stddef.h>
#include <stdint.h>

#define HREL_SORT_MAX_RUNS 1024   /* most runs hrel_sort_merge accepts */

/* Sort A[0..N) ascending in place (introsort: median-of-3 quicksort,
 * insertion sort below 24 items, heapsort past depth 2 log2 N). */
void hrel_sort_ints(int *a, size_t n);

/* Regular sample of the sorted A[0..N): sample[k] = a[k*N/P], k = 0..P-1.
 * Return 0, or -1 if P < 1 or N < P. */
int hrel_sort_sample(const int *a, size_t n, int p, int *sample);

/* Merge the NRUN sorted runs RUN[r][0..LEN[r]) into OUT (room for the sum of
 * LEN). Return 0, or -1 if NRUN < 1 or NRUN > HREL_SORT_MAX_RUNS. */
int hrel_sort_merge(const int *const *run, const size_t *len, int nrun, int *out);

/* P-1 pivots from the NS = P*P sorted samples (Li et al.: 1-based positions
 * kP + floor(P/2)): pivot[k-1] = samples[k*P + P/2 - 1], k = 1..P-1. Return 0,
 * or -1 if P < 2 or NS != P*P. */
int hrel_sort_pivots(const int *samples, size_t ns, int p, int *pivot);

/* Sizes of the P fragments of the sorted A[0..N) cut by the P-1 PIVOTs (one
 * binary search each, upper bound); SIZE[0..P) sums to N. Return 0, or -1 if
 * P < 1. */
int hrel_sort_fragments(const int *a, size_t n, const int *pivot, int p, size_t *size);

/* Exclusive prefix sums: off[0] = 0, off[j] = off[j-1] + size[j-1], j < P;
 * return the total through *total (may be NULL). Return 0, or -1 if P < 1. */
int hrel_sort_offsets(const size_t *size, int p, size_t *off, size_t *total);

/* 1 if A[0..N) is ascending, else 0. */
int hrel_sort_is_sorted(const int *a, size_t n);

/* Order-independent fingerprint of a multiset of ints: count is N, sum is the
 * sum of a mixing function of each item (mod 2^64), so two arrays with the
 * same count and checksum are, with overwhelming likelihood, permutations. */
uint64_t hrel_sort_checksum(const int *a, size_t n);

#endif
