/* hrel_preload_check -- prints what a PVM program sees of libpvm3, so a test
 * can run it with and without the preload tracer and compare (the tracer must
 * change nothing): return values, buffer ids (active send and receive
 * buffers), pvm_errno and errno after failing calls, message contents and
 * bufinfo, for send, psend, mcast, recv, nrecv, probe, trecv and precv; and
 * whether a block of 200 KB still gets a mapping of its own from malloc after
 * the tracer has written its records (its buffer must not move glibc's mmap
 * threshold, which moves a program's large blocks onto the heap).
 * Task ids differ between runs and are never printed.
 *
 * usage: hrel_preload_check          (spawns one copy of itself)
 */
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <pvm3.h>

#define NAME "hrel_preload_check"

extern int pvm_errno;   /* libpvm3's error code (not in pvm3.h) */

static void child(void)
{
    int parent = pvm_parent(), v[10], i, sum = 0, n, tid, tag;
    double d[5];
    pvm_recv(parent, 1);
    pvm_upkint(v, 10, 1);
    for (i = 0; i < 10; i++)
        sum += v[i];
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&sum, 1, 1);
    pvm_send(parent, 3);
    pvm_precv(parent, 2, d, 5, PVM_DOUBLE, &tid, &tag, &n);
    for (i = 0; i < 5; i++)
        d[i] *= 2;
    pvm_psend(parent, 4, d, 5, PVM_DOUBLE);
    pvm_recv(parent, 5);
    pvm_exit();
}

int main(int argc, char **argv)
{
    int kid, cc, b, nb, tag, src, v[10], i, sum, n, t, g;
    double d[5] = {1, 2, 3, 4, 5};
    struct timeval tmo = {0, 20000};
    (void)argc;
    (void)argv;
    if (pvm_mytid() < 0)
        return 1;
    if (pvm_parent() != PvmNoParent) {
        child();
        return 0;
    }
    cc = pvm_spawn(NAME, NULL, PvmTaskDefault, "", 1, &kid);
    printf("spawn %d\n", cc);
    if (cc != 1)
        return 1;
    printf("sbuf before %d\n", pvm_getsbuf());
    b = pvm_initsend(PvmDataDefault);
    printf("initsend %d sbuf %d\n", b, pvm_getsbuf());
    for (i = 0; i < 10; i++)
        v[i] = i + 1;
    printf("pkint %d\n", pvm_pkint(v, 10, 1));
    cc = pvm_send(kid, 1);
    printf("send %d sbuf %d rbuf %d\n", cc, pvm_getsbuf(), pvm_getrbuf());
    cc = pvm_psend(kid, 2, d, 5, PVM_DOUBLE);
    printf("psend %d sbuf %d\n", cc, pvm_getsbuf());
    b = pvm_recv(kid, 3);
    cc = pvm_bufinfo(b, &nb, &tag, &src);
    pvm_upkint(&sum, 1, 1);
    printf("recv %d rbuf %d bufinfo %d bytes %d tag %d from_child %d sum %d\n", b,
           pvm_getrbuf(), cc, nb, tag, src == kid, sum);
    errno = 4242;
    cc = pvm_nrecv(kid, 77);
    printf("nrecv %d errno %d pvm_errno %d rbuf %d\n", cc, errno, pvm_errno, pvm_getrbuf());
    cc = pvm_probe(kid, 77);
    printf("probe %d\n", cc);
    cc = pvm_trecv(kid, 99, &tmo);
    printf("trecv %d rbuf %d\n", cc, pvm_getrbuf());
    n = t = g = -1;
    cc = pvm_precv(kid, 4, d, 5, PVM_DOUBLE, &t, &g, &n);
    printf("precv %d from_child %d tag %d len %d d %g %g rbuf %d\n", cc, t == kid, g, n, d[0],
           d[4], pvm_getrbuf());
    pvm_initsend(PvmDataDefault);
    cc = pvm_mcast(&kid, 1, 5);
    printf("mcast %d\n", cc);
    pvm_setopt(PvmAutoErr, 0);
    errno = 4242;
    cc = pvm_send(0x3ffff, 6);   /* no such task */
    printf("bad send %d pvm_errno %d errno %d\n", cc, pvm_errno, errno);
    errno = 4343;
    cc = pvm_bufinfo(999999, &nb, &tag, &src);
    printf("bad bufinfo %d pvm_errno %d errno %d\n", cc, pvm_errno, errno);
    {   /* the tracer has written its records (before the first receive that waits) */
        size_t before = mallinfo2().hblks;
        char *big = malloc(200 * 1024);
        printf("malloc of 200 KB in a mapping of its own %d\n", big && mallinfo2().hblks == before + 1);
        free(big);
    }
    cc = pvm_exit();
    printf("exit %d\n", cc);
    return 0;
}
