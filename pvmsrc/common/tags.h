/* tags -- every PVM message tag of every hrel program, in one place.
 *
 * Contract: each program family owns a range; no two tags (or tag ranges)
 * of the suite are equal, so a stray message of one program can never be
 * taken for another's (tests/unit/test_tags.c checks it through HREL_TAG_LIST).
 * A range "BASE + k" is given with its largest k.
 *
 *   7001..7199  pattern benchmark (hrel_bench, hrel_bworker)
 *   7201..7299  PSRS control, 7300+s its M-step data
 *   7401..7499  FFT control, 7500+s its M-step data
 *   7601..7699  bare ping-pong; 7701.. M-step demo; 7801.. platform check
 *   9001..9099  virtual-machine notices; 9101..9199 the M-step recorder
 */
#ifndef HREL_TAGS_H
#define HREL_TAGS_H

/* pattern benchmark */
#define HREL_TAG_DATA        7001   /* every benchmark data message */
#define HREL_TAG_CASE        7101   /* master -> worker: a case (or quit) */
#define HREL_TAG_READY       7102   /* worker -> master: case set up */
#define HREL_TAG_GO          7103   /* master -> worker: start time of a repetition */
#define HREL_TAG_REPORT      7104   /* worker -> master: a repetition's times */
#define HREL_TAG_SYNC        7105   /* clock-offset pings */
#define HREL_TAG_INFO        7106   /* worker -> master once at start: machine, cpus */
#define HREL_TAG_HELLO       7107   /* rank -> rank at case setup: opens direct routes */

/* PSRS */
#define HREL_TAG_PSRS_CASE   7201   /* driver -> rank: a run */
#define HREL_TAG_PSRS_DONE   7202   /* rank -> driver: its result */
#define HREL_TAG_PSRS_QUIT   7203   /* driver -> workers: exit */
#define HREL_TAG_PSRS_STEP   7300   /* + s (1..7): data messages of M-step s */
#define HREL_TAG_PSRS_STEP_MAX 7

/* parallel FFT */
#define HREL_TAG_FFT_TIDS    7401   /* coordinator -> rank: int p, int tids[p] */
#define HREL_TAG_FFT_READY   7402   /* rank -> coordinator: int rank */
#define HREL_TAG_FFT_RESULT  7403   /* rank -> coordinator: rank, relerr, t_done */
#define HREL_TAG_FFT_QUIT    7404   /* coordinator -> rank: nothing */
#define HREL_TAG_FFT_ERR     7405   /* rank -> coordinator: int rank, string message */
#define HREL_TAG_FFT_STEP    7500   /* + M-step number (0..64): data */
#define HREL_TAG_FFT_STEP_MAX 64

/* tools */
#define HREL_TAG_PING        7601   /* bare PVM ping-pong */
#define HREL_TAG_FC_HELLO    7611   /* first contact: master <-> worker, readiness */
#define HREL_TAG_FC_PAIR     7612   /* first contact: master -> worker, peer tid, reps */
#define HREL_TAG_FC_PING     7613   /* first contact: worker <-> worker, 8 bytes */
#define HREL_TAG_FC_RESULT   7614   /* first contact: worker -> master, times */
#define HREL_TAG_FC_QUIT     7615   /* first contact: master -> worker, leave */
#define HREL_TAG_FC_HOLD     7616   /* buffering: master -> worker, size and hold */
#define HREL_TAG_FC_BUF      7617   /* buffering: master -> worker, the message */
#define HREL_TAG_FC_BUFACK   7618   /* buffering: worker -> master, received */
#define HREL_TAG_CAL_GO      7621   /* CPU calibration: master -> worker, run the kernels */
#define HREL_TAG_CAL_RESULT  7622   /* CPU calibration: worker -> master, host and times */
#define HREL_TAG_CAL_QUIT    7623   /* CPU calibration: master -> worker, leave */
#define HREL_TAG_PC_BLOCK    7631   /* pvmd CPU: master -> worker, a block to run */
#define HREL_TAG_PC_PING     7632   /* pvmd CPU: worker <-> worker, the ping-pong */
#define HREL_TAG_PC_RESULT   7633   /* pvmd CPU: worker -> master, its pvmd's CPU */
#define HREL_TAG_PC_STOP     7634   /* pvmd CPU: worker -> worker, the block ends */
#define HREL_TAG_PC_QUIT     7635   /* pvmd CPU: master -> worker, leave */
#define HREL_TAG_WK_RUN      7641   /* wake-up: master -> sender, the peer and the plan */
#define HREL_TAG_WK_DATA     7642   /* wake-up: sender -> receiver, the message */
#define HREL_TAG_WK_TIME     7643   /* wake-up: receiver -> sender, its receive's end */
#define HREL_TAG_WK_RESULT   7644   /* wake-up: sender -> master, the samples */
#define HREL_TAG_WK_QUIT     7645   /* wake-up: master -> worker, leave */
#define HREL_TAG_SQ_PROBE    7651   /* stream queue: master -> prober, a phase to run */
#define HREL_TAG_SQ_PING     7652   /* stream queue: prober <-> echo, 8 bytes */
#define HREL_TAG_SQ_GO       7653   /* stream queue: prober -> streamer, stream to the sink */
#define HREL_TAG_SQ_STOP     7654   /* stream queue: prober -> streamer, stop */
#define HREL_TAG_SQ_DATA     7655   /* stream queue: streamer -> sink, the stream */
#define HREL_TAG_SQ_RESULT   7656   /* stream queue: prober / streamer -> master */
#define HREL_TAG_SQ_QUIT     7657   /* stream queue: master -> worker, leave */
#define HREL_TAG_XF_PAIR     7661   /* first exchange: master -> worker, peer and size */
#define HREL_TAG_XF_GO       7662   /* first exchange: master -> workers, start */
#define HREL_TAG_XF_DATA     7663   /* first exchange: worker <-> worker, the message */
#define HREL_TAG_XF_RESULT   7664   /* first exchange: worker -> master, its times */
#define HREL_TAG_XF_QUIT     7665   /* first exchange: master -> worker, leave */
#define HREL_TAG_DEMO_TIDS   7701   /* M-step demo: master -> workers, P and tids */
#define HREL_TAG_DEMO_DATA   7702   /* M-step demo: the exchanges of the M-steps */
#define HREL_TAG_HELLO_NAME  7801   /* platform check: worker -> master, host name */
#define HREL_TAG_HELLO_DATA  7802   /* platform check: master -> worker, payload */
#define HREL_TAG_HELLO_ACK   7803   /* platform check: worker -> master, one int */
#define HREL_TAG_LC_HELLO    7901   /* lifecycle: child -> master once enrolled */
#define HREL_TAG_LC_PING     7902   /* lifecycle: master <-> child, one round trip */
#define HREL_TAG_LC_QUIT     7903   /* lifecycle: master -> child, leave */
#define HREL_TAG_LC_GS       7904   /* lifecycle: child -> master, its joingroup times */
#define HREL_TAG_LC_GSEXIT   7905   /* lifecycle: the group server's exit notice */

/* common */
#define HREL_TAG_EXIT        9001   /* pvm_notify(PvmTaskExit) message to the master */
#define HREL_TAG_HOSTDEL     9002   /* pvm_notify(PvmHostDelete) message to the master */
#define HREL_TAG_MSTEP_GO    9101   /* M-step recorder: common-start message (t0) */
#define HREL_TAG_MSTEP_REC   9102   /* a task's records sent to the collector */
#define HREL_TAG_MSTEP_DONE  9103   /* collector -> tasks: all records are in */

/* X(first, last) for every tag and range above, for checks. */
#define HREL_TAG_LIST(X)                                                        \
    X(HREL_TAG_DATA, HREL_TAG_DATA) X(HREL_TAG_CASE, HREL_TAG_CASE)             \
    X(HREL_TAG_READY, HREL_TAG_READY) X(HREL_TAG_GO, HREL_TAG_GO)               \
    X(HREL_TAG_REPORT, HREL_TAG_REPORT) X(HREL_TAG_SYNC, HREL_TAG_SYNC)         \
    X(HREL_TAG_INFO, HREL_TAG_INFO) X(HREL_TAG_HELLO, HREL_TAG_HELLO)           \
    X(HREL_TAG_PSRS_CASE, HREL_TAG_PSRS_CASE) X(HREL_TAG_PSRS_DONE, HREL_TAG_PSRS_DONE) \
    X(HREL_TAG_PSRS_QUIT, HREL_TAG_PSRS_QUIT)                                   \
    X(HREL_TAG_PSRS_STEP, HREL_TAG_PSRS_STEP + HREL_TAG_PSRS_STEP_MAX)          \
    X(HREL_TAG_FFT_TIDS, HREL_TAG_FFT_TIDS) X(HREL_TAG_FFT_READY, HREL_TAG_FFT_READY) \
    X(HREL_TAG_FFT_RESULT, HREL_TAG_FFT_RESULT) X(HREL_TAG_FFT_QUIT, HREL_TAG_FFT_QUIT) \
    X(HREL_TAG_FFT_ERR, HREL_TAG_FFT_ERR)                                       \
    X(HREL_TAG_FFT_STEP, HREL_TAG_FFT_STEP + HREL_TAG_FFT_STEP_MAX)             \
    X(HREL_TAG_PING, HREL_TAG_PING) X(HREL_TAG_FC_HELLO, HREL_TAG_FC_BUFACK)      \
    X(HREL_TAG_CAL_GO, HREL_TAG_CAL_QUIT) X(HREL_TAG_PC_BLOCK, HREL_TAG_PC_QUIT) \
    X(HREL_TAG_WK_RUN, HREL_TAG_WK_QUIT) X(HREL_TAG_SQ_PROBE, HREL_TAG_SQ_QUIT)  \
    X(HREL_TAG_XF_PAIR, HREL_TAG_XF_QUIT)                                       \
    X(HREL_TAG_DEMO_TIDS, HREL_TAG_DEMO_TIDS)   \
    X(HREL_TAG_DEMO_DATA, HREL_TAG_DEMO_DATA) X(HREL_TAG_HELLO_NAME, HREL_TAG_HELLO_NAME) \
    X(HREL_TAG_HELLO_DATA, HREL_TAG_HELLO_DATA) X(HREL_TAG_HELLO_ACK, HREL_TAG_HELLO_ACK) \
    X(HREL_TAG_LC_HELLO, HREL_TAG_LC_GSEXIT)                                    \
    X(HREL_TAG_EXIT, HREL_TAG_EXIT) X(HREL_TAG_HOSTDEL, HREL_TAG_HOSTDEL)       \
    X(HREL_TAG_MSTEP_GO, HREL_TAG_MSTEP_GO) X(HREL_TAG_MSTEP_REC, HREL_TAG_MSTEP_REC) \
    X(HREL_TAG_MSTEP_DONE, HREL_TAG_MSTEP_DONE)

#endif
