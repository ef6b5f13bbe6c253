/* Unit tests of lib/psrs/psrs_args (N, processor lists, the N >= P*P rule). */
#include <stdio.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "psrs_args.h"

static void test_args(void)
{
    long n = 0;
    int pr[16], np = 0;
    char err[256] = "";
    HREL_CHECK(hrel_psrs_parse_n("1M", &n, err, sizeof err) == 0 && n == 1048576, "1M = 1048576");
    HREL_CHECK(hrel_psrs_parse_n("3k", &n, err, sizeof err) == 0 && n == 3072, "3k = 3072");
    HREL_CHECK(hrel_psrs_parse_n("1001", &n, err, sizeof err) == 0 && n == 1001, "1001");
    HREL_CHECK(hrel_psrs_parse_n("0", &n, err, sizeof err) != 0, "0 refused");
    HREL_CHECK(hrel_psrs_parse_n("-5", &n, err, sizeof err) != 0, "negative refused");
    HREL_CHECK(hrel_psrs_parse_n("12x", &n, err, sizeof err) != 0, "junk refused");
    HREL_CHECK_HAS(err, "'12x'", "bad text named");
    HREL_CHECK(hrel_psrs_parse_n("1024M", &n, err, sizeof err) != 0, "2^30 over the limit");
    HREL_CHECK(hrel_psrs_parse_procs("2-5,8", pr, 16, &np, err, sizeof err) == 0 && np == 5 &&
               pr[0] == 2 && pr[3] == 5 && pr[4] == 8, "2-5,8 -> 2 3 4 5 8");
    HREL_CHECK(hrel_psrs_parse_procs("1-4", pr, 16, &np, err, sizeof err) != 0, "P = 1 refused");
    HREL_CHECK(hrel_psrs_parse_procs("4-2", pr, 16, &np, err, sizeof err) != 0, "4-2 refused");
    HREL_CHECK(hrel_psrs_parse_procs("2,,3", pr, 16, &np, err, sizeof err) != 0, "2,,3 refused");
    HREL_CHECK(hrel_psrs_parse_procs("2-40", pr, 16, &np, err, sizeof err) != 0, "list too long");
    HREL_CHECK_INT(hrel_psrs_check_size(16, 4, err, sizeof err), 0, "N = P*P is enough");
    HREL_CHECK(hrel_psrs_check_size(15, 4, err, sizeof err) != 0, "N < P*P refused");
    HREL_CHECK_HAS(err, "N=15 is too small for P=4: PSRS needs N >= P*P = 16", "size message");
}

int main(void)
{
    hrel_test_init();
    test_args();
    return hrel_test_summary("test_psrs_args");
}
