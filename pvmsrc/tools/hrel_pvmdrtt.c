/* hrel_pvmdrtt -- the local pvmd's round-trip estimate (hd_rtt) for every other
 * host of the running virtual machine: the value its retransmission timer is
 * twice of (docs/predict.md, "The daemon route, packet by packet").
 *
 * PVM has no call that returns it; pvm_tickle(1) makes the pvmd write its host
 * table (hd_dump) into its log, $PVM_TMP/pvml.<uid>, which this program then
 * reads from where the log ended before. It sends nothing to other pvmds, so
 * it leaves the estimates as they were (checked: two calls in a row print the
 * same values). Prints "host rtt_s" per other host and "# median_rtt_s S";
 * exit 0, or 1 with one line (no pvmd, no log, nothing found). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"

#define MAXH 4096

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    char log[4096], line[8192], name[256] = "", mine[256] = "";
    const char *tmp = getenv("PVM_TMP");
    double rtt[MAXH];
    int n = 0, a = 1, nres = 0, res[8], i, rc, me;
    long start;
    FILE *f;
    struct pvmhostinfo *hi;
    int nh, na;

    rc = hrel_args_none("hrel_pvmdrtt", argc, argv,
                        "usage: hrel_pvmdrtt   (the local pvmd's RTT estimate for each other host)\n",
                        stdout, stderr);
    if (rc >= 0)
        return rc;
    snprintf(log, sizeof log, "%s/pvml.%d", tmp && *tmp ? tmp : "/tmp", (int)getuid());
    if (!(f = fopen(log, "r"))) {
        fprintf(stderr, "hrel_pvmdrtt: cannot read the pvmd log %s\n", log);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    start = ftell(f);
    pvm_setopt(PvmAutoErr, 0);
    if ((me = pvm_mytid()) < 0) {
        fprintf(stderr, "hrel_pvmdrtt: no PVM daemon answers\n");
        fclose(f);
        return 1;
    }
    if (pvm_config(&nh, &na, &hi) == 0)
        for (i = 0; i < nh; i++)
            if (hi[i].hi_tid == pvm_tidtohost(me))
                snprintf(mine, sizeof mine, "%s", hi[i].hi_name);
    pvm_tickle(1, &a, &nres, res);
    pvm_exit();
    nap_ms(200);   /* the pvmd writes its log as it goes */
    for (i = 0; i < 20 && n == 0; i++) {
        nap_ms(50);
        clearerr(f);
        fseek(f, start, SEEK_SET);
        n = 0;
        while (fgets(line, sizeof line, f)) {
            char *p;
            double r;
            if ((p = strstr(line, "hd_dump() ref")) && (p = strstr(p, " n \"")))
                sscanf(p + 4, "%255[^\"]", name);
            else if ((p = strstr(line, " rtt ")) && sscanf(p + 5, "%lf", &r) == 1 && name[0] &&
                     strcmp(name, mine) != 0 && strchr(name, '\'') == NULL && n < MAXH) {
                printf("%s %.6f\n", name, r);
                rtt[n++] = r;
                name[0] = '\0';
            }
        }
        if (n == 0)
            name[0] = '\0';
    }
    fclose(f);
    if (n == 0) {
        fprintf(stderr, "hrel_pvmdrtt: no host table in %s (one host only?)\n", log);
        return 1;
    }
    qsort(rtt, (size_t)n, sizeof *rtt, cmp);
    printf("# median_rtt_s %.6f\n", n % 2 ? rtt[n / 2] : (rtt[n / 2 - 1] + rtt[n / 2]) / 2);
    return 0;
}
