/* Unit tests of lib/base/ranks: the ranks other than self in their order,
 * duplicates kept; a rank outside the machine refused and named. */
#include "hrel_test.h"
#include "ranks.h"

int main(void)
{
    const int r[] = {2, 0, 1, 2, 3};
    const int outside[] = {1, 4, -1};
    int out[5] = {-9, -9, -9, -9, -9}, bad = -9, k;

    hrel_test_init();
    k = hrel_ranks_others(r, 5, 4, 2, out, &bad);
    HREL_CHECK_INT(k, 3, "self (2) left out twice, the others kept");
    HREL_CHECK(out[0] == 0 && out[1] == 1 && out[2] == 3, "in their order");
    HREL_CHECK_INT(bad, -9, "no bad rank on success");

    k = hrel_ranks_others(r, 5, 4, 7, out, &bad);
    HREL_CHECK_INT(k, 5, "self not in the list: all kept");
    HREL_CHECK(out[0] == 2 && out[3] == 2, "duplicates kept");

    HREL_CHECK_INT(hrel_ranks_others(r, 0, 4, 0, out, &bad), 0, "empty list");

    HREL_CHECK_INT(hrel_ranks_others(outside, 3, 4, 0, out, &bad), -1, "rank 4 of 4 refused");
    HREL_CHECK_INT(bad, 4, "the first rank outside is named");
    HREL_CHECK_INT(hrel_ranks_others(outside + 2, 1, 4, 0, out, &bad), -1, "negative refused");
    HREL_CHECK_INT(bad, -1, "the negative rank is named");
    return hrel_test_summary("test_ranks");
}
