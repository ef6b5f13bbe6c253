/* hrelation -- message sizes that make every pattern the same h-relation.
 *
 * Contract: formula (4) of 002. Under @ = + (sum of bytes in and out of the
 * busiest processor):  h = m_PP = 2 m_E = (p-1) m_OA = (p-1) m_POA
 *                        = (p-1) m_AO = 2 (p-1) m_AA.
 * Under @ = max (the larger of in and out):  h = m_PP = m_E = (p-1) m_OA
 *                        = (p-1) m_POA = (p-1) m_AO = (p-1) m_AA.
 * The hyperbolic-model patterns of 003 (PAIRS BT SB RED NB) are swept over the
 * message size x itself: their "h" is x (divisor 1), not an h-relation.
 * Pure arithmetic: no I/O, no allocation.
 */
#ifndef HREL_HRELATION_H
#define HREL_HRELATION_H

#include <stddef.h>

#include "op.h"

/* The divisor d with m = h / d for PATTERN (E PP OA POA AO AA) on P
 * processors. Return d >= 1, or -1 if the pattern is unknown or P < 2. */
long hrel_h_divisor(const char *pattern, int p, hrel_op op);

/* Message size for h-relation H: store h / d in *msg_bytes. Return 0, or -1
 * with the reason in err (unknown pattern, H not divisible by d, m < 1). */
int hrel_h_msg_bytes(const char *pattern, int p, long h, hrel_op op,
                     long *msg_bytes, char *err, size_t errlen);

#endif
