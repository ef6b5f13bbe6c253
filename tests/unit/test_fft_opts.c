/* Unit tests of pvmsrc/fft/fft_opts: hrel_fft's command line (no PVM daemon:
 * the parsing uses no libpvm call). */
#include "fft_opts.h"

#include <pvm3.h>

static hrel_fft_opts c;

#define OPTS_PROG "hrel_fft"
#define OPTS_PARSE(argc, argv, e, n) hrel_fft_opts_parse(argc, argv, &c, e, n)
#include "opts_fixture.h"

int main(void)
{
    hrel_test_init();
    HREL_CHECK_INT(parse(""), 0, "defaults");
    HREL_CHECK(c.algo == HREL_FFT_MSTEP && c.n == 524288 && c.p == 2, "mstep, N, P");
    HREL_CHECK(c.reps == 3 && c.warmup == 1 && c.seed == 1, "reps, warm-up, seed");
    HREL_CHECK(c.rigour == HREL_FFT_MEASURE, "plan measure");
    HREL_CHECK_ABS(c.timeout_s, 120.0, 0, "timeout 120 s");
    HREL_CHECK_ABS(c.tol, 1e-9, 0, "tol 1e-9");
    HREL_CHECK_INT(c.encoding, PvmDataRaw, "encoding raw (mstep needs it)");
    HREL_CHECK_INT(c.route, PvmRouteDirect, "route direct");
    HREL_CHECK(c.out == NULL && c.worker == 0, "no output, not a worker");

    HREL_CHECK_INT(parse("--algo=ccm --n=64k -p 8 -r 5 -w 0 --seed=7 --plan=estimate --tol=1e-6 "
                         "--timeout=2m -o dir --platform=lan-x --wisdom=w --place=block "
                         "--route=daemon --encoding=inplace --worker"), 0, "every option");
    HREL_CHECK(c.algo == HREL_FFT_CCM && c.n == 65536 && c.p == 8, "ccm, 64k, 8");
    HREL_CHECK(c.reps == 5 && c.warmup == 0 && c.seed == 7, "reps, warm-up, seed");
    HREL_CHECK(c.rigour == HREL_FFT_ESTIMATE, "plan estimate");
    HREL_CHECK_ABS(c.timeout_s, 120.0, 0, "2m");
    HREL_CHECK_ABS(c.tol, 1e-6, 0, "tol");
    HREL_CHECK(strcmp(c.out, "dir") == 0 && strcmp(c.runs, "dir/runs.csv") == 0,
               "--out DIR: runs.csv inside");
    HREL_CHECK(strcmp(c.platform, "lan-x") == 0 && strcmp(c.wisdom, "w") == 0,
               "platform, wisdom");
    HREL_CHECK_INT(c.place, HREL_PLACE_BLOCK, "place");
    HREL_CHECK_INT(c.route, PvmDontRoute, "daemon route");
    HREL_CHECK_INT(c.encoding, PvmDataInPlace, "inplace");
    HREL_CHECK_INT(c.worker, 1, "--worker");
    HREL_CHECK_INT(parse("--help"), 1, "help");

    refused("--algo fast", "--algo: 'fast' is not one of mstep, ccm");
    refused("--procs 2-4", "--procs: '2-4' is not a whole number");
    refused("-p 0", "--procs: 0 is out of range (1..256)");
    refused("--n 1x", "--n: '1x' is not a size in bytes (e.g. 6720, 64k, 2M)");
    refused("--tol nan", "--tol: 'nan' is not a finite number");
    refused("--tol 0", "--tol: 0 is out of range (1e-300..1e+300)");
    refused("--timeout -1", "--timeout: '-1' must be a finite duration >= 0");
    refused("--seed -1", "--seed: -1 is out of range (0..4294967295)");
    refused("--p 2", "unknown option '--p'");
    refused("--trace-dir d", "unknown option '--trace-dir'");
    refused("x", "unexpected argument 'x' (try --help)");
    return hrel_test_summary("test_fft_opts");
}
