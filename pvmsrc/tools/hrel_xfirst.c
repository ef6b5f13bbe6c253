/* hrel_xfirst -- the first exchange of two tasks on the direct route, whose
 * routes cross (docs/predict.md, "Two first messages that cross").
 *
 * Two tasks that send each other their first message at once both ask for
 * the direct route; libpvm then sends the higher tid's message through the
 * pvmds and the other's on the new TCP route (lib/model/crossing.h). This
 * measures what that exchange takes. Per size and repetition a new pair of
 * workers (this program; round robin from the first host: on two hosts when
 * the virtual machine has them, else both on one) is given its peer and a
 * message, then a common start (one multicast): each sends its message to
 * the other (PvmRouteDirect) and receives the other's, then does it again on
 * the route now open. Each worker times from the start it got: its first
 * send, its first exchange, its second exchange.
 * Output (stdout, CSV; lib/model/charz.h reads it as xfirst.csv):
 *   # comment lines (hosts, sizes)
 *   bytes,rep,first_s,again_s,send_lo_s,send_hi_s
 * first_s: the first exchange (the later of the two workers' ends), again_s
 * the second; send_lo_s, send_hi_s: the first send of the lower and of the
 * higher tid (the higher's returns when its pvmd has the message).
 * Workers leave on a quit message, or by themselves after 120 s of silence.
 *
 * usage: hrel_xfirst [-s|--sizes LIST] [--reps K]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "tags.h"
#include "vm.h"

#define XF_WAIT_S 300.0
#define XF_MAXSIZES 32

static const char usage_text[] =
    "usage: hrel_xfirst [-s|--sizes LIST] [--reps K]\n"
    "The first exchange of two new tasks on the direct route, whose route requests\n"
    "cross (libpvm then sends one of the two messages through the pvmds), and the\n"
    "same exchange again on the open route: a new pair per size and repetition,\n"
    "on the first two hosts (one host: both there). -s: message sizes (default\n"
    "64k,256k,1M); --reps: repetitions per size (default 3). Prints CSV\n"
    "bytes,rep,first_s,again_s,send_lo_s,send_hi_s (seconds).\n";

/* one exchange of BUF (BYTES) with PEER: its end, from T0 (*SEND: the send's) */
static double exchange(int peer, char *buf, int bytes, double t0, double *send)
{
    struct timeval tmo = {120, 0};
    pvm_initsend(PvmDataInPlace);
    pvm_pkbyte(buf, bytes, 1);
    pvm_send(peer, HREL_TAG_XF_DATA);
    *send = hrel_clock_now() - t0;
    if (pvm_trecv(peer, HREL_TAG_XF_DATA, &tmo) <= 0)
        return -1;
    pvm_upkbyte(buf, bytes, 1);
    return hrel_clock_now() - t0;
}

static int worker(void)
{
    int parent = pvm_parent(), v[2];
    struct timeval tmo = {120, 0};
    double r[4] = {-1, -1, -1, -1}, t0, s2;
    char *buf;
    pvm_setopt(PvmRoute, PvmRouteDirect);
    if (pvm_trecv(parent, HREL_TAG_XF_PAIR, &tmo) <= 0)
        return pvm_exit(), 1;
    pvm_upkint(v, 2, 1);   /* peer, bytes */
    if (!(buf = calloc((size_t)v[1], 1)))
        return pvm_exit(), 1;
    if (pvm_trecv(parent, HREL_TAG_XF_GO, &tmo) > 0) {
        t0 = hrel_clock_now();
        r[1] = exchange(v[0], buf, v[1], t0, &r[0]);
    }
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(r, 2, 1);
    pvm_send(parent, HREL_TAG_XF_RESULT);
    if (r[1] >= 0 && pvm_trecv(parent, HREL_TAG_XF_GO, &tmo) > 0) {
        t0 = hrel_clock_now();
        r[2] = exchange(v[0], buf, v[1], t0, &s2);
    }
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(&r[2], 1, 1);
    pvm_send(parent, HREL_TAG_XF_RESULT);
    free(buf);
    pvm_trecv(parent, HREL_TAG_XF_QUIT, &tmo);
    pvm_exit();
    return 0;
}

static int fail(const int *tids, int n, const char *msg)
{
    fprintf(stderr, "hrel_xfirst: %s\n", msg);
    hrel_vm_release(tids, n, HREL_TAG_XF_QUIT, 0);
    pvm_exit();
    return 1;
}

/* the later of two results, or -1 when either is missing */
static double later(double a, double b)
{
    return a < 0 || b < 0 ? -1 : a > b ? a : b;
}

int main(int argc, char **argv)
{
    int reps = 3, isworker = 0, first, rc, nhost = 0, nsize = 3, rep, i, k;
    long sizes[XF_MAXSIZES] = {64 * 1024, 256 * 1024, 1024 * 1024};
    int tids[2] = {0, 0};
    const hrel_arg table[] = {
        {"sizes", 's', HREL_ARG_SIZES, sizes, 1, 256L << 20, NULL, &nsize, XF_MAXSIZES, NULL},
        HREL_OPT_NUM("reps", 0, HREL_ARG_INT, &reps, 1, 100),
        HREL_OPT_FLAG("worker", 0, &isworker),
        HREL_OPT_END,
    };
    char self[4096], err[512], **hosts = NULL;
    char *wargv[] = {"--worker", NULL};

    if ((rc = hrel_args_run("hrel_xfirst", argc, argv, table, NULL, usage_text, stdout, stderr,
                            &first)) >= 0)
        return rc;
    if (first != argc) {
        fprintf(stderr, "hrel_xfirst: unexpected argument '%s' (try --help)\n", argv[first]);
        return 2;
    }
    if (isworker)
        return pvm_mytid() < 0 ? 1 : worker();
    if (hrel_vm_self_start(self, sizeof self, &hosts, &nhost, err, sizeof err) < 0)
        return fail(tids, 0, err);
    printf("# hrel_xfirst: the first exchange of a new pair of tasks on the direct route "
           "(PvmRouteDirect), on %s and %s, then again on the open route; %d repetition%s a size\n",
           hosts[0], nhost > 1 ? hosts[1] : hosts[0], reps, reps == 1 ? "" : "s");
    hrel_vm_free_names(hosts, nhost);
    printf("bytes,rep,first_s,again_s,send_lo_s,send_hi_s\n");
    for (rep = 0; rep < reps; rep++)   /* the repetitions interleaved, not in a row */
        for (i = 0; i < nsize; i++) {
            double ra[3], rb[3];
            int lo;
            if (hrel_vm_spawn(self, wargv, 2, HREL_PLACE_RR, tids, err, sizeof err) < 0)
                return fail(tids, 2, err);
            for (k = 0; k < 2; k++) {
                int v[2] = {tids[1 - k], (int)sizes[i]};
                pvm_initsend(PvmDataDefault);
                pvm_pkint(v, 2, 1);
                pvm_send(tids[k], HREL_TAG_XF_PAIR);
            }
            pvm_initsend(PvmDataDefault);
            pvm_mcast(tids, 2, HREL_TAG_XF_GO);
            /* the second start once both are through the first exchange */
            for (k = 0; k < 4; k++) {
                double *r = k % 2 ? rb : ra;
                if (hrel_vm_recv(tids[k % 2], HREL_TAG_XF_RESULT, XF_WAIT_S, NULL, NULL, err,
                                 sizeof err) < 0)
                    return fail(tids, 2, err);
                if (k < 2)
                    pvm_upkdouble(r, 2, 1);
                else
                    pvm_upkdouble(&r[2], 1, 1);
                if (k == 1) {
                    if (ra[1] < 0 || rb[1] < 0)
                        return fail(tids, 2, "a first exchange timed out (120 s)");
                    pvm_initsend(PvmDataDefault);
                    pvm_mcast(tids, 2, HREL_TAG_XF_GO);
                }
            }
            if (ra[2] < 0 || rb[2] < 0)
                return fail(tids, 2, "a second exchange timed out (120 s)");
            lo = tids[0] < tids[1] ? 0 : 1;
            printf("%ld,%d,%.9f,%.9f,%.9f,%.9f\n", sizes[i], rep, later(ra[1], rb[1]),
                   later(ra[2], rb[2]), (lo ? rb : ra)[0], (lo ? ra : rb)[0]);
            fflush(stdout);
            hrel_vm_release(tids, 2, HREL_TAG_XF_QUIT, 1);
            for (k = 0; k < 2; k++) {   /* their exit notices (hrel_vm_spawn asked for them) */
                struct timeval tmo = {30, 0};
                if (pvm_trecv(-1, HREL_TAG_EXIT, &tmo) <= 0)
                    return fail(tids, 0, "a pair's exit notice did not come (30 s)");
            }
        }
    pvm_exit();
    return 0;
}
