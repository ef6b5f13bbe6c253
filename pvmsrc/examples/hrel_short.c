/* hrel_short -- a complete master/worker program that is over in a few
 * milliseconds (spawn included), as many small PVM programs and tests are:
 * plain pvm_* calls, no hrel code; a test subject for the preload tracer and
 * prediction at the short end, where start-up and the first messages are
 * the whole run (experiments/predict.sh, docs/predict.md).
 *
 * The task started from the shell spawns W workers (copies of itself) and
 * sends each its index and N integers; each worker answers with their sum
 * plus its index; the master adds the answers in worker order and prints the
 * total (deterministic) and the time. Messages go through the daemons (PVM's
 * default route).
 *
 * usage: hrel_short [-p WORKERS] [-n INTS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#define TAG_WORK 71
#define TAG_ANSWER 72
#define MAXW 16
#define MAXN 4096

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    int w = 3, n = 16, c, i, k, tids[MAXW], v[MAXN];
    long sum, total = 0;
    double t0;

    while ((c = getopt(argc, argv, "p:n:")) != -1) {
        switch (c) {
        case 'p': w = atoi(optarg); break;
        case 'n': n = atoi(optarg); break;
        default:
            fprintf(stderr, "usage: hrel_short [-p WORKERS] [-n INTS]\n");
            return 2;
        }
    }
    if (w < 1 || w > MAXW || n < 1 || n > MAXN) {
        fprintf(stderr, "hrel_short: -p 1..%d, -n 1..%d\n", MAXW, MAXN);
        return 2;
    }
    t0 = now_s();
    if (pvm_mytid() < 0)
        return 1;
    if (pvm_parent() != PvmNoParent) {       /* a worker: one job, one answer */
        pvm_recv(pvm_parent(), TAG_WORK);
        pvm_upkint(&k, 1, 1);
        pvm_upkint(&n, 1, 1);
        if (n < 1 || n > MAXN) { pvm_exit(); return 1; }
        pvm_upkint(v, n, 1);
        for (sum = k, i = 0; i < n; i++)
            sum += v[i];
        pvm_initsend(PvmDataDefault);
        pvm_pklong(&sum, 1, 1);
        pvm_send(pvm_parent(), TAG_ANSWER);
        pvm_exit();
        return 0;
    }
    if (pvm_spawn("hrel_short", NULL, PvmTaskDefault, "", w, tids) != w) {
        fprintf(stderr, "hrel_short: could not spawn %d workers\n", w);
        pvm_exit();
        return 1;
    }
    for (k = 0; k < w; k++) {
        for (i = 0; i < n; i++)
            v[i] = k * n + i;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&k, 1, 1);
        pvm_pkint(&n, 1, 1);
        pvm_pkint(v, n, 1);
        pvm_send(tids[k], TAG_WORK);
    }
    for (k = 0; k < w; k++) {
        pvm_recv(tids[k], TAG_ANSWER);
        pvm_upklong(&sum, 1, 1);
        total += sum;
    }
    printf("hrel_short: workers=%d ints=%d total=%ld time=%.6f s\n", w, n, total, now_s() - t0);
    pvm_exit();
    return 0;
}
