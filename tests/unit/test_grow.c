/* Unit tests of lib/base/grow: room for index n, doubling from 16, the old
 * contents kept, nothing done when there is room, overflow refused. */
#include <stdint.h>
#include <stdlib.h>

#include "grow.h"
#include "hrel_test.h"

int main(void)
{
    long *a = NULL, *before;
    size_t cap = 0, i;
    int ok = 1;

    hrel_test_init();
    HREL_CHECK_INT(hrel_grow(&a, &cap, 0, sizeof *a), 0, "first growth");
    HREL_CHECK(a != NULL && cap == 16, "an empty array gets 16 elements");
    for (i = 0; i < 100; i++) {
        if (hrel_grow(&a, &cap, i, sizeof *a) != 0 || cap <= i) {
            ok = 0;
            break;
        }
        a[i] = (long)i * 3;
    }
    HREL_CHECK(ok, "index i always fits after hrel_grow(.., i, ..)");
    HREL_CHECK_INT(cap, 128, "16 doubled to 128 for index 99");
    for (i = 0; i < 100 && ok; i++)
        ok = a[i] == (long)i * 3;
    HREL_CHECK(ok, "contents kept across reallocs");
    before = a;
    HREL_CHECK_INT(hrel_grow(&a, &cap, 127, sizeof *a), 0, "room already");
    HREL_CHECK(a == before && cap == 128, "nothing done when there is room");
    HREL_CHECK_INT(hrel_grow(&a, &cap, 1000, sizeof *a), 0, "a jump");
    HREL_CHECK_INT(cap, 1024, "doubled until above the index");
    before = a;
    HREL_CHECK_INT(hrel_grow(&a, &cap, SIZE_MAX / 4, sizeof *a), -1, "overflow refused");
    HREL_CHECK(a == before && cap == 1024, "array and capacity unchanged on failure");
    free(a);
    return hrel_test_summary("test_grow");
}
