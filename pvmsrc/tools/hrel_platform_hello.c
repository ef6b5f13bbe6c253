/* hrel_platform_hello -- PVM check program of tests/e2e/test_platform.sh.
 *
 * Contract: run as master (no PVM parent) on a started virtual machine, it
 * spawns one copy of itself by bare name on every host of pvm_config (flag
 * PvmTaskHost), each worker answers with the name gethostname() gives it, and
 * the master prints one line per host
 *   worker HOST_ASKED on HOST_SEEN
 * With an argument BYTES (> 0) it then times BYTES one way to the worker on the
 * second host over a direct task-to-task route (PvmRouteDirect) and a 1-int
 * answer, ROUNDS times (second argument, default 1), and prints the fastest
 *   pingpong HOST bytes B rounds N seconds S mbit R
 * Exit 0 on success, 1 with one line on stderr otherwise. Test helper only.
 */
#define _POSIX_C_SOURCE 200809L
#include <pvm3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tags.h"
#include "args.h"
#include "upk.h"


/* Seconds on CLOCK_MONOTONIC. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Worker: report the host name, then echo an ack per data message until a
 * zero-length one. Return 0. */
static int worker(void)
{
    char name[256] = "?";
    int parent = pvm_parent(), n = 1, len;
    char *buf = NULL;

    gethostname(name, sizeof name - 1);
    pvm_setopt(PvmRoute, PvmRouteDirect);
    pvm_initsend(PvmDataDefault);
    pvm_pkstr(name);
    pvm_send(parent, HREL_TAG_HELLO_NAME);
    for (;;) {
        int bufid = pvm_recv(parent, HREL_TAG_HELLO_DATA), bytes, tag, src;
        if (bufid < 0) break;
        pvm_bufinfo(bufid, &bytes, &tag, &src);
        pvm_upkint(&len, 1, 1);
        if (len <= 0) break;
        buf = realloc(buf, (size_t)len);
        if (buf == NULL) break;
        pvm_upkbyte(buf, len, 1);
        pvm_initsend(PvmDataRaw);
        pvm_pkint(&n, 1, 1);
        pvm_send(parent, HREL_TAG_HELLO_ACK);
    }
    free(buf);
    pvm_exit();
    return 0;
}

/* Master: spawn on every host, print their names, optional timed transfers
 * of BYTES, ROUNDS times. */
static int master(long bytes, int rounds)
{
    struct pvmhostinfo *hosts;
    int nhost, narch, i, *tids, rc = 0, zero = 0;

    if (pvm_config(&nhost, &narch, &hosts) < 0) {
        fprintf(stderr, "platform_hello: pvm_config failed\n");
        pvm_exit();
        return 1;
    }
    tids = calloc((size_t)nhost, sizeof *tids);
    pvm_setopt(PvmRoute, PvmRouteDirect);
    for (i = 0; i < nhost; i++) {
        char name[256];
        if (pvm_spawn("hrel_platform_hello", NULL, PvmTaskHost, hosts[i].hi_name, 1, &tids[i]) != 1) {
            fprintf(stderr, "platform_hello: spawn on %s failed (%d)\n", hosts[i].hi_name, tids[i]);
            tids[i] = 0;
            rc = 1;
            continue;
        }
        if (pvm_recv(tids[i], HREL_TAG_HELLO_NAME) < 0 || hrel_upk_str(name, sizeof name) < 0) {
            fprintf(stderr, "platform_hello: no answer from %s\n", hosts[i].hi_name);
            rc = 1;
            continue;
        }
        printf("worker %s on %s\n", hosts[i].hi_name, name);
    }
    if (rc == 0 && bytes > 0 && nhost >= 2) {
        char *buf = calloc((size_t)bytes, 1);
        int len = (int)bytes, ack;
        double t0, t;
        double best = 1e300;
        int r;
        for (r = 0; r < rounds; r++) {
            pvm_initsend(PvmDataInPlace);
            pvm_pkint(&len, 1, 1);
            pvm_pkbyte(buf, len, 1);
            t0 = now_s();
            pvm_send(tids[1], HREL_TAG_HELLO_DATA);
            pvm_recv(tids[1], HREL_TAG_HELLO_ACK);
            pvm_upkint(&ack, 1, 1);
            t = now_s() - t0;
            if (t < best) best = t;
        }
        printf("pingpong %s bytes %ld rounds %d seconds %.6f mbit %.4f\n",
               hosts[1].hi_name, bytes, rounds, best, 8e-6 * (double)bytes / best);
        free(buf);
    }
    for (i = 0; i < nhost; i++) {
        if (tids[i] <= 0) continue;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&zero, 1, 1);
        pvm_send(tids[i], HREL_TAG_HELLO_DATA);
    }
    free(tids);
    pvm_exit();
    return rc;
}

int main(int argc, char **argv)
{
    const hrel_arg table[] = {HREL_OPT_END};
    long bytes = 0, rounds = 1;
    int help = 0, first = 0;
    char err[256];
    /* operands BYTES and ROUNDS, checked (no silent atol) */
    if (hrel_args_parse(argc, argv, table, &help, &first, err, sizeof err) != 0 ||
        (first < argc && hrel_args_size("BYTES", argv[first], 0, 1L << 30, &bytes, err,
                                        sizeof err) != 0) ||
        (first + 1 < argc && hrel_args_long("ROUNDS", argv[first + 1], 1, 1000000, &rounds,
                                            err, sizeof err) != 0) ||
        (first + 2 < argc && snprintf(err, sizeof err, "unexpected argument '%.60s'",
                                      argv[first + 2]) > 0)) {
        fprintf(stderr, "platform_hello: %s\n", err);
        return 2;
    }
    if (help) {
        printf("usage: hrel_platform_hello [BYTES [ROUNDS]]   (test helper, see the source)\n");
        return 0;
    }
    if (pvm_mytid() < 0) {
        fprintf(stderr, "platform_hello: not in a virtual machine\n");
        return 1;
    }
    if (pvm_parent() > 0) return worker();
    return master(bytes, (int)rounds);
}
