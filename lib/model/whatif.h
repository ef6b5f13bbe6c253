/* whatif -- `hrel predict --what-if K=V,...`: changes to a characterisation
 * before predicting (issue 23).
 *   bandwidth=X  the network's bandwidth times X (g / X, the wire's s/byte / X)
 *   latency=X    its latency times X (L, first-contact set-up, pvmd's RTT x X)
 *   cpu=X        the CPUs X times as fast (computation / X)
 *   hosts=N      N hosts (rank r on host r % N)
 *   cores=N      N cores per host, each host its own (no longer shared)
 *   route=R      direct or daemon
 *   medium=M     none, port or bus (lib/model/replay.h)
 * Factors are > 0 (1: unchanged). Each key at most once. Nothing prints.
 */
#ifndef HREL_WHATIF_H
#define HREL_WHATIF_H

#include <stddef.h>

typedef struct hrel_whatif {
    double bandwidth, latency, cpu;   /* factors, 1 when not given */
    int hosts, cores;                 /* 0 when not given */
    int route;                        /* -1 not given, 0 direct, 1 daemon */
    int medium;                       /* -1 not given, else an hrel_medium */
} hrel_whatif;

/* Parse S ("" or NULL: nothing changes) into W. Return 0, or -1 with one line
 * naming the key or value. */
int hrel_whatif_parse(const char *s, hrel_whatif *w, char *err, size_t errlen);

#endif
