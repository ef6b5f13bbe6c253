/* hrel_bworker -- a worker of the pattern benchmark (spawned by hrel_bench).
 *
 * It waits for a CASE, fills its send slots, answers READY and the master's
 * clock-sync pings, then for every GO: waits until the start time the GO names
 * (sleeping, then spinning on the clock for the last stretch), runs its part of
 * the pattern (sends and receives only), reads the clock, checks every received
 * byte, fills the slots for the next repetition and only then sends a REPORT
 * with its elapsed time since the start time. A GO that arrives after its start
 * time is still run (partners wait for this rank) but answered "late", and the
 * master voids and repeats that repetition. Any failure (a
 * timeout, a short or corrupted message) is reported to the master as text and
 * ends the worker. It exits when the master says so or when the master dies
 * (exit notice). It prints nothing: its stdout goes to the pvmd log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <unistd.h>
#include <time.h>

#include <pvm3.h>

#include "bench.h"
#include "clock.h"
#include "cpucal.h"
#include "msgcheck.h"
#include "pattern.h"
#include "vm.h"

/* Control receives wait without a time limit: a worker may sit out many
 * cases, and the master's exit notice (or its host's) ends the wait. */
#define CONTROL_FOREVER 0.0

typedef struct worker {
    hrel_case cs;                 /* the current case */
    const hrel_pattern *pat;      /* its pattern */
    hrel_pat_ctx ctx;             /* what the pattern's run() sees */
    unsigned char *sbuf, *rbuf;   /* slots, p * msg_bytes each */
    int *got;                     /* per source rank */
    char err[HREL_ERRTEXT_MAX];   /* failure text for the master */
} worker;

/* Send a control message: READY (rep ignored) or REPORT. LAG is how late the
 * rank started after the start time. */
static void report(int master, int tag, int status, long rep, double elapsed, double lag,
                   const char *err)
{
    pvm_initsend(PvmDataDefault);
    int irep = (int)rep;   /* XDR longs are 32 bits and lose the sign: send an int */
    pvm_pkint(&status, 1, 1);
    pvm_pkint(&irep, 1, 1);
    pvm_pkdouble(&elapsed, 1, 1);
    pvm_pkdouble(&lag, 1, 1);
    pvm_pkstr((char *)(err ? err : ""));
    pvm_send(master, tag);
}

/* Wait until the clock reads T_START: sleep until SPIN_S before it, then spin
 * (SPIN_S 0: sleep all the way, when ranks share CPUs and spinning would steal
 * them). Return the lag of the first reading at or after T_START. */
static double wait_until(double t_start, double spin_s)
{
    double now = hrel_clock_now();
    if (t_start - now > spin_s) {
        struct timespec ts;
        double s = t_start - now - spin_s;
        ts.tv_sec = (time_t)s;
        ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
        nanosleep(&ts, NULL);
    }
    while ((now = hrel_clock_now()) < t_start)
        ;
    return now - t_start;
}

/* Answer a clock-sync ping with this task's clock. */
static void answer_sync(int master)
{
    double now = hrel_clock_now();
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(&now, 1, 1);
    pvm_send(master, HREL_TAG_SYNC);
}

/* Fill the send slots of this rank for repetition REP. */
static void fill(worker *w, long rep)
{
    int d, p = w->cs.p, me = w->cs.rank;
    size_t m = (size_t)w->cs.msg_bytes;
    for (d = 0; d < p; d++) {
        if (!w->pat->sends_to(me, p, d))
            continue;
        if (hrel_pattern_info(w->pat)->bcast) {
            hrel_msg_fill(w->sbuf, m, me, -1, rep);
            break;
        }
        hrel_msg_fill(w->sbuf + (size_t)d * m, m, me, d, rep);
    }
    if (rep == w->cs.corrupt_rep) {   /* fault injection for the tests */
        for (d = 0; d < p; d++)
            if (w->pat->sends_to(me, p, d)) {
                size_t slot = hrel_pattern_info(w->pat)->bcast ? 0 : (size_t)d;
                w->sbuf[slot * m + m / 2] ^= 0x5a;
                break;
            }
    }
}

/* Check every message this rank should have received in REP. Return 0 or -1. */
static int check(worker *w, long rep)
{
    int s, p = w->cs.p, me = w->cs.rank;
    size_t m = (size_t)w->cs.msg_bytes;
    for (s = 0; s < p; s++) {
        long off;
        if (s == me || !w->pat->sends_to(s, p, me))
            continue;
        if (!w->got[s]) {
            snprintf(w->err, sizeof w->err, "rank %d: no message from rank %d in rep %ld", me,
                     s, rep);
            return -1;
        }
        off = hrel_msg_check(w->rbuf + (size_t)s * m, m, s, hrel_pattern_info(w->pat)->bcast ? -1 : me, rep);
        if (off >= 0) {
            snprintf(w->err, sizeof w->err,
                     "rank %d: corrupted message from rank %d in rep %ld (first wrong byte "
                     "at offset %ld of %zu)",
                     me, s, rep, off, m);
            return -1;
        }
    }
    return 0;
}

/* Exchange a tiny untimed message with every other rank of the case, so that
 * under direct routing every task-to-task route exists before the timing
 * (pvm_mcast, for one, only uses routes that exist and goes through the
 * daemons for the rest; a first send also pays the connection set-up). */
static int open_routes(worker *w)
{
    int r, k;
    struct timeval tv;
    for (r = 0; r < w->cs.p; r++) {
        if (r == w->cs.rank)
            continue;
        pvm_initsend(PvmDataDefault);
        if (pvm_send(w->cs.tids[r], HREL_TAG_HELLO) < 0) {
            snprintf(w->err, sizeof w->err, "rank %d: cannot reach rank %d", w->cs.rank, r);
            return -1;
        }
    }
    for (k = 1; k < w->cs.p; k++) {
        tv.tv_sec = (long)w->cs.timeout_s;
        tv.tv_usec = 0;
        if (pvm_trecv(-1, HREL_TAG_HELLO, &tv) <= 0) {
            snprintf(w->err, sizeof w->err, "rank %d: no hello from the other ranks within %g s",
                     w->cs.rank, w->cs.timeout_s);
            return -1;
        }
    }
    return 0;
}

/* Set up buffers for the case in w->cs. Return 0, or -1 with w->err. */
static int setup(worker *w)
{
    size_t bytes = (size_t)w->cs.p * (size_t)w->cs.msg_bytes;
    w->pat = hrel_pattern_find(w->cs.pattern);
    if (!w->pat) {
        snprintf(w->err, sizeof w->err, "rank %d: unknown pattern '%s'", w->cs.rank,
                 w->cs.pattern);
        return -1;
    }
    free(w->sbuf);
    free(w->rbuf);
    free(w->got);
    w->sbuf = malloc(bytes);
    w->rbuf = malloc(bytes);
    w->got = calloc((size_t)w->cs.p, sizeof *w->got);
    if (!w->sbuf || !w->rbuf || !w->got) {
        snprintf(w->err, sizeof w->err, "rank %d: cannot allocate %zu bytes", w->cs.rank,
                 2 * bytes);
        return -1;
    }
    memset(w->rbuf, 0, bytes);
    pvm_setopt(PvmRoute, w->cs.route);
    if (open_routes(w) < 0)
        return -1;
    w->ctx.rank = w->cs.rank;
    w->ctx.p = w->cs.p;
    w->ctx.tids = w->cs.tids;
    w->ctx.msg_bytes = (size_t)w->cs.msg_bytes;
    w->ctx.encoding = w->cs.encoding;
    w->ctx.timeout_s = w->cs.timeout_s;
    w->ctx.poll = w->cs.poll;
    w->ctx.sbuf = w->sbuf;
    w->ctx.rbuf = w->rbuf;
    w->ctx.got = w->got;
    w->ctx.bcast = hrel_pattern_info(w->pat)->bcast;
    w->ctx.err = w->err;
    w->ctx.errlen = sizeof w->err;
    return 0;
}

/* Run one case until the master says stop. Return 0, or -1 after reporting
 * a failure (the worker then exits). */
static int run_case(worker *w, int master)
{
    char verr[256];
    long rep, filled;
    int stop, irep, late;
    if (setup(w) < 0) {
        report(master, HREL_TAG_READY, 1, 0, 0.0, 0.0, w->err);
        return -1;
    }
    /* Slots are always filled for the next repetition before this rank reports,
     * so nothing but the pattern runs between GO and the end of the timing. */
    filled = w->cs.first_rep;
    fill(w, filled);
    report(master, HREL_TAG_READY, 0, 0, 0.0, 0.0, NULL);
    for (;;) {
        double t_start, lag, t1;
        int tag;
        if (hrel_vm_recv(master, -1, CONTROL_FOREVER, NULL, &tag, verr, sizeof verr) < 0)
            return -1;
        if (tag == HREL_TAG_SYNC) {
            answer_sync(master);
            continue;
        }
        if (tag != HREL_TAG_GO) {
            report(master, HREL_TAG_REPORT, HREL_REPORT_FAIL, 0, 0.0, 0.0,
                   "unexpected control message");
            return -1;
        }
        pvm_upkint(&irep, 1, 1);
        pvm_upkint(&stop, 1, 1);
        pvm_upkdouble(&t_start, 1, 1);
        rep = irep;
        if (stop)
            return 0;
        if (rep != filled)
            fill(w, rep);
        late = hrel_clock_now() > t_start;   /* GO came too late to start with the others */
        memset(w->got, 0, (size_t)w->cs.p * sizeof *w->got);
        w->ctx.rep = rep;
        lag = wait_until(t_start, w->cs.spin_s);
        if (rep == w->cs.drop_rep) {   /* fault injection for the tests: send nothing */
            report(master, HREL_TAG_REPORT, HREL_REPORT_OK, rep, 0.0, lag, NULL);
            continue;
        }
        /* A late rank still runs its part, so its partners are not left waiting;
         * the master voids the repetition and runs it again. */
        if (w->pat->run(&w->ctx) < 0) {
            report(master, HREL_TAG_REPORT, HREL_REPORT_FAIL, rep, 0.0, lag, w->err);
            return -1;
        }
        t1 = hrel_clock_now();
        if (check(w, rep) < 0) {
            report(master, HREL_TAG_REPORT, HREL_REPORT_FAIL, rep, t1 - t_start, lag, w->err);
            return -1;
        }
        filled = rep + 1;
        fill(w, filled);
        report(master, HREL_TAG_REPORT, late ? HREL_REPORT_LATE : HREL_REPORT_OK, rep,
               t1 - t_start, lag, NULL);
    }
}

int main(void)
{
    worker w;
    int master, status = 0;
    char verr[256];

    memset(&w, 0, sizeof w);
    if (pvm_mytid() < 0)
        return 1;
    master = pvm_parent();
    if (master < 0) {
        fprintf(stderr, "hrel_bworker: start hrel_bench instead; workers are spawned by it\n");
        pvm_exit();
        return 2;
    }
    pvm_notify(PvmTaskExit, HREL_TAG_EXIT, 1, &master);
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);   /* wake from nanosleep on time */
    {   /* tell the master which machine this is, how many cpus it has and
         * what CPU limit its cgroup sets (0: none) */
        char id[64];
        int cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
        double quota, period;
        hrel_cpucal_quota(&quota, &period);
        hrel_machine_id(id, sizeof id);
        pvm_initsend(PvmDataDefault);
        pvm_pkstr(id);
        pvm_pkint(&cpus, 1, 1);
        pvm_pkdouble(&quota, 1, 1);
        pvm_send(master, HREL_TAG_INFO);
    }
    for (;;) {
        if (hrel_vm_recv(master, HREL_TAG_CASE, CONTROL_FOREVER, NULL, NULL, verr,
                         sizeof verr) < 0) {
            status = 1;
            break;
        }
        if (hrel_case_unpack(&w.cs) < 0) {
            report(master, HREL_TAG_READY, 1, 0, 0.0, 0.0, "case refused: malformed, or p, rank or size out of range");
            status = 1;
            break;
        }
        if (w.cs.p == 0)
            break;
        if (run_case(&w, master) < 0) {
            status = 1;
            break;
        }
    }
    free(w.sbuf);
    free(w.rbuf);
    free(w.got);
    pvm_exit();
    return status;
}
