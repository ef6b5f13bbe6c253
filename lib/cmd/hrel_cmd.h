/* hrel_cmd -- the subcommands of the `hrel` analysis command (lib/cmd/cmd_*.c).
 *
 * Contract: each takes the arguments after the subcommand name (argv[0] is the
 * subcommand itself), prints its results on stdout, prints one line
 * "hrel SUB: problem" on stderr for bad input, and returns the exit status
 * (0 ok, 1 bad input or failed computation, 2 bad usage). They are the only
 * places in lib/ that print.
 */
#ifndef HREL_CMD_H
#define HREL_CMD_H

#include <stdio.h>

#include "args.h"

int hrel_cmd_fit(int argc, char **argv);
int hrel_cmd_model(int argc, char **argv);
int hrel_cmd_trace_spread(int argc, char **argv);   /* hrel trace spread (cmd_spread.c) */
int hrel_cmd_trace_calls(int argc, char **argv);    /* hrel trace calls (cmd_calls.c) */
int hrel_cmd_hyper(int argc, char **argv);
int hrel_cmd_fft(int argc, char **argv);
int hrel_cmd_psrs(int argc, char **argv);
int hrel_cmd_compare(int argc, char **argv);
int hrel_cmd_patterns(int argc, char **argv);
int hrel_cmd_quality(int argc, char **argv);
int hrel_cmd_bench(int argc, char **argv);

/* The command line of a subcommand that takes one directory operand and one
 * flag --FLAG (sets *ON): parse ARGV (hrel_args_run with USAGE); return -1 to
 * go on with the directory ARGV[*FIRST], else the exit status (0 after
 * --help, 2 with one line "NAME: give one WHAT (see --help)" or the parser's). */
int hrel_cmd_one_dir(const char *name, int argc, char **argv, const char *flag, int *on,
                     void (*usage)(FILE *), const char *what, int *first);
int hrel_cmd_trace(int argc, char **argv);
int hrel_cmd_predict(int argc, char **argv);

/* The per-step rows of MODEL ("bspwb" or "mpm") on the M-step trace T with one g
 * and L per row in GL, as `hrel model MODEL --csv` prints them (with the header
 * line when HEADER), into FP (NULL: none); *TOTAL = the model's total (@ = sum).
 * Return 0, or -1 with the reason in err. */
struct hrel_trace;
struct hrel_model_gl;
int hrel_cmd_model_steps(FILE *fp, const char *model, const struct hrel_trace *t,
                         const struct hrel_model_gl *gl, int header, double *total, char *err,
                         size_t errlen);
int hrel_cmd_replay(int argc, char **argv);

#endif
