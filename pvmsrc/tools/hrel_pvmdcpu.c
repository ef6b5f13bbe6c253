/* hrel_pvmdcpu -- the CPU time the pvmds spend per message and per datagram on
 * the daemon route (issue 22, item 2; docs/predict.md "pvmd's CPU per message
 * and per datagram").
 *
 * Three workers (this program): w0 and w2 on the first host, w1 on the second
 * (on one host all three there). For each size, w0 ping-pongs up to ROUNDTRIPS
 * messages with w2 ("local": through the one pvmd) and then with w1
 * ("remote": pvmd to pvmd over UDP), on the daemon route. A worker's parent is
 * its pvmd (pvmd forks every task it starts), so each worker reads its pvmd's
 * CPU time, from /proc/PPID/schedstat (ns, the scheduler's own count) or, where
 * the kernel has none, /proc/PPID/stat (utime + stime, clock ticks), just
 * before and after its block (two warm-up round trips first), and the UDP
 * datagrams its host's network namespace received and sent (/proc/PPID/net/snmp).
 * A block stops after --seconds. Linux only; a worker whose parent is not a
 * pvmd is refused.
 * Output (stdout, CSV; lib/model/pvmdcpu.h reads it and fits the lines):
 *   # comment lines (hosts, clock)
 *   where,rep,bytes,packets,roundtrips,wall_s,pvmd_a_s,pvmd_b_s,dgrams_a,dgrams_b
 *   # local_msg_s S, # local_frag_s S, # remote_msg_s S, # remote_dgram_s S
 *   (each kind with a '# KIND_se:' line: the standard errors)
 * Workers leave on a quit message, or by themselves after 120 s of silence.
 *
 * usage: hrel_pvmdcpu [-r|--roundtrips N] [--budget BYTES] [--seconds S] [--reps K]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "pvmdcpu.h"
#include "tags.h"
#include "upk.h"
#include "vm.h"

#define PC_WAIT_S 300.0
#define PC_WARM 2

static const char usage_text[] =
    "usage: hrel_pvmdcpu [-r|--roundtrips N] [--budget BYTES] [--seconds S] [--reps K]\n"
    "The pvmds' CPU time per message and per datagram on the daemon route: ping-pongs\n"
    "of 8 B to 63 KB between two tasks of the first host (local) and two hosts\n"
    "(remote), each worker reading its pvmd's CPU time around its block.\n"
    "-r: the most round trips per size (default 400); --budget: bytes per size and\n"
    "direction (default 1M; at least 20 round trips); --seconds: a block stops after\n"
    "S s (default 0.3; at least one round trip); --reps: each block K times,\n"
    "interleaved (default 3). Prints CSV\n"
    HREL_PVMDCPU_HEADER "\nand the fitted lines as '#' lines (lib/model/pvmdcpu.h).\n";

static const double sizes[] = {8, 4032, 8064, 16128, 32256, 64512};

/* The CPU seconds of process PID so far, or -1; *CLK names the source. */
static double proc_cpu(int pid, const char **clk)
{
    char path[64], buf[1024];
    FILE *f;
    unsigned long long ns, ut, st;
    snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
    if ((f = fopen(path, "r"))) {
        int ok = fscanf(f, "%llu", &ns) == 1;
        fclose(f);
        if (ok) {
            *clk = "schedstat";
            return ns * 1e-9;
        }
    }
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    if ((f = fopen(path, "r"))) {
        char *p = fgets(buf, sizeof buf, f) ? strrchr(buf, ')') : NULL;
        fclose(f);
        /* after the name: state ppid pgrp session tty tpgid flags minflt cminflt
           majflt cmajflt utime stime */
        if (p && sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
                        &ut, &st) == 2) {
            *clk = "stat";
            return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
        }
    }
    return -1;
}

/* The UDP datagrams received and sent so far in the network namespace of
 * process PID (/proc/PID/net/snmp: InDatagrams + OutDatagrams), or -1. On an
 * emulated platform a host's namespace holds its pvmd's sockets alone; on a
 * real host the count holds its other UDP traffic too. */
static double proc_dgrams(int pid)
{
    char path[64], line[1024];
    FILE *f;
    unsigned long long in, out;
    int seen = 0;
    double n = -1;
    snprintf(path, sizeof path, "/proc/%d/net/snmp", pid);
    if (!(f = fopen(path, "r")))
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "Udp: ", 5) == 0 && seen++ == 1 &&
            sscanf(line + 5, "%llu %*u %*u %llu", &in, &out) == 2)
            n = (double)(in + out);
    fclose(f);
    return n;
}

/* 1 when process PID is a pvmd (its name starts with "pvmd"). */
static int is_pvmd(int pid)
{
    char path[64], name[64] = "";
    FILE *f;
    snprintf(path, sizeof path, "/proc/%d/comm", pid);
    if (!(f = fopen(path, "r")))
        return 0;
    if (!fgets(name, sizeof name, f))
        name[0] = '\0';
    fclose(f);
    return strncmp(name, "pvmd", 4) == 0;
}

/* One round trip of BYTES with PEER from the leading side: 0, or -1. */
static int ping(int peer, char *buf, int bytes)
{
    struct timeval tmo = {120, 0};
    pvm_initsend(PvmDataRaw);
    pvm_pkbyte(buf, bytes, 1);
    pvm_send(peer, HREL_TAG_PC_PING);
    if (pvm_trecv(peer, HREL_TAG_PC_PING, &tmo) <= 0)
        return -1;
    pvm_upkbyte(buf, bytes, 1);
    return 0;
}

/* One block with PEER: the leading side (LEAD) makes PC_WARM round trips,
 * then up to N more for at most TMAX s, then tells the peer to stop; the
 * other side answers every message until then. Each reads its pvmd's CPU
 * time and datagrams after the warm-up and at the end, and reports them with
 * the wall time and the round trips counted to the master. */
static void block(int parent, int peer, int bytes, int n, double tmax, int lead, int pvmd)
{
    char *buf = calloc((size_t)bytes + 1, 1);
    const char *clk = "";
    double c0 = -1, c1 = -1, t0 = 0, t1 = 0, d0 = -1, d1 = -1, count = 0;
    int i, ok = buf != NULL;
    struct timeval tmo = {120, 0};
    if (lead) {
        for (i = 0; ok && i < PC_WARM; i++)
            ok = ping(peer, buf, bytes) == 0;
        d0 = proc_dgrams(pvmd);
        c0 = proc_cpu(pvmd, &clk);
        t0 = hrel_clock_now();
        for (i = 0; ok && i < n && (i == 0 || hrel_clock_now() - t0 < tmax); i++, count++)
            ok = ping(peer, buf, bytes) == 0;
        t1 = hrel_clock_now();
        pvm_initsend(PvmDataDefault);
        pvm_send(peer, HREL_TAG_PC_STOP);
    } else
        for (i = 0; ok; i++) {   /* answer until the stop */
            int bid = pvm_trecv(peer, -1, &tmo), len, tag, src;
            if (bid <= 0 || pvm_bufinfo(bid, &len, &tag, &src) < 0 ||
                (tag != HREL_TAG_PC_PING && tag != HREL_TAG_PC_STOP)) {
                ok = 0;
                break;
            }
            if (tag == HREL_TAG_PC_STOP) {
                t1 = hrel_clock_now();
                break;
            }
            pvm_upkbyte(buf, bytes, 1);
            pvm_initsend(PvmDataRaw);
            pvm_pkbyte(buf, bytes, 1);
            pvm_send(peer, HREL_TAG_PC_PING);
            if (i + 1 == PC_WARM) {
                d0 = proc_dgrams(pvmd);
                c0 = proc_cpu(pvmd, &clk);
                t0 = hrel_clock_now();
            } else if (i + 1 > PC_WARM)
                count++;
        }
    if (ok) {
        c1 = proc_cpu(pvmd, &clk);
        d1 = proc_dgrams(pvmd);
    }
    free(buf);
    c1 = ok && c0 >= 0 && c1 >= c0 ? c1 - c0 : -1;
    d1 = d0 >= 0 && d1 >= d0 ? d1 - d0 : -1;
    t1 -= t0;
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(&c1, 1, 1);
    pvm_pkdouble(&t1, 1, 1);
    pvm_pkdouble(&d1, 1, 1);
    pvm_pkdouble(&count, 1, 1);
    pvm_pkstr((char *)clk);
    pvm_send(parent, HREL_TAG_PC_RESULT);
}

static int worker(void)
{
    int parent = pvm_parent(), pvmd = (int)getppid();
    pvm_setopt(PvmRoute, PvmDontRoute);
    for (;;) {
        struct timeval tmo = {120, 0};
        int bufid = pvm_trecv(parent, -1, &tmo), len, tag, src, v[3];
        double tmax = 0;
        if (bufid <= 0)
            break;
        pvm_bufinfo(bufid, &len, &tag, &src);
        if (tag != HREL_TAG_PC_BLOCK)
            break;
        pvm_upkint(v, 3, 1);   /* peer, bytes, round trips (< 0: answer) */
        pvm_upkdouble(&tmax, 1, 1);
        if (!is_pvmd(pvmd)) {
            double no = -2, t = 0;
            pvm_initsend(PvmDataDefault);
            pvm_pkdouble(&no, 1, 1);
            pvm_pkdouble(&t, 1, 1);
            pvm_pkdouble(&t, 1, 1);
            pvm_pkdouble(&t, 1, 1);
            pvm_pkstr("");
            pvm_send(parent, HREL_TAG_PC_RESULT);
            continue;
        }
        block(parent, v[0], v[1], v[2] < 0 ? -v[2] : v[2], tmax, v[2] > 0, pvmd);
    }
    pvm_exit();
    return 0;
}

static int fail(const int *tids, int n, const char *msg)
{
    fprintf(stderr, "hrel_pvmdcpu: %s\n", msg);
    hrel_vm_release(tids, n, HREL_TAG_PC_QUIT, 0);
    pvm_exit();
    return 1;
}

/* The result of worker TID: its pvmd's CPU (s), the block's wall time, the
 * datagrams of its pvmd's host (-1: not known), the round trips counted. */
static int result(int tid, double *cpu, double *wall, double *dg, double *count, char *clk,
                  size_t clklen, char *err, size_t errlen)
{
    char s[32] = "";
    if (hrel_vm_recv(tid, HREL_TAG_PC_RESULT, PC_WAIT_S, NULL, NULL, err, errlen) < 0)
        return -1;
    pvm_upkdouble(cpu, 1, 1);
    pvm_upkdouble(wall, 1, 1);
    pvm_upkdouble(dg, 1, 1);
    pvm_upkdouble(count, 1, 1);
    hrel_upk_str(s, sizeof s);
    if (*cpu == -2) {
        snprintf(err, errlen, "task t%x: its parent process is not a pvmd, so its pvmd's "
                 "CPU time cannot be read", tid);
        return -1;
    }
    if (*cpu < 0) {
        snprintf(err, errlen, "task t%x: a round trip timed out or /proc/PID/schedstat and "
                 "/proc/PID/stat of its pvmd could not be read", tid);
        return -1;
    }
    if (s[0])
        snprintf(clk, clklen, "%s", s);
    return 0;
}

/* Run one block of ROUNDTRIPS of BYTES between w0 (TIDS[0]) and B; print its
 * row (WHERE, REP) and add its points to the line's X, Y, N. */
static int one_block(const int *tids, int b, int remote, int rep, double bytes, long maxrt,
                     double tmax, double *x, double *y, size_t *n, char *clk, size_t clklen,
                     char *err, size_t errlen)
{
    long k = hrel_pvmdcpu_packets(bytes);
    int v[3], j;
    double ca, cb, wa, wb, da, db, rt, rtb;
    v[0] = b, v[1] = (int)bytes, v[2] = (int)maxrt;
    pvm_initsend(PvmDataDefault);
    pvm_pkint(v, 3, 1);
    pvm_pkdouble(&tmax, 1, 1);
    pvm_send(tids[0], HREL_TAG_PC_BLOCK);
    v[0] = tids[0], v[2] = -(int)maxrt;
    pvm_initsend(PvmDataDefault);
    pvm_pkint(v, 3, 1);
    pvm_pkdouble(&tmax, 1, 1);
    pvm_send(b, HREL_TAG_PC_BLOCK);
    if (result(tids[0], &ca, &wa, &da, &rt, clk, clklen, err, errlen) < 0 ||
        result(b, &cb, &wb, &db, &rtb, clk, clklen, err, errlen) < 0)
        return -1;
    if (rt < 1) {
        snprintf(err, errlen, "a block of %.0f bytes made no round trip", bytes);
        return -1;
    }
    if (remote)
        printf("remote,%d,%.0f,%ld,%.0f,%.9f,%.9f,%.9f,%.0f,%.0f\n", rep, bytes, k, rt, wa, ca,
               cb, da, db);
    else
        printf("local,%d,%.0f,%ld,%.0f,%.9f,%.9f,,%.0f,\n", rep, bytes, k, rt, wa, ca, da);
    fflush(stdout);
    for (j = 0; j < 1 + remote; j++) {
        double c = j ? cb : ca, d = j ? db : da;
        hrel_pvmdcpu_point(remote, (double)k, rt, d, c, &x[*n], &y[*n]);
        (*n)++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int maxrt = 400, reps = 3, isworker = 0, first, rc, nhost = 1, i, pair, rep;
    long budget = 1 << 20;
    double tmax = 0.3;
    int tids[3] = {0, 0, 0};
    const hrel_arg table[] = {
        HREL_OPT_NUM("roundtrips", 'r', HREL_ARG_INT, &maxrt, 20, 100000),
        HREL_OPT_NUM("budget", 0, HREL_ARG_SIZE, &budget, 1024, 1 << 30),
        HREL_OPT_NUM("reps", 0, HREL_ARG_INT, &reps, 1, 100),
        HREL_OPT_NUM("seconds", 0, HREL_ARG_DURATION, &tmax, 0.001, 600),
        HREL_OPT_FLAG("worker", 0, &isworker),
        HREL_OPT_END,
    };
    char self[4096], err[512], clk[32] = "?", **hosts = NULL;
    char *wargv[] = {"--worker", NULL};
    const size_t nsize = sizeof sizes / sizeof sizes[0];
    double *x[2] = {NULL, NULL}, *y[2] = {NULL, NULL};
    size_t n[2] = {0, 0};

    if ((rc = hrel_args_run("hrel_pvmdcpu", argc, argv, table, NULL, usage_text, stdout, stderr,
                            &first)) >= 0)
        return rc;
    if (first != argc) {
        fprintf(stderr, "hrel_pvmdcpu: unexpected argument '%s' (try --help)\n", argv[first]);
        return 2;
    }
    if (isworker)
        return pvm_mytid() < 0 ? 1 : worker();
    for (i = 0; i < 2; i++)
        if (!(x[i] = malloc(2 * nsize * (size_t)reps * sizeof *x[i])) ||
            !(y[i] = malloc(2 * nsize * (size_t)reps * sizeof *y[i]))) {
            fprintf(stderr, "hrel_pvmdcpu: out of memory\n");
            return 1;
        }
    if (hrel_vm_self_start(self, sizeof self, &hosts, &nhost, err, sizeof err) < 0)
        return fail(tids, 0, err);
    /* round robin over the hosts in order: w0 on the first, w1 on the second
       (the first again on one host), then w2 on the first */
    if (hrel_vm_spawn(self, wargv, 2, HREL_PLACE_RR, tids, err, sizeof err) < 0 ||
        hrel_vm_spawn(self, wargv, 1, HREL_PLACE_RR, tids + 2, err, sizeof err) < 0) {
        hrel_vm_free_names(hosts, nhost);
        return fail(tids, 3, err);
    }
    printf("# hrel_pvmdcpu: the pvmds' CPU time on the daemon route (PvmDontRoute), %d host%s;"
           " local: tasks on %s; remote: tasks on %s and %s; %d repetition%s\n"
           "# pvmd_a_s, pvmd_b_s: the CPU time of the first and the other task's pvmd over the "
           "block (local: one pvmd); dgrams_a, dgrams_b: the UDP datagrams received and sent "
           "in their hosts' network namespaces over the block (-1: not known)\n", nhost,
           nhost == 1 ? "" : "s", hosts[0], hosts[0], nhost > 1 ? hosts[1] : "-", reps,
           reps == 1 ? "" : "s");
    hrel_vm_free_names(hosts, nhost);
    printf(HREL_PVMDCPU_HEADER "\n");
    for (rep = 0; rep < reps; rep++)   /* the repetitions interleaved, not in a row */
        for (pair = 0; pair < (nhost > 1 ? 2 : 1); pair++)
            for (i = 0; i < (int)nsize; i++) {
                long rt = budget / (long)sizes[i];
                rt = rt < 20 ? 20 : rt > maxrt ? maxrt : rt;
                if (one_block(tids, pair ? tids[1] : tids[2], pair, rep, sizes[i], rt, tmax,
                              x[pair], y[pair], &n[pair], clk, sizeof clk, err, sizeof err) < 0)
                    return fail(tids, 3, err);
            }
    printf("# cpu_clock: %s\n", clk);
    for (pair = 0; pair < 2; pair++) {
        hrel_pvmdcpu_line l;
        if (n[pair] && hrel_pvmdcpu_fit(x[pair], y[pair], n[pair], &l, err, sizeof err) == 0)
            printf("# %s %.9g\n# %s %.9g\n# %s_se: %.3g %.3g (standard errors, %zu points)\n",
                   pair ? "remote_msg_s" : "local_msg_s", l.msg_s,
                   pair ? "remote_dgram_s" : "local_frag_s", l.unit_s,
                   pair ? "remote" : "local", l.msg_se, l.unit_se, l.n);
        free(x[pair]);
        free(y[pair]);
    }
    hrel_vm_release(tids, 3, HREL_TAG_PC_QUIT, 1);
    pvm_exit();
    return 0;
}
