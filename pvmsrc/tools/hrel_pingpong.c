/* hrel_pingpong -- a minimal bare PVM ping-pong, the yardstick of `make bench`.
 *
 * The master spawns one peer (itself with --peer) on another host of the
 * virtual machine when there is one (else beside itself), and for each size sends m
 * bytes, waits for the m bytes echoed back, and takes half of the round trip
 * as the one-way time; it prints one line per size with the median and mean
 * over the repetitions. Same routing and encoding options as hrel_bench, no
 * barrier, no content checks, nothing else in the loop.
 *
 * usage: hrel_pingpong [-s SIZES] [-r REPS] [-w WARMUP] [--route direct|daemon]
 *                      [--encoding raw|inplace|default]   (see --help)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "tags.h"
#include "sample.h"
#include "ppopts.h"
#include "vm.h"
#include "vmopts.h"


static int peer(void)
{
    int parent = pvm_parent(), bufid, len, tag, tid, enc = PvmDataRaw, route;
    char *buf = NULL;
    for (;;) {
        bufid = pvm_recv(parent, -1);
        if (bufid < 0)
            break;
        pvm_bufinfo(bufid, &len, &tag, &tid);
        if (tag != HREL_TAG_PING)
            break;
        pvm_upkint(&enc, 1, 1);
        pvm_upkint(&route, 1, 1);
        pvm_setopt(PvmRoute, route);
        free(buf);
        buf = malloc((size_t)len + 1);
        for (;;) {   /* echo until a zero-length message */
            int n;
            bufid = pvm_recv(parent, HREL_TAG_PING + 1);
            pvm_bufinfo(bufid, &n, &tag, &tid);
            if (n == 0)
                break;
            buf = realloc(buf, (size_t)n);
            pvm_upkbyte(buf, n, 1);
            pvm_initsend(enc);
            pvm_pkbyte(buf, n, 1);
            pvm_send(parent, HREL_TAG_PING + 1);
        }
    }
    free(buf);
    pvm_exit();
    return 0;
}

/* The first host of the virtual machine that is not this task's own, or ""
 * (any) when there is only one. */
static void peer_host(char *buf, size_t len)
{
    char **hosts = NULL, own[64], err[256];
    int nhost = 0, i;
    buf[0] = '\0';
    if (hrel_vm_hosts(&hosts, &nhost, err, sizeof err) < 0)
        return;
    hrel_vm_task_host(pvm_mytid(), own, sizeof own);
    for (i = 0; i < nhost && !buf[0]; i++)
        if (strcmp(hosts[i], own) != 0)
            snprintf(buf, len, "%s", hosts[i]);
    hrel_vm_free_names(hosts, nhost);
}

static const char usage_text[] =
    "usage: hrel_pingpong [-s|--sizes LIST] [-r|--reps N] [-w|--warmup N]\n"
    "                     [--route direct|daemon] [--encoding raw|inplace|default]\n"
    "Bare PVM ping-pong: one-way time = round trip / 2, median and mean per size.\n"
    "  -s LIST   message sizes in bytes, k = 1024, M = 1048576\n"
    "            (default 1,6720,107520,1720320)\n"
    "  -r N      timed round trips per size (default 200)\n"
    "  -w N      untimed round trips before them (default 10)\n"
    "  --route, --encoding   as hrel_bench (default direct, raw)\n"
    "--opt VALUE and --opt=VALUE both work.\n";

int main(int argc, char **argv)
{
    hrel_pp_opts o;
    int i, k, peer_tid, enc, route, rc;
    char err[256];

    rc = hrel_args_exit_code("hrel_pingpong", hrel_pp_opts_parse(&o, argc, argv, 1, err, sizeof err),
                             NULL, usage_text, err, stdout, stderr);
    if (rc >= 0)
        return rc;
    if (o.peer)
        return pvm_mytid() < 0 ? 1 : peer();
    enc = hrel_vmopts_encoding(o.encoding);
    route = hrel_vmopts_route(o.route);
    if (hrel_vm_enroll() < 0) {
        fprintf(stderr, "hrel_pingpong: no PVM daemon answers\n");
        return 1;
    }
    {
        char *pargv[] = {"--peer", NULL}, where[64];
        peer_host(where, sizeof where);
        int n = pvm_spawn("hrel_pingpong", pargv, where[0] ? PvmTaskHost : PvmTaskDefault,
                          where, 1, &peer_tid);
        if (n != 1) {
            fprintf(stderr, "hrel_pingpong: cannot spawn the peer on host %s (PVM error %d)\n",
                    where[0] ? where : "(any)", n < 0 ? n : peer_tid);
            pvm_exit();
            return 1;
        }
    }
    pvm_setopt(PvmRoute, route);
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&enc, 1, 1);
    pvm_pkint(&route, 1, 1);
    pvm_send(peer_tid, HREL_TAG_PING);
    {
        char h1[64], h2[64];
        printf("# bare PVM ping-pong, routing %s, encoding %s; one-way = round trip / 2; "
               "hosts %s and %s\n", hrel_vm_route_name(route), hrel_vm_encoding_name(enc),
               hrel_vm_task_host(pvm_mytid(), h1, sizeof h1),
               hrel_vm_task_host(peer_tid, h2, sizeof h2));
    }
    printf("bytes,reps,median_s,mean_s\n");
    for (k = 0; k < o.nsizes; k++) {
        long m = o.sizes[k];
        char *buf = malloc((size_t)m);
        double *t = malloc((size_t)o.reps * sizeof *t), sum = 0.0;
        memset(buf, 0x5a, (size_t)m);
        for (i = -o.warm; i < o.reps; i++) {
            double t0 = hrel_clock_now(), t1;
            pvm_initsend(enc);
            pvm_pkbyte(buf, (int)m, 1);
            pvm_send(peer_tid, HREL_TAG_PING + 1);
            if (hrel_vm_recv(peer_tid, HREL_TAG_PING + 1, 120.0, NULL, NULL, err, sizeof err) < 0) {
                fprintf(stderr, "hrel_pingpong: %s\n", err);
                pvm_exit();
                return 1;
            }
            pvm_upkbyte(buf, (int)m, 1);
            t1 = hrel_clock_now();
            if (i >= 0) {
                t[i] = (t1 - t0) / 2.0;
                sum += t[i];
            }
        }
        printf("%ld,%d,%.9f,%.9f\n", m, o.reps, hrel_sample_median(t, (size_t)o.reps), sum / o.reps);
        free(buf);
        free(t);
    }
    pvm_initsend(PvmDataDefault);
    pvm_send(peer_tid, HREL_TAG_PING + 1);   /* zero length: stop echoing */
    pvm_initsend(PvmDataDefault);
    pvm_send(peer_tid, HREL_TAG_PING + 2);   /* not HREL_TAG_PING: peer exits */
    pvm_exit();
    return 0;
}
