/* streamq -- how long a pvmd's packet waits behind a direct-route TCP stream
 * leaving its host, as hrel_streamq measures it (pvmsrc/tools/hrel_streamq.c)
 * into a characterisation's streamq.csv (README, "Data contracts"):
 *   # comment lines
 *   phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s
 * one row per phase ("alone", then "stream") and repetition: the median and
 * the 10th and 90th percentile of its 8-byte round trips through the pvmds.
 * The wait is the median over the repetitions of (stream - alone) medians,
 * never below 0: one way of each round trip leaves the stream's host (the
 * frames the sender's kernel keeps queued below its TCP socket are ahead of
 * the packet). The replay lets a pvmd's packets wait that long while a
 * direct-route transfer leaves their host (replay.h, stream_queue).
 * Nothing here prints.
 */
#ifndef HREL_STREAMQ_H
#define HREL_STREAMQ_H

#include <stddef.h>

#define HREL_STREAMQ_HEADER "phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s"

/* PATH's wait in *WAIT (s, >= 0) over *NREP repetitions that have both
 * phases. 0, or -1 with one line naming the file (and row): a missing column,
 * a phase other than alone or stream, a median not a number or not > 0, a
 * repetition twice in one phase, no repetition with both phases. */
int hrel_streamq_read(const char *path, double *wait, int *nrep, char *err, size_t errlen);

#endif
