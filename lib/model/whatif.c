/* whatif -- parse `--what-if K=V,...` (see whatif.h). */
#include "whatif.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "replay.h"

static const char keys[] = "bandwidth, latency, cpu, hosts, cores, route, medium";

int hrel_whatif_parse(const char *s, hrel_whatif *w, char *err, size_t errlen)
{
    char buf[1024], *tok, *save = NULL, seen[8] = {0};
    static const char *const names[] = {"bandwidth", "latency", "cpu", "hosts", "cores",
                                        "route", "medium"};
    w->bandwidth = w->latency = w->cpu = 1;
    w->hosts = w->cores = 0;
    w->route = w->medium = -1;
    if (!s || !*s)
        return 0;
    if (strlen(s) >= sizeof buf) {
        hrel_seterr(err, errlen, "--what-if is too long");
        return -1;
    }
    strcpy(buf, s);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '='), *end;
        int k;
        if (!eq || eq == tok || !eq[1]) {
            hrel_seterr(err, errlen, "--what-if: '%s' is not KEY=VALUE (keys: %s)", tok, keys);
            return -1;
        }
        *eq = '\0';
        for (k = 0; k < 7 && strcmp(tok, names[k]) != 0; k++)
            ;
        if (k == 7) {
            hrel_seterr(err, errlen, "--what-if: unknown key '%s' (keys: %s)", tok, keys);
            return -1;
        }
        if (seen[k]++) {
            hrel_seterr(err, errlen, "--what-if: '%s' given twice", tok);
            return -1;
        }
        if (k <= 2) {
            double v = strtod(eq + 1, &end);
            if (*end || !isfinite(v) || v <= 0) {
                hrel_seterr(err, errlen, "--what-if %s=%s: a factor must be a number > 0", tok,
                            eq + 1);
                return -1;
            }
            *(k == 0 ? &w->bandwidth : k == 1 ? &w->latency : &w->cpu) = v;
        } else if (k <= 4) {
            long v = strtol(eq + 1, &end, 10);
            if (*end || v < 1 || v > 65536) {
                hrel_seterr(err, errlen, "--what-if %s=%s: give a whole number from 1 to 65536",
                            tok, eq + 1);
                return -1;
            }
            *(k == 3 ? &w->hosts : &w->cores) = (int)v;
        } else if (k == 5) {
            if (strcmp(eq + 1, "direct") != 0 && strcmp(eq + 1, "daemon") != 0) {
                hrel_seterr(err, errlen, "--what-if route=%s: give direct or daemon", eq + 1);
                return -1;
            }
            w->route = strcmp(eq + 1, "daemon") == 0;
        } else {
            hrel_medium m;
            char e2[256];
            if (hrel_replay_parse_medium(eq + 1, &m, e2, sizeof e2) != 0) {
                hrel_seterr(err, errlen, "--what-if medium=%s: give none, port or bus", eq + 1);
                return -1;
            }
            w->medium = (int)m;
        }
    }
    return 0;
}
