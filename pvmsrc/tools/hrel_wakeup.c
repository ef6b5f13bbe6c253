/* hrel_wakeup -- how late a task blocked in a receive is woken when the task
 * that sent it the message goes on computing (issue 21; docs/predict.md, "A
 * receiver woken behind a computing sender").
 *
 * Two workers (this program) on the first host: a sender and a receiver, on
 * the route asked for. For each repetition and size, twice (the sender then
 * computing, then asleep, after its send; the order alternating): the sender
 * computes PRE s (so the receiver has blocked in its receive), takes the time,
 * sends BYTES, then computes (spin) or sleeps (sleep) AFTER s, then receives
 * the receiver's time of its receive's end (one host: one clock). The
 * delivery is that time less the send's begin. Linux's scheduler may wake the
 * receiver on its sender's core, behind the sender's computation, also with
 * another core idle: that is what "spin" shows and "sleep" does not.
 * Output (stdout, CSV; lib/model/wakeup.h reads it):
 *   # comment lines (route, host, the plan)
 *   route,bytes,after,rep,delivery_s
 *   # sleep_median_s S, # excess_mean_s S (the spin messages' mean delivery
 *     less the sleep messages', size by size, pooled: wakeup.h)
 * Workers leave on a quit message, or by themselves after 120 s of silence.
 *
 * usage: hrel_wakeup [--route daemon|direct] [--reps N] [--after S] [--pre S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "tags.h"
#include "vm.h"
#include "vmopts.h"
#include "wakeup.h"

#define WK_WAIT_S 120.0
#define WK_MAXREPS 1000

static const char usage_text[] =
    "usage: hrel_wakeup [--route daemon|direct] [--reps N] [--after S] [--pre S]\n"
    "How late a receiver already waiting on the first host gets a message of 8 B,\n"
    "4 KB and 16 KB when its sender computes after the send (spin) and when it\n"
    "sleeps (sleep), N times each (default 30), AFTER s after the send (default\n"
    "5 ms), the sender computing PRE s before it (default 1 ms).\n"
    "--route: the route the tasks ask for (default daemon: an unmodified program's).\n"
    "Prints CSV " HREL_WAKEUP_HEADER " and '# excess_mean_s S'.\n";

static const char *const route_words[] = {"daemon", "direct", NULL};
static const int sizes[] = {8, 4096, 16384};
#define NSIZE ((int)(sizeof sizes / sizeof sizes[0]))

static int route_of(int idx)
{
    return hrel_vmopts_route(idx == 1 ? 0 : 1);   /* vmopts: 0 direct, 1 daemon */
}

static void compute(double s)
{
    volatile double x = 0;
    double end = hrel_clock_now() + s;
    while (hrel_clock_now() < end)
        x += 1;
}

static void nap(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* One message of BYTES to PEER: compute PRE s, send, compute (SPIN) or sleep
 * AFTER s, then the receiver's time of its receive's end. The delivery in *DT;
 * 0, or -1 when that time did not come (timeout). */
static int one(int peer, const char *buf, int bytes, int spin, double pre, double after,
               double *dt)
{
    struct timeval tmo = {(long)WK_WAIT_S, 0};
    double t0, t1 = -1;
    compute(pre);
    t0 = hrel_clock_now();
    pvm_initsend(PvmDataRaw);
    pvm_pkbyte((char *)buf, bytes, 1);
    pvm_send(peer, HREL_TAG_WK_DATA);
    if (spin)
        compute(after);
    else
        nap(after);
    if (pvm_trecv(peer, HREL_TAG_WK_TIME, &tmo) <= 0)
        return -1;
    pvm_upkdouble(&t1, 1, 1);
    *dt = t1 - t0;
    return 0;
}

/* The sender's side: every sample (in the plan's order: repetition, size, then
 * sleep before spin), then the samples to PARENT (-1 in the first: a receive
 * timed out; none, n = 0: out of memory). */
static void sender(int parent, int peer, int reps, double pre, double after)
{
    int n = 2 * NSIZE * reps, ok, rep, s, k;
    double *d = calloc((size_t)n, sizeof *d);
    char *buf = calloc(16384 + 1, 1);
    if (!d || !buf)
        n = 0;   /* the master says so */
    ok = n > 0;
    for (rep = 0; ok && rep < reps; rep++)
        for (s = 0; ok && s < NSIZE; s++)
            for (k = 0; ok && k < 2; k++) {
                int spin = (k + rep) % 2;   /* the order alternates */
                ok = one(peer, buf, sizes[s], spin, pre, after,
                         &d[2 * (rep * NSIZE + s) + spin]) == 0;
                if (!ok)
                    d[0] = -1;
            }
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&n, 1, 1);
    if (n > 0)
        pvm_pkdouble(d, n, 1);
    pvm_send(parent, HREL_TAG_WK_RESULT);
    free(d);
    free(buf);
}

static int worker(int route)
{
    int parent = pvm_parent();
    pvm_setopt(PvmRoute, route);
    for (;;) {
        struct timeval tmo = {(long)WK_WAIT_S, 0};
        int bufid = pvm_trecv(-1, -1, &tmo), len, tag, src, v[2];
        double w[2];
        if (bufid <= 0)
            break;
        pvm_bufinfo(bufid, &len, &tag, &src);
        if (tag == HREL_TAG_WK_DATA) {   /* the receiver: its receive's end, at once */
            double t = hrel_clock_now();
            pvm_initsend(PvmDataDefault);
            pvm_pkdouble(&t, 1, 1);
            pvm_send(src, HREL_TAG_WK_TIME);
        } else if (tag == HREL_TAG_WK_RUN) {
            pvm_upkint(v, 2, 1);   /* peer, reps */
            pvm_upkdouble(w, 2, 1);   /* pre, after */
            sender(parent, v[0], v[1], w[0], w[1]);
        } else
            break;
    }
    pvm_exit();
    return 0;
}

static int fail(const int *tids, int n, const char *msg)
{
    fprintf(stderr, "hrel_wakeup: %s\n", msg);
    hrel_vm_release(tids, n, HREL_TAG_WK_QUIT, 0);
    pvm_exit();
    return 1;
}

int main(int argc, char **argv)
{
    int reps = 30, isworker = 0, ridx = 0, first, rc, i, n, s, k;
    double pre = 0.001, after = 0.005;
    int tids[2] = {0, 0}, v[2];
    const hrel_arg table[] = {
        HREL_OPT_CHOICE("route", 0, &ridx, route_words),
        HREL_OPT_NUM("reps", 0, HREL_ARG_INT, &reps, 3, WK_MAXREPS),
        HREL_OPT_NUM("after", 0, HREL_ARG_DURATION, &after, 1e-4, 1),
        HREL_OPT_NUM("pre", 0, HREL_ARG_DURATION, &pre, 0, 1),
        HREL_OPT_FLAG("worker", 0, &isworker),
        HREL_OPT_END,
    };
    char self[4096], err[512], host[256];
    char *wargv[] = {"--worker", "--route", NULL, NULL};
    double *d = NULL, *bytes = NULL, w[2];
    int *spin = NULL;
    hrel_wakeup model;
    ssize_t len;

    if ((rc = hrel_args_run("hrel_wakeup", argc, argv, table, NULL, usage_text, stdout, stderr,
                            &first)) >= 0)
        return rc;
    if (first != argc) {
        fprintf(stderr, "hrel_wakeup: unexpected argument '%s' (try --help)\n", argv[first]);
        return 2;
    }
    if (isworker)
        return pvm_mytid() < 0 ? 1 : worker(route_of(ridx));
    if (hrel_vm_enroll() < 0) {
        fprintf(stderr, "hrel_wakeup: no PVM daemon answers\n");
        return 1;
    }
    len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return fail(tids, 0, "cannot find this program's own path (/proc/self/exe)");
    self[len] = '\0';
    wargv[2] = (char *)route_words[ridx];
    /* round robin from the first host, one task at a time: both on the first */
    if (hrel_vm_spawn(self, wargv, 1, HREL_PLACE_RR, tids, err, sizeof err) < 0 ||
        hrel_vm_spawn(self, wargv, 1, HREL_PLACE_RR, tids + 1, err, sizeof err) < 0)
        return fail(tids, 2, err);
    v[0] = tids[1], v[1] = reps;
    w[0] = pre, w[1] = after;
    pvm_initsend(PvmDataDefault);
    pvm_pkint(v, 2, 1);
    pvm_pkdouble(w, 2, 1);
    pvm_send(tids[0], HREL_TAG_WK_RUN);
    if (hrel_vm_recv(tids[0], HREL_TAG_WK_RESULT, WK_WAIT_S + 2 * reps * NSIZE * (pre + after + 1),
                     NULL, NULL, err, sizeof err) < 0)
        return fail(tids, 2, err);
    pvm_upkint(&n, 1, 1);
    if (n != 2 * NSIZE * reps)
        return fail(tids, 2, "the sender could not keep its samples (out of memory)");
    d = malloc((size_t)n * sizeof *d);
    bytes = malloc((size_t)n * sizeof *bytes);
    spin = malloc((size_t)n * sizeof *spin);
    if (!d || !bytes || !spin)
        return fail(tids, 2, "out of memory");
    pvm_upkdouble(d, n, 1);
    if (d[0] < 0)
        return fail(tids, 2, "a receive timed out between the two tasks");
    printf("# hrel_wakeup: route %s, both tasks on %s; per repetition and size the sender "
           "computes %.6g s, sends, then computes (spin) or sleeps (sleep) %.6g s; the "
           "order of the two alternates\n"
           "# delivery_s: the receiver's receive end - the send's begin (one host, one "
           "clock); the receiver is waiting in its receive\n" HREL_WAKEUP_HEADER "\n",
           route_words[ridx], hrel_vm_task_host(tids[0], host, sizeof host), pre, after);
    for (i = 0; i < reps; i++)
        for (s = 0; s < NSIZE; s++)
            for (k = 0; k < 2; k++) {
                int j = 2 * (i * NSIZE + s) + k;
                bytes[j] = sizes[s];
                spin[j] = k;
                printf("%s,%d,%s,%d,%.9f\n", route_words[ridx], sizes[s], k ? "spin" : "sleep",
                       i, d[j]);
            }
    if (hrel_wakeup_from(bytes, spin, d, (size_t)n, &model, err, sizeof err) == 0) {
        printf("# sleep_median_s %.9g\n# excess_mean_s %.9g\n", model.sleep_median_s,
               hrel_wakeup_mean(&model));
        hrel_wakeup_free(&model);
    }
    free(d);
    free(bytes);
    free(spin);
    hrel_vm_release(tids, 2, HREL_TAG_WK_QUIT, 1);
    pvm_exit();
    return 0;
}
