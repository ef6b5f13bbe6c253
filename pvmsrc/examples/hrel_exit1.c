/* hrel_exit1 -- a ping-pong timing program that ends with exit(1) after a
 * normal run, as many legacy PVM programs do (PVM's own timing and spmd
 * examples among them): plain pvm_* calls, no hrel code; a test subject for
 * the preload tracer and predict.sh, which warn and go on.
 *
 * The task started from the shell spawns one copy of itself and sends it N
 * messages of B bytes, each answered by one int (pvm_psend/pvm_precv on
 * one side, pvm_send/pvm_recv on the other); then both call pvm_exit and the
 * first exits with status 1.
 *
 * usage: hrel_exit1 [-n ROUNDS] [-b BYTES]
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#define TAG_PING 41
#define TAG_PONG 42

int main(int argc, char **argv)
{
    int n = 50, b = 4096, c, i, child, len, rtid, rtag, got;
    char *buf;
    struct timeval t0, t1;

    while ((c = getopt(argc, argv, "n:b:")) != -1) {
        switch (c) {
        case 'n': n = atoi(optarg); break;
        case 'b': b = atoi(optarg); break;
        default:
            fprintf(stderr, "usage: hrel_exit1 [-n ROUNDS] [-b BYTES]\n");
            return 2;
        }
    }
    if (n < 1 || b < 1 || !(buf = calloc((size_t)b, 1)))
        return 2;
    pvm_mytid();
    if (pvm_parent() == PvmNoParent) {
        char ns[16], bs[16], *args[5];
        snprintf(ns, sizeof ns, "%d", n);
        snprintf(bs, sizeof bs, "%d", b);
        args[0] = "-n"; args[1] = ns; args[2] = "-b"; args[3] = bs; args[4] = NULL;
        if (pvm_spawn("hrel_exit1", args, PvmTaskDefault, "", 1, &child) != 1) {
            fprintf(stderr, "hrel_exit1: could not spawn\n");
            pvm_exit();
            exit(1);
        }
        gettimeofday(&t0, NULL);
        for (i = 0; i < n; i++) {
            pvm_psend(child, TAG_PING, buf, b, PVM_BYTE);
            pvm_precv(child, TAG_PONG, &got, 1, PVM_INT, &rtid, &rtag, &len);
        }
        gettimeofday(&t1, NULL);
        printf("hrel_exit1: %d round trips of %d bytes: %.1f us each\n", n, b,
               ((t1.tv_sec - t0.tv_sec) * 1e6 + (t1.tv_usec - t0.tv_usec)) / n);
        pvm_exit();
        exit(1);   /* the habit this program stands for */
    }
    for (i = 0; i < n; i++) {
        pvm_recv(pvm_parent(), TAG_PING);
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&i, 1, 1);
        pvm_send(pvm_parent(), TAG_PONG);
    }
    pvm_exit();
    return 0;
}
