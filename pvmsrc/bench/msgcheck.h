/* msgcheck -- the content every benchmark message carries, and its check.
 *
 * Contract: the bytes of a message are a pure function of (sender rank,
 * destination rank or -1 for a broadcast, repetition, byte offset), so a
 * receiver can verify every byte it got without any extra data on the wire.
 * A short, long, misrouted, stale (other repetition) or corrupted message
 * fails the check. Filling and checking run outside the timed region.
 */
#ifndef HREL_MSGCHECK_H
#define HREL_MSGCHECK_H

#include <stddef.h>

/* Fill BUF[0..N) with the content of the message SENDER -> DEST in repetition REP. */
void hrel_msg_fill(unsigned char *buf, size_t n, int sender, int dest, long rep);

/* Check BUF[0..N) against the content of SENDER -> DEST in REP. Return -1 if
 * all bytes match, else the offset of the first wrong byte. */
long hrel_msg_check(const unsigned char *buf, size_t n, int sender, int dest, long rep);

#endif
