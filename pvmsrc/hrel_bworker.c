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
#include <time.h>

#include <pvm3.h>

#include "bench.h"
#include "clock.h"
#include "msgcheck.h"
#include "pattern.h"
#include "vm.h"

/* Control receives wait at most this long; the master is never idle longer. */
#define CONTROL_TIMEOUT_S 3600.0
/* Sleep until this close to the start time, then spin on the clock. */
#define SPIN_S 300e-6

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

/* Wait until the clock reads T_START: sleep, then spin. Return the lag of the
 * first reading at or after T_START. */
static double wait_until(double t_start)
{
    double now = hrel_clock_now();
    if (t_start - now > SPIN_S) {
        struct timespec ts;
        double s = t_start - now - SPIN_S;
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
        if (w->pat->bcast) {
            hrel_msg_fill(w->sbuf, m, me, -1, rep);
            break;
        }
        hrel_msg_fill(w->sbuf + (size_t)d * m, m, me, d, rep);
    }
    if (rep == w->cs.corrupt_rep) {   /* fault injection for the tests */
        for (d = 0; d < p; d++)
            if (w->pat->sends_to(me, p, d)) {
                size_t slot = w->pat->bcast ? 0 : (size_t)d;
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
        off = hrel_msg_check(w->rbuf + (size_t)s * m, m, s, w->pat->bcast ? -1 : me, rep);
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
    w->ctx.rank = w->cs.rank;
    w->ctx.p = w->cs.p;
    w->ctx.tids = w->cs.tids;
    w->ctx.msg_bytes = (size_t)w->cs.msg_bytes;
    w->ctx.encoding = w->cs.encoding;
    w->ctx.timeout_s = w->cs.timeout_s;
    w->ctx.sbuf = w->sbuf;
    w->ctx.rbuf = w->rbuf;
    w->ctx.got = w->got;
    w->ctx.bcast = w->pat->bcast;
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
        if (hrel_vm_recv(master, -1, CONTROL_TIMEOUT_S, NULL, &tag, verr, sizeof verr) < 0)
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
        late = hrel_clock_now() > t_start;   /* GO came too late to start with the others */
        if (rep != filled)
            fill(w, rep);
        memset(w->got, 0, (size_t)w->cs.p * sizeof *w->got);
        w->ctx.rep = rep;
        lag = wait_until(t_start);
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
    for (;;) {
        if (hrel_vm_recv(master, HREL_TAG_CASE, CONTROL_TIMEOUT_S, NULL, NULL, verr,
                         sizeof verr) < 0) {
            status = 1;
            break;
        }
        if (hrel_case_unpack(&w.cs) < 0) {
            report(master, HREL_TAG_READY, 1, 0, 0.0, 0.0, "cannot unpack the case");
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
