/* ranks -- the partner list of one rank in one M-step.
 *
 * Contract: hrel_ranks_others copies the ranks of R[0..N) other than SELF into
 * OUT (room for N ints), in their order, after checking that each is a rank of
 * a machine of NPROC ranks (0..NPROC-1). It returns how many it copied, or -1
 * with the first rank outside 0..NPROC-1 in *BAD (OUT then holds nothing
 * useful). Duplicates are kept (the caller decides). Pure: no I/O, no
 * allocation. Used by the trace (partners of a row) and by the M-step
 * multicast (destinations).
 */
#ifndef HREL_RANKS_H
#define HREL_RANKS_H

int hrel_ranks_others(const int *r, int n, int nproc, int self, int *out, int *bad);

#endif
