/* grow -- the one growth rule of hrel's dynamic arrays.
 *
 * Contract: hrel_grow(&arr, &cap, n, size) makes sure the malloc'ed array
 * *ARR of *CAP elements of SIZE bytes can hold index N (N + 1 elements): when
 * N < *CAP it does nothing, else it reallocs to the first capacity 16, 32,
 * 64, ... (doubling from *CAP) above N and updates *ARR and *CAP. ARRP is the
 * address of the caller's pointer variable (any object pointer type: POSIX
 * object pointers share void *'s representation). Returns 0, or -1 when out
 * of memory or the size overflows (then *ARR and *CAP are unchanged and the
 * old array is still the caller's). New elements are not initialised.
 */
#ifndef HREL_GROW_H
#define HREL_GROW_H

#include <stddef.h>

int hrel_grow(void *arrp, size_t *cap, size_t n, size_t size);

#endif
