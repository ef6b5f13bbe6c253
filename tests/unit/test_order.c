/* Unit tests of lib/base/order: the three-way comparisons, and qsort with
 * them; records ordered by their keys in turn. */
#include "hrel_test.h"
#include "order.h"

int main(void)
{
    double d[] = {3.5, -1.0, 2.0, -1.0, 0.0};
    int v[] = {4, -7, 0, 4, 2};
    const double r1[] = {1, 4, 1024, 0.5}, r2[] = {1, 4, 2048, 0.1}, r3[] = {2, 2, 1, 0.1};
    const double nan1[] = {NAN, 1}, nan2[] = {0, 2};
    double one = 1.0, two = 2.0;
    int a = -3, b = 5;

    hrel_test_init();
    HREL_CHECK_INT(hrel_cmp_double(&one, &two), -1, "1 before 2");
    HREL_CHECK_INT(hrel_cmp_double(&two, &one), 1, "2 after 1");
    HREL_CHECK_INT(hrel_cmp_double(&one, &one), 0, "equal");
    HREL_CHECK_INT(hrel_cmp_int(&a, &b), -1, "-3 before 5");
    HREL_CHECK_INT(hrel_cmp_int(&b, &a), 1, "5 after -3");
    qsort(d, 5, sizeof *d, hrel_cmp_double);
    HREL_CHECK(d[0] == -1.0 && d[1] == -1.0 && d[2] == 0.0 && d[3] == 2.0 && d[4] == 3.5,
               "qsort of doubles ascending, repeats kept");
    qsort(v, 5, sizeof *v, hrel_cmp_int);
    HREL_CHECK(v[0] == -7 && v[1] == 0 && v[2] == 2 && v[3] == 4 && v[4] == 4,
               "qsort of ints ascending");
    HREL_CHECK_INT(hrel_cmp_keys(r1, r2, 4), -1, "third key decides");
    HREL_CHECK_INT(hrel_cmp_keys(r2, r1, 4), 1, "third key decides, reversed");
    HREL_CHECK_INT(hrel_cmp_keys(r1, r2, 2), 0, "only the first N keys count");
    HREL_CHECK_INT(hrel_cmp_keys(r3, r1, 4), 1, "first key decides before later ones");
    HREL_CHECK_INT(hrel_cmp_keys(nan1, nan2, 2), -1, "a NaN key is passed over as equal");
    HREL_CHECK_INT(hrel_cmp_keys(r1, r1, 0), 0, "no keys: equal");
    return hrel_test_summary("test_order");
}
