/* psrs_input -- the input arrays PSRS is run and tested on.
 *
 * Contract: deterministic for a given kind, N and seed (a splitmix64 stream),
 * so a run can be repeated and checked. Kinds:
 *   uniform  items uniform in [0, 2^31)
 *   dup      many duplicates: items uniform in [0, 16)
 *   sorted   0, 1, ..., N-1
 *   reverse  N-1, N-2, ..., 0
 * Nothing here allocates, prints or exits.
 */
#ifndef HREL_PSRS_INPUT_H
#define HREL_PSRS_INPUT_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    HREL_PSRS_UNIFORM,   /* uniform random */
    HREL_PSRS_DUP,       /* 16 distinct values */
    HREL_PSRS_SORTED,    /* already ascending */
    HREL_PSRS_REVERSE    /* descending */
} hrel_psrs_kind;

#define HREL_PSRS_DUP_VALUES 16   /* distinct values of the "dup" kind */

/* The kinds' names, "uniform", "dup", "sorted", "reverse", NULL: the name of
 * hrel_psrs_kind value i at i (names.h; also the --input option's words). */
extern const char *const hrel_psrs_input_names[];

/* Name of KIND ("uniform", ...). */
const char *hrel_psrs_input_name(hrel_psrs_kind kind);

/* Fill A[0..N) with input KIND from SEED. Return 0, or -1 for an unknown kind. */
int hrel_psrs_input_fill(hrel_psrs_kind kind, uint64_t seed, int *a, size_t n);

#endif
