/* order -- the three-way comparisons hrel sorts and searches with.
 *
 * Contract: each returns -1, 0 or 1 as A orders before, with or after B.
 * hrel_cmp_double and hrel_cmp_int take pointers to one double / int (the
 * qsort and bsearch signature); a NaN compares equal to everything.
 * hrel_cmp_keys orders two records by their N keys in turn (the first key
 * that differs decides; integer keys are exact in a double up to 2^53), the
 * one way a comparator on several fields is written. Pure: no I/O.
 */
#ifndef HREL_ORDER_H
#define HREL_ORDER_H

int hrel_cmp_double(const void *a, const void *b);
int hrel_cmp_int(const void *a, const void *b);
int hrel_cmp_keys(const double *a, const double *b, int n);

#endif
