/* Unit tests of lib/base/provenance: the four lines with their keys, the
 * kernel release of uname, and a commit that is 40 hex digits or "unknown"
 * (this test binary lives in ROOT/bin/ARCH/ of a git checkout). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "hrel_test.h"
#include "provenance.h"

int main(void)
{
    hrel_prov p;
    struct utsname u;
    char buf[2048] = "";
    size_t i, hex = 0;
    FILE *fp;
    hrel_test_init();
    hrel_prov_get(&p);
    HREL_CHECK(uname(&u) == 0 && strstr(p.kernel, u.release) != NULL,
               "kernel line carries uname's release");
    HREL_CHECK(p.cpu_model[0] != '\0', "a cpu model or unknown");
    HREL_CHECK(strstr(p.compiler, ".") != NULL, "a compiler version");
    for (i = 0; p.commit[i]; i++)
        hex += isxdigit((unsigned char)p.commit[i]) != 0;
    HREL_CHECK((strlen(p.commit) == 40 && hex == 40) || strcmp(p.commit, "unknown") == 0,
               "commit: 40 hex digits or unknown");
    fp = tmpfile();
    HREL_CHECK(fp && hrel_prov_write(fp, "# ") == 0, "write ok");
    if (fp) {
        rewind(fp);
        buf[fread(buf, 1, sizeof buf - 1, fp)] = '\0';
        fclose(fp);
    }
    HREL_CHECK_HAS(buf, "# kernel: ", "kernel key");
    HREL_CHECK_HAS(buf, "\n# cpu_model: ", "cpu_model key");
    HREL_CHECK_HAS(buf, "\n# compiler: ", "compiler key");
    HREL_CHECK_HAS(buf, "\n# hrel_commit: ", "hrel_commit key");
    return hrel_test_summary("test_provenance");
}
