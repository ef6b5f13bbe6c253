/* fft_opts -- the command line of hrel_fft (the parallel FFT program).
 *
 * Contract: hrel_fft_opts_parse fills a caller-owned hrel_fft_opts from argv
 * with lib/base/args (the README's option vocabulary), applying the defaults
 * that hrel_fft_opts_usage states. It returns 0, 1 when --help was asked
 * for, or -1 with one line in err (the caller prefixes the program name and
 * exits 2). String fields point into argv. No PVM call (the PVM constants
 * come from pvm3.h's macros through vmopts), so tests/unit/test_fft_opts.c
 * links it without a daemon.
 */
#ifndef HREL_FFT_OPTS_H
#define HREL_FFT_OPTS_H

#include <stdio.h>

#include "fft_run.h"
#include "vm.h"

typedef struct hrel_fft_opts {
    hrel_fft_algo algo;   /* which FFT */
    long n, p;            /* points, processors */
    int reps, warmup;     /* recorded and warm-up repetitions */
    unsigned long seed;   /* input signal seed */
    int rigour;           /* FFTW planning */
    double timeout_s;     /* every receive */
    double tol;           /* largest accepted relative error */
    int encoding, route;  /* PVM options (constants) */
    int encoding_word, route_word;   /* their indexes in vmopts' word lists */
    hrel_place place;     /* worker placement */
    const char *out;      /* --out DIR for runs.csv and traces, NULL: none */
    char runs[1024];      /* DIR/runs.csv */
    const char *platform; /* label for the metadata */
    const char *wisdom;   /* FFTW wisdom file every rank imports, or NULL */
    int worker;           /* 1 in spawned copies */
} hrel_fft_opts;

/* Parse ARGV into C. Return 0, 1 for --help, -1 with ERR. */
int hrel_fft_opts_parse(int argc, char **argv, hrel_fft_opts *c, char *err, size_t errlen);

/* The usage text. */
void hrel_fft_opts_usage(FILE *fp);

#endif
