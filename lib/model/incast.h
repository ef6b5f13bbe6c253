/* incast -- where the replay's transfers would overflow a switch port's queue:
 * TCP incast on the direct route.
 *
 * Contract: the replay (replay.h, medium PORT, not the daemon route) tells this
 * module every transfer between two hosts as it schedules it: from host HS to
 * host HD, BYTES bytes, free to begin at T0 (its sender's own port free), and
 * served by HD's incoming port over [START, END]. The port model serves the
 * transfers into one host one after the other; on a real switch their senders
 * send at once, each TCP flow up to WINDOW bytes ahead of what was taken (the
 * route's buffers: setup.csv's buffer_bytes; 0: the whole message), and what the
 * port cannot forward waits in its queue of QUEUE bytes. A transfer meets an
 * incast when, at T0, transfers from at least one other sender host are still
 * being served into HD and the bytes they and it can have in flight,
 * sum of min(remaining, WINDOW), exceed QUEUE: the switch then drops segments,
 * and a flow that loses the tail of its window waits for TCP's retransmission
 * timeout (Linux: 200 ms at least). Whether a given run loses so is chance; the
 * count says where the program is exposed (docs/predict.md, "TCP incast").
 * The remaining bytes of a transfer being served are (END - T0) / (END - START)
 * of it. Nothing here prints; the caller frees with hrel_incast_free.
 */
#ifndef HREL_INCAST_H
#define HREL_INCAST_H

typedef struct hrel_incast hrel_incast;

/* A tracker for NHOSTS hosts (>= 1), QUEUE > 0 bytes per port, WINDOW >= 0
 * bytes per flow (0: unlimited). NULL on bad arguments or no memory. */
hrel_incast *hrel_incast_new(int nhosts, double queue, double window);

/* Tell a transfer (see the contract). Return 1 when it meets an incast, 0 when
 * not, -1 on bad hosts or no memory. */
int hrel_incast_add(hrel_incast *c, int hs, int hd, double bytes, double t0, double start,
                    double end);

/* Transfers that met an incast so far, and the most bytes in flight into one
 * port that any of them saw. */
long hrel_incast_count(const hrel_incast *c);
double hrel_incast_peak(const hrel_incast *c);

void hrel_incast_free(hrel_incast *c);

#endif
