/* args -- the one command-line parser of every hrel program and subcommand.
 *
 * Contract: an entry point describes its options in a table of hrel_arg
 * (long name, short letter, kind, where the value goes, bounds) and calls
 * hrel_args_parse, which runs getopt_long over it: `--opt value`,
 * `--opt=value` and `-o value` all work, options and operands may mix
 * (operands are moved to the end, GNU style), and `--` ends the options. Every
 * value is checked against its kind and bounds: numbers must be finite (nan and
 * inf are refused), lists may not have empty items, a range must not descend.
 * Errors are returned as one line in ERR naming the option and the value; the
 * caller prints it and exits with status 2. Nothing here prints or exits.
 *
 * The value syntaxes (the README's option vocabulary table lists the names):
 *   integer     12, -3           bounded by [min, max]
 *   real        0.5, 1e-6        finite, bounded by [min, max]
 *   duration    90, 90s, 2m, 500ms, 1.5h   in seconds, finite, >= 0
 *   size        6720, 64k, 2M    bytes; k = 1024, M = 1048576, G = 2^30
 *   processor list  4 | 2,4,8 | 2-8 | 2-8:2   each item >= min, <= max
 *   size list   6720,26880 | 1k,4k  (sizes, comma separated)
 *   choice      one word of a NULL-terminated list; the index is stored
 * Bounds are doubles; a bound beyond the range of long (or of int for INT)
 * clamps to it. Limits: at most HREL_ARGS_MAX_OPTS options per table, list values of at
 * most HREL_ARGS_MAX_LIST items, option values of at most 4096 characters.
 */
#ifndef HREL_ARGS_H
#define HREL_ARGS_H

#include <stddef.h>
#include <stdio.h>

#define HREL_ARGS_MAX_OPTS 64
#define HREL_ARGS_MAX_LIST 256

typedef enum {
    HREL_ARG_FLAG,      /* no value: *(int *)dst = 1 */
    HREL_ARG_STR,       /* *(const char **)dst = the value (argv's storage) */
    HREL_ARG_LONG,      /* *(long *)dst, in [min, max] */
    HREL_ARG_INT,       /* *(int *)dst, in [min, max] */
    HREL_ARG_DOUBLE,    /* *(double *)dst, finite, in [min, max] */
    HREL_ARG_DURATION,  /* *(double *)dst seconds, finite, in [min, max] */
    HREL_ARG_SIZE,      /* *(long *)dst bytes with k/M/G, in [min, max] */
    HREL_ARG_PROCS,     /* (long *)dst[0..*count), ranges allowed, items in [min, max] */
    HREL_ARG_SIZES,     /* (long *)dst[0..*count), k/M/G allowed, items in [min, max] */
    HREL_ARG_CHOICE,    /* *(int *)dst = index of the value in choices */
    HREL_ARG_STRS       /* repeatable (caller sets *count = 0 first): (const char **)dst[(*count)++] = the value (argv's
                           storage), at most maxn times */
} hrel_arg_kind;

typedef struct hrel_arg {
    const char *name;              /* long name without "--"; NULL ends the table */
    int letter;                    /* short option letter, or 0 for none */
    hrel_arg_kind kind;            /* what the value is */
    void *dst;                     /* where it goes (see the kinds) */
    double min, max;               /* bounds of numbers and list items (both 0: none) */
    const char *const *choices;    /* CHOICE: the words, NULL-terminated */
    int *count;                    /* PROCS/SIZES: number of items stored */
    int maxn;                      /* PROCS/SIZES: capacity of dst (items) */
    int *seen;                     /* if not NULL, set to 1 when the option is given */
} hrel_arg;

/* Parse ARGV[1..ARGC) against TABLE. "-h"/"--help" is always known: it sets
 * *HELP to 1 and parsing stops (return 0). On success *FIRST is the index of
 * the first operand (operands are ARGV[*FIRST .. ARGC)). Return 0, or -1 with
 * a one-line message in ERR. PROG names the program in no message; the caller
 * prefixes it. */
int hrel_args_parse(int argc, char **argv, const hrel_arg *table, int *help, int *first,
                    char *err, size_t errlen);

/* hrel_args_parse for a program that takes no operands: returns 0 (go on),
 * 1 (--help was given: the caller prints its usage) or -1 with ERR set (a bad
 * option, or an operand: "unexpected argument 'X' (try --help)"). */
int hrel_args_parse_all(int argc, char **argv, const hrel_arg *table, char *err,
                        size_t errlen);

/* hrel_args_parse with the handling every entry point shares: on --help the
 * usage (USAGE_FN(OUT), else the text USAGE_TEXT) goes to OUT and 0 is
 * returned; on bad input one line "PROG: message (try PROG --help)" goes to
 * ERRF and 2 is returned; -1 means "go on" with the operands from *FIRST.
 * Printing happens only here, on the streams the entry point passes. */
int hrel_args_run(const char *prog, int argc, char **argv, const hrel_arg *table,
                  void (*usage_fn)(FILE *), const char *usage_text, FILE *out, FILE *errf,
                  int *first);

/* An entry point's answer to the status RC of its own option parser (0: go
 * on, 1: --help, -1: bad input, message in ERR): on 1 the usage (USAGE_FN(OUT),
 * else USAGE_TEXT, else nothing) goes to OUT and 0 is returned; on -1 the line
 * "PROG: ERR" goes to ERRF and 2 is returned; otherwise -1 ("go on"). */
int hrel_args_exit_code(const char *prog, int rc, void (*usage_fn)(FILE *),
                        const char *usage_text, const char *err, FILE *out, FILE *errf);

/* The whole command line of a program that takes no options and no operands
 * (only -h/--help): hrel_args_parse_all with an empty table answered by
 * hrel_args_exit_code. Return -1 to go on, 0 after printing USAGE_TEXT on OUT
 * for --help, 2 after printing "PROG: message" on ERRF for anything else. */
int hrel_args_none(const char *prog, int argc, char **argv, const char *usage_text, FILE *out,
                   FILE *errf);

/* Table entries in one line each (the fields the kind does not use are 0). */
#define HREL_OPT_FLAG(name, letter, ptr) \
    {name, letter, HREL_ARG_FLAG, ptr, 0, 0, NULL, NULL, 0, NULL}
#define HREL_OPT_STR(name, letter, ptr) \
    {name, letter, HREL_ARG_STR, ptr, 0, 0, NULL, NULL, 0, NULL}
#define HREL_OPT_NUM(name, letter, kind, ptr, lo, hi) \
    {name, letter, kind, ptr, lo, hi, NULL, NULL, 0, NULL}
#define HREL_OPT_CHOICE(name, letter, ptr, words) \
    {name, letter, HREL_ARG_CHOICE, ptr, 0, 0, words, NULL, 0, NULL}
#define HREL_OPT_LIST(name, letter, kind, ptr, lo, hi, count, maxn) \
    {name, letter, kind, ptr, lo, hi, NULL, count, maxn, NULL}
#define HREL_OPT_END {NULL, 0, 0, NULL, 0, 0, NULL, NULL, 0, NULL}

/* The value parsers, for values that do not come from an option table. OPT
 * names the option or field in the message. Return 0, or -1 with ERR. */
int hrel_args_long(const char *opt, const char *s, long min, long max, long *out,
                   char *err, size_t errlen);
int hrel_args_double(const char *opt, const char *s, double min, double max, double *out,
                     char *err, size_t errlen);
int hrel_args_duration(const char *opt, const char *s, double *seconds, char *err,
                       size_t errlen);
int hrel_args_size(const char *opt, const char *s, long min, long max, long *bytes,
                   char *err, size_t errlen);
int hrel_args_list(const char *opt, const char *s, int ranges, long min, long max,
                   long *out, int maxn, int *n, char *err, size_t errlen);
int hrel_args_choice(const char *opt, const char *s, const char *const *choices, int *idx,
                     char *err, size_t errlen);

/* Subcommand words (hrel COMMAND, hrel fft VERB, ...): 1 if WORD is "-h" or
 * "--help"; the index of WORD in the NULL-terminated VERBS, or -1. */
int hrel_args_is_help(const char *word);
int hrel_args_verb(const char *word, const char *const *verbs);

#endif
