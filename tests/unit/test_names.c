/* Unit tests of lib/base/names: name to value and back, unknown names and
 * values outside the table refused. */
#include "hrel_test.h"
#include "names.h"

int main(void)
{
    static const char *const n3[] = {"mean", "median", "min", NULL};
    static const char *const none[] = {NULL};

    hrel_test_init();
    HREL_CHECK_INT(hrel_names_index("mean", n3), 0, "first name");
    HREL_CHECK_INT(hrel_names_index("min", n3), 2, "last name");
    HREL_CHECK_INT(hrel_names_index("max", n3), -1, "unknown name refused");
    HREL_CHECK_INT(hrel_names_index("Mean", n3), -1, "case sensitive");
    HREL_CHECK_INT(hrel_names_index("me", n3), -1, "a prefix is not a name");
    HREL_CHECK_INT(hrel_names_index("", n3), -1, "empty word refused");
    HREL_CHECK_INT(hrel_names_index(NULL, n3), -1, "NULL word refused");
    HREL_CHECK_INT(hrel_names_index("mean", none), -1, "empty table");
    HREL_CHECK(strcmp(hrel_names_at(n3, 0), "mean") == 0, "name of value 0");
    HREL_CHECK(strcmp(hrel_names_at(n3, 2), "min") == 0, "name of the last value");
    HREL_CHECK(strcmp(hrel_names_at(n3, 3), "?") == 0, "value past the last is outside");
    HREL_CHECK(strcmp(hrel_names_at(n3, 99), "?") == 0, "far past the end is outside");
    HREL_CHECK(strcmp(hrel_names_at(n3, -1), "?") == 0, "negative value is outside");
    HREL_CHECK(strcmp(hrel_names_at(none, 0), "?") == 0, "empty table has no names");
    return hrel_test_summary("test_names");
}
