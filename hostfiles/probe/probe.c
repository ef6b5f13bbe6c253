/* hrel-probe -- raw TCP point-to-point bandwidth probe for emulated platforms.
 *
 * Contract: `hrel-probe recv PORT [WARMUP_S]` accepts one TCP connection on
 * PORT, reads until the sender closes and prints one line
 *   rate_mbit R mean_mbit M bytes B seconds S total_bytes TB t_first T0 t_last T1
 * where R is the median over 0.1 s bins of the TCP payload rate the receiver
 * saw (Mbit/s) after the first WARMUP_S seconds (default 0.25 s: slow start
 * is left out), M the plain mean over that window, B and S its bytes and
 * length. The median is robust to a lost segment: TCP then holds later data
 * until the retransmission and hands it over at once, which shifts a window
 * mean by up to a few percent while the wire rate is steady. TB is every
 * byte received, T0 and T1 the CLOCK_MONOTONIC times of the first and last
 * read (one clock for all namespaces of a machine, so simultaneous probes can
 * be added up over their common span).
 * `hrel-probe send HOST PORT SECONDS [AT]` connects to HOST:PORT (retrying for
 * 5 s while the receiver starts), waits until CLOCK_MONOTONIC time AT if given
 * (so that flows started from different hosts begin together), writes for
 * SECONDS and closes; it prints
 *   sent_bytes B
 * `hrel-probe now` prints the CLOCK_MONOTONIC time (seconds), to compute an AT.
 * Both exit 0 on success and print one line "hrel-probe: ..." on stderr and
 * exit 1 on failure. No PVM: this measures the network under PVM.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* the receiver gives up when no sender connects within this time */
#define ACCEPT_TIMEOUT_MS 60000

#define PROBE_BUF  65536     /* bytes per write call */
#define PROBE_RBUF 4194304   /* bytes per read call: one read drains the socket */
#define PROBE_BIN_S 0.1      /* seconds per bin of the receive-rate median */
#define PROBE_NBIN 36000     /* bins kept (one hour) */

/* Seconds on CLOCK_MONOTONIC. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Print the usage text on F. */
static void usage(FILE *f)
{
    fprintf(f,
        "usage: hrel-probe recv PORT [WARMUP_S]\n"
        "       hrel-probe send HOST PORT SECONDS [AT]\n"
        "       hrel-probe now\n"
        "Raw TCP bandwidth probe: the receiver prints\n"
        "  rate_mbit R mean_mbit M bytes B seconds S total_bytes TB t_first T0 t_last T1\n"
        "(R: median payload Mbit/s over 0.1 s bins after the warm-up, M: mean;\n"
        "TB all bytes, T0 T1 first and last read on CLOCK_MONOTONIC),\n"
        "the sender 'sent_bytes B'; it starts writing at CLOCK_MONOTONIC time AT\n"
        "if given ('hrel-probe now' prints that clock), so flows begin together.\n");
}

/* Parse a port number. Return 0, or -1 if S is not 1..65535. */
static int parse_port(const char *s, int *port)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < 1 || v > 65535) return -1;
    *port = (int)v;
    return 0;
}

/* Parse a non-negative number of seconds. Return 0, or -1. */
static int parse_seconds(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || !(v >= 0.0) || v > 3600.0) return -1;
    *out = v;
    return 0;
}

/* Compare two doubles for qsort. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Receive one connection on PORT and print the rate. Return 0 or 1. */
static int do_recv(int port, double warmup_s)
{
    static char buf[PROBE_RBUF];
    static long long bin_bytes[PROBE_NBIN];
    static double bin_mbit[PROBE_NBIN];
    struct sockaddr_in a;
    int one = 1, ls, s, nbin, i;
    double t0 = 0, t_start = 0, t_last = 0;
    long long total = 0, counted = 0;

    ls = socket(AF_INET, SOCK_STREAM, 0);
    if (ls < 0) { perror("hrel-probe: socket"); return 1; }
    setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    a.sin_port = htons((unsigned short)port);
    if (bind(ls, (struct sockaddr *)&a, sizeof a) < 0 || listen(ls, 1) < 0) {
        fprintf(stderr, "hrel-probe: cannot listen on port %d: %s\n", port, strerror(errno));
        close(ls);
        return 1;
    }
    {   /* a sender that never connects (dead network) must not hang us */
        struct pollfd pf;
        int pr;
        pf.fd = ls;
        pf.events = POLLIN;
        do
            pr = poll(&pf, 1, ACCEPT_TIMEOUT_MS);
        while (pr < 0 && errno == EINTR);
        if (pr == 0) {
            fprintf(stderr, "hrel-probe: no sender connected within %d s\n",
                    ACCEPT_TIMEOUT_MS / 1000);
            close(ls);
            return 1;
        }
    }
    s = accept(ls, NULL, NULL);
    close(ls);
    if (s < 0) { perror("hrel-probe: accept"); return 1; }
    for (;;) {
        ssize_t n = read(s, buf, sizeof buf);
        double t;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) { perror("hrel-probe: read"); close(s); return 1; }
        if (n == 0) break;
        t = now_s();
        if (total == 0) t0 = t;
        total += n;
        if (t - t0 >= warmup_s) {
            if (t_start == 0) {
                t_start = t;   /* window opens at this read */
            } else {
                long b = (long)((t - t_start) / PROBE_BIN_S);
                if (b < PROBE_NBIN) bin_bytes[b] += n;
                counted += n;
            }
            t_last = t;
        }
    }
    close(s);
    nbin = (int)((t_last - t_start) / PROBE_BIN_S);   /* full bins only */
    if (nbin > PROBE_NBIN) nbin = PROBE_NBIN;
    if (nbin < 3) {
        fprintf(stderr, "hrel-probe: too little data after the %.2f s warm-up (%lld bytes)\n",
                warmup_s, total);
        return 1;
    }
    for (i = 0; i < nbin; i++) bin_mbit[i] = 8e-6 * (double)bin_bytes[i] / PROBE_BIN_S;
    qsort(bin_mbit, (size_t)nbin, sizeof bin_mbit[0], cmp_double);
    printf("rate_mbit %.4f mean_mbit %.4f bytes %lld seconds %.6f "
           "total_bytes %lld t_first %.6f t_last %.6f\n",
           nbin % 2 ? bin_mbit[nbin / 2] : 0.5 * (bin_mbit[nbin / 2 - 1] + bin_mbit[nbin / 2]),
           8e-6 * (double)counted / (t_last - t_start), counted, t_last - t_start,
           total, t0, t_last);
    return 0;
}

/* Connect to HOST:PORT, retrying for 5 s. Return the socket or -1. */
static int connect_retry(const char *host, int port)
{
    struct addrinfo hints, *res = NULL;
    char ps[16];
    double t_end = now_s() + 5.0;
    int rc;

    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    snprintf(ps, sizeof ps, "%d", port);
    rc = getaddrinfo(host, ps, &hints, &res);
    if (rc != 0) {
        fprintf(stderr, "hrel-probe: cannot resolve '%s': %s\n", host, gai_strerror(rc));
        return -1;
    }
    for (;;) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct timespec nap = {0, 20000000};
        if (s < 0) { perror("hrel-probe: socket"); break; }
        if (connect(s, res->ai_addr, res->ai_addrlen) == 0) { freeaddrinfo(res); return s; }
        rc = errno;
        close(s);
        if (now_s() > t_end) {
            fprintf(stderr, "hrel-probe: cannot connect to %s:%d: %s\n", host, port, strerror(rc));
            break;
        }
        nanosleep(&nap, NULL);
    }
    freeaddrinfo(res);
    return -1;
}

/* Sleep until CLOCK_MONOTONIC time AT (no-op if it has passed). */
static void sleep_until(double at)
{
    struct timespec ts;
    ts.tv_sec = (time_t)at;
    ts.tv_nsec = (long)((at - (double)ts.tv_sec) * 1e9);
    if (ts.tv_nsec > 999999999L) ts.tv_nsec = 999999999L;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}

/* Send to HOST:PORT for SECONDS, starting at monotonic time AT (0: at once).
   Return 0 or 1. */
static int do_send(const char *host, int port, double seconds, double at)
{
    static char buf[PROBE_BUF];
    long long sent = 0;
    double t_end;
    int s = connect_retry(host, port);

    if (s < 0) return 1;
    memset(buf, 0x5a, sizeof buf);
    if (at > 0) sleep_until(at);
    t_end = now_s() + seconds;
    while (now_s() < t_end) {
        ssize_t n = write(s, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) { perror("hrel-probe: write"); close(s); return 1; }
        sent += n;
    }
    close(s);
    printf("sent_bytes %lld\n", sent);
    return 0;
}

int main(int argc, char **argv)
{
    int port;
    double sec = 0.25;

    signal(SIGPIPE, SIG_IGN);
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    if (argc >= 3 && argc <= 4 && !strcmp(argv[1], "recv")) {
        if (parse_port(argv[2], &port) != 0) {
            fprintf(stderr, "hrel-probe: bad port '%s'\n", argv[2]);
            return 1;
        }
        if (argc == 4 && parse_seconds(argv[3], &sec) != 0) {
            fprintf(stderr, "hrel-probe: bad warm-up '%s' (seconds)\n", argv[3]);
            return 1;
        }
        return do_recv(port, sec);
    }
    if (argc == 2 && !strcmp(argv[1], "now")) {
        printf("%.6f\n", now_s());
        return 0;
    }
    if ((argc == 5 || argc == 6) && !strcmp(argv[1], "send")) {
        double at = 0;
        char *end;
        if (parse_port(argv[3], &port) != 0) {
            fprintf(stderr, "hrel-probe: bad port '%s'\n", argv[3]);
            return 1;
        }
        if (parse_seconds(argv[4], &sec) != 0 || sec <= 0) {
            fprintf(stderr, "hrel-probe: bad duration '%s' (seconds > 0)\n", argv[4]);
            return 1;
        }
        if (argc == 6) {
            at = strtod(argv[5], &end);
            if (*argv[5] == '\0' || *end != '\0' || !(at > 0)) {
                fprintf(stderr, "hrel-probe: bad start time '%s' (CLOCK_MONOTONIC seconds)\n", argv[5]);
                return 1;
            }
        }
        return do_send(argv[2], port, sec, at);
    }
    fprintf(stderr, "hrel-probe: expected 'recv PORT [WARMUP_S]' 'send HOST PORT SECONDS [AT]' or 'now' (--help)\n");
    return 1;
}
