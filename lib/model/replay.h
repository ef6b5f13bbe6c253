/* replay -- predict a program by replaying its message-level trace
 * (msgtrace.h) with a platform's fitted g and L; no aligned steps needed.
 *
 * Contract: every rank runs its recorded calls in order on a simulated clock:
 *  - the gap before each call (the recorded computation) is replayed scaled
 *    by cpu_ratio (1: the same CPU; 2: a CPU half as fast);
 *  - a receive marked a poll (msgtrace.h gap_blocked 2: a pvm_nrecv that found
 *    its message after its gap blocked) has only its gap's CPU time before it,
 *    shared or not; the rest of the gap was the wait for the message, which
 *    the receive takes itself;
 *  - start, enrol, spawn, exit and end rows keep their recorded duration; a
 *    spawned rank starts at its parent's simulated spawn end plus its
 *    recorded lag; with LIFECYCLE (lifecycle.h, a platform's lifecycle.csv)
 *    instead: a spawn of k tasks costs hrel_lifecycle_spawn (remote when a
 *    child is on another host), its tasks start at its end with no lag and
 *    their enrol row costs hrel_lifecycle_spawn_start (the group server's, inside a
 *    group call: gs_start less the spawn; with MULTI_START_CPU and processor sharing,
 *    a task of a spawn of several runs that time as CPU work on its host's cores
 *    from the spawn's end instead), a task no one spawned enrols in
 *    `enrol`, exit costs `exit` and end `end` (the process's teardown);
 *    with processor sharing too, the start-up CPU of a task spawned alone (a
 *    spawn of one task; its start row's gap_cpu_s: fork to the tracer's first
 *    record, times cpu_ratio) is CPU work on its host's cores from the spawn's
 *    end, and its enrolment costs the rest: max(0, that spawn-to-enrolled
 *    time less the CPU);
 *  - a group call (joingroup .. scatter) costs what its inner rows cost (its
 *    messages to and from the group server, itself a rank whose gaps are its
 *    service time, and the data messages of bcast, reduce, ...);
 *  - processor sharing (CORES > 0 per host, or SHARED_CORES > 0 for all hosts
 *    together, as the emulated platforms share this machine's): the ranks in
 *    a computation gap on a host (or on all hosts) share its cores, each gap
 *    progressing at min(1, cores / ranks computing); event-driven, O(log n) per
 *    event. A rank blocked in a receive takes no CPU; the calls themselves
 *    (sends, spawn, ...) are not counted, but with CALL_CPU a call's own CPU
 *    time, as the trace recorded it, is work on its host's cores that runs
 *    beside the call (it slows the others; the call keeps its priced time).
 *    With DELIVER, a message within a
 *    host (its set-up, g m and L: the copies, the pvmd's routing, the
 *    receiver's wake-up) is CPU work of a second class that runs only on the
 *    cores the computing ranks leave free, shared among such messages: on a
 *    machine whose cores are all computing, a message waits until one of them
 *    blocks (what this 2-core machine's scheduler does). With TRACE_CORES,
 *    the trace's ranks shared that many cores when it was recorded, so each
 *    recorded gap is first deflated to its CPU work (while n gaps were open,
 *    each did min(1, trace_cores / n) per second). A gap whose CPU time the
 *    trace holds (msgtrace.h gap_cpu: the preload tracer's thread CPU clock) and
 *    that did not block is shared as that CPU time instead. The daemon route's packet
 *    model is shared only with PVMD_SHARE (each pvmd action then CPU work
 *    in its host's domain, pvmdnet.h _set_extcpu; else its per-packet time
 *    is its own). A gap that blocked is its CPU time shared, then the rest
 *    a wait off the CPU. 0 and 0:
 *    unlimited (every gap at full speed, the replay as before, the same totals);
 *  - SENDBUF > 0 (not the daemon route): the route buffers that many bytes
 *    between two tasks (PVM's direct route sets 32 KB socket buffers;
 *    hrel_firstcontact measures it). A send of more is held, once its first
 *    SENDBUF bytes are out, until its receiver is in a PVM call (libpvm's
 *    transfer loop reads every route, in a receive and inside a send, so two
 *    large sends at once do not deadlock); it is done at the later of
 *    start + g m and that moment + g (m - SENDBUF). With DELIVER the sender
 *    of such a message also waits until it is in;
 *  - a send of m bytes occupies its sender for g_send*m and arrives
 *    g_send*m + L_send after it begins (L may be negative, as least-squares
 *    fits give it, but a message never arrives before g*m); a multicast to k ranks costs
 *    g_mcast*k*m (+ L_mcast to arrive), all copies arriving together;
 *  - a receive ends when its (recorded, matched) message has arrived, or at
 *    once if it already has;
 *  - first contact: the first message between two ranks (either direction;
 *    each destination of a multicast counts) first costs its sender SETUP
 *    seconds more (route set-up, measured by hrel_firstcontact; 0: none), so
 *    it starts and arrives that much later; later messages between the pair do not;
 *  - medium: NONE (every transfer has the full bandwidth), PORT (transfers
 *    through one host's outgoing or incoming port are served one after the
 *    other: a full-duplex switch), BUS (all transfers between different hosts
 *    share one segment, one after the other: a hub or coax). Transfers within
 *    one host never wait. Transfers are served in the order they are issued
 *    on the simulated clock. With PORT_QUEUE > 0 the transfers whose senders
 *    would overflow a port's queue at once are counted (INCASTS, incast.h);
 *    the times do not change.
 *  - crossing first contacts (CROSSING != 0, direct route): where both tasks
 *    of a pair sent each other their first message before either took the
 *    other's request, libpvm sends the higher tid's through the pvmds
 *    (crossing.h); that message is priced as on the daemon route below, the
 *    others of the direct route as above;
 *  - daemon route (DAEMON != 0): messages between hosts go through the pvmds,
 *    packet by packet as pvmdnet.h models them (g_wire, rtt0, proc; the
 *    medium BUS shares one segment, else a port per host and direction); the
 *    sender is busy only for handing the message to its pvmd (proc + 1 ns per
 *    byte), g_send/L_send and the medium's message-level turns are not used;
 *    a multicast goes once to each other host; wire_tc: the links count
 *    frames as tc does, with its burst (the ports: two token buckets in
 *    series, unless tc_joint); jitter, seed: the pvmds' random wait
 *    per action (replay_interval.h runs the replay with several seeds).
 * Hosts are the trace's, or host_map[rank] when host_map is set (the placement
 * PVM gave the same program on the platform predicted), or rank % nhosts when
 * nhosts > 0 (predicting another
 * platform). The result: END[r] per rank and *TOTAL = max END (seconds since
 * rank 0's start). Wildcard receives keep the message they got when traced.
 * Nothing here prints; END is caller-allocated (nproc entries, may be NULL).
 */
#ifndef HREL_REPLAY_H
#define HREL_REPLAY_H

#include <stddef.h>

#include "lifecycle.h"
#include "msgtrace.h"
#include "pvmdnet.h"
#include "sizecost.h"
#include "wakeup.h"

/* A traced receive that took longer than this waited for its message. */
#define HREL_REPLAY_WAITED_S 50e-6

typedef enum { HREL_MEDIUM_NONE, HREL_MEDIUM_PORT, HREL_MEDIUM_BUS } hrel_medium;

typedef struct hrel_replay_param {
    double g_send, L_send;     /* point-to-point: s/byte, s */
    double g_mcast, L_mcast;   /* multicast: s/byte of k*m, s */
    hrel_medium medium;
    int nhosts;                /* > 0: rank r on host r % nhosts */
    double cpu_ratio;          /* computation scale, > 0 */
    double setup;              /* first contact of a pair of ranks: s, >= 0 */
    int daemon;                /* != 0: the daemon route, packet by packet */
    double g_wire, rtt0, proc; /* its wire s/byte, the initial RTT estimate of the pairs
                                  with rank 0's host (the others: 1 s), pvmd s/packet */
    double pvmd_msg;           /* daemon: a pvmd's CPU per message, s (pvmdnet.h _set_cpu) */
    int pvmd_queue;            /* daemon: != 0: each pvmd's actions take its CPU in turn */
    int pvmd_pool;             /* daemon, with pvmd_queue: > 0: all pvmds share this many cores */
    int pvmd_share;            /* daemon, with cores or shared_cores: != 0: each pvmd action
                                  is CPU work in its host's processor-sharing domain, a
                                  job of the deliveries' class (pvmdnet.h _set_extcpu) */
    double pvmd_after;         /* with pvmd_share: CPU s after each packet action that no
                                  one waits for (pvmdnet.h _set_extcpu) */
    int wire_tc;               /* daemon: links shaped by tc (hostfiles/platform.sh
                                  "wire: tc"), else a real Ethernet (pvmdnet.h) */
    int htb;                   /* daemon, wire_tc, medium BUS: > 0: the segment is tc's
                                  HTB with this many stations (pvmdnet.h _set_htb) */
    int tc_joint;              /* daemon, wire_tc, medium PORT: != 0: a packet takes both
                                  links at once (one reservation), else each path is tc's
                                  two token buckets in series (pvmdnet.h _set_tbf) */
    int userwire;              /* daemon, not wire_tc: != 0: the hosts are on the
                                  userspace wire: medium BUS its CSMA/CD segment
                                  (pvmdnet.h _set_csma; its backoff drawn from SEED),
                                  PORT its store-and-forward switch (_set_switch) */
    double wire_delay;         /* ... its one-way delay, s (the platform's "delay:") */
    double wire_queue;         /* ... each station's FIFO, bytes (0: 65536, as
                                  hostfiles/platform.sh starts the wire) */
    double wire_late;          /* ... mean s the wire hands a packet over after its
                                  time (exponential; pvmdnet.h _set_wire_late) */
    double jitter;             /* daemon: a pvmd's mean wait per action, s (>= 0; 0:
                                  none; pvmdnet.h), drawn from a generator seeded by */
    unsigned long long seed;   /* seed (replay_interval.h runs it with several) */
    double quota, quota_period;  /* > 0 and < 1: every host's CPU limit, QUOTA CPUs per
                                    QUOTA_PERIOD s (a cgroup: cpuquota.h); each rank's
                                    gaps run under that limit, a budget per rank (one
                                    rank per host: exact; the pvmds' CPU not counted);
                                    not with processor sharing. 0: none */
    const int *host_map;       /* not NULL: rank r on host host_map[r] (>= 0), first */
    int cores;                 /* > 0: cores per host, shared by its computing ranks */
    int shared_cores;          /* > 0: cores all hosts share (wins over cores) */
    int deliver;               /* with cores or shared_cores: a message within a host
                                  (its setup, g m and L) is CPU work that runs only on
                                  the cores the computing ranks leave free */
    double sendbuf;            /* > 0 (not the daemon route): bytes the route buffers
                                  between two tasks (setup.csv's buffer_bytes); a send
                                  of more is done only when its receiver has posted
                                  the receive and taken the rest (g_send per byte
                                  beyond SENDBUF); 0: unlimited */
    int call_cpu;              /* with cores or shared_cores: != 0: each call's own CPU
                                  time (the trace's call_cpu, times cpu_ratio; not a group
                                  call's: its inner rows hold it) is CPU work on its
                                  host's cores from the call's start, beside the call: it
                                  loads the cores (a computing rank's share), the call
                                  keeps its priced time */
    int trace_cores;           /* > 0, with cores or shared_cores: the trace's ranks shared
                                  this many cores when it was recorded; its gaps are
                                  first deflated to the CPU work they held (each gap,
                                  while n were open, did min(1, trace_cores / n) per s) */
    const hrel_lifecycle *lifecycle;   /* not NULL: lifecycle costs from it */
    int multi_start_cpu;       /* with lifecycle and cores or shared_cores: != 0: a task of
                                  a spawn of several starts with its spawn-return-to-
                                  enrolment time (hrel_lifecycle_spawn_start) as CPU work
                                  on its host's cores from the spawn's return, and enrols
                                  when that is done (else: a wait) */
    const hrel_sizecost *sizecost;     /* not NULL, n >= 2: a point-to-point send of m
                                          bytes (not a multicast, not the daemon route's
                                          packet model) transfers in
                                          hrel_sizecost_tx(SIZECOST, L_send, g_send, m) /
                                          sizecost_speed instead of g_send m: the
                                          characterisation's time at its size (sizecost.h) */
    double sizecost_speed;             /* > 0: the what-if bandwidth factor (0: 1) */
    const hrel_sizecost *sizecost_x;   /* not NULL, n >= 2, with SIZECOST: a send within a
                                          host that crosses one of its receiver's
                                          (exchange.h: both sent before either
                                          received) transfers in hrel_sizecost_tx(
                                          SIZECOST_X, ...) instead: the Exchange
                                          pattern's time at its size, for the daemon
                                          route, where both pass the one pvmd */
    long exchanged;                    /* out, with SIZECOST_X: the sends so priced */
    const hrel_wakeup *wakeup; /* not NULL: a receive that waits for a message sent
                                  within its host by a rank that computes on after
                                  the send ends hrel_wakeup_expect(WAKEUP, C) later,
                                  C the CPU the trace holds for the sender from the
                                  send to its next wait (its next gap that blocked,
                                  a receive of over HREL_REPLAY_WAITED_S, its exit;
                                  times the CPU ratio): the receiver woken behind its
                                  computing sender (wakeup.h); not a poll that
                                  slept between polls (gap_blocked 2) */
    hrel_pvmdnet_observer pkt_fn;   /* daemon: not NULL: called with pkt_ctx for every
                                  data packet's send and acknowledgement (pvmdnet.h) */
    void *pkt_ctx;
    double *row_t0, *row_t1;   /* not NULL (caller-allocated, one per row of the trace):
                                  out, each row's call as replayed, from its start (its
                                  gap done) to its end; rows never reached keep what
                                  the caller put there */
    double port_queue;         /* > 0, medium PORT, not the daemon route: a switch port's
                                  queue in bytes; the transfers that would overflow it
                                  are counted (incast.h) */
    double tcp_window;         /* with port_queue: bytes a flow has in flight at most
                                  (0: the whole message) */
    int crossing;              /* direct route (not DAEMON), with g_wire, rtt0 and proc (the
                                  packet model's, as for the daemon route): != 0: the first
                                  sends that cross (crossing.h: both tasks of a pair asked
                                  for the route at once) go through the pvmds, the one of
                                  the higher tid, packet by packet (pvmdnet.h), without
                                  the set-up; the rest as before */
    double stream_queue;       /* with crossing: > 0: while a direct-route transfer leaves
                                  a host, its pvmd's packets wait behind this many bytes
                                  of it (pvmdnet.h _stream; measured: streamq.h) */
    long crossed;              /* out (crossing): the first sends so priced */
    long packets, copies;      /* out (daemon): packets sent, and sent again */
    long collisions;           /* out (userwire): transmissions on the wire that collided */
    long incasts;              /* out (port_queue): transfers that met an incast */
    double incast_peak;        /* ... and the most bytes in flight into one port then */
} hrel_replay_param;

/* Parse "none", "port" or "bus". Return 0, or -1 with a message. */
int hrel_replay_parse_medium(const char *s, hrel_medium *m, char *err, size_t errlen);

/* Charge the lifecycle L in PAR: with EVERY_K, a spawn of k at every k L
 * measured and its children's starts as CPU work (multi_start_cpu); else L
 * reduced to two points (hrel_lifecycle_two_points), the starts a wait. */
void hrel_replay_use_lifecycle(hrel_replay_param *par, hrel_lifecycle *l, int every_k);

/* PAR's packets and copies are set when DAEMON != 0 (the rest is read only). */
int hrel_replay_run(const hrel_msgtrace *t, hrel_replay_param *par, double *end,
                    double *total, char *err, size_t errlen);

#endif
