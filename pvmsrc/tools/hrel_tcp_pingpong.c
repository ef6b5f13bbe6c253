/* hrel_tcp_pingpong -- raw loopback TCP ping-pong, the floor under PVM in
 * `make bench`. A forked child echoes; the parent sends m bytes, reads the m
 * bytes back, and takes half the round trip as one-way time (TCP_NODELAY).
 * Uses no PVM (it lives in pvmsrc/ only to share the clock and the build).
 *
 * usage: hrel_tcp_pingpong [-s SIZES] [-r REPS] [-w WARMUP]
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "args.h"
#include "clock.h"
#include "sample.h"
#include "ppopts.h"

static int xfer(int fd, char *buf, long n, int sending)
{
    long done = 0;
    while (done < n) {
        ssize_t k = sending ? write(fd, buf + done, (size_t)(n - done))
                            : read(fd, buf + done, (size_t)(n - done));
        if (k <= 0)
            return -1;
        done += k;
    }
    return 0;
}

static const char usage_text[] =
    "usage: hrel_tcp_pingpong [-s|--sizes LIST] [-r|--reps N] [-w|--warmup N]\n"
    "Raw loopback TCP ping-pong (TCP_NODELAY), the yardstick under PVM:\n"
    "  -s LIST   message sizes in bytes, k = 1024, M = 1048576\n"
    "            (default 1,6720,107520,1720320)\n"
    "  -r N      timed round trips per size (default 200)\n"
    "  -w N      untimed round trips before them (default 10)\n"
    "--opt VALUE and --opt=VALUE both work.\n";

int main(int argc, char **argv)
{
    hrel_pp_opts o;
    long maxs = 0;
    int i, k, ls, fd, one = 1, rc;
    char err[256];
    struct sockaddr_in a;
    socklen_t alen = sizeof a;
    pid_t child;
    char *buf;

    rc = hrel_args_exit_code("hrel_tcp_pingpong", hrel_pp_opts_parse(&o, argc, argv, 0, err, sizeof err),
                             NULL, usage_text, err, stdout, stderr);
    if (rc >= 0)
        return rc;
    for (k = 0; k < o.nsizes; k++)
        if (o.sizes[k] > maxs)
            maxs = o.sizes[k];
    buf = malloc((size_t)maxs);
    memset(buf, 0x5a, (size_t)maxs);
    ls = socket(AF_INET, SOCK_STREAM, 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) < 0 || listen(ls, 1) < 0 ||
        getsockname(ls, (struct sockaddr *)&a, &alen) < 0) {
        perror("hrel_tcp_pingpong: socket");
        return 1;
    }
    child = fork();
    if (child == 0) {   /* echo server: sizes arrive in the same order */
        int c = accept(ls, NULL, NULL);
        setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        for (k = 0; k < o.nsizes; k++)
            for (i = -o.warm; i < o.reps; i++)
                if (xfer(c, buf, o.sizes[k], 0) < 0 || xfer(c, buf, o.sizes[k], 1) < 0)
                    _exit(1);
        _exit(0);
    }
    close(ls);
    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        perror("hrel_tcp_pingpong: connect");
        kill(child, SIGTERM);
        return 1;
    }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    printf("# raw loopback TCP ping-pong (TCP_NODELAY); one-way = round trip / 2\n");
    printf("bytes,reps,median_s,mean_s\n");
    for (k = 0; k < o.nsizes; k++) {
        double *t = malloc((size_t)o.reps * sizeof *t), sum = 0.0;
        for (i = -o.warm; i < o.reps; i++) {
            double t0 = hrel_clock_now();
            if (xfer(fd, buf, o.sizes[k], 1) < 0 || xfer(fd, buf, o.sizes[k], 0) < 0) {
                fprintf(stderr, "hrel_tcp_pingpong: connection lost\n");
                return 1;
            }
            if (i >= 0) {
                t[i] = (hrel_clock_now() - t0) / 2.0;
                sum += t[i];
            }
        }
        printf("%ld,%d,%.9f,%.9f\n", o.sizes[k], o.reps, hrel_sample_median(t, (size_t)o.reps),
               sum / o.reps);
        free(t);
    }
    close(fd);
    waitpid(child, NULL, 0);
    free(buf);
    return 0;
}
