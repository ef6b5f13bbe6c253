/* Unit tests of pvmsrc/psrs/psrs_opts: hrel_psrs's command line (no PVM
 * daemon: the parsing uses no libpvm call). */
#include "psrs_opts.h"

#include <pvm3.h>

static hrel_psrs_opts c;

#define OPTS_PROG "hrel_psrs"
#define OPTS_PARSE(argc, argv, e, n) hrel_psrs_opts_parse(argc, argv, &c, e, n)
#include "opts_fixture.h"

int main(void)
{
    hrel_test_init();
    HREL_CHECK_INT(parse(""), 0, "defaults");
    HREL_CHECK(c.nprocs == 7 && c.procs[0] == 2 && c.procs[6] == 8, "procs 2-8");
    HREL_CHECK(c.n == 1048576 && c.nkinds == 1 && c.reps == 3 && c.warmup == 1, "N, input, reps");
    HREL_CHECK(strcmp(c.out, "results/psrs") == 0, "default output directory");
    HREL_CHECK_INT(c.encoding, PvmDataRaw, "encoding raw");
    HREL_CHECK_ABS(c.timeout_s, 300.0, 0, "timeout 300 s");

    HREL_CHECK_INT(parse("--procs=2-8:2 --n=64k --input=uniform,dup -r 2 -w 0 --seed=9 -o d "
                         "--route=daemon --encoding=inplace --place=pvm --timeout=90s "
                         "--platform=p --hostfile=h -q"), 0, "every option");
    HREL_CHECK(c.nprocs == 4 && c.procs[1] == 4 && c.procs[3] == 8, "2-8:2");
    HREL_CHECK(c.n == 65536 && c.nkinds == 2 && c.reps == 2 && c.warmup == 0 && c.seed == 9,
               "N, inputs, reps, seed");
    HREL_CHECK(strcmp(c.out, "d") == 0 && c.quiet == 1, "out, quiet");
    HREL_CHECK_INT(c.route, PvmDontRoute, "daemon");
    HREL_CHECK_INT(c.encoding, PvmDataInPlace, "inplace");
    HREL_CHECK_INT(c.place, HREL_PLACE_PVM, "place pvm");
    HREL_CHECK_ABS(c.timeout_s, 90.0, 0, "90s");
    HREL_CHECK(strcmp(c.platform, "p") == 0 && strcmp(c.hostfile, "h") == 0, "metadata");
    HREL_CHECK_INT(parse("--input all"), 0, "all inputs");
    HREL_CHECK_INT(c.nkinds, 4, "four kinds");
    HREL_CHECK_INT(parse("--worker"), 0, "worker");
    HREL_CHECK_INT(c.worker, 1, "worker flag");
    HREL_CHECK_INT(parse("-h"), 1, "help");

    refused("--n 15 --procs 2-4", "N=15 is too small for P=4: PSRS needs N >= P*P = 16");
    refused("--input uniform,,dup",
            "bad --input 'uniform,,dup' (uniform, dup, sorted, reverse or all)");
    refused("--input random", "bad --input 'random' (uniform, dup, sorted, reverse or all)");
    refused("--reps 0", "--reps: 0 is out of range (1..100000)");
    refused("--timeout nan", "--timeout: 'nan' is not a duration (e.g. 90, 90s, 2m, 500ms)");
    refused("--encoding xdr", "--encoding: 'xdr' is not one of raw, inplace, default");
    refused("extra", "unexpected argument 'extra' (try --help)");
    HREL_CHECK_INT(parse("--procs 8-2"), -1, "descending range refused");
    HREL_CHECK(strstr(err, "bad processor list '8-2'") != NULL, "names the list");
    return hrel_test_summary("test_psrs_opts");
}
