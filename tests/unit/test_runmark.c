/* Unit tests of lib/io/runmark: complete, interrupted with and without a
 * reason, unmarked, a mark inside a long line not taken, a missing file. */
#include <string.h>

#include "hrel_test.h"
#include "runmark.h"

static hrel_runmark mark(const char *name, const char *text, char *why, size_t len)
{
    char err[256];
    hrel_runmark st = (hrel_runmark)-1;
    const char *p = hrel_test_write_tmp(name, text);
    HREL_CHECK_INT(hrel_runmark_read(p, &st, why, len, err, sizeof err), 0, name);
    return st;
}

int main(void)
{
    char why[512], err[256], big[6000];
    hrel_runmark st;
    const char *head = "# complete: no (the last line says yes when finished)\n"
                       "pattern,procs,h,msg_bytes,rep,seconds\nE,2,100,50,0,0.1\n";
    char text[1024];
    hrel_test_init();

    snprintf(text, sizeof text, "%s# complete: yes\n", head);
    HREL_CHECK_INT(mark("rm_done.csv", text, why, sizeof why), HREL_RUN_COMPLETE, "complete");
    HREL_CHECK(why[0] == '\0', "complete: no reason");
    HREL_CHECK_INT(mark("rm_killed.csv", head, why, sizeof why), HREL_RUN_INTERRUPTED,
                   "no final line: interrupted");
    HREL_CHECK_HAS(why, "killed", "killed: says so");
    snprintf(text, sizeof text, "%s# interrupted: worker t40002 died\n", head);
    HREL_CHECK_INT(mark("rm_failed.csv", text, why, sizeof why), HREL_RUN_INTERRUPTED,
                   "failure mark: interrupted");
    HREL_CHECK(strcmp(why, "worker t40002 died") == 0, "the reason is kept");
    HREL_CHECK_INT(mark("rm_old.csv", "pattern,procs,h,msg_bytes,rep,seconds\n", why,
                        sizeof why), HREL_RUN_UNMARKED, "old file: unmarked");
    memset(big, 'x', sizeof big);
    memcpy(big + 4095, "# complete: yes", 15);   /* starts the 2nd fgets chunk, mid-line */
    big[sizeof big - 2] = '\n';
    big[sizeof big - 1] = '\0';
    HREL_CHECK_INT(mark("rm_long.csv", big, why, sizeof why), HREL_RUN_UNMARKED,
                   "a mark inside a long line is no mark");
    HREL_CHECK(hrel_runmark_read("/nonexistent/raw.csv", &st, why, sizeof why, err,
                                 sizeof err) != 0, "missing file refused");
    HREL_CHECK_HAS(err, "/nonexistent/raw.csv: cannot read", "names the file");
    return hrel_test_summary("test_runmark");
}
