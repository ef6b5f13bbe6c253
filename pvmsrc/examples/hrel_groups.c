/* hrel_groups -- a program written with PVM's group functions, the way PVM
 * users write one: plain pvm_* calls, no hrel code; a test subject for the
 * preload tracer and prediction (experiments/predict.sh, docs/predict.md).
 *
 * The task started from the shell joins the group "hrel_groups" (instance 0:
 * its join starts PVM's group server) and spawns P-1 copies of itself, which
 * join too; all wait at a barrier until the P have joined. Then, ROUNDS times: instance 0 broadcasts a vector of N doubles
 * (pvm_bcast), every member scales its copy by (instance + 1) and the sums are
 * reduced onto instance 0 (pvm_reduce with PvmSum); instance 0 scatters N
 * doubles per member (pvm_scatter) and gathers them back, each plus one
 * (pvm_gather). A last barrier, pvm_lvgroup, pvm_exit. Instance 0 prints the
 * checks (deterministic) and the time.
 *
 * usage: hrel_groups [-p TASKS] [-n DOUBLES] [-r ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#define GROUP "hrel_groups"
#define TAG_BCAST 31
#define TAG_SUM 32
#define TAG_SCATTER 33
#define TAG_GATHER 34
#define MAXP 32

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    int p = 4, n = 1000, rounds = 3, c, inst, r, i, tids[MAXP];
    double *v, *part, *all = NULL, t0, sum_check = 0, gather_check = 0;

    while ((c = getopt(argc, argv, "p:n:r:")) != -1) {
        switch (c) {
        case 'p': p = atoi(optarg); break;
        case 'n': n = atoi(optarg); break;
        case 'r': rounds = atoi(optarg); break;
        default:
            fprintf(stderr, "usage: hrel_groups [-p TASKS] [-n DOUBLES] [-r ROUNDS]\n");
            return 2;
        }
    }
    if (p < 1 || p > MAXP || n < 1 || rounds < 1) {
        fprintf(stderr, "hrel_groups: -p 1..%d, -n >= 1, -r >= 1\n", MAXP);
        return 2;
    }
    t0 = now_s();
    if (pvm_mytid() < 0)
        return 1;
    inst = pvm_joingroup(GROUP);   /* the first to join (the shell's task) is 0 */
    if (inst < 0) {
        pvm_perror("hrel_groups: pvm_joingroup");
        pvm_exit();
        return 1;
    }
    if (pvm_parent() == PvmNoParent && p > 1) {
        char *args[7];
        char ps[16], ns[16], rs[16];
        snprintf(ps, sizeof ps, "%d", p);
        snprintf(ns, sizeof ns, "%d", n);
        snprintf(rs, sizeof rs, "%d", rounds);
        args[0] = "-p"; args[1] = ps; args[2] = "-n"; args[3] = ns;
        args[4] = "-r"; args[5] = rs; args[6] = NULL;
        if (pvm_spawn("hrel_groups", args, PvmTaskDefault, "", p - 1, tids) != p - 1) {
            fprintf(stderr, "hrel_groups: could not spawn %d tasks\n", p - 1);
            pvm_exit();
            return 1;
        }
    }
    pvm_barrier(GROUP, p);
    v = malloc(n * sizeof *v);
    part = malloc(n * sizeof *part);
    if (inst == 0)
        all = malloc((size_t)n * p * sizeof *all);
    if (!v || !part || (inst == 0 && !all))
        return 1;
    for (r = 0; r < rounds; r++) {
        if (inst == 0) {
            for (i = 0; i < n; i++)
                v[i] = i + r;
            pvm_initsend(PvmDataDefault);
            pvm_pkdouble(v, n, 1);
            pvm_bcast(GROUP, TAG_BCAST);   /* goes to every member but the sender */
        } else {
            pvm_recv(-1, TAG_BCAST);
            pvm_upkdouble(v, n, 1);
        }
        for (i = 0; i < n; i++)
            v[i] *= inst + 1;
        pvm_reduce(PvmSum, v, n, PVM_DOUBLE, TAG_SUM, GROUP, 0);
        if (inst == 0) {
            sum_check += v[n - 1];
            for (i = 0; i < n * p; i++)
                all[i] = i % 97;
        }
        pvm_scatter(part, all, n, PVM_DOUBLE, TAG_SCATTER, GROUP, 0);
        for (i = 0; i < n; i++)
            part[i] += 1;
        pvm_gather(all, part, n, PVM_DOUBLE, TAG_GATHER, GROUP, 0);
        if (inst == 0)
            for (i = 0; i < n * p; i++)
                gather_check += all[i];
    }
    pvm_barrier(GROUP, p);
    if (inst == 0)
        printf("hrel_groups: tasks=%d n=%d rounds=%d sum=%.1f gathered=%.1f time=%.6f s\n", p,
               n, rounds, sum_check, gather_check, now_s() - t0);
    pvm_lvgroup(GROUP);
    free(v);
    free(part);
    free(all);
    pvm_exit();
    return 0;
}
