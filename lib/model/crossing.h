/* crossing -- the direct routes two tasks ask for at once: which first
 * messages of a message-level trace (msgtrace.h) PVM sends through the
 * pvmds although the program asked for direct routes.
 *
 * libpvm (PVM 3.4.6, lpvm.c) opens a direct route on a pair's first send: the
 * sender asks its peer through the pvmds (TC_CONREQ) and waits in its send
 * until the peer's library answers, which happens only while the peer is in a
 * PVM call. When both tasks of a pair send each other their first message
 * before either took the other's request (pvm_tc_conreq's "crossed CONREQ"),
 * the task with the lower tid ignores the request it got and waits for the
 * answer to its own; the higher tid answers as if it had asked nothing, and
 * its message, whose route is not open yet, goes through the pvmds (mxfer:
 * "if none, go to pvmd"); later messages take the direct route. The
 * validation matrix's fftccm shows it in every lan-utp and fast-switch
 * matrix: the 2 MB of one direction went as about 521 UDP datagrams over one
 * frame (net.csv) while its peer's went on TCP (docs/predict.md, "Two first
 * messages that cross").
 *
 * Contract: for ranks a and b, A is a's first point-to-point send to b (a
 * send row, one peer) and B b's first to a, A beginning no later than B (the
 * trace's times). They cross when b's last row before B ended no later than
 * A's begin plus TOL (b was in no PVM call after a's request could reach it,
 * so the first call to take it is B) and B begins before A ends (a still
 * waits in A). The row of the pair's higher tid (T's tids where both are
 * known, else the higher HOST, then the higher rank: PVM numbers a host's
 * tasks in spawn order) is marked. Rows inside a group call count as sends
 * like any other. Nothing here prints.
 */
#ifndef HREL_CROSSING_H
#define HREL_CROSSING_H

#include <stddef.h>

#include "msgtrace.h"

/* *MARK (allocated here, one byte per row of T; the caller frees it): 1 on the
 * first sends that go through the pvmds, else 0. HOST[r]: rank r's host (the
 * placement priced; NULL: the trace's). TOL >= 0 s. *NCROSS: how many rows are
 * marked (may be NULL). 0, or -1 with one line in ERR when out of memory. */
int hrel_crossing_mark(const hrel_msgtrace *t, const int *host, double tol,
                       unsigned char **mark, size_t *ncross, char *err, size_t errlen);

#endif
