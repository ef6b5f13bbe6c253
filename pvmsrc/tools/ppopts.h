/* ppopts -- the command line of the two yardstick ping-pongs of `make bench`
 * (hrel_pingpong over PVM, hrel_tcp_pingpong over raw TCP).
 *
 * Contract: hrel_pp_opts_parse fills a caller-owned hrel_pp_opts from argv
 * with lib/base/args (the README's option vocabulary): -s/--sizes LIST (k/M
 * suffixes), -r/--reps N, -w/--warmup N, and with PVM set also --route and
 * --encoding (words of pvmsrc/common/vmopts, stored as indexes) and the
 * internal --peer flag, without it --listen PORT and --connect HOST:PORT (the
 * raw TCP ping-pong across two hosts). It returns 0, 1 when --help was asked for, or -1 with
 * one line in err. No PVM call, no allocation, no printing.
 */
#ifndef HREL_PPOPTS_H
#define HREL_PPOPTS_H

#include <stddef.h>

#define HREL_PP_MAXSIZES 32

typedef struct hrel_pp_opts {
    long sizes[HREL_PP_MAXSIZES];   /* message sizes in bytes */
    int nsizes;                     /* how many */
    int reps;                       /* timed round trips per size */
    int warm;                       /* untimed round trips before them */
    int route;                      /* index in hrel_vmopts_route_words */
    int encoding;                   /* index in hrel_vmopts_encoding_words */
    int peer;                       /* --peer: run as the echoing peer */
    int listen_port;                /* TCP --listen PORT: echo server (0: not) */
    const char *connect;            /* TCP --connect HOST:PORT (argv's storage), or NULL */
} hrel_pp_opts;

/* Defaults: sizes 1, 6720, 107520, 1720320; 200 repetitions; 10 warm-up;
 * route direct, encoding raw. */
void hrel_pp_opts_default(hrel_pp_opts *o);

/* Parse ARGV into O (defaults first). PVM: 1 for hrel_pingpong (route,
 * encoding, --peer known), 0 for hrel_tcp_pingpong. */
int hrel_pp_opts_parse(hrel_pp_opts *o, int argc, char **argv, int pvm, char *err,
                       size_t errlen);

#endif
