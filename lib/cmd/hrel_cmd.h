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

int hrel_cmd_fit(int argc, char **argv);
int hrel_cmd_model(int argc, char **argv);
int hrel_cmd_hyper(int argc, char **argv);
int hrel_cmd_fft(int argc, char **argv);
int hrel_cmd_psrs(int argc, char **argv);
int hrel_cmd_compare(int argc, char **argv);
int hrel_cmd_patterns(int argc, char **argv);
int hrel_cmd_quality(int argc, char **argv);
int hrel_cmd_bench(int argc, char **argv);
int hrel_cmd_trace(int argc, char **argv);
int hrel_cmd_replay(int argc, char **argv);

#endif
