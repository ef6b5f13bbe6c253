/* runmark -- see runmark.h. */
#include "runmark.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Copy the value after "KEY" at the start of LINE into OUT (newline dropped). */
static void value_of(const char *line, size_t keylen, char *out, size_t len)
{
    const char *v = line + keylen;
    size_t n;
    while (*v == ' ')
        v++;
    n = strcspn(v, "\r\n");
    snprintf(out, len, "%.*s", (int)n, v);
}

int hrel_runmark_read(const char *path, hrel_runmark *state, char *why, size_t whylen,
                      char *err, size_t errlen)
{
    static const char kc[] = "# complete:", ki[] = "# interrupted:";
    char buf[4096], reason[512] = "", last[64] = "";
    int at_start = 1, seen = 0;
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    while (fgets(buf, sizeof buf, fp)) {
        if (at_start && strncmp(buf, kc, sizeof kc - 1) == 0) {
            value_of(buf, sizeof kc - 1, last, sizeof last);
            seen = 1;
        } else if (at_start && strncmp(buf, ki, sizeof ki - 1) == 0) {
            value_of(buf, sizeof ki - 1, reason, sizeof reason);
        }
        at_start = strchr(buf, '\n') != NULL;   /* a long line continues in the next chunk */
    }
    if (ferror(fp)) {
        fclose(fp);
        snprintf(err, errlen, "%s: read error", path);
        return -1;
    }
    fclose(fp);
    if (!seen)
        *state = HREL_RUN_UNMARKED;
    else if (strcmp(last, "yes") == 0)
        *state = HREL_RUN_COMPLETE;
    else
        *state = HREL_RUN_INTERRUPTED;
    if (why && whylen)
        snprintf(why, whylen, "%s", *state != HREL_RUN_INTERRUPTED ? ""
                 : reason[0] ? reason
                 : "no '# complete: yes' line: the run was killed or is still going");
    return 0;
}
