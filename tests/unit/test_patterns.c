/* Unit tests of lib/base/patterns: the one pattern registry. */
#include "hrel_test.h"
#include "hrelation.h"
#include "patterns.h"

int main(void)
{
    static const char *const papers[] = {"E", "PP", "OA", "POA", "AO", "AA",
                                         "PAIRS", "BT", "SB", "RED", "NB"};
    char buf[256];
    size_t i, j, n = hrel_patterns_count();
    int p, npool = 0;

    hrel_test_init();
    HREL_CHECK_INT((long)n, 11, "eleven patterns");
    for (i = 0; i < n && i < 11; i++)
        HREL_CHECK(strcmp(hrel_patterns_at(i)->name, papers[i]) == 0, "papers' order");
    HREL_CHECK(hrel_patterns_at(n) == NULL, "NULL past the end");
    for (i = 0; i < n; i++) {
        const hrel_patinfo *a = hrel_patterns_at(i);
        HREL_CHECK(a->title && a->title[0] && a->how && a->how[0], "title and how given");
        HREL_CHECK(a->sum_factor == 1 || a->sum_factor == 2, "sum factor 1 or 2");
        HREL_CHECK(a->style >= 1, "style index given");
        HREL_CHECK_INT(hrel_patterns_index(a->name), (long)i, "index of its name");
        npool += a->poolable;
        for (j = i + 1; j < n; j++) {
            HREL_CHECK(strcmp(a->name, hrel_patterns_at(j)->name) != 0, "names unique");
            HREL_CHECK(a->style != hrel_patterns_at(j)->style, "styles unique");
        }
    }
    /* the pooled set of 000 s4 / 002 (11): E PP POA AO AA (broadcast OA out) */
    HREL_CHECK_INT(npool, 5, "five pooled patterns");
    HREL_CHECK(!hrel_patterns_find("OA")->poolable, "broadcast OA not pooled");
    HREL_CHECK(hrel_patterns_find("OA")->bcast, "OA is a broadcast");
    HREL_CHECK(hrel_patterns_find("POA")->poolable && !hrel_patterns_find("POA")->bcast,
               "POA pooled, personalised");
    HREL_CHECK(hrel_patterns_find("pp") == NULL, "names are upper case");
    HREL_CHECK(hrel_patterns_find("XX") == NULL, "unknown name");
    HREL_CHECK(strcmp(hrel_patterns_name(99), "?") == 0, "bad index name");
    HREL_CHECK(strcmp(hrel_patterns_name(3), "POA") == 0, "name of index 3");
    /* formula (4) of 002 under @ = + and @ = max, p = 2..8 */
    for (p = 2; p <= 8; p++) {
        HREL_CHECK_INT(hrel_h_divisor("PP", p, HREL_OP_SUM), 1, "PP sum");
        HREL_CHECK_INT(hrel_h_divisor("E", p, HREL_OP_SUM), 2, "E sum");
        HREL_CHECK_INT(hrel_h_divisor("E", p, HREL_OP_MAX), 1, "E max");
        HREL_CHECK_INT(hrel_h_divisor("OA", p, HREL_OP_SUM), p - 1, "OA sum");
        HREL_CHECK_INT(hrel_h_divisor("POA", p, HREL_OP_MAX), p - 1, "POA max");
        HREL_CHECK_INT(hrel_h_divisor("AO", p, HREL_OP_SUM), p - 1, "AO sum");
        HREL_CHECK_INT(hrel_h_divisor("AA", p, HREL_OP_SUM), 2 * (p - 1), "AA sum");
        HREL_CHECK_INT(hrel_h_divisor("AA", p, HREL_OP_MAX), p - 1, "AA max");
        HREL_CHECK_INT(hrel_h_divisor("NB", p, HREL_OP_SUM), 1, "003 experiments: h = x");
    }
    HREL_CHECK_INT(hrel_h_divisor("PP", 1, HREL_OP_SUM), -1, "one processor has no pattern");
    HREL_CHECK_INT(hrel_patterns_divisor(NULL, 4, HREL_OP_SUM), -1, "NULL pattern");
    HREL_CHECK(strcmp(hrel_patterns_names(HREL_PATFAM_HREL, " ", buf, sizeof buf),
                      "E PP OA POA AO AA") == 0, "h-relation names");
    HREL_CHECK(strcmp(hrel_patterns_names(HREL_PATFAM_HYPER, ",", buf, sizeof buf),
                      "PAIRS,BT,SB,RED,NB") == 0, "hyper names");
    HREL_CHECK(strcmp(hrel_patterns_names(-1, " ", buf, 8), "E PP OA") == 0,
               "truncated at a whole name");
    return hrel_test_summary("test_patterns");
}
