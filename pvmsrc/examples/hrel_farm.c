/* hrel_farm -- a master/worker farm written the way an ordinary PVM user
 * writes one: plain pvm_* calls, no hrel code; a test subject for trace
 * import and prediction (experiments/predict.sh, docs/predict.md).
 *
 * The task started from the shell is the master; it spawns W workers (copies
 * of itself), hands each a first job, then receives results from ANY worker
 * (pvm_recv(-1, ...)) and gives that worker the next job, until JOBS jobs are
 * done; then it tells every worker to stop. Job j carries BYTES bytes of data
 * and costs (1 + j % 3) * REPEAT passes over it: uneven work, so the order in
 * which results arrive depends on timing.
 *
 * -d asks PVM for direct task-to-task routes (pvm_setopt(PvmRoute,
 * PvmRouteDirect)); without it messages go through the daemons, PVM's default.
 *
 * usage: hrel_farm [-d] [-p WORKERS] [-j JOBS] [-b BYTES] [-w REPEAT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <unistd.h>

#include <pvm3.h>

#define TAG_JOB 21
#define TAG_RESULT 22
#define TAG_STOP 23
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
    for (c = 0; c < nd; c++) buf[c] = (j + c) % 11;
    pvm_initsend(PvmDataRaw);
    pvm_pkint(&j, 1, 1);
    pvm_pkdouble(buf, nd, 1);
    pvm_send(tid, TAG_JOB);
}

static int worker(int nd, int rep)
{
    int parent = pvm_parent(), bufid, tag, j, r, c;
    double *buf = malloc(nd * sizeof *buf), acc;
    if (!buf) return 1;
    for (;;) {
        bufid = pvm_recv(parent, -1);
        if (bufid < 0) break;
        pvm_bufinfo(bufid, NULL, &tag, NULL);
        if (tag != TAG_JOB) break;
        pvm_upkint(&j, 1, 1);
        pvm_upkdouble(buf, nd, 1);
        acc = 0;
        for (r = 0; r < (1 + j % 3) * rep; r++)
            for (c = 0; c < nd; c++) acc += buf[c] * 0.5 + r;
        pvm_initsend(PvmDataRaw);
        pvm_pkint(&j, 1, 1);
        pvm_pkdouble(&acc, 1, 1);
        pvm_send(parent, TAG_RESULT);
    }
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int w = 3, jobs = 24, bytes = 65536, rep = 200, i, j, next, done, tid;
    int tids[MAXW], direct = 0;
    double t0, total = 0, acc, *buf;

    opterr = 0;   /* our own one-line messages */
    while ((i = getopt(argc, argv, "+dp:j:b:w:")) != -1) {
        long v;
        char *end;
        if (i == 'd') { direct = 1; continue; }
        if (i != 'p' && i != 'j' && i != 'b' && i != 'w') goto bad;
        v = strtol(optarg, &end, 10);
        if (end == optarg || *end || v < 1 || v > 1000000000) {
            fprintf(stderr, "hrel_farm: -%c: '%s' is not a whole number in 1..1000000000\n", i, optarg);
            return 2;
        }
        *(i == 'p' ? &w : i == 'j' ? &jobs : i == 'b' ? &bytes : &rep) = (int)v;
    }
    if (optind < argc) goto bad;
    t0 = now_s();
    if (pvm_mytid() < 0) { fprintf(stderr, "hrel_farm: no pvmd\n"); return 1; }
    if (direct)
        pvm_setopt(PvmRoute, PvmRouteDirect);
    if (pvm_parent() != PvmNoParent) {
        int rc = worker(bytes / 8, rep);
        pvm_exit();
        return rc;
    }
    buf = malloc((bytes / 8) * sizeof *buf);
    if (!buf) return 1;
    if (pvm_spawn(argv[0][0] == '/' ? strrchr(argv[0], '/') + 1 : argv[0],
                  argv + 1, PvmTaskDefault, "", w, tids) != w) {
        fprintf(stderr, "hrel_farm: could not spawn %d workers\n", w);
        pvm_exit();
        return 1;
    }
    next = 0;
    for (i = 0; i < w && next < jobs; i++) send_job(tids[i], next++, buf, bytes / 8);
    for (done = 0; done < jobs; done++) {
        int bufid = pvm_recv(-1, TAG_RESULT);
        pvm_bufinfo(bufid, NULL, NULL, &tid);
        pvm_upkint(&j, 1, 1);
        pvm_upkdouble(&acc, 1, 1);
        total += acc;
        if (next < jobs) send_job(tid, next++, buf, bytes / 8);
    }
    pvm_initsend(PvmDataRaw);
    pvm_mcast(tids, w, TAG_STOP);
    printf("hrel_farm: workers=%d jobs=%d total=%g time=%.6f s\n", w, jobs, total, now_s() - t0);
    free(buf);
    pvm_exit();
    return 0;
bad:
    fprintf(stderr, "usage: hrel_farm [-d] [-p WORKERS] [-j JOBS] [-b BYTES] [-w REPEAT]\n");
    return 2;
}
