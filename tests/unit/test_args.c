/* Unit tests of lib/base/args: the one command-line parser. */
#include <limits.h>

#include "args.h"
#include "hrel_test.h"

/* Parse the words of LINE (space separated, at most 16) against T. */
static int run(const char *line, const hrel_arg *t, int *help, int *first, char *err,
               size_t errlen, char store[32][128], char **argv, int *argc)
{
    char buf[1024], *tok, *save = NULL;
    *argc = 0;
    argv[(*argc)++] = (char *)"prog";
    snprintf(buf, sizeof buf, "%s", line);
    for (tok = strtok_r(buf, " ", &save); tok && *argc < 31; tok = strtok_r(NULL, " ", &save)) {
        snprintf(store[*argc], 128, "%s", tok);
        argv[*argc] = store[*argc];
        (*argc)++;
    }
    argv[*argc] = NULL;
    return hrel_args_parse(*argc, argv, t, help, first, err, errlen);
}

int main(void)
{
    static const char *const routes[] = {"direct", "daemon", NULL};
    long procs[64], sizes[16], reps = 0, one = 0;
    int nprocs = 0, nsizes = 0, route = 0, quiet = 0, help = 0, first = 0, argc, seen_r = 0;
    double t = 0, rse = 0;
    const char *out = NULL;
    char err[256], store[32][128], *argv[33];
    const hrel_arg t1[] = {
        {"procs", 'p', HREL_ARG_PROCS, procs, 1, 256, NULL, &nprocs, 64, NULL},
        {"sizes", 's', HREL_ARG_SIZES, sizes, 1, 1L << 30, NULL, &nsizes, 16, NULL},
        {"reps", 'r', HREL_ARG_LONG, &reps, 1, 1000000, NULL, NULL, 0, &seen_r},
        {"rse", 0, HREL_ARG_DOUBLE, &rse, 0, 1, NULL, NULL, 0, NULL},
        {"timeout", 0, HREL_ARG_DURATION, &t, 0, 0, NULL, NULL, 0, NULL},
        {"route", 0, HREL_ARG_CHOICE, &route, 0, 0, routes, NULL, 0, NULL},
        {"out", 'o', HREL_ARG_STR, &out, 0, 0, NULL, NULL, 0, NULL},
        {"quiet", 'q', HREL_ARG_FLAG, &quiet, 0, 0, NULL, NULL, 0, NULL},
        {NULL, 0, 0, NULL, 0, 0, NULL, NULL, 0, NULL},
    };

    hrel_test_init();
    /* the value syntaxes */
    HREL_CHECK_INT(run("-p 2-8:2 --sizes=6720,64k,2M -r 20 --rse 0.05 --timeout 2m "
                       "--route daemon -o dir -q a b", t1, &help, &first, err, sizeof err,
                       store, argv, &argc), 0, "a full line parses");
    HREL_CHECK_INT(nprocs, 4, "2-8:2 is four counts");
    HREL_CHECK(procs[0] == 2 && procs[3] == 8, "2,4,6,8");
    HREL_CHECK(nsizes == 3 && sizes[0] == 6720 && sizes[1] == 65536 && sizes[2] == 2097152,
               "k = 1024, M = 1048576");
    HREL_CHECK(reps == 20 && seen_r, "reps and its seen flag");
    HREL_CHECK_ABS(rse, 0.05, 0, "--rse");
    HREL_CHECK_ABS(t, 120.0, 0, "2m = 120 s");
    HREL_CHECK_INT(route, 1, "choice index");
    HREL_CHECK(out && strcmp(out, "dir") == 0 && quiet, "string and flag");
    HREL_CHECK(first == argc - 2 && strcmp(argv[first], "a") == 0, "operands after options");
    HREL_CHECK_INT(run("x -p 2-8 y", t1, &help, &first, err, sizeof err, store, argv, &argc), 0,
                   "options and operands mix");
    HREL_CHECK(nprocs == 7 && argc - first == 2, "2-8 is every count; two operands");
    HREL_CHECK_INT(run("--help -p nonsense", t1, &help, &first, err, sizeof err, store, argv,
                       &argc), 0, "--help stops parsing");
    HREL_CHECK_INT(help, 1, "help set");

    /* refusals, one line each, naming option and value */
#define REFUSE(line, want)                                                               \
    do {                                                                                 \
        err[0] = '\0';                                                                   \
        HREL_CHECK(run(line, t1, &help, &first, err, sizeof err, store, argv, &argc) != 0, \
                   "refused: " line);                                                    \
        HREL_CHECK_ERR(err, want, "message for: " line);                                 \
    } while (0)
    REFUSE("-p 2,,4", "--procs: '2,,4' has an empty item");
    REFUSE("-p 2,4,", "has an empty item");
    REFUSE("-p 8-2", "--procs: range 8-2 descends");
    REFUSE("-p 0", "--procs: 0 is out of range (1..256)");
    REFUSE("-p 300", "out of range");
    REFUSE("-p two", "--procs: 'two' is not a whole number");
    REFUSE("-s 1x", "--sizes: '1x' is not a size in bytes");
    REFUSE("-r 2.5", "--reps: '2.5' is not a whole number");
    REFUSE("--rse nan", "--rse: 'nan' is not a finite number");
    REFUSE("--rse inf", "not a finite number");
    REFUSE("--rse 2", "--rse: 2 is out of range");
    REFUSE("--timeout nan", "--timeout: 'nan' is not a duration");
    REFUSE("--timeout inf", "--timeout");
    REFUSE("--timeout -5", "--timeout");
    REFUSE("--timeout 5x", "not a duration");
    REFUSE("--route tcp", "--route: 'tcp' is not one of direct, daemon");
    REFUSE("--bogus", "unknown option '--bogus'");
    REFUSE("-x", "unknown option '-x'");
    REFUSE("-p", "option '-p' needs a value");
    REFUSE("--reps", "needs a value");
    REFUSE("--out=", "--out: empty value");

    /* the value parsers alone */
    HREL_CHECK(hrel_args_duration("t", "500ms", &t, err, sizeof err) == 0 && fabs(t - 0.5) < 1e-12,
               "500ms");
    HREL_CHECK(hrel_args_duration("t", "90", &t, err, sizeof err) == 0 && t == 90, "bare seconds");
    HREL_CHECK(hrel_args_duration("t", "1.5h", &t, err, sizeof err) == 0 && t == 5400, "1.5h");
    HREL_CHECK(hrel_args_size("s", "9999999999999G", 0, 0, &one, err, sizeof err) != 0,
               "size overflow refused");
    HREL_CHECK(hrel_args_long("n", "", 0, 0, &one, err, sizeof err) != 0, "empty number");
    HREL_CHECK(hrel_args_long("n", " 5", 0, 0, &one, err, sizeof err) != 0, "leading space");
    HREL_CHECK(hrel_args_long("n", "-3", 0, 0, &one, err, sizeof err) == 0 && one == -3,
               "negative whole number");
    {   /* a repeatable option keeps every value, up to its capacity */
        const char *notes[2];
        int nnotes = 0;
        const hrel_arg t2[] = {
            {"note", 0, HREL_ARG_STRS, notes, 0, 0, NULL, &nnotes, 2, NULL},
            {NULL, 0, 0, NULL, 0, 0, NULL, NULL, 0, NULL},
        };
        HREL_CHECK_INT(run("--note a --note=b", t2, &help, &first, err, sizeof err, store, argv,
                           &argc), 0, "--note twice");
        HREL_CHECK(nnotes == 2 && strcmp(notes[0], "a") == 0 && strcmp(notes[1], "b") == 0,
                   "both notes kept in order");
        nnotes = 0;
        HREL_CHECK_INT(run("--note a --note b --note c", t2, &help, &first, err, sizeof err,
                           store, argv, &argc), -1, "a third note refused");
        HREL_CHECK(strcmp(err, "--note: given more than 2 times") == 0, "message names the limit");
        nnotes = 0;
        HREL_CHECK_INT(run("--note=", t2, &help, &first, err, sizeof err, store, argv, &argc),
                       -1, "empty note refused");
        HREL_CHECK(strcmp(err, "--note: empty value") == 0, "empty value named");
    }
    {   /* a bound of LONG_MAX (as a double) clamps instead of overflowing */
        long big = 0;
        const hrel_arg t3[] = {
            {"seed", 0, HREL_ARG_LONG, &big, 0, (double)LONG_MAX, NULL, NULL, 0, NULL},
            {NULL, 0, 0, NULL, 0, 0, NULL, NULL, 0, NULL},
        };
        HREL_CHECK_INT(run("--seed 12345678901", t3, &help, &first, err, sizeof err, store, argv,
                           &argc), 0, "max LONG_MAX accepts a large value");
        HREL_CHECK(big == 12345678901L, "the value is kept");
        HREL_CHECK_INT(run("--seed -1", t3, &help, &first, err, sizeof err, store, argv, &argc),
                       -1, "min 0 still refuses -1");
    }
    {   /* subcommand words */
        static const char *const verbs[] = {"predict", "table", NULL};
        HREL_CHECK(hrel_args_is_help("-h") && hrel_args_is_help("--help"), "-h, --help");
        HREL_CHECK(!hrel_args_is_help("--hel") && !hrel_args_is_help("help") &&
                       !hrel_args_is_help(NULL), "nothing else is help");
        HREL_CHECK_INT(hrel_args_verb("table", verbs), 1, "verb index");
        HREL_CHECK_INT(hrel_args_verb("tab", verbs), -1, "no abbreviations of verbs");
        HREL_CHECK_INT(hrel_args_verb(NULL, verbs), -1, "no word");
    }
    {   /* an entry point's answer to its parser's status */
        char obuf[128] = "", ebuf[128] = "";
        FILE *o = fmemopen(obuf, sizeof obuf, "w"), *e = fmemopen(ebuf, sizeof ebuf, "w");
        HREL_CHECK_INT(hrel_args_exit_code("p", 0, NULL, "U\n", "x", o, e), -1, "status 0: go on");
        HREL_CHECK_INT(hrel_args_exit_code("p", 1, NULL, "U\n", "x", o, e), 0, "help: exit 0");
        HREL_CHECK_INT(hrel_args_exit_code("p", -1, NULL, "U\n", "bad x", o, e), 2, "bad: exit 2");
        fclose(o);
        fclose(e);
        HREL_CHECK_STR(obuf, "U\n", "help: the usage text on OUT");
        HREL_CHECK_STR(ebuf, "p: bad x\n", "bad: one line on ERRF");
    }
    {   /* a program without options or operands: status, OUT and ERRF per line */
        static const struct {
            const char *line;
            int status;
            const char *out, *err;
        } cases[] = {
            {"", -1, "", ""},
            {"--help", 0, "U\n", ""},
            {"--x", 2, "", "p: unknown option '--x'\n"},
            {"w", 2, "", "p: unexpected argument 'w' (try --help)\n"},
        };
        size_t k;
        for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            char obuf[128] = "", ebuf[256] = "", **av;
            int ac;
            FILE *o = fmemopen(obuf, sizeof obuf, "w"), *e = fmemopen(ebuf, sizeof ebuf, "w");
            av = hrel_test_argv("p", cases[k].line, &ac);
            HREL_CHECK_INT(hrel_args_none("p", ac, av, "U\n", o, e), cases[k].status,
                           "hrel_args_none: exit status");
            fclose(o);
            fclose(e);
            HREL_CHECK_STR(obuf, cases[k].out, "hrel_args_none: the usage only after --help");
            HREL_CHECK_STR(ebuf, cases[k].err, "hrel_args_none: one line naming what is wrong");
        }
    }
    return hrel_test_summary("test_args");
}
