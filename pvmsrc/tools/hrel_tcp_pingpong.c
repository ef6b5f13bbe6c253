/* hrel_tcp_pingpong -- raw TCP ping-pong, the floor under PVM in `make bench`.
 * The echo side reads m bytes and writes them back; the timing side sends m
 * bytes, reads the m bytes back, and takes half the round trip as one-way time
 * (TCP_NODELAY). By default the echo side is a forked child on loopback; across
 * two hosts one runs `--listen PORT` (echoes one connection, then exits) and
 * the other `--connect HOST:PORT` (retries for 10 s while the listener starts),
 * both with the same sizes, repetitions and warm-ups. Uses no PVM (it lives in
 * pvmsrc/ only to share the clock and the build).
 *
 * usage: hrel_tcp_pingpong [-s SIZES] [-r REPS] [-w WARMUP] [--listen PORT | --connect HOST:PORT]
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <time.h>
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
    "                         [--listen PORT | --connect HOST:PORT]\n"
    "Raw TCP ping-pong (TCP_NODELAY), the yardstick under PVM; loopback with a\n"
    "forked echo child unless --listen (echo one connection) / --connect (time):\n"
    "  -s LIST   message sizes in bytes, k = 1024, M = 1048576\n"
    "            (default 1,6720,107520,1720320)\n"
    "  -r N      timed round trips per size (default 200)\n"
    "  -w N      untimed round trips before them (default 10)\n"
    "  --listen PORT       echo side on this host's PORT (any address)\n"
    "  --connect HOST:PORT timing side against a listener\n"
    "--opt VALUE and --opt=VALUE both work.\n";

/* Echo every round trip of every size on connection C. Return 0 or -1. */
static int echo(int c, const hrel_pp_opts *o, char *buf)
{
    int i, k, one = 1;
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    for (k = 0; k < o->nsizes; k++)
        for (i = -o->warm; i < o->reps; i++)
            if (xfer(c, buf, o->sizes[k], 0) < 0 || xfer(c, buf, o->sizes[k], 1) < 0)
                return -1;
    return 0;
}

/* Time the round trips on connection FD; print the CSV. Return 0 or 1. */
static int timing(int fd, const hrel_pp_opts *o, char *buf, const char *what)
{
    int i, k, one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    printf("# raw %s TCP ping-pong (TCP_NODELAY); one-way = round trip / 2\n", what);
    printf("bytes,reps,median_s,mean_s\n");
    for (k = 0; k < o->nsizes; k++) {
        double *t = malloc((size_t)o->reps * sizeof *t), sum = 0.0;
        if (!t) {
            fprintf(stderr, "hrel_tcp_pingpong: out of memory\n");
            return 1;
        }
        for (i = -o->warm; i < o->reps; i++) {
            double t0 = hrel_clock_now();
            if (xfer(fd, buf, o->sizes[k], 1) < 0 || xfer(fd, buf, o->sizes[k], 0) < 0) {
                fprintf(stderr, "hrel_tcp_pingpong: connection lost\n");
                free(t);
                return 1;
            }
            if (i >= 0) {
                t[i] = (hrel_clock_now() - t0) / 2.0;
                sum += t[i];
            }
        }
        printf("%ld,%d,%.9f,%.9f\n", o->sizes[k], o->reps, hrel_sample_median(t, (size_t)o->reps),
               sum / o->reps);
        free(t);
    }
    return 0;
}

/* A listening socket on ADDR (network order) and PORT (0: any); the bound
 * address in *A. Return the socket or -1. */
static int listener(unsigned long addr, int port, struct sockaddr_in *a)
{
    socklen_t alen = sizeof *a;
    int ls = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    memset(a, 0, sizeof *a);
    a->sin_family = AF_INET;
    a->sin_addr.s_addr = (in_addr_t)addr;
    a->sin_port = htons((unsigned short)port);
    if (ls >= 0)
        setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (ls < 0 || bind(ls, (struct sockaddr *)a, sizeof *a) < 0 || listen(ls, 1) < 0 ||
        getsockname(ls, (struct sockaddr *)a, &alen) < 0) {
        perror("hrel_tcp_pingpong: listen");
        if (ls >= 0)
            close(ls);
        return -1;
    }
    return ls;
}

/* Connect to SPEC "HOST:PORT", retrying for 10 s. Return the socket or -1. */
static int connect_to(const char *spec)
{
    char host[256];
    const char *colon = strrchr(spec, ':');
    struct addrinfo hints, *res = NULL;
    int tries;
    if (!colon || colon == spec || (size_t)(colon - spec) >= sizeof host || !colon[1]) {
        fprintf(stderr, "hrel_tcp_pingpong: --connect '%s': give HOST:PORT\n", spec);
        return -1;
    }
    memcpy(host, spec, (size_t)(colon - spec));
    host[colon - spec] = '\0';
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, colon + 1, &hints, &res) != 0 || !res) {
        fprintf(stderr, "hrel_tcp_pingpong: --connect '%s': unknown host or port\n", spec);
        return -1;
    }
    for (tries = 0; tries < 100; tries++) {
        struct timespec ts = {0, 100000000L};
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd >= 0 && connect(fd, res->ai_addr, res->ai_addrlen) == 0) {
            freeaddrinfo(res);
            return fd;
        }
        if (fd >= 0)
            close(fd);
        nanosleep(&ts, NULL);
    }
    freeaddrinfo(res);
    fprintf(stderr, "hrel_tcp_pingpong: no listener at %s within 10 s\n", spec);
    return -1;
}

int main(int argc, char **argv)
{
    hrel_pp_opts o;
    long maxs = 0;
    int k, ls, fd, rc;
    char err[256], *buf;
    struct sockaddr_in a;
    pid_t child;

    rc = hrel_args_exit_code("hrel_tcp_pingpong", hrel_pp_opts_parse(&o, argc, argv, 0, err, sizeof err),
                             NULL, usage_text, err, stdout, stderr);
    if (rc >= 0)
        return rc;
    if (o.listen_port && o.connect) {
        fprintf(stderr, "hrel_tcp_pingpong: give --listen or --connect, not both\n");
        return 2;
    }
    for (k = 0; k < o.nsizes; k++)
        if (o.sizes[k] > maxs)
            maxs = o.sizes[k];
    buf = malloc((size_t)maxs);
    if (!buf) {
        fprintf(stderr, "hrel_tcp_pingpong: out of memory\n");
        return 1;
    }
    memset(buf, 0x5a, (size_t)maxs);
    if (o.listen_port) {   /* echo side across hosts */
        int c;
        ls = listener(htonl(INADDR_ANY), o.listen_port, &a);
        c = ls < 0 ? -1 : accept(ls, NULL, NULL);
        rc = c < 0 || echo(c, &o, buf) < 0;
        free(buf);
        return rc;
    }
    if (o.connect) {       /* timing side across hosts */
        fd = connect_to(o.connect);
        rc = fd < 0 ? 1 : timing(fd, &o, buf, "cross-host");
        if (fd >= 0)
            close(fd);
        free(buf);
        return rc;
    }
    ls = listener(htonl(INADDR_LOOPBACK), 0, &a);
    if (ls < 0)
        return 1;
    child = fork();
    if (child == 0) {   /* echo server: sizes arrive in the same order */
        int c = accept(ls, NULL, NULL);
        _exit(c < 0 || echo(c, &o, buf) < 0);
    }
    close(ls);
    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        perror("hrel_tcp_pingpong: connect");
        kill(child, SIGTERM);
        return 1;
    }
    rc = timing(fd, &o, buf, "loopback");
    close(fd);
    if (rc)
        kill(child, SIGTERM);
    waitpid(child, NULL, 0);
    free(buf);
    return rc;
}
