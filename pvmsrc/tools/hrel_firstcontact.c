/* hrel_firstcontact -- measure the route set-up that PVM pays on the first
 * message between two tasks (issue 12: 24-38 ms on local, 0.2-0.9 s on the
 * emulated LANs, priced by no fitted g and L).
 *
 * The master spawns N workers (PVM's default placement, as an unmodified
 * program's pvm_spawn gets) and greets each once (so every worker is up and
 * the master's own routes are open). Then, one pair of workers at a time, it
 * asks worker a to send 8 bytes to worker b, which echoes them: the first round
 * trip is a's and b's first contact; REPS more round trips follow. The set-up
 * of the pair is the first round trip minus the median of the later ones.
 * Then the buffering between two tasks on the route: for sizes from 4 KB
 * to 1 MB, the master tells worker 0 to wait FC_HOLD_S before it receives,
 * and times its own pvm_send of that size: a send the route buffers returns
 * at once, a larger one waits for the receiver (PVM's direct route sets
 * 32 KB socket buffers; the daemon route's pvmd queues any message).
 * Output (stdout, CSV; docs/predict.md "Route set-up"):
 *   # comment lines (route, workers, reps)
 *   a,b,host_a,host_b,first_s,later_s,setup_s      one row per pair a < b
 *   # median_setup_s S                               over the pairs
 *   # buffer_send_s BYTES S                          per size: the send's time
 *   # buffer_bytes B | unlimited                     the largest size (of an
 *     unbroken run from the smallest) whose send took under FC_HOLD_S / 3
 * Workers leave on a quit message, or by themselves after 120 s of silence.
 *
 * usage: hrel_firstcontact [-p|--procs N] [-r|--reps N] [--route daemon|direct]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "sample.h"
#include "tags.h"
#include "vm.h"
#include "vmopts.h"

#define FC_MAXW 64
#define FC_WAIT_S 60.0
#define FC_HOLD_S 0.03     /* the receiver's wait in the buffering test */

static const char usage_text[] =
    "usage: hrel_firstcontact [-p|--procs N] [-r|--reps N] [--route daemon|direct]\n"
    "Route set-up on first contact: per pair of N spawned workers (default 3), the\n"
    "first 8-byte round trip minus the median of N later ones (-r, default 20).\n"
    "--route: the route the tasks ask for (default daemon: an unmodified program's).\n"
    "Prints CSV a,b,host_a,host_b,first_s,later_s,setup_s and '# median_setup_s S'.\n";

static const char *const route_words[] = {"daemon", "direct", NULL};

static int route_of(int idx)
{
    return hrel_vmopts_route(idx == 1 ? 0 : 1);   /* vmopts: 0 direct, 1 daemon */
}

/* One round trip of 8 bytes to PEER; its time in seconds, or -1. */
static double round_trip(int peer)
{
    double t0 = hrel_clock_now();
    char b[8] = "hrelfc1";
    struct timeval tmo = {120, 0};
    pvm_initsend(PvmDataRaw);
    pvm_pkbyte(b, 8, 1);
    pvm_send(peer, HREL_TAG_FC_PING);
    if (pvm_trecv(peer, HREL_TAG_FC_PING, &tmo) <= 0)
        return -1;
    pvm_upkbyte(b, 8, 1);
    return hrel_clock_now() - t0;
}

static int worker(int route)
{
    int parent = pvm_parent();
    pvm_setopt(PvmRoute, route);
    for (;;) {
        struct timeval tmo = {120, 0};
        int bufid = pvm_trecv(-1, -1, &tmo), len, tag, src;
        if (bufid <= 0)
            break;
        pvm_bufinfo(bufid, &len, &tag, &src);
        if (tag == HREL_TAG_FC_HELLO) {
            pvm_initsend(PvmDataDefault);
            pvm_send(parent, HREL_TAG_FC_HELLO);
        } else if (tag == HREL_TAG_FC_PING) {
            char b[8];
            pvm_upkbyte(b, 8, 1);
            pvm_initsend(PvmDataRaw);
            pvm_pkbyte(b, 8, 1);
            pvm_send(src, HREL_TAG_FC_PING);
        } else if (tag == HREL_TAG_FC_HOLD) {   /* wait, then take the message */
            int hold_us;
            struct timespec hold;
            pvm_upkint(&hold_us, 1, 1);
            hold.tv_sec = hold_us / 1000000;
            hold.tv_nsec = (long)(hold_us % 1000000) * 1000;
            nanosleep(&hold, NULL);
            if (pvm_trecv(src, HREL_TAG_FC_BUF, &tmo) <= 0)
                break;
            pvm_initsend(PvmDataDefault);
            pvm_send(src, HREL_TAG_FC_BUFACK);
        } else if (tag == HREL_TAG_FC_PAIR) {
            int peer, reps, i;
            double first, later[1000], med;
            pvm_upkint(&peer, 1, 1);
            pvm_upkint(&reps, 1, 1);
            if (reps > 1000)
                reps = 1000;
            first = round_trip(peer);
            for (i = 0; i < reps && first >= 0; i++)
                if ((later[i] = round_trip(peer)) < 0)
                    first = -1;
            med = first >= 0 ? hrel_sample_median(later, (size_t)reps) : -1;
            pvm_initsend(PvmDataDefault);
            pvm_pkdouble(&first, 1, 1);
            pvm_pkdouble(&med, 1, 1);
            pvm_send(parent, HREL_TAG_FC_RESULT);
        } else
            break;
    }
    pvm_exit();
    return 0;
}

/* The buffering test with worker TIDS[0] (see the head of this file). */
static int buffering(const int *tids, char *err, size_t errlen)
{
    static const long sizes[] = {4096, 8192, 16384, 24576, 32768, 40960, 49152, 65536, 98304,
                                 131072, 262144, 524288, 1048576};
    const int n = (int)(sizeof sizes / sizeof sizes[0]);
    int i, hold_us = (int)(FC_HOLD_S * 1e6), broken = 0;
    long best = 0;
    char *buf = calloc((size_t)sizes[n - 1], 1);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < n; i++) {
        double t0, dt;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&hold_us, 1, 1);
        pvm_send(tids[0], HREL_TAG_FC_HOLD);
        pvm_initsend(PvmDataRaw);
        pvm_pkbyte(buf, (int)sizes[i], 1);
        t0 = hrel_clock_now();
        pvm_send(tids[0], HREL_TAG_FC_BUF);
        dt = hrel_clock_now() - t0;
        if (hrel_vm_recv(tids[0], HREL_TAG_FC_BUFACK, FC_WAIT_S, NULL, NULL, err, errlen) < 0) {
            free(buf);
            return -1;
        }
        printf("# buffer_send_s %ld %.9f\n", sizes[i], dt);
        if (dt < FC_HOLD_S / 3 && !broken)
            best = sizes[i];
        else
            broken = 1;
    }
    free(buf);
    if (!broken)
        printf("# buffer_bytes unlimited\n");
    else
        printf("# buffer_bytes %ld\n", best);
    return 0;
}

static int fail(const int *tids, int n, const char *msg)
{
    fprintf(stderr, "hrel_firstcontact: %s\n", msg);
    hrel_vm_release(tids, n, HREL_TAG_FC_QUIT, 0);
    pvm_exit();
    return 1;
}

int main(int argc, char **argv)
{
    int nw = 3, reps = 20, ridx = 0, isworker = 0, first, rc, i, a, b, npair = 0;
    int tids[FC_MAXW] = {0};
    const hrel_arg table[] = {
        HREL_OPT_NUM("procs", 'p', HREL_ARG_INT, &nw, 2, FC_MAXW),
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &reps, 1, 1000),
        HREL_OPT_CHOICE("route", 0, &ridx, route_words),
        HREL_OPT_FLAG("worker", 0, &isworker),
        HREL_OPT_END,
    };
    char self[4096], err[512], ha[64], hb[64];
    char *wargv[] = {"--worker", "--route", NULL, NULL};
    double setup[FC_MAXW * (FC_MAXW - 1) / 2];
    ssize_t len;

    if ((rc = hrel_args_run("hrel_firstcontact", argc, argv, table, NULL, usage_text, stdout,
                            stderr, &first)) >= 0)
        return rc;
    if (first != argc) {
        fprintf(stderr, "hrel_firstcontact: unexpected argument '%s' (try --help)\n",
                argv[first]);
        return 2;
    }
    if (isworker)
        return pvm_mytid() < 0 ? 1 : worker(route_of(ridx));
    if (hrel_vm_enroll() < 0) {
        fprintf(stderr, "hrel_firstcontact: no PVM daemon answers\n");
        return 1;
    }
    pvm_setopt(PvmRoute, route_of(ridx));
    /* the workers are this program: spawned by its absolute path (hosts share the file system) */
    len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return fail(tids, 0, "cannot find this program's own path (/proc/self/exe)");
    self[len] = '\0';
    wargv[2] = (char *)route_words[ridx];
    if (hrel_vm_spawn(self, wargv, nw, HREL_PLACE_PVM, tids, err, sizeof err) < 0)
        return fail(tids, 0, err);
    for (i = 0; i < nw; i++) {
        pvm_initsend(PvmDataDefault);
        pvm_send(tids[i], HREL_TAG_FC_HELLO);
        if (hrel_vm_recv(tids[i], HREL_TAG_FC_HELLO, FC_WAIT_S, NULL, NULL, err, sizeof err) < 0)
            return fail(tids, nw, err);
    }
    printf("# hrel_firstcontact: route %s, %d workers, %d later round trips of 8 bytes\n"
           "# setup_s = first round trip - median of the later ones (route set-up on first contact)\n"
           "a,b,host_a,host_b,first_s,later_s,setup_s\n", route_words[ridx], nw, reps);
    for (a = 0; a < nw; a++)
        for (b = a + 1; b < nw; b++) {
            double t1, tl;
            pvm_initsend(PvmDataDefault);
            pvm_pkint(&tids[b], 1, 1);
            pvm_pkint(&reps, 1, 1);
            pvm_send(tids[a], HREL_TAG_FC_PAIR);
            if (hrel_vm_recv(tids[a], HREL_TAG_FC_RESULT, FC_WAIT_S, NULL, NULL, err,
                             sizeof err) < 0)
                return fail(tids, nw, err);
            pvm_upkdouble(&t1, 1, 1);
            pvm_upkdouble(&tl, 1, 1);
            if (t1 < 0) {
                snprintf(err, sizeof err, "workers %d and %d: a round trip timed out", a, b);
                return fail(tids, nw, err);
            }
            setup[npair++] = t1 - tl;
            printf("%d,%d,%s,%s,%.9f,%.9f,%.9f\n", a, b,
                   hrel_vm_task_host(tids[a], ha, sizeof ha),
                   hrel_vm_task_host(tids[b], hb, sizeof hb), t1, tl, t1 - tl);
        }
    printf("# median_setup_s %.9f\n", hrel_sample_median(setup, (size_t)npair));
    if (buffering(tids, err, sizeof err) != 0)
        return fail(tids, nw, err);
    hrel_vm_release(tids, nw, HREL_TAG_FC_QUIT, 1);
    pvm_exit();
    return 0;
}
