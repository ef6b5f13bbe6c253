/* hrel_stencil -- a 1-D Jacobi stencil written the way an ordinary PVM user
 * writes one: plain pvm_* calls, no hrel code. It is a test subject for
 * trace import and prediction (experiments/predict.sh, docs/predict.md).
 *
 * The task started from the shell is rank 0; it spawns P-1 copies of itself
 * (found by bare name through the hostfile's ep=) and sends each its rank and
 * the task ids. Every iteration each rank relaxes its N cells REPEAT times
 * (rank r does (1 + r % 2) times as much: imbalanced work), then sends one
 * halo of HALO bytes to each neighbour and receives theirs. Every K-th
 * iteration the ranks send their residual to rank 0, which sums it and
 * multicasts the total back (a reduce, then a multicast).
 *
 * -d asks PVM for direct task-to-task routes (pvm_setopt(PvmRoute,
 * PvmRouteDirect), as the PVM book advises for speed); without it every
 * message goes through the daemons, PVM's default.
 *
 * usage: hrel_stencil [-d] [-p P] [-n N] [-i ITERS] [-k K] [-b HALO] [-w REPEAT]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#define TAG_INIT 11
#define TAG_HALO_L 12
#define TAG_HALO_R 13
#define TAG_RES 14
#define TAG_SUM 15
#define MAXP 64

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

/* A whole number in LO..HI for option -C, or one line on stderr and -1. */
static int num(int c, const char *s, long lo, long hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "hrel_stencil: -%c: '%s' is not a whole number in %ld..%ld\n", c, s, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: hrel_stencil [-d] [-p P] [-n N] [-i ITERS] [-k K] [-b HALO] [-w REPEAT]\n");
    return 2;
}

int main(int argc, char **argv)
{
    int p = 4, n = 20000, iters = 20, k = 5, halo = 16384, rep = 20;
    int me, rank = 0, tids[MAXP], it, r, c;
    double *u, *v, *hl, *hr, res, sum, t0;
    int nh, direct = 0;

    opterr = 0;   /* our own one-line messages */
    while ((c = getopt(argc, argv, "+dp:n:i:k:b:w:")) != -1) {
        if (c == 'd') { direct = 1; continue; }
        int bad = c == 'p' ? num(c, optarg, 2, MAXP, &p)
                : c == 'n' ? num(c, optarg, 2, 100000000, &n)
                : c == 'i' ? num(c, optarg, 1, 100000000, &iters)
                : c == 'k' ? num(c, optarg, 1, 100000000, &k)
                : c == 'b' ? num(c, optarg, 8, 1 << 30, &halo)
                : c == 'w' ? num(c, optarg, 1, 100000000, &rep) : (usage(), -1);
        if (bad) return 2;
    }
    if (optind < argc) return usage();
    t0 = now_s();
    me = pvm_mytid();
    if (me < 0) { fprintf(stderr, "hrel_stencil: no pvmd\n"); return 1; }
    if (direct)
        pvm_setopt(PvmRoute, PvmRouteDirect);

    if (pvm_parent() == PvmNoParent) {
        tids[0] = me;
        if (pvm_spawn(argv[0][0] == '/' ? strrchr(argv[0], '/') + 1 : argv[0],
                      argv + 1, PvmTaskDefault, "", p - 1, tids + 1) != p - 1) {
            fprintf(stderr, "hrel_stencil: could not spawn %d tasks\n", p - 1);
            pvm_exit();
            return 1;
        }
        for (r = 1; r < p; r++) {
            pvm_initsend(PvmDataDefault);
            pvm_pkint(&r, 1, 1);
            pvm_pkint(tids, p, 1);
            pvm_send(tids[r], TAG_INIT);
        }
    } else {
        pvm_recv(pvm_parent(), TAG_INIT);
        pvm_upkint(&rank, 1, 1);
        pvm_upkint(tids, p, 1);
    }

    nh = halo / 8;
    u = calloc(n + 2, sizeof *u);
    v = calloc(n + 2, sizeof *v);
    hl = calloc(nh, sizeof *hl);
    hr = calloc(nh, sizeof *hr);
    if (!u || !v || !hl || !hr) { fprintf(stderr, "hrel_stencil: out of memory\n"); return 1; }
    for (c = 0; c <= n + 1; c++) u[c] = (rank * n + c) % 7;

    sum = 0;
    for (it = 1; it <= iters; it++) {
        int work = rep * (1 + rank % 2);
        for (r = 0; r < work; r++) {
            for (c = 1; c <= n; c++) v[c] = 0.5 * (u[c - 1] + u[c + 1]);
            for (c = 1; c <= n; c++) u[c] = v[c];
        }
        for (c = 0; c < nh; c++) hl[c] = hr[c] = u[1 + c % n];
        if (rank > 0) {
            pvm_initsend(PvmDataRaw);
            pvm_pkdouble(hl, nh, 1);
            pvm_send(tids[rank - 1], TAG_HALO_L);
        }
        if (rank < p - 1) {
            pvm_initsend(PvmDataRaw);
            pvm_pkdouble(hr, nh, 1);
            pvm_send(tids[rank + 1], TAG_HALO_R);
        }
        if (rank > 0) {
            pvm_recv(tids[rank - 1], TAG_HALO_R);
            pvm_upkdouble(hl, nh, 1);
            u[0] = hl[0];
        }
        if (rank < p - 1) {
            pvm_recv(tids[rank + 1], TAG_HALO_L);
            pvm_upkdouble(hr, nh, 1);
            u[n + 1] = hr[0];
        }
        if (it % k == 0) {
            res = 0;
            for (c = 1; c <= n; c++) res += u[c] * u[c];
            if (rank > 0) {
                pvm_initsend(PvmDataRaw);
                pvm_pkdouble(&res, 1, 1);
                pvm_send(tids[0], TAG_RES);
                pvm_recv(tids[0], TAG_SUM);
                pvm_upkdouble(&sum, 1, 1);
            } else {
                sum = res;
                for (r = 1; r < p; r++) {
                    double x;
                    pvm_recv(tids[r], TAG_RES);
                    pvm_upkdouble(&x, 1, 1);
                    sum += x;
                }
                pvm_initsend(PvmDataRaw);
                pvm_pkdouble(&sum, 1, 1);
                pvm_mcast(tids + 1, p - 1, TAG_SUM);
            }
        }
    }
    if (rank == 0)
        printf("hrel_stencil: p=%d n=%d iters=%d residual=%g time=%.6f s\n",
               p, n, iters, sum, now_s() - t0);
    free(u); free(v); free(hl); free(hr);
    pvm_exit();
    return 0;
}
