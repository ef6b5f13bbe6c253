/* benchrun -- the per-round figures of a `make bench` run directory.
 *
 * Contract: experiments/bench.sh runs the ping-pong programs in rounds
 * (A B C D A B C D ...) and keeps each round's outputs in DIR/round-K/
 * (K = 1, 2, ...):
 *   suite[-X]/raw.csv, suiteblock[-X]/raw.csv  hrel_bench raw.csv of the suite's PingPong (p = 2): the
 *                      round's figure at size h is the median of its rows'
 *                      seconds (hrel_sample_median)
 *   bare[-X].csv, baretraced[-X].csv, tcp[-X].csv  hrel_pingpong (untraced /
 *                      under the preload tracer) / hrel_tcp_pingpong: columns bytes and
 *                      median_s (the program's own median of its repetitions)
 *   netpipe-B.out      NetPIPE's output for size B: lines "bytes Mbps seconds"
 * (a program may run in parts, e.g. suite/ and suite-big/ for the large
 * sizes with fewer repetitions). A missing file means that program did not
 * run in that round: its figures are NaN. hrel_benchrun_load reads round-1, round-2, ... up to the first
 * absent one; no round at all, or a file that cannot be parsed, is an error
 * ("FILE:LINE: problem"). Allocates the result (hrel_benchrun_free); prints
 * nothing.
 */
#ifndef HREL_BENCHRUN_H
#define HREL_BENCHRUN_H

#include <stddef.h>

enum { HREL_BENCH_SUITE, HREL_BENCH_BARE, HREL_BENCH_NETPIPE, HREL_BENCH_TCP,
       HREL_BENCH_SUITE_BLOCK, HREL_BENCH_BARE_TRACED, HREL_BENCH_NPROG };

/* Program names as columns: suite, bare_pvm, netpipe_pvm, raw_tcp,
 * suite_block (the suite with --recv block, from suiteblock[-X]/raw.csv, when
 * bench.sh ran it), bare_traced (hrel_pingpong under the preload tracer, from
 * baretraced[-X].csv). */
extern const char *const hrel_benchrun_prog[HREL_BENCH_NPROG];

typedef struct hrel_benchrun {
    size_t nround;    /* rounds read */
    size_t nsize;     /* distinct sizes over all files, ascending */
    long *bytes;      /* the sizes */
    double *sec;      /* one-way seconds, NaN if absent: see hrel_benchrun_at */
} hrel_benchrun;

/* Read the run directory DIR. Return 0 and set *out, or -1 with err. */
int hrel_benchrun_load(const char *dir, hrel_benchrun **out, char *err, size_t errlen);

/* Free a result of hrel_benchrun_load; NULL is fine. */
void hrel_benchrun_free(hrel_benchrun *b);

/* One-way seconds of program PROG at size index SIZE in round ROUND (0-based). */
double hrel_benchrun_at(const hrel_benchrun *b, size_t round, size_t size, int prog);

#endif
