/* wire_model -- timing of Ethernet frames on an emulated wire, no I/O.
 *
 * Contract: a discrete-event model of N stations on either a store-and-forward
 * switch (HREL_WIRE_SWITCH: a full-duplex link of RATE per station, one output
 * FIFO per switch port) or one shared segment (HREL_WIRE_HUB: CSMA/CD with
 * carrier sense, 1-persistent deferral, collision detection, a 32-bit jam and
 * truncated binary exponential backoff in slots of 512 bit times, a frame
 * dropped after 16 attempts). Every link has a one-way propagation DELAY.
 * The caller offers frames with hrel_wire_send() at non-decreasing times and
 * collects what the wire delivers with hrel_wire_poll(); times are seconds on
 * any clock (the userspace wire hostfiles/wire/ uses CLOCK_MONOTONIC, the
 * tests synthetic times). A frame of LEN bytes (as a TAP device gives it:
 * destination MAC to payload, no FCS) occupies the wire for
 * (max(LEN + 4, 64) + 8) * 8 / RATE seconds (FCS, minimum frame, preamble and
 * start delimiter) and is followed by an inter-frame gap of 96 bit times.
 * Nothing here prints or exits; the caller owns what it allocates.
 */
#ifndef HREL_WIRE_MODEL_H
#define HREL_WIRE_MODEL_H

#include <stddef.h>

typedef enum {
    HREL_WIRE_SWITCH,   /* store-and-forward switch, full duplex, per-port FIFOs */
    HREL_WIRE_HUB       /* one shared half-duplex segment with CSMA/CD */
} hrel_wire_kind;

typedef struct {
    hrel_wire_kind kind;     /* switch or hub */
    double rate_bps;         /* bit rate of every link (bits per second) */
    double delay_s;          /* one-way propagation delay of every link (s) */
    int nport;               /* number of stations (2..64) */
    long queue_bytes;        /* per FIFO: bytes of frames not yet fully sent (drop beyond) */
    unsigned long seed;      /* seed of the backoff random numbers (hub) */
} hrel_wire_cfg;

typedef struct {
    long frames_in;          /* frames offered by hrel_wire_send */
    long frames_delivered;   /* frame copies delivered to a station */
    long drops_queue;        /* frames (or switch copies) dropped on a full FIFO */
    long drops_excess;       /* hub: frames dropped after 16 collisions */
    long collisions;         /* hub: transmissions that ended in a collision */
    long deferrals;          /* hub: attempts that found the medium busy */
} hrel_wire_stats;

typedef struct {
    long id;                 /* caller's handle of the frame */
    int port;                /* station that receives it; -1: no delivery (dropped) */
    int last;                /* 1: no later record for this id (caller may free it) */
    double t;                /* time at which the last bit arrives at the station */
} hrel_wire_out;

typedef enum {
    HREL_WIRE_EV_TX,         /* a transmission ended successfully */
    HREL_WIRE_EV_COLLISION,  /* a transmission ended in a collision (jam sent) */
    HREL_WIRE_EV_BACKOFF,    /* a station chose a backoff after a collision */
    HREL_WIRE_EV_DROP        /* a frame was dropped (full FIFO or 16 attempts) */
} hrel_wire_ev_kind;

typedef struct {
    hrel_wire_ev_kind kind;  /* what happened */
    int port;                /* station (hub) or output port (switch) */
    long id;                 /* frame handle */
    double t_start;          /* start of the transmission / time of the choice */
    double t_end;            /* end of the transmission incl. jam / end of the backoff */
    int attempt;             /* hub: collisions of this frame so far (1.. for BACKOFF) */
    long slots;              /* hub BACKOFF: slots chosen, 0 <= slots < 2^min(attempt,10) */
} hrel_wire_event;

/* Optional observer of every transmission, collision, backoff and drop. */
typedef void (*hrel_wire_trace_fn)(void *ctx, const hrel_wire_event *ev);

typedef struct hrel_wire hrel_wire;

/* Seconds a frame of LEN bytes (no FCS) occupies a link of RATE_BPS, without the gap. */
double hrel_wire_frame_s(double rate_bps, size_t len);

/* Seconds of one inter-frame gap (96 bit times) and of one slot (512 bit times). */
double hrel_wire_gap_s(double rate_bps);
double hrel_wire_slot_s(double rate_bps);

/* Check CFG and allocate a model into *OUT. Return 0, or -1 with a reason in ERR. */
int hrel_wire_alloc(const hrel_wire_cfg *cfg, hrel_wire **out, char *err, size_t errlen);

/* Free a model (NULL is fine). */
void hrel_wire_free(hrel_wire *w);

/* Install an observer (NULL: none). */
void hrel_wire_set_trace(hrel_wire *w, hrel_wire_trace_fn fn, void *ctx);

/* Offer frame ID of LEN bytes from station SRC to station DST (-1: every other
 * station) at time T (>= every earlier T given to send or poll). Return 0 if
 * queued, 1 if dropped at once (full FIFO: the caller frees it, nothing will be
 * reported for ID), -1 on bad arguments. */
int hrel_wire_send(hrel_wire *w, double t, int src, int dst, size_t len, long id);

/* Run the model up to time T and store at most MAX records of deliveries and
 * late drops that happen at or before T into OUT, in time order. Return the
 * number stored; call again with the same T while it returns MAX. */
int hrel_wire_poll(hrel_wire *w, double t, hrel_wire_out *out, int max);

/* Time of the model's next event (delivery, attempt, arrival at the switch);
 * a very large number when nothing is pending. */
double hrel_wire_next(const hrel_wire *w);

/* Copy the counters into *ST. */
void hrel_wire_get_stats(const hrel_wire *w, hrel_wire_stats *st);

#endif
