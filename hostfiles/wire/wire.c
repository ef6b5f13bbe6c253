/* hrel-wire -- userspace Ethernet wire between TAP devices.
 *
 * Contract: `hrel-wire --model switch|hub --rate BPS --ports N --prefix P
 * [--delay SEC] [--queue BYTES] [--seed S]` creates N TAP devices P1..PN in
 * its network namespace, prints "ready" on stdout and then carries every frame
 * one station writes to the station(s) it is for, releasing it at the time the
 * model of lib/model/wire_model.h says: a store-and-forward switch or a shared
 * CSMA/CD segment at BPS bit/s with a one-way delay of SEC per link. The caller
 * (hostfiles/platform.sh) moves each TAP into its host's namespace; the
 * device keeps working there. Destinations come from the source MAC addresses
 * seen so far; broadcast, multicast and unknown destinations go to every other
 * station. SIGTERM or SIGINT end it; it then prints one line of counters on
 * stderr (frames, drops, collisions, and how late it wrote the frames against
 * the model's time: mean, median, 90th percentile, most; docs/platforms.md);
 * SIGUSR1 prints the same line so far and it goes on. Options are parsed by
 * lib/base/args (the vocabulary of every hrel
 * program: --opt VALUE or --opt=VALUE; --delay a duration, 500us or 0.0005;
 * --queue a size, 64k). Errors: one line "hrel-wire: ..." on stderr; exit 2
 * for a bad or missing option, 1 for a failure after that.
 */
#define _GNU_SOURCE
#include "wire_model.h"
#include "args.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define WIRE_POOL  4096    /* frames held at once (in queues or in flight) */
#define WIRE_FRAME 1600    /* largest frame read from a TAP (MTU 1500 + header) */
#define WIRE_MACS  256     /* learned addresses */

typedef struct {
    unsigned char data[WIRE_FRAME];  /* frame bytes */
    size_t len;                      /* bytes used */
} wire_frame;

typedef struct {
    unsigned char mac[6];            /* station address */
    int port;                        /* where it was seen */
} wire_mac;

static wire_frame pool[WIRE_POOL];
static int free_ids[WIRE_POOL], nfree;
static wire_mac macs[WIRE_MACS];
static int nmac;
static volatile sig_atomic_t stop, report;

/* Seconds on CLOCK_MONOTONIC. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Signal handler: ask the loop to stop (SIGTERM, SIGINT) or to print its
 * counters and go on (SIGUSR1). */
static void on_signal(int sig)
{
    if (sig == SIGUSR1)
        report = 1;
    else
        stop = 1;
}

/* Print the usage text on F. */
static void usage(FILE *f)
{
    fprintf(f,
        "usage: hrel-wire --model switch|hub --rate BPS --ports N --prefix P\n"
        "                 [--delay DURATION] [--queue BYTES] [--seed S]\n"
        "Userspace Ethernet between N (2..64) TAP devices P1..PN (P: 1..10\n"
        "characters): a store-and-forward switch or a shared CSMA/CD segment\n"
        "(collisions, jam, binary exponential backoff) at BPS bit/s (1e3..1e11) with\n"
        "a one-way delay per link (seconds or 500us, 2ms; at most 1 s; default 0),\n"
        "FIFOs of BYTES (64k; default 65536) and backoff seed S (0..4294967295,\n"
        "default 1). Prints 'ready' when the devices exist; SIGTERM ends it.\n");
}

/* Create TAP device NAME. Return its descriptor or -1. */
static int tap_open(const char *name)
{
    struct ifreq ifr;
    int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);
    if (fd < 0) return -1;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
    snprintf(ifr.ifr_name, IFNAMSIZ, "%s", name);
    if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Remember that MAC was seen on PORT. */
static void mac_learn(const unsigned char *mac, int port)
{
    int i;
    if (mac[0] & 1) return;   /* group addresses are never sources */
    for (i = 0; i < nmac; i++)
        if (memcmp(macs[i].mac, mac, 6) == 0) { macs[i].port = port; return; }
    if (nmac < WIRE_MACS) {
        memcpy(macs[nmac].mac, mac, 6);
        macs[nmac++].port = port;
    }
}

/* Port of MAC, or -1 (flood) for group or unknown addresses. */
static int mac_port(const unsigned char *mac)
{
    int i;
    if (mac[0] & 1) return -1;
    for (i = 0; i < nmac; i++)
        if (memcmp(macs[i].mac, mac, 6) == 0) return macs[i].port;
    return -1;
}

/* How late the frames were written, against the model's time: a count per
 * 10 us (the last bin: 5 ms and more), their sum and the most. */
#define LATE_BINS 501
static long late_bin[LATE_BINS], late_n;
static double late_sum, late_max;

/* The lateness percentile Q (0..1) in us, from the bins (a bin's upper edge). */
static double late_pct(double q)
{
    long k = 0, want = (long)(q * (double)late_n + 0.5);
    int b;
    if (want < 1) want = 1;
    for (b = 0; b < LATE_BINS; b++)
        if ((k += late_bin[b]) >= want) return 10.0 * (b + 1);
    return 10.0 * LATE_BINS;
}

/* Hand out deliveries due at time T: write each frame to its station, and
 * note how late it is (T, when the wire woke, against the model's time). */
static void deliver(hrel_wire *w, double t, const int *fds, long *write_err)
{
    hrel_wire_out out[64];
    int n, i;
    do {
        n = hrel_wire_poll(w, t, out, 64);
        for (i = 0; i < n; i++) {
            wire_frame *f = &pool[out[i].id];
            if (out[i].port >= 0) {
                double late = t - out[i].t;
                int b = late > 0 ? (int)(late * 1e5) : 0;
                late_bin[b < LATE_BINS ? b : LATE_BINS - 1]++;
                late_n++;
                late_sum += late > 0 ? late : 0;
                if (late > late_max) late_max = late;
            }
            if (out[i].port >= 0 && write(fds[out[i].port], f->data, f->len) < 0)
                (*write_err)++;
            if (out[i].last) free_ids[nfree++] = (int)out[i].id;
        }
    } while (n == 64);
}

/* Print the counters line on stderr (at the end, and on SIGUSR1). */
static void counters(const hrel_wire *w, long nopool, long nodst, long write_err)
{
    hrel_wire_stats st;
    hrel_wire_get_stats(w, &st);
    fprintf(stderr, "hrel-wire: frames_in %ld delivered %ld drops_queue %ld drops_excess %ld "
            "collisions %ld deferrals %ld no_buffer %ld own_segment %ld write_errors %ld "
            "late_mean_us %.1f late_p50_us %.0f late_p90_us %.0f late_max_us %.0f\n",
            st.frames_in, st.frames_delivered, st.drops_queue, st.drops_excess,
            st.collisions, st.deferrals, nopool, nodst, write_err,
            late_n ? 1e6 * late_sum / (double)late_n : 0.0, late_n ? late_pct(0.5) : 0.0,
            late_n ? late_pct(0.9) : 0.0, 1e6 * late_max);
    fflush(stderr);
}

/* Parse the command line into CFG and *PREFIX (lib/base/args: the options'
 * vocabulary of every hrel program). Return -1 to go on, else the exit status
 * (0 after --help, 2 after one line naming a bad or missing option). */
static int parse_opts(int argc, char **argv, hrel_wire_cfg *cfg, const char **prefix)
{
    static const char *const models[] = {"switch", "hub", NULL};
    int model = -1, ports = 0, seen_model = 0, seen_rate = 0, seen_ports = 0, rc;
    long seed = 1;
    const hrel_arg table[] = {
        {"model", 0, HREL_ARG_CHOICE, &model, 0, 0, models, NULL, 0, &seen_model},
        {"rate", 0, HREL_ARG_DOUBLE, &cfg->rate_bps, 1e3, 1e11, NULL, NULL, 0, &seen_rate},
        HREL_OPT_NUM("delay", 0, HREL_ARG_DURATION, &cfg->delay_s, 0, 1),
        {"ports", 0, HREL_ARG_INT, &ports, 2, 64, NULL, NULL, 0, &seen_ports},
        HREL_OPT_NUM("queue", 0, HREL_ARG_SIZE, &cfg->queue_bytes, 1518, 1e9),
        HREL_OPT_NUM("seed", 0, HREL_ARG_LONG, &seed, 0, 4294967295.0),
        HREL_OPT_STR("prefix", 0, prefix),
        HREL_OPT_END,
    };
    char err[256];
    const char *missing;
    rc = hrel_args_exit_code("hrel-wire", hrel_args_parse_all(argc, argv, table, err, sizeof err),
                             usage, NULL, err, stdout, stderr);
    if (rc >= 0)
        return rc;
    missing = !seen_model ? "--model" : !seen_rate ? "--rate" : !seen_ports ? "--ports"
            : !*prefix ? "--prefix" : NULL;
    if (missing) {
        fprintf(stderr, "hrel-wire: %s is required (try hrel-wire --help)\n", missing);
        return 2;
    }
    if (strlen(*prefix) < 1 || strlen(*prefix) > 10) {
        fprintf(stderr, "hrel-wire: --prefix: '%.20s' must have 1..10 characters\n", *prefix);
        return 2;
    }
    cfg->kind = model == 1 ? HREL_WIRE_HUB : HREL_WIRE_SWITCH;
    cfg->nport = ports;
    cfg->seed = (unsigned long)seed;
    return -1;
}

int main(int argc, char **argv)
{
    hrel_wire_cfg cfg = { HREL_WIRE_SWITCH, 0, 0, 0, 65536, 1 };
    const char *prefix = NULL;
    struct pollfd pfd[64];
    int fds[64], i, rc;
    hrel_wire *w = NULL;
    long nodst = 0, nopool = 0, write_err = 0;
    char err[160];

    if ((rc = parse_opts(argc, argv, &cfg, &prefix)) >= 0)
        return rc;
    if (hrel_wire_alloc(&cfg, &w, err, sizeof err) != 0) {
        fprintf(stderr, "hrel-wire: %s\n", err);
        return 1;
    }
    for (i = 0; i < cfg.nport; i++) {
        char name[IFNAMSIZ];
        snprintf(name, sizeof name, "%s%d", prefix, i + 1);
        fds[i] = tap_open(name);
        if (fds[i] < 0) {
            fprintf(stderr, "hrel-wire: cannot create TAP device %s: %s\n", name, strerror(errno));
            hrel_wire_free(w);
            return 1;
        }
        pfd[i].fd = fds[i];
        pfd[i].events = POLLIN;
    }
    for (i = 0; i < WIRE_POOL; i++) free_ids[nfree++] = WIRE_POOL - 1 - i;
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGUSR1, on_signal);
    signal(SIGPIPE, SIG_IGN);
    printf("ready\n");
    fflush(stdout);

    while (!stop) {
        double t = now_s(), next = hrel_wire_next(w), wait = next - t;
        struct timespec ts;
        int r;
        if (wait > 0.5) wait = 0.5;
        if (wait < 0) wait = 0;
        ts.tv_sec = (time_t)wait;
        ts.tv_nsec = (long)((wait - (double)ts.tv_sec) * 1e9);
        r = ppoll(pfd, (nfds_t)cfg.nport, &ts, NULL);
        if (r < 0 && errno != EINTR) break;
        if (report) {
            report = 0;
            counters(w, nopool, nodst, write_err);
        }
        deliver(w, now_s(), fds, &write_err);
        if (r <= 0) continue;
        for (i = 0; i < cfg.nport; i++) {
            if (!(pfd[i].revents & POLLIN)) continue;
            for (;;) {
                wire_frame *f;
                ssize_t n;
                int id, dst, rc;
                if (nfree == 0) {   /* no room: read and drop */
                    unsigned char junk[WIRE_FRAME];
                    if (read(fds[i], junk, sizeof junk) <= 0) break;
                    nopool++;
                    continue;
                }
                id = free_ids[nfree - 1];
                f = &pool[id];
                n = read(fds[i], f->data, sizeof f->data);
                if (n <= 0) break;
                if (n < 14) continue;
                f->len = (size_t)n;
                mac_learn(f->data + 6, i);
                dst = mac_port(f->data);
                if (dst == i) { nodst++; continue; }   /* for its own segment */
                nfree--;
                t = now_s();
                deliver(w, t, fds, &write_err);
                rc = hrel_wire_send(w, t, i, dst, f->len, id);
                if (rc != 0) free_ids[nfree++] = id;   /* dropped at once */
            }
        }
    }
    counters(w, nopool, nodst, write_err);
    for (i = 0; i < cfg.nport; i++) close(fds[i]);
    hrel_wire_free(w);
    return 0;
}
