/* psrs_args -- command-line values shared by the PSRS programs
 * (hrel_psrs, hrel_psrs_constants, hrel psrs): item counts, processor lists
 * and the size rule of PSRS.
 *
 * Contract: parsers accept only what they document and return 0, or -1 with
 * one line in the caller's buffer `err` naming the bad text. Nothing here
 * prints or exits.
 */
#ifndef HREL_PSRS_ARGS_H
#define HREL_PSRS_ARGS_H

#include <stddef.h>

#define HREL_PSRS_MAX_N     268435456L   /* 2^28 ints = 1 GiB at processor 0 */
#define HREL_PSRS_MAX_PROCS 1024         /* = HREL_SORT_MAX_RUNS */

/* Parse an item count N: a decimal integer 1..HREL_PSRS_MAX_N, or with a
 * suffix k/K (x1024) or m/M (x1048576), e.g. "1M" = 1048576. */
int hrel_psrs_parse_n(const char *s, long *n, char *err, size_t errlen);

/* Parse a processor list: comma-separated items, each P or A-B (A <= B),
 * 2 <= P <= HREL_PSRS_MAX_PROCS, e.g. "2-8" or "2,4,8". Store at most MAX
 * counts in PROCS (in the order given) and their number in *n. */
int hrel_psrs_parse_procs(const char *s, int *procs, int max, int *n, char *err,
                          size_t errlen);

/* The size rule: PSRS on P processors needs N >= P*P (every processor must
 * hold at least P items to draw its regular sample of P). Return 0, or -1
 * with "N=... is too small for P=...: PSRS needs N >= P*P = ...". */
int hrel_psrs_check_size(long n, int p, char *err, size_t errlen);

#endif
