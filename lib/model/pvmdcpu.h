/* pvmdcpu -- the CPU time a pvmd spends moving messages on the daemon route,
 * as bin/$PVM_ARCH/hrel_pvmdcpu measures it into a characterisation's
 * pvmd_cpu.csv (README, "Data contracts"; docs/predict.md, "pvmd's CPU per
 * message and per datagram"):
 *   # comment lines
 *   where,rep,bytes,packets,roundtrips,wall_s,pvmd_a_s,pvmd_b_s,dgrams_a,dgrams_b
 * one row per block of ROUNDTRIPS ping-pongs of BYTES between two tasks:
 * where "local" (both on the first pvmd's host: pvmd_a_s is that pvmd's CPU
 * over the block; pvmd_b_s and dgrams_b empty) or "remote" (on two hosts:
 * each pvmd's CPU, and the UDP datagrams received plus sent in its host's
 * network namespace, -1 when not known). PACKETS is the packets (local: the
 * fragments) of one message, hrel_pvmdcpu_packets(BYTES).
 *
 * The lines, fitted by ordinary least squares (GSL) over every row and pvmd
 * of one kind, y = a pvmd's CPU over the block / (2 ROUNDTRIPS) (between hosts
 * a pvmd sends one message and receives one per round trip; on one host it
 * relays both):
 *   local:  y = MSG + UNIT x PACKETS                (UNIT: per 4 KB fragment)
 *   remote: y = MSG + UNIT x DGRAMS / (2 ROUNDTRIPS) (UNIT: per datagram its
 *           host received or sent: data, copies, acknowledgements; where
 *           DGRAMS is not known, 2 PACKETS: each packet and its ack, once)
 * The caller owns what it passes; nothing here prints.
 */
#ifndef HREL_PVMDCPU_H
#define HREL_PVMDCPU_H

#include <stddef.h>

#define HREL_PVMDCPU_HEADER \
    "where,rep,bytes,packets,roundtrips,wall_s,pvmd_a_s,pvmd_b_s,dgrams_a,dgrams_b"

typedef struct hrel_pvmdcpu_line {
    double msg_s, unit_s;     /* the line's intercept and slope, s */
    double msg_se, unit_se;   /* their standard errors (NaN with fewer than 3 points) */
    size_t n;                 /* points fitted (0: not measured) */
} hrel_pvmdcpu_line;

typedef struct hrel_pvmdcpu {
    hrel_pvmdcpu_line local;    /* between two tasks of one host, per fragment */
    hrel_pvmdcpu_line remote;   /* a pvmd's part between two hosts, per datagram */
} hrel_pvmdcpu;

/* Packets of a message of BYTES on the daemon route (pvmdnet.h: at most
 * HREL_PVMDNET_DATA message bytes each, at least one). */
long hrel_pvmdcpu_packets(double bytes);

/* The point of one pvmd over a block: *X local PACKETS, remote DGRAMS /
 * (2 ROUNDTRIPS) (2 PACKETS when DGRAMS < 0); *Y its CPU seconds CPU per
 * message, CPU / (2 ROUNDTRIPS). */
void hrel_pvmdcpu_point(int remote, double packets, double roundtrips, double dgrams, double cpu,
                        double *x, double *y);

/* Fit y = MSG + UNIT x over N points. 0, or -1 with one line in ERR (fewer
 * than two distinct x, a value not finite). */
int hrel_pvmdcpu_fit(const double *x, const double *y, size_t n, hrel_pvmdcpu_line *out,
                     char *err, size_t errlen);

/* Read PATH and fit both lines (a kind with no rows: n = 0). 0, or -1 with
 * one line naming the file and row (bad columns, values, a kind whose rows
 * cannot be fitted). */
int hrel_pvmdcpu_read(const char *path, hrel_pvmdcpu *out, char *err, size_t errlen);

#endif
