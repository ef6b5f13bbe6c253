/* exchange -- which messages of a message-level trace (msgtrace.h) cross one
 * of their receiver's on the way: the two halves of an exchange.
 *
 * Contract: a point-to-point send row S (rank a to one rank b, not a
 * multicast) crosses when b, before the receive that takes S, sent to a a
 * message that a receives only after S (b's latest send to a before that
 * receive): both ranks sent before either received, as the Exchange pattern
 * of 002 does. Both sends are marked. Only program order counts, not the
 * trace's times, so a trace from another platform marks the same rows.
 * Why it matters: on PVM's daemon route within one host both messages pass
 * the one pvmd, so an exchange costs what the characterisation's Exchange
 * took at that size, not two ping-pongs side by side (docs/predict.md,
 * "An exchange through one pvmd"). Nothing here prints.
 */
#ifndef HREL_EXCHANGE_H
#define HREL_EXCHANGE_H

#include <stddef.h>

#include "msgtrace.h"

/* *MARK (allocated here, one byte per row of T; the caller frees it): 1 on the
 * send rows that cross, else 0. *NCROSS: how many are marked (may be NULL).
 * 0, or -1 with one line in ERR when out of memory. */
int hrel_exchange_mark(const hrel_msgtrace *t, unsigned char **mark, size_t *ncross,
                       char *err, size_t errlen);

#endif
