/* hrel_poll -- a master/worker program whose master polls for results with
 * pvm_nrecv instead of blocking, and works on its own share between polls, as
 * PVM users write a master that must stay busy: plain pvm_* calls, no hrel
 * code; a test subject for the preload tracer and prediction
 * (experiments/predict.sh, docs/predict.md).
 *
 * The task started from the shell is the master; it spawns W workers (copies
 * of itself) and sends each a first job. Then it loops: pvm_nrecv(-1, result
 * tag); when a result is there it adds it up and sends that worker the next
 * job, until JOBS jobs are done; when none is there it does one slice of its
 * own work (SLICES slices in all; once they are done it sleeps 100 us between
 * polls). Job j is BYTES bytes of doubles; a worker sums a function of them
 * REPEAT times. Last, a multicast tells the workers to stop. The master prints
 * the results (deterministic), the time and, after it, how many polls found
 * nothing (depends on timing). Messages go through the daemons (PVM's default
 * route).
 *
 * usage: hrel_poll [-p WORKERS] [-j JOBS] [-b BYTES] [-w REPEAT] [-s SLICES]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#define TAG_JOB 61
#define TAG_RESULT 62
#define TAG_STOP 63
#define MAXW 64

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

static void send_job(int tid, int j, double *buf, int nd)
{
    int c;
    for (c = 0; c < nd; c++)
        buf[c] = (j * 7 + c) % 13;
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&j, 1, 1);
    pvm_pkdouble(buf, nd, 1);
    pvm_send(tid, TAG_JOB);
}

static int worker(int nd, int rep)
{
    int tag, j, r, c;
    double *buf = malloc(nd * sizeof *buf), acc;
    if (!buf)
        return 1;
    for (;;) {
        int bufid = pvm_recv(pvm_parent(), -1);
        if (bufid < 0)
            break;
        pvm_bufinfo(bufid, NULL, &tag, NULL);
        if (tag != TAG_JOB)
            break;
        pvm_upkint(&j, 1, 1);
        pvm_upkdouble(buf, nd, 1);
        acc = 0;
        for (r = 0; r < rep; r++)
            for (c = 0; c < nd; c++)
                acc += buf[c] * buf[c] * 0.25;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&j, 1, 1);
        pvm_pkdouble(&acc, 1, 1);
        pvm_send(pvm_parent(), TAG_RESULT);
    }
    free(buf);
    return 0;
}

/* one slice of the master's own work: a partial sum it adds to *own */
static void own_slice(int s, double *own)
{
    int i;
    double a = 0;
    for (i = 0; i < 20000; i++)
        a += (double)((s + i) % 101) / (1 + i % 7);
    *own += a;
}

int main(int argc, char **argv)
{
    int w = 3, jobs = 80, bytes = 32768, rep = 20, slices = 400, c, i, j, next, done, tid;
    int tids[MAXW], s = 0;
    long empty = 0;
    struct timespec nap = {0, 100000};   /* 100 us */
    double t0, total = 0, own = 0, acc, *buf;

    while ((c = getopt(argc, argv, "p:j:b:w:s:")) != -1) {
        switch (c) {
        case 'p': w = atoi(optarg); break;
        case 'j': jobs = atoi(optarg); break;
        case 'b': bytes = atoi(optarg); break;
        case 'w': rep = atoi(optarg); break;
        case 's': slices = atoi(optarg); break;
        default:
            fprintf(stderr, "usage: hrel_poll [-p WORKERS] [-j JOBS] [-b BYTES] [-w REPEAT] [-s SLICES]\n");
            return 2;
        }
    }
    if (w < 1 || w > MAXW || jobs < 1 || bytes < 8 || rep < 1 || slices < 0) {
        fprintf(stderr, "hrel_poll: -p 1..%d, -j >= 1, -b >= 8, -w >= 1, -s >= 0\n", MAXW);
        return 2;
    }
    t0 = now_s();
    if (pvm_mytid() < 0)
        return 1;
    if (pvm_parent() != PvmNoParent) {
        int rc = worker(bytes / 8, rep);
        pvm_exit();
        return rc;
    }
    if (!(buf = malloc((bytes / 8) * sizeof *buf)))
        return 1;
    if (pvm_spawn("hrel_poll", argv + 1, PvmTaskDefault, "", w, tids) != w) {
        fprintf(stderr, "hrel_poll: could not spawn %d workers\n", w);
        pvm_exit();
        return 1;
    }
    next = 0;
    for (i = 0; i < w && next < jobs; i++)
        send_job(tids[i], next++, buf, bytes / 8);
    for (done = 0; done < jobs;) {
        int bufid = pvm_nrecv(-1, TAG_RESULT);
        if (bufid < 0)
            break;
        if (bufid == 0) {                  /* nothing yet: work, or wait a little */
            empty++;
            if (s < slices)
                own_slice(s++, &own);
            else
                nanosleep(&nap, NULL);
            continue;
        }
        pvm_bufinfo(bufid, NULL, NULL, &tid);
        pvm_upkint(&j, 1, 1);
        pvm_upkdouble(&acc, 1, 1);
        total += acc;
        done++;
        if (next < jobs)
            send_job(tid, next++, buf, bytes / 8);
    }
    while (s < slices)                     /* the rest of its own share */
        own_slice(s++, &own);
    pvm_initsend(PvmDataDefault);
    pvm_mcast(tids, w, TAG_STOP);
    printf("hrel_poll: workers=%d jobs=%d results=%d total=%.1f own=%.3f time=%.6f s empty_polls=%ld\n",
           w, jobs, done, total, own, now_s() - t0, empty);
    free(buf);
    pvm_exit();
    return done == jobs ? 0 : 1;
}
