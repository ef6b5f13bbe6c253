/* ppopts -- what the two yardstick ping-pongs of `make bench` (hrel_pingpong,
 * hrel_tcp_pingpong) share: the size / repetition options and the median.
 *
 * Contract: hrel_pp_opts_take consumes one of -s SIZES, -r REPS, -w WARMUP at
 * argv[*i] (advancing *i past its value) and returns 1, returns 0 for any other
 * argument, or -1 with one line in err. No allocation, no printing.
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
} hrel_pp_opts;

/* Defaults: sizes 1, 6720, 107520, 1720320; 200 repetitions; 10 warm-up. */
void hrel_pp_opts_default(hrel_pp_opts *o);

/* Take the option at argv[*i] if it is ours; see the contract above. */
int hrel_pp_opts_take(hrel_pp_opts *o, int argc, char **argv, int *i, char *err,
                      size_t errlen);


#endif
