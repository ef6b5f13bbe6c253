/* msgs_fixture -- hand-made message-level traces (the msgs.csv contract of the
 * README) shared by the unit tests of lib/io/msteps and lib/model/replay.
 *
 * Contract: string literals only; a test writes one with hrel_test_write_tmp.
 */
#ifndef HREL_MSGS_FIXTURE_H
#define HREL_MSGS_FIXTURE_H

/* The msgs.csv header line. */
#define HREL_MSGS_HEADER "rank,host,kind,peers,bytes,tag,t_begin,t_end\n"

/* A ping-pong: rank 0 spawns rank 1, sends it 1000 B at 0.011 and waits for
 * the answer; rank 1 computes 20 ms after receiving and answers. */
#define HREL_MSGS_PINGPONG                                                    \
    HREL_MSGS_HEADER                                                          \
    "0,1,start,,0,-1,0,0\n"                                                   \
    "0,1,spawn,1,0,-1,0,0.001\n"                                              \
    "0,1,send,1,1000,1,0.011,0.012\n"                                         \
    "0,1,recv,1,1000,2,0.012,0.05\n"                                          \
    "0,1,exit,,0,-1,0.06,0.06\n"                                              \
    "1,2,start,,0,-1,0.002,0.002\n"                                           \
    "1,2,recv,0,1000,1,0.003,0.013\n"                                         \
    "1,2,send,0,1000,2,0.033,0.034\n"                                         \
    "1,2,exit,,0,-1,0.034,0.034\n"

#endif
