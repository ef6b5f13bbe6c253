/* Unit tests of pvmsrc/bench/bench_opts: hrel_bench's command line (no PVM
 * daemon: the option parsing uses no libpvm call). */
#include "bench_opts.h"

#include <pvm3.h>

static hrel_bench_cfg cfg;

/* hrel_bench's parser, its --help text thrown away. */
static int bench_parse(int argc, char **argv, char *e, size_t n)
{
    FILE *devnull = fopen("/dev/null", "w");
    int rc = hrel_bench_opts_parse(argc, argv, &cfg, devnull, e, n);
    fclose(devnull);
    return rc;
}

#define OPTS_PROG "hrel_bench"
#define OPTS_PARSE(argc, argv, e, n) bench_parse(argc, argv, e, n)
#include "opts_fixture.h"

int main(void)
{
    int n;
    const int *pr;
    hrel_test_init();

    /* defaults */
    HREL_CHECK_INT(parse("-o out"), 0, "no options but --out");
    HREL_CHECK_INT(cfg.nprocs_pair, 4, "pairs: 2,4,6,8");
    HREL_CHECK(cfg.procs_pair[0] == 2 && cfg.procs_pair[3] == 8, "pairs: 2..8");
    HREL_CHECK(cfg.nprocs_coll == 3 && cfg.procs_coll[0] == 4, "collectives: 4,6,8");
    HREL_CHECK(cfg.nsizes == 5 && cfg.sizes[4] == 1720320, "sizes 6720*4^k");
    HREL_CHECK_INT(cfg.encoding, PvmDataRaw, "default encoding is raw");
    HREL_CHECK_INT(cfg.route, PvmRouteDirect, "default route is direct");
    HREL_CHECK(cfg.reps.adaptive == 1, "adaptive repetitions by default");
    HREL_CHECK_ABS(cfg.timeout_s, 120.0, 0, "timeout 120 s");
    HREL_CHECK(strcmp(cfg.output, "out/raw.csv") == 0, "--out DIR: raw.csv inside");
    HREL_CHECK(strcmp(cfg.outdir, "out") == 0, "--out DIR kept");
    HREL_CHECK_INT(parse(""), 0, "no options at all");
    HREL_CHECK(strncmp(cfg.output, "results/local-", 14) == 0 &&
               strcmp(cfg.output + strlen(cfg.output) - 8, "/raw.csv") == 0,
               "default output results/local-<UTC>/raw.csv");

    /* --quick: a preset for the values not given explicitly, wherever it stands */
    HREL_CHECK_INT(parse("--quick -o q"), 0, "--quick alone");
    HREL_CHECK(cfg.quick == 1 && cfg.nsizes == 5 && cfg.sizes[0] == 26880, "--quick sizes");
    HREL_CHECK(cfg.reps.min == 5 && cfg.reps.max == 30 && cfg.warmup == 0, "--quick reps");
    HREL_CHECK_INT(cfg.reps.median, 1, "--quick stops on the median's precision");
    HREL_CHECK_ABS(cfg.reps.rse, 0.01, 0, "--quick rse 1 %");
    HREL_CHECK_ABS(cfg.budget_s, 90.0, 0, "--quick budget 90 s");
    HREL_CHECK_INT(parse("--quick --stop mean -o q"), 0, "--quick --stop mean");
    HREL_CHECK_INT(cfg.reps.median, 0, "explicit --stop mean wins over --quick");
    HREL_CHECK_INT(parse("--stop median -o q"), 0, "--stop median");
    HREL_CHECK(cfg.reps.median == 1 && cfg.reps.min == 20, "--stop median alone keeps the defaults");
    HREL_CHECK_INT(parse("-o q"), 0, "default stop");
    HREL_CHECK_INT(cfg.reps.median, 0, "default: the mean's precision");
    HREL_CHECK(parse("--stop mode -o q") != 0, "--stop mode refused");
    HREL_CHECK_INT(cfg.recv_block, 0, "default: receivers poll when each rank has a cpu");
    HREL_CHECK_INT(parse("--recv block -o q"), 0, "--recv block");
    HREL_CHECK_INT(cfg.recv_block, 1, "--recv block: never poll");
    HREL_CHECK(parse("--recv spin -o q") != 0, "--recv spin refused");
    HREL_CHECK_INT(parse("--min-reps 7 -s 6720 --quick --budget 5s -w 2 -o q"), 0,
                   "--quick after explicit options");
    HREL_CHECK(cfg.reps.min == 7 && cfg.nsizes == 1 && cfg.sizes[0] == 6720,
               "explicit --min-reps/--sizes before --quick win");
    HREL_CHECK(cfg.warmup == 2 && cfg.reps.max == 30, "explicit -w wins, --max-reps preset");
    HREL_CHECK_ABS(cfg.budget_s, 5.0, 0, "explicit --budget wins");
    HREL_CHECK_INT(parse("--quick -r 9 -o q"), 0, "--quick with --reps");
    HREL_CHECK(cfg.reps.adaptive == 0 && cfg.reps.fixed == 9, "--reps: fixed count");

    /* the shared vocabulary: ranges, k/M, durations, --opt=value */
    HREL_CHECK_INT(parse("--patterns=PP,AA --procs=2-8:2 --sizes=105k,1680k --reps=5 --warmup=0 "
                         "--timeout=2m --max-lag=500us --route=daemon --encoding=inplace "
                         "--op=max --place=block --out=d --platform=lan-x --hostfile=hf "
                         "--note=a:b --note=c:d -q"), 0, "every option as --opt=value");
    HREL_CHECK(cfg.npat == 2 && strcmp(cfg.pat[1], "AA") == 0, "patterns");
    pr = hrel_bench_procs_for(&cfg, "PP", &n);
    HREL_CHECK(n == 4 && pr[0] == 2 && pr[1] == 4 && pr[3] == 8, "2-8:2 for pairs");
    pr = hrel_bench_procs_for(&cfg, "AA", &n);
    HREL_CHECK(n == 4 && pr[2] == 6, "2-8:2 for collectives too");
    HREL_CHECK(cfg.nsizes == 2 && cfg.sizes[0] == 107520 && cfg.sizes[1] == 1720320, "105k, 1680k");
    HREL_CHECK(cfg.reps.adaptive == 0 && cfg.reps.fixed == 5 && cfg.warmup == 0, "reps");
    HREL_CHECK_ABS(cfg.timeout_s, 120.0, 0, "2m");
    HREL_CHECK_ABS(cfg.max_lag_s, 500e-6, 1e-15, "500us");
    HREL_CHECK_INT(cfg.route, PvmDontRoute, "daemon route");
    HREL_CHECK_INT(cfg.encoding, PvmDataInPlace, "inplace");
    HREL_CHECK_INT(cfg.op, HREL_OP_MAX, "op max");
    HREL_CHECK_INT(cfg.place, HREL_PLACE_BLOCK, "place block");
    HREL_CHECK(strcmp(cfg.platform, "lan-x") == 0 && strcmp(cfg.hostfile, "hf") == 0,
               "platform, hostfile");
    HREL_CHECK(cfg.nnotes == 2 && strcmp(cfg.notes[1], "c:d") == 0, "--note repeats");
    HREL_CHECK(cfg.quiet == 1 && strcmp(cfg.output, "d/raw.csv") == 0, "quiet, out");
    HREL_CHECK_INT(parse("-P PP -p 2 -s 6720 -r 3 --pair-procs 2,4 --inject-corrupt 1:-1 "
                         "--inject-drop 0:7"), 0, "short options, injections");
    HREL_CHECK(cfg.nprocs_pair == 2 && cfg.procs_pair[1] == 4, "--pair-procs after -p");
    HREL_CHECK(cfg.corrupt_rank == 1 && cfg.corrupt_rep == -1, "--inject-corrupt 1:-1");
    HREL_CHECK(cfg.drop_rank == 0 && cfg.drop_rep == 7, "--inject-drop 0:7");
    HREL_CHECK_INT(parse("--help"), 1, "--help");
    HREL_CHECK_INT(parse("-h --frobnicate"), 1, "-h wins");

    /* refusals: one line naming the option and the value */
    refused("-s 12x", "--sizes: '12x' is not a size in bytes (e.g. 6720, 64k, 2M)");
    refused("-p 2,,4", "--procs: '2,,4' has an empty item");
    refused("-p 8-2", "--procs: range 8-2 descends");
    refused("-p 2,", "--procs: '2,' has an empty item");
    refused("-p 0", "--procs: 0 is out of range (1..256)");
    refused("-P PP -p 3", "pattern PP works on pairs: processor count 3 is odd");
    HREL_CHECK_INT(parse("-P XY"), -1, "unknown pattern refused");
    HREL_CHECK(strncmp(err, "--patterns: unknown pattern 'XY' (known: E PP ", 46) == 0 &&
                   strstr(err, " AA") != NULL,
               "message names it and lists the registry's patterns");
    refused("-P PP,,E", "--patterns: 'PP,,E' has an empty item");
    refused("-r 0", "--reps: 0 is out of range (1..1000000000)");
    refused("-r 3.5", "--reps: '3.5' is not a whole number");
    refused("--rse nan", "--rse: 'nan' is not a finite number");
    refused("--timeout inf", "--timeout: 'inf' is not a duration (e.g. 90, 90s, 2m, 500ms)");
    refused("--timeout -5", "--timeout: '-5' must be a finite duration >= 0");
    refused("--timeout 0", "--timeout: 0 s is out of range (0.001..1e+07 s)");
    refused("--route carrier-pigeon", "--route: 'carrier-pigeon' is not one of direct, daemon");
    refused("--encoding xdr", "--encoding: 'xdr' is not one of raw, inplace, default");
    refused("--op avg", "--op: 'avg' is not one of sum, max");
    refused("-o x/raw.csv", "--out: 'x/raw.csv' looks like a file; --out names the directory "
                            "that gets raw.csv and cases.csv");
    refused("--output x", "unknown option '--output'");
    refused("--frobnicate", "unknown option '--frobnicate'");
    refused("stray", "unexpected argument 'stray' (try --help)");
    refused("--reps", "option '--reps' needs a value");
    refused("--note nocolon", "--note: 'nocolon' is not 'key: value'");
    refused("--inject-drop 3", "--inject-drop: '3' is not RANK:REP");
    refused("--inject-drop x:1", "--inject-drop: 'x' is not a whole number");
    HREL_CHECK_INT(parse("-P AA -p 4 -s 1000"), -1, "h not divisible by 2(p-1) refused");
    HREL_CHECK(strstr(err, "does not divide") != NULL && !strchr(err, '\n'),
               "one line saying the size does not divide");
    return hrel_test_summary("test_bench_opts");
}
