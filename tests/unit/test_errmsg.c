/* Unit tests of lib/base/errmsg: hrel_seterr formats into the buffer, cuts at
 * its size and accepts no buffer; hrel_strdup copies; hrel_strv_free frees a
 * vector of copies with NULL entries, and accepts no vector. A crash ends the
 * program without its closing line (a failure for tests/run.sh); a leak shows
 * under make check SANITIZE=1. */
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "hrel_test.h"

int main(void)
{
    char err[16];
    char *d, **v;
    size_t i;

    hrel_test_init();
    hrel_seterr(err, sizeof err, "rank %d of %s", 3, "p");
    HREL_CHECK_STR(err, "rank 3 of p", "seterr formats");
    hrel_seterr(err, sizeof err, "%s", "a message longer than the buffer");
    HREL_CHECK_INT(strlen(err), sizeof err - 1, "seterr cuts at the buffer's size");
    hrel_seterr(NULL, 0, "nothing %d", 1);   /* no buffer: a crash here fails the program */

    d = hrel_strdup("copy me");
    HREL_CHECK(d != NULL, "strdup allocates");
    if (d) {
        HREL_CHECK_STR(d, "copy me", "strdup copies");
        free(d);
    }

    v = calloc(4, sizeof *v);
    HREL_CHECK(v != NULL, "vector allocated");
    if (v) {
        for (i = 0; i < 3; i++)
            v[i] = hrel_strdup("x");
        HREL_CHECK(v[0] && v[1] && v[2] && !v[3], "three strings and a NULL entry");
        hrel_strv_free(v, 4);
    }
    hrel_strv_free(NULL, 5);   /* no vector: a crash here fails the program */
    return hrel_test_summary("test_errmsg");
}
