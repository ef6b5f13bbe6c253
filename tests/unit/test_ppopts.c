/* Unit tests of pvmsrc/tools/ppopts: the command line of hrel_pingpong and
 * hrel_tcp_pingpong (no PVM daemon needed: the parsing uses no libpvm call). */
#include "ppopts.h"
#include "vmopts.h"
#include "hrel_test.h"

#include <pvm3.h>

static hrel_pp_opts o;
static char err[256];

/* Parse the words of LINE; PVM as hrel_pp_opts_parse. */
static int parse(const char *line, int pvm)
{
    int argc;
    char **argv = hrel_test_argv("hrel_pingpong", line, &argc);
    err[0] = '\0';
    return hrel_pp_opts_parse(&o, argc, argv, pvm, err, sizeof err);
}

/* LINE is refused with exactly WANT. */
static void refused(const char *line, int pvm, const char *want)
{
    HREL_CHECK_INT(parse(line, pvm), -1, line);
    HREL_CHECK_STR(err, want, line);
}

int main(void)
{
    hrel_test_init();
    HREL_CHECK_INT(parse("", 1), 0, "defaults");
    HREL_CHECK(o.nsizes == 4 && o.sizes[0] == 1 && o.sizes[3] == 1720320, "default sizes");
    HREL_CHECK(o.reps == 200 && o.warm == 10 && o.peer == 0, "default reps, warm-up");
    HREL_CHECK_INT(hrel_vmopts_encoding(o.encoding), PvmDataRaw, "default encoding raw");
    HREL_CHECK_INT(hrel_vmopts_route(o.route), PvmRouteDirect, "default route direct");
    HREL_CHECK_INT(parse("--sizes=1k,2M --reps=5 -w 0 --route=daemon --encoding inplace", 1), 0,
                   "--opt=value and --opt value");
    HREL_CHECK(o.nsizes == 2 && o.sizes[0] == 1024 && o.sizes[1] == 2097152, "k and M");
    HREL_CHECK(o.reps == 5 && o.warm == 0, "reps, warm-up");
    HREL_CHECK_INT(hrel_vmopts_route(o.route), PvmDontRoute, "daemon");
    HREL_CHECK_INT(hrel_vmopts_encoding(o.encoding), PvmDataInPlace, "inplace");
    HREL_CHECK_INT(parse("--peer", 1), 0, "the peer flag");
    HREL_CHECK_INT(o.peer, 1, "peer set");
    HREL_CHECK_INT(parse("-h", 0), 1, "help");
    refused("-s 1,,2", 1, "--sizes: '1,,2' has an empty item");
    refused("-s 0", 1, "--sizes: 0 bytes is out of range (1..1073741824)");
    refused("-r 0", 1, "--reps: 0 is out of range (1..100000000)");
    refused("-r nan", 1, "--reps: 'nan' is not a whole number");
    refused("-w -1", 1, "--warmup: -1 is out of range (0..100000000)");
    refused("--encoding xdr", 1, "--encoding: 'xdr' is not one of raw, inplace, default");
    refused("--route daemon", 0, "unknown option '--route'");
    refused("--peer", 0, "unknown option '--peer'");
    refused("extra", 0, "unexpected argument 'extra' (try --help)");
    return hrel_test_summary("test_ppopts");
}
