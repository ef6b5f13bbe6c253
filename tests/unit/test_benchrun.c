/* Unit tests of lib/stats/benchrun: a hand-made two-round bench run (the
 * suite's medians per size from raw.csv rows, a program run in two parts,
 * NetPIPE's lines, a program missing in one round), the sizes' union sorted,
 * and the refusals (no round, a bad NetPIPE line naming FILE:LINE). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "benchrun.h"
#include "hrel_test.h"

static char base[1024];

/* Make directory BASE/REL. */
static void dir(const char *rel)
{
    char d[1200];
    snprintf(d, sizeof d, "%s/%s", base, rel);
    mkdir(d, 0777);
}

/* Write TEXT to BASE/REL (through hrel_test_write_tmp, relative to the tmp dir). */
static void put(const char *rel, const char *text)
{
    char name[200];
    snprintf(name, sizeof name, "br/%s", rel);
    hrel_test_write_tmp(name, text);
}

int main(void)
{
    hrel_benchrun *b = NULL;
    char err[512];
    const char *tmp = getenv("HREL_TEST_TMP");
    hrel_test_init();
    snprintf(base, sizeof base, "%s/br", tmp && *tmp ? tmp : "/tmp");
    mkdir(base, 0777);
    dir("round-1");
    dir("round-1/suite");
    dir("round-1/suite-big");
    dir("round-2");
    dir("round-2/suite");
    put("round-1/suite/raw.csv", "# complete: yes\npattern,procs,h,msg_bytes,rep,seconds\n"
                                 "PP,2,6720,6720,0,3\nPP,2,6720,6720,1,1\nPP,2,6720,6720,2,2\n"
                                 "PP,2,1,1,0,5\nPP,2,1,1,1,7\n");
    put("round-1/suite-big/raw.csv", "pattern,procs,h,msg_bytes,rep,seconds\n"
                                     "PP,2,2000000,2000000,0,9\n");
    put("round-1/bare.csv", "# bare\nbytes,reps,median_s,mean_s\n6720,3,0.5,0.6\n1,3,0.25,0.3\n");
    put("round-1/netpipe-6720.out", "    6720 11.2   0.75\n");
    put("round-2/suite/raw.csv", "pattern,procs,h,msg_bytes,rep,seconds\nPP,2,6720,6720,0,4\n");
    put("round-2/tcp.csv", "bytes,reps,median_s,mean_s\n6720,3,0.125,0.125\n");

    HREL_CHECK_INT(hrel_benchrun_load(base, &b, err, sizeof err), 0, err);
    if (!b)
        return hrel_test_summary("test_benchrun");
    HREL_CHECK_INT((int)b->nround, 2, "two rounds");
    HREL_CHECK_INT((int)b->nsize, 3, "three sizes over all files");
    HREL_CHECK(b->bytes[0] == 1 && b->bytes[1] == 6720 && b->bytes[2] == 2000000, "sizes ascending");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 0, 1, HREL_BENCH_SUITE), 2.0, 0, "suite: median of 3, 1, 2");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 0, 0, HREL_BENCH_SUITE), 6.0, 0, "suite: median of 5, 7");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 0, 2, HREL_BENCH_SUITE), 9.0, 0, "suite-big/ read as the suite");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 0, 0, HREL_BENCH_BARE), 0.25, 0, "bare: median_s column");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 0, 1, HREL_BENCH_NETPIPE), 0.75, 0, "NetPIPE: third field");
    HREL_CHECK(isnan(hrel_benchrun_at(b, 1, 1, HREL_BENCH_NETPIPE)), "no NetPIPE in round 2: NaN");
    HREL_CHECK(isnan(hrel_benchrun_at(b, 0, 1, HREL_BENCH_TCP)), "no TCP in round 1: NaN");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 1, 1, HREL_BENCH_TCP), 0.125, 0, "TCP in round 2");
    HREL_CHECK_ABS(hrel_benchrun_at(b, 1, 1, HREL_BENCH_SUITE), 4.0, 0, "round 2 suite");
    HREL_CHECK(isnan(hrel_benchrun_at(b, 2, 0, HREL_BENCH_SUITE)), "round out of range: NaN");
    HREL_CHECK(isnan(hrel_benchrun_at(b, 0, 0, HREL_BENCH_SUITE_BLOCK)), "suite_block not run: NaN");
    hrel_benchrun_free(b);
    b = NULL;

    put("round-2/netpipe-6720.out", "6720 11.2\n");
    HREL_CHECK(hrel_benchrun_load(base, &b, err, sizeof err) != 0, "a short NetPIPE line refused");
    HREL_CHECK_HAS(err, "round-2/netpipe-6720.out:1: not a NetPIPE line", "names FILE:LINE");
    put("round-2/netpipe-6720.out", "1 1.0 0.5\n");
    HREL_CHECK(hrel_benchrun_load(base, &b, err, sizeof err) != 0, "NetPIPE file without its size");
    HREL_CHECK_HAS(err, "no line for 6720 bytes", "says which size is missing");
    HREL_CHECK(hrel_benchrun_load("/nonexistent", &b, err, sizeof err) != 0, "no round refused");
    HREL_CHECK_HAS(err, "no round-1 directory", "says so");
    HREL_CHECK(b == NULL, "nothing returned on failure");
    return hrel_test_summary("test_benchrun");
}
