/* hrel_streamq -- how long a pvmd's packet waits behind a direct-route TCP
 * stream leaving its host (docs/predict.md, "Two first messages that cross").
 *
 * Where two tasks ask for their direct route at once, libpvm sends one first
 * message through the pvmds while the other goes on TCP (lib/model/crossing.h);
 * the pvmds' packets leaving the host of the TCP sender then queue behind the
 * frames the sender's kernel keeps below its socket. This measures that wait.
 * Four workers (this program): a prober on the first host and its echo on the
 * second, both on the daemon route (PvmDontRoute), make 8-byte round trips;
 * a streamer on the first host sends a sink on the second back-to-back
 * messages on the direct route (PvmRouteDirect). Each repetition: round trips
 * alone, then round trips while the stream runs (it starts --lead s before).
 * One way of each round trip crosses the stream's host out, so the difference
 * of the medians is one packet's wait behind the stream.
 * Output (stdout, CSV; lib/model/charz.h reads it as streamq.csv):
 *   # comment lines (hosts, sizes)
 *   phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s
 *   # stream_wait_s S   (the median over the repetitions of stream - alone)
 * Needs two hosts. Workers leave on a quit message, or by themselves after
 * 120 s of silence.
 *
 * usage: hrel_streamq [-r|--roundtrips N] [--reps K] [--size BYTES] [--lead S]
 *                     [--probe-bytes B] [--reverse]   (see --help)
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
#include "tags.h"
#include "vm.h"

#define SQ_WAIT_S 300.0
#define SQ_MAXRT 10000

enum { ROLE_PROBER, ROLE_ECHO, ROLE_STREAMER, ROLE_SINK };

static const char usage_text[] =
    "usage: hrel_streamq [-r|--roundtrips N] [--reps K] [--size BYTES] [--lead S]\n"
    "                    [--probe-bytes B] [--reverse]\n"
    "How long a pvmd's packet waits behind a direct-route TCP stream leaving its\n"
    "host: 8-byte round trips through the pvmds between the first two hosts, alone\n"
    "and while a task on the first host streams to one on the second on the\n"
    "direct route. -r: round trips per phase (default 60); --reps: repetitions,\n"
    "each both phases (default 3); --size: the stream's message size (default\n"
    "256k); --lead: the stream runs this long before the round trips (default\n"
    "0.3 s). For the evidence in docs/predict.md (not the characterisation):\n"
    "--probe-bytes: the round trips' first message has B bytes (a bulk transfer\n"
    "through the pvmds); --reverse: it goes from the second host to the first,\n"
    "against the stream.\n"
    "Prints CSV\n"
    "phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s\n"
    "and '# stream_wait_s S' (the median of stream - alone over the repetitions).\n";

static void nap(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the Q quantile of the N sorted values X (nearest rank) */
static double quant(const double *x, int n, double q)
{
    int k = (int)(q * (n - 1) + 0.5);
    return x[k < 0 ? 0 : k >= n ? n - 1 : k];
}

/* the prober: N round trips with ECHO (PBYTES out, 8 back, 5 ms apart), with the stream
 * of STREAMER running when STREAM (started LEAD s before, stopped after);
 * the round trips' times go to the master (-1 first when one timed out) */
static int pbytes = 8;

static void probe(int parent, int echo, int streamer, int n, int stream, double lead)
{
    double *rt = malloc((size_t)n * sizeof *rt), bad = -1;
    char *b = calloc((size_t)pbytes, 1);
    struct timeval tmo = {60, 0};
    int i, ok = rt != NULL;
    if (stream) {
        pvm_initsend(PvmDataDefault);
        pvm_send(streamer, HREL_TAG_SQ_GO);
        nap(lead);
    }
    for (i = 0; ok && i < n; i++) {
        double t0 = hrel_clock_now();
        pvm_initsend(PvmDataRaw);
        pvm_pkbyte(b, pbytes, 1);
        pvm_send(echo, HREL_TAG_SQ_PING);
        if (pvm_trecv(echo, HREL_TAG_SQ_PING, &tmo) <= 0)
            ok = 0;
        else
            rt[i] = hrel_clock_now() - t0;
        nap(0.005);
    }
    if (stream) {
        pvm_initsend(PvmDataDefault);
        pvm_send(streamer, HREL_TAG_SQ_STOP);
    }
    pvm_initsend(PvmDataDefault);
    if (ok)
        pvm_pkdouble(rt, n, 1);
    else
        pvm_pkdouble(&bad, 1, 1);
    pvm_send(parent, HREL_TAG_SQ_RESULT);
    free(rt);
    free(b);
}

/* the streamer: on GO, messages of SIZE bytes to SINK back to back until STOP;
 * then the bytes per second it sent to the master */
static void stream(int parent, int sink, int size)
{
    char *buf = calloc((size_t)size, 1);
    struct timeval tmo = {120, 0};
    double t0, t1, sent = 0, rate;
    if (pvm_trecv(-1, HREL_TAG_SQ_GO, &tmo) <= 0 || !buf) {
        free(buf);
        return;
    }
    t0 = hrel_clock_now();
    do {
        pvm_initsend(PvmDataInPlace);
        pvm_pkbyte(buf, size, 1);
        if (pvm_send(sink, HREL_TAG_SQ_DATA) < 0)
            break;
        sent += size;
    } while (pvm_nrecv(-1, HREL_TAG_SQ_STOP) == 0);
    t1 = hrel_clock_now();
    pvm_initsend(PvmDataDefault);
    pvm_send(sink, HREL_TAG_SQ_STOP);
    rate = t1 > t0 ? sent / (t1 - t0) : 0;
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(&rate, 1, 1);
    pvm_send(parent, HREL_TAG_SQ_RESULT);
    free(buf);
}

static int worker(void)
{
    int parent = pvm_parent();
    for (;;) {
        struct timeval tmo = {120, 0};
        int bid = pvm_trecv(-1, -1, &tmo), len, tag, src, v[5];
        double lead = 0;
        if (bid <= 0 || pvm_bufinfo(bid, &len, &tag, &src) < 0 || tag == HREL_TAG_SQ_QUIT)
            break;
        if (tag == HREL_TAG_SQ_PING) {   /* the echo */
            char b[8];
            pvm_upkbyte(b, len < 8 ? len : 8, 1);
            pvm_initsend(PvmDataRaw);
            pvm_pkbyte(b, 8, 1);
            pvm_send(src, HREL_TAG_SQ_PING);
            continue;
        }
        if (tag == HREL_TAG_SQ_DATA || tag == HREL_TAG_SQ_STOP)   /* the sink */
            continue;
        if (tag != HREL_TAG_SQ_PROBE)
            break;
        /* role, peer, other peer, round trips or size, stream; lead */
        pvm_upkint(v, 5, 1);
        pvm_upkdouble(&lead, 1, 1);
        pvm_upkint(&pbytes, 1, 1);
        if (v[0] == ROLE_PROBER || v[0] == ROLE_ECHO)
            pvm_setopt(PvmRoute, PvmDontRoute);
        else
            pvm_setopt(PvmRoute, PvmRouteDirect);
        if (v[0] == ROLE_PROBER)
            probe(parent, v[1], v[2], v[3], v[4], lead);
        else if (v[0] == ROLE_STREAMER)
            stream(parent, v[1], v[3]);
    }
    pvm_exit();
    return 0;
}

static int fail(const int *tids, int n, const char *msg)
{
    fprintf(stderr, "hrel_streamq: %s\n", msg);
    hrel_vm_release(tids, n, HREL_TAG_SQ_QUIT, 0);
    pvm_exit();
    return 1;
}

static void order(int tid, int role, int peer, int other, int count, int streaming, double lead)
{
    int v[5] = {role, peer, other, count, streaming};
    pvm_initsend(PvmDataDefault);
    pvm_pkint(v, 5, 1);
    pvm_pkdouble(&lead, 1, 1);
    pvm_pkint(&pbytes, 1, 1);
    pvm_send(tid, HREL_TAG_SQ_PROBE);
}

int main(int argc, char **argv)
{
    int nrt = 60, reps = 3, isworker = 0, reverse = 0, pr, ec, first, rc, nhost = 0, rep, ph, i;
    long size = 256 * 1024;
    double lead = 0.3;
    int tids[4] = {0, 0, 0, 0};
    const hrel_arg table[] = {
        HREL_OPT_NUM("roundtrips", 'r', HREL_ARG_INT, &nrt, 5, SQ_MAXRT),
        HREL_OPT_NUM("reps", 0, HREL_ARG_INT, &reps, 1, 100),
        HREL_OPT_NUM("size", 0, HREL_ARG_SIZE, &size, 4096, 64L << 20),
        HREL_OPT_NUM("lead", 0, HREL_ARG_DURATION, &lead, 0, 60),
        HREL_OPT_NUM("probe-bytes", 0, HREL_ARG_INT, &pbytes, 1, 64 << 20),
        HREL_OPT_FLAG("reverse", 0, &reverse),
        HREL_OPT_FLAG("worker", 0, &isworker),
        HREL_OPT_END,
    };
    char self[4096], err[512], **hosts = NULL;
    char *wargv[] = {"--worker", NULL};
    double *rt = NULL, *wait = NULL;

    if ((rc = hrel_args_run("hrel_streamq", argc, argv, table, NULL, usage_text, stdout, stderr,
                            &first)) >= 0)
        return rc;
    if (first != argc) {
        fprintf(stderr, "hrel_streamq: unexpected argument '%s' (try --help)\n", argv[first]);
        return 2;
    }
    if (isworker)
        return pvm_mytid() < 0 ? 1 : worker();
    if (!(rt = malloc((size_t)nrt * sizeof *rt)) || !(wait = malloc((size_t)reps * sizeof *wait))) {
        fprintf(stderr, "hrel_streamq: out of memory\n");
        return 1;
    }
    if (hrel_vm_self_start(self, sizeof self, &hosts, &nhost, err, sizeof err) < 0)
        return fail(tids, 0, err);
    if (nhost < 2) {
        hrel_vm_free_names(hosts, nhost);
        return fail(tids, 0, "the virtual machine has one host: a stream between hosts needs two");
    }
    /* round robin from the first host, twice: prober and streamer on the first
       host, echo and sink on the second */
    if (hrel_vm_spawn(self, wargv, 2, HREL_PLACE_RR, tids, err, sizeof err) < 0 ||
        hrel_vm_spawn(self, wargv, 2, HREL_PLACE_RR, tids + 2, err, sizeof err) < 0) {
        hrel_vm_free_names(hosts, nhost);
        return fail(tids, 4, err);
    }
    printf("# hrel_streamq: round trips through the pvmds (PvmDontRoute) from %s to %s (%d bytes "
           "out, 8 back), alone and while a task on %s sends one on %s messages of %ld bytes "
           "back to back on the direct route (PvmRouteDirect, started %g s before); %d round "
           "trips a phase, %d repetition%s\n",
           hosts[reverse ? 1 : 0], hosts[reverse ? 0 : 1], pbytes, hosts[0], hosts[1], size, lead,
           nrt, reps, reps == 1 ? "" : "s");
    hrel_vm_free_names(hosts, nhost);
    printf("phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s\n");
    pr = reverse ? tids[1] : tids[0];
    ec = reverse ? tids[0] : tids[1];
    order(ec, ROLE_ECHO, 0, 0, 0, 0, 0);
    order(tids[3], ROLE_SINK, 0, 0, 0, 0, 0);
    for (rep = 0; rep < reps; rep++) {
        double med[2] = {0, 0};
        for (ph = 0; ph < 2; ph++) {
            double rate = 0;
            if (ph)
                order(tids[2], ROLE_STREAMER, tids[3], 0, (int)size, 0, 0);
            order(pr, ROLE_PROBER, ec, tids[2], nrt, ph, lead);
            if (hrel_vm_recv(pr, HREL_TAG_SQ_RESULT, SQ_WAIT_S, NULL, NULL, err,
                             sizeof err) < 0)
                return fail(tids, 4, err);
            pvm_upkdouble(rt, 1, 1);
            if (rt[0] < 0)
                return fail(tids, 4, "a round trip through the pvmds timed out (60 s)");
            pvm_upkdouble(rt + 1, nrt - 1, 1);
            if (ph) {
                if (hrel_vm_recv(tids[2], HREL_TAG_SQ_RESULT, SQ_WAIT_S, NULL, NULL, err,
                                 sizeof err) < 0)
                    return fail(tids, 4, err);
                pvm_upkdouble(&rate, 1, 1);
            }
            qsort(rt, (size_t)nrt, sizeof *rt, cmpd);
            med[ph] = quant(rt, nrt, 0.5);
            printf("%s,%d,%d,%.9f,%.9f,%.9f,%.6g\n", ph ? "stream" : "alone", rep, nrt, med[ph],
                   quant(rt, nrt, 0.1), quant(rt, nrt, 0.9), rate);
            fflush(stdout);
        }
        wait[rep] = med[1] - med[0];
    }
    qsort(wait, (size_t)reps, sizeof *wait, cmpd);
    i = reps / 2;
    printf("# stream_wait_s %.9f\n", reps % 2 ? wait[i] : (wait[i - 1] + wait[i]) / 2);
    free(rt);
    free(wait);
    hrel_vm_release(tids, 4, HREL_TAG_SQ_QUIT, 1);
    pvm_exit();
    return 0;
}
