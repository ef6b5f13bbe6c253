/* pvmdnet -- PVM's daemon route, packet by packet, for the replay (replay.h).
 *
 * A PVM program that does not ask for direct routes sends every message
 * through the pvmds, which move it between hosts over UDP with their own
 * acknowledgement and retransmission. Modelled here after PVM 3.4.6's source
 * (docs/predict.md, "pvmd's protocol, from its source") and the packet
 * captures on the emulated LANs, event by event in time order:
 *  - a message of m bytes is cut into packets of at most HREL_PVMDNET_DATA
 *    bytes (libpvm's 4080-byte fragments less their 48 bytes of headroom);
 *    the first also carries the HREL_PVMDNET_MSGHDR-byte message header, every
 *    one the 16-byte pvmd header;
 *  - per pair of hosts and direction one packet is outstanding at a time
 *    (nopax = 1: stop-and-wait): the next leaves when the previous one is
 *    acknowledged; a pvmd keeps one such window per peer, but one output
 *    queue for all of them (opq), sent from its head while the head is due: a
 *    packet is queued at the tail when its window opens, and once sent goes
 *    back in the order of its retry time; so a new packet to one peer waits
 *    until the packets ahead of it, to other peers, are acknowledged or sent
 *    again;
 *  - a packet is sent again when its acknowledgement has not come RTA after
 *    the last send; RTA starts at 2 x the pair's RTT estimate and doubles with
 *    every send while below 9 s (DDMAXRTT); the estimate becomes
 *    (sample + 3 x estimate) / 4 from every packet acknowledged that was sent
 *    only once (sample: from its send to its acknowledgement, cut to 9 s, and
 *    1 ms when below 1 us), so small packets teach it round trips far shorter
 *    than a full packet's transmission;
 *  - every packet and copy occupies the sender's link and the receiver's port
 *    (PORT: a full-duplex switch) or the one segment (BUS; its variants tc's
 *    HTB, _set_htb, and CSMA/CD, _set_csma; the ports' variants tc's two
 *    token buckets in series, _set_tbf, and the userspace wire's
 *    store-and-forward switch, _set_switch) for its wire bytes
 *    (data, pvmd and UDP/IP headers, per-frame overhead) times g_wire, first
 *    come first served, less what an idle link saved up (_set_frames); the
 *    receiving pvmd acknowledges every packet and copy with a packet of its own
 *    (16 bytes, never piggy-backed; a minimum frame back the same way); each
 *    pvmd adds PROC s per packet it takes (a data packet it answers, an ack
 *    it takes), and with _set_cpu MSG / 2 s when it takes a message from its
 *    task and when it has a message's last packet; with the queue a pvmd's
 *    actions take its CPU in turn (one process serves every peer and task);
 *  - jitter (_set_jitter): before each of its actions (handing a posted
 *    packet out, answering a packet with its ack, taking an ack, a retry timer
 *    firing) a pvmd waits an exponential time of mean J, drawn from a seeded
 *    generator: its turn in its select() loop and on a shared CPU. 0 (the
 *    default): none, the same answer every run.
 * Use: post messages in time order (_post), and run the events (_step) up to
 * the time of the next post; _step reports each message as it reaches its
 * destination pvmd. The caller owns the state (_new / _free). Nothing here
 * prints.
 */
#ifndef HREL_PVMDNET_H
#define HREL_PVMDNET_H

#include <stddef.h>

#define HREL_PVMDNET_DATA 4032    /* message bytes per packet (UDPMAXLEN 4080 - MAXHDR 48) */
#define HREL_PVMDNET_MSGHDR 32    /* message header in the first packet (MSGHDRLEN) */
#define HREL_PVMDNET_RTT_INIT 1.0 /* pvmd's estimate for a pair that has not talked yet */

typedef struct hrel_pvmdnet hrel_pvmdnet;

typedef struct hrel_pvmdnet_stats {
    long messages, packets, copies;   /* copies: packets sent again */
    long collisions, wire_drops;      /* the userspace wire (_set_csma, _set_switch): transmissions
                                         that collided, frames dropped (full queue or
                                         16 collisions); 0 without it */
    double rtt_min, rtt_max;          /* range of the pairs' RTT estimates now, s */
} hrel_pvmdnet_stats;

/* NHOSTS hosts; BUS != 0: one shared segment, else a port per host and
 * direction; G_WIRE s per byte on the wire (> 0); RTT0 the estimate at the
 * start of the pairs between host MASTER (the first pvmd, which started the
 * others) and each other host (> 0; measured by hrel_pvmdrtt: about 24 ms in
 * a fresh virtual machine, 1 ms once PVM's tracer registered); every other
 * pair starts at
 * HREL_PVMDNET_RTT_INIT, as two pvmds that have not talked yet do; PROC s per
 * packet in a pvmd (>= 0). NULL on bad arguments or no memory. */
hrel_pvmdnet *hrel_pvmdnet_new(int nhosts, int bus, double g_wire, double rtt0, int master,
                               double proc);
void hrel_pvmdnet_free(hrel_pvmdnet *n);

/* What a packet costs on the links: OVERHEAD bytes per Ethernet frame on top
 * of the IP payload, frames of at least MIN_FRAME bytes, and BURST bytes an
 * idle link saves up and then passes at once (a token bucket; 0: none). The
 * default, a real Ethernet: 58 (IP 20, Ethernet 18, preamble and gap 20), 84
 * and 0; tc shaping as hostfiles/platform.sh sets it: 34 (IP and Ethernet
 * header, as tc counts), 0 and 1600. 0, or -1 on values out of range. */
int hrel_pvmdnet_set_frames(hrel_pvmdnet *n, double overhead, double min_frame, double burst);

/* The segment (BUS) as the emulated shared platforms build it with tc
 * (hostfiles/platform.sh, medium: shared): one HTB with a class per station
 * (rate: the link's over STATIONS, ceiling the link's) under a parent of the
 * link's rate, every class with _set_frames's burst. Each station's packets
 * wait in its queue, in order; a packet leaves frame by frame (IP fragments),
 * and the stations with a packet waiting are served in turn, a frame each
 * (round robin), whenever one can send: its ceiling tokens >= 0 and its own or
 * the parent's >= 0, a station that can send on its own tokens before any that
 * borrows. A frame is charged to the station's ceiling and the parent, and to
 * its own tokens only when it was sent on them (Linux's htb_charge_class: a
 * borrowed frame leaves the station's own tokens to refill, so a station that
 * borrowed may send a later frame on them, at once, while the parent is still
 * in debt); they may go negative: a full packet's last frame leaves at
 * once and its debt delays the station's next (tc's TBF, the default, holds a
 * frame until the tokens pay for it), and two stations sending at once
 * interleave their frames. Needs BUS and a burst
 * > 0 (call _set_frames first). 0, or -1 on bad values or no memory. */
int hrel_pvmdnet_set_htb(hrel_pvmdnet *n, int stations);

/* The ports (PORT) as tc shapes them on the emulated switched platforms
 * (hostfiles/platform.sh, medium: switched, full duplex): each path passes two
 * token buckets in series, the sending host's (the TBF on its eth0) and the
 * switch port's towards the receiver (the TBF on that port), each a FIFO of
 * frames at 1 / G_WIRE bytes per s holding _set_frames's burst. A packet's IP
 * fragments, a frame each (_set_frames's overhead on each), join the sender's
 * bucket in order when its pvmd sends it, behind what is already there (an
 * ack behind data); each frame joins the port's bucket when it leaves the
 * first, in time order with the other hosts' frames to that port; the packet
 * arrives with its last frame. Each bucket's queue holds LIMIT bytes of frames
 * not yet left (tc's `limit`, 65536 on the emulated platforms; 0: no limit, else
 * at least 1600): a frame that would go over it is dropped, and its packet is
 * lost (its pvmd sends it again on its timer). Without _set_tbf the ports take a
 * packet whole, both links at once, first come first served (one reservation of
 * the two). Needs PORT, a burst > 0 (call _set_frames first) and no userspace
 * wire. 0, or -1. */
int hrel_pvmdnet_set_tbf(hrel_pvmdnet *n, double limit);

/* The segment (BUS) as the userspace wire of the emulated platforms with
 * "wire: user" runs it (hostfiles/wire/, timed by wire_model.h, the same
 * code): one CSMA/CD segment at 8 / G_WIRE bit/s, DELAY s one way (0..1),
 * each station a FIFO of QUEUE bytes (the wire's --queue; >= 1518), carrier
 * sense, collisions, jam and binary exponential backoff drawn from a
 * generator seeded with SEED. A packet's IP fragments go into its station's
 * FIFO as frames when its pvmd sends it; it arrives with its last frame, and
 * is lost (its pvmd sends it again on its timer) when a frame is dropped.
 * Needs BUS, 2..64 hosts and no HTB. 0, or -1 on bad values or no memory. */
int hrel_pvmdnet_set_csma(hrel_pvmdnet *n, double delay, double queue, unsigned long long seed);

/* The ports are the userspace wire's store-and-forward switch (hostfiles/wire,
 * lib/model/wire_model.h HREL_WIRE_SWITCH, as a switched platform with "wire:
 * user" runs it): a packet's IP fragments go out as frames on the sender's
 * full-duplex link, each is stored whole at the switch, then sent from the
 * receiver's port FIFO (QUEUE bytes), every link DELAY s one way; a frame
 * takes its real time (preamble, gap, minimum frame). So a packet pays its
 * last frame twice where _set_frames's ports (one reservation of both links)
 * pay it once. Needs PORT (not BUS), 2..64 hosts. 0, or -1 on bad values or
 * no memory. */
int hrel_pvmdnet_set_switch(hrel_pvmdnet *n, double delay, double queue);

/* The userspace wire (_set_csma, _set_switch) hands each packet over a time after its
 * last frame's time in the model, exponential of mean LATE s (0..1; drawn
 * from the jitter's generator): the wire process's own lateness, which it
 * reports (hrel-wire's late_mean_us; platform_facts.sh's wire.csv). 0, or
 * -1 without the wire or on a value out of range. */
int hrel_pvmdnet_set_wire_late(hrel_pvmdnet *n, double late);

/* Jitter: a pvmd waits an exponential time of mean MEAN s (>= 0; 0: none)
 * before each action, drawn from a generator seeded with SEED (the same seed,
 * the same answer). 0, or -1 on a mean out of range. */
int hrel_pvmdnet_set_jitter(hrel_pvmdnet *n, double mean, unsigned long long seed);

/* pvmd's CPU (hrel_pvmdcpu measures it: pvmdcpu.h): MSG s per message (>= 0,
 * half where its pvmd takes it from the task, half where the receiving pvmd
 * has its last packet), and QUEUE != 0: each pvmd's actions wait for its CPU,
 * one at a time, booked in the order they are made. Without this call: 0 and
 * no queue (the actions of one pvmd overlap). 0, or -1 on a value out of range
 * or no memory. */
int hrel_pvmdnet_set_cpu(hrel_pvmdnet *n, double msg, int queue);

/* With the queue (_set_cpu): the pvmds' actions also share NCORE cores (the
 * emulated platforms' hosts share one machine's): an action waits for the
 * first core free too. 0: no pool. 0, or -1 on a bad count or no memory. */
int hrel_pvmdnet_set_pool(hrel_pvmdnet *n, int ncore);

/* The pvmds' CPU outside (ON != 0; the replay's processor sharing, where the
 * pvmds share a host's cores with its tasks): every action of a pvmd (reading
 * a message from its task, taking a packet and answering it, taking an ack; a
 * message within a host) becomes a request, which _step reports as 2 (*ID its
 * token, *T when it is made, after the pvmd's wait); _cpu_req says its host and
 * CPU seconds (PROC, plus MSG / 2 where a message is read or delivered), and
 * the caller runs it and calls _cpu_done with the time it was done: the action
 * goes on from there. AFTER (>= 0) s more CPU follow each action that sends a
 * second datagram (taking a packet: its ack; taking an ack with another packet
 * of the pair waiting: that packet) as a request nothing waits for.
 * Without: the actions take PROC after their wait (or the queue, _set_cpu).
 * Call before the first post. 0, or -1 on AFTER out of [0, 1). */
int hrel_pvmdnet_set_extcpu(hrel_pvmdnet *n, int on, double after);

/* Request TOKEN's host and CPU seconds. 0, or -1 on an unknown token. */
int hrel_pvmdnet_cpu_req(const hrel_pvmdnet *n, long token, int *host, double *cost);

/* Request TOKEN was done at T: its action goes on. 1 when that delivered a
 * message to its destination pvmd (*ID, *AT set), 0 when not, -1 on an
 * unknown token or no memory. */
int hrel_pvmdnet_cpu_done(hrel_pvmdnet *n, long token, double t, long *id, double *at);

/* A direct-route TCP stream (a message the caller prices, not a packet of
 * this model) leaves host H from T0 to T1: a packet H's pvmd sends meanwhile
 * (data or ack) waits QUEUE bytes times g_wire behind the stream's frames
 * queued ahead of it, then goes as it would (on tc's ports, or the ports of
 * one reservation; not on the segment or the userspace wire). The sender's
 * kernel keeps a TCP stream's frames queued below its socket; hrel_streamq
 * measures the wait (streamq.h). The stream itself is not slowed. Windows
 * over before the last event taken are dropped. 0, or -1 on a bad host,
 * times or queue, or no memory. */
int hrel_pvmdnet_stream(hrel_pvmdnet *n, int h, double t0, double t1, double queue);

/* Loss: the next COUNT acknowledgements of the packets host FROM sends host TO
 * are lost on the wire (they take the link, never arrive), as a dropped
 * datagram would be; FROM's pvmd then sends again on its timer. 0, or -1 on
 * bad hosts or a negative count. */
int hrel_pvmdnet_lose_acks(hrel_pvmdnet *n, int from, int to, long count);

/* A message ID of BYTES from host FROM to host TO, handed to FROM's pvmd at T
 * (not before the last post or event). 0, or -1 (bad host, or no memory). */
int hrel_pvmdnet_post(hrel_pvmdnet *n, int from, int to, double bytes, double t, long id);

/* The time of the next event (INFINITY: none). */
double hrel_pvmdnet_next(const hrel_pvmdnet *n);

/* Run the next event. 1 when it delivered a message to its destination pvmd
 * (*ID, *T set), 2 when a pvmd asks for CPU (_set_extcpu: *ID its token, *T
 * the time), 0 when neither, -1 when there is no event or no memory. */
int hrel_pvmdnet_step(hrel_pvmdnet *n, long *id, double *t);

void hrel_pvmdnet_get_stats(const hrel_pvmdnet *n, hrel_pvmdnet_stats *s);

/* What a pvmd did with a data packet, for an observer: sent it (SEND, its
 * first send or a copy) or took its acknowledgement (ACK). */
typedef enum { HREL_PVMDNET_SEND, HREL_PVMDNET_ACK } hrel_pvmdnet_pkt_kind;

typedef struct hrel_pvmdnet_pkt {
    hrel_pvmdnet_pkt_kind kind;
    double t;          /* when, s */
    int from, to;      /* the data packet's hosts */
    long seq;          /* its number in the pair, from 1 */
    int sends;         /* SEND: this send's number (1: the first); ACK: sends it took */
    double bytes;      /* the data packet's UDP payload */
    double rta;        /* SEND: its retry time, s after this send */
    double sample;     /* ACK: from its first send, s */
    double rtt;        /* the pair's RTT estimate after it (an ACK of a packet sent
                          once updates it) */
} hrel_pvmdnet_pkt;

typedef void (*hrel_pvmdnet_observer)(void *ctx, const hrel_pvmdnet_pkt *p);

/* FN (NULL: none) is called with CTX for every data packet's send and
 * acknowledgement, in time order. */
void hrel_pvmdnet_set_observer(hrel_pvmdnet *n, hrel_pvmdnet_observer fn, void *ctx);

#endif
