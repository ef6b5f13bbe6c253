/* hrel_ring -- an SPMD token ring written the way PVM users write one: plain
 * pvm_* calls, no hrel code; a test subject for the preload tracer and
 * prediction (experiments/predict.sh, docs/predict.md).
 *
 * It starts either way an SPMD program is started:
 *   - as N copies at once, from the pvm console (`spawn -4 hrel_ring`) or by one
 *     pvm_spawn of N tasks: every copy learns its peers from pvm_siblings()
 *     and its rank is its place in that list;
 *   - alone, from the shell (pvm_siblings() returns 1): it is rank 0, spawns
 *     N-1 copies of itself with -j and multicasts the N task ids to them
 *     (pvm_mcast); the copies receive that list from their parent.
 * Then rank 0 sends a token of B bytes to rank 1, each rank adds 1 to every
 * byte and sends it to the next, and the last sends it back to rank 0: ROUNDS
 * times round the ring. Every rank sends ROUNDS messages of B bytes and
 * receives ROUNDS. Rank 0 prints the token's checksum (deterministic) and
 * the time. Messages go through the daemons (PVM's default route).
 *
 * usage: hrel_ring [-n TASKS] [-b BYTES] [-r ROUNDS]   (-n: started alone only)
 *        hrel_ring -j ...   (a copy: the ring's task ids come from the parent)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#define TAG_LIST 51
#define TAG_TOKEN 52
#define MAXN 64

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    int n = 4, b = 1024, rounds = 1000, join = 0, c, i, r, me, rank, nsib;
    int tids[MAXN], *sibs;
    unsigned char *tok;
    unsigned long sum = 0;
    double t0;

    while ((c = getopt(argc, argv, "n:b:r:j")) != -1) {
        switch (c) {
        case 'n': n = atoi(optarg); break;
        case 'b': b = atoi(optarg); break;
        case 'r': rounds = atoi(optarg); break;
        case 'j': join = 1; break;
        default:
            fprintf(stderr, "usage: hrel_ring [-n TASKS] [-b BYTES] [-r ROUNDS]\n");
            return 2;
        }
    }
    if (n < 2 || n > MAXN || b < 1 || rounds < 1) {
        fprintf(stderr, "hrel_ring: -n 2..%d, -b >= 1, -r >= 1\n", MAXN);
        return 2;
    }
    t0 = now_s();
    if ((me = pvm_mytid()) < 0)
        return 1;
    nsib = pvm_siblings(&sibs);
    if (join) {                           /* a copy spawned by a lone rank 0 */
        pvm_recv(pvm_parent(), TAG_LIST);
        pvm_upkint(&n, 1, 1);
        if (n < 2 || n > MAXN) { pvm_exit(); return 1; }
        pvm_upkint(tids, n, 1);
    } else if (nsib > 1) {                /* N copies started at once */
        n = nsib > MAXN ? MAXN : nsib;
        memcpy(tids, sibs, n * sizeof *tids);
    } else {                              /* alone: start the others */
        char ns[16], bs[16], rs[16], *args[8];
        snprintf(ns, sizeof ns, "%d", n);
        snprintf(bs, sizeof bs, "%d", b);
        snprintf(rs, sizeof rs, "%d", rounds);
        args[0] = "-j"; args[1] = "-n"; args[2] = ns; args[3] = "-b"; args[4] = bs;
        args[5] = "-r"; args[6] = rs; args[7] = NULL;
        tids[0] = me;
        if (pvm_spawn("hrel_ring", args, PvmTaskDefault, "", n - 1, tids + 1) != n - 1) {
            fprintf(stderr, "hrel_ring: could not spawn %d copies\n", n - 1);
            pvm_exit();
            return 1;
        }
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&n, 1, 1);
        pvm_pkint(tids, n, 1);
        pvm_mcast(tids + 1, n - 1, TAG_LIST);
    }
    for (rank = 0; rank < n && tids[rank] != me; rank++)
        ;
    if (rank == n || !(tok = calloc((size_t)b, 1))) {
        pvm_exit();
        return 1;
    }
    for (r = 0; r < rounds; r++) {
        if (rank != 0) {
            pvm_recv(tids[rank - 1], TAG_TOKEN);
            pvm_upkbyte((char *)tok, b, 1);
        }
        for (i = 0; i < b; i++)
            tok[i]++;
        pvm_initsend(PvmDataDefault);
        pvm_pkbyte((char *)tok, b, 1);
        pvm_send(tids[(rank + 1) % n], TAG_TOKEN);
        if (rank == 0) {
            pvm_recv(tids[n - 1], TAG_TOKEN);
            pvm_upkbyte((char *)tok, b, 1);
        }
    }
    if (rank == 0) {
        for (i = 0; i < b; i++)
            sum += tok[i];
        printf("hrel_ring: tasks=%d bytes=%d rounds=%d checksum=%lu time=%.6f s\n", n, b, rounds,
               sum, now_s() - t0);
    }
    free(tok);
    pvm_exit();
    return 0;
}
