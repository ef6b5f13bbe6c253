/* Unit test of pvmsrc/common/tags.h: no two message tags or tag ranges of the
 * suite overlap, and the limits are stated. (Header only: no PVM needed.) */
#include "hrel_limits.h"
#include "hrel_test.h"
#include "tags.h"

#define ENTRY(first, last) {(first), (last), #first},

int main(void)
{
    static const struct {
        int first, last;
        const char *name;
    } t[] = {HREL_TAG_LIST(ENTRY)};
    size_t n = sizeof t / sizeof t[0], i, j;
    int overlaps = 0;

    hrel_test_init();
    HREL_CHECK(n == 36, "36 tags and ranges listed (update when adding one)");
    for (i = 0; i < n; i++) {
        HREL_CHECK(t[i].first > 0 && t[i].last >= t[i].first, "a tag is positive, a range ordered");
        for (j = i + 1; j < n; j++)
            if (t[i].first <= t[j].last && t[j].first <= t[i].last) {
                printf("  tags %s and %s overlap\n", t[i].name, t[j].name);
                overlaps++;
            }
    }
    HREL_CHECK_INT(overlaps, 0, "no two tags or ranges overlap");
    HREL_CHECK(HREL_MAX_RANKS >= 8 && HREL_MAX_RANKS <= 4096, "rank limit stated");
    return hrel_test_summary("test_tags");
}
