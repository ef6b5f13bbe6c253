/* Unit tests of lib/io/tevfile and msgtrace_tev: the preload tracer's task
 * files, written here by hand the way libhrel_trace.so writes them (records
 * in the order the calls returned, a group call after its inner calls), read
 * back, turned into the message-level trace, written as msgs.csv and loaded
 * again, replayed; and every bad input named in one line. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hrel_test.h"
#include "msgtrace.h"
#include "replay.h"
#include "tevfile.h"

#define A 0x40001
#define B 0x40002
#define G 0x40003
#define T0 1000000000LL   /* rank 0's start, ns */

typedef struct tf {
    hrel_tev_head head;
    hrel_tev_rec rec[64];
    int n;
    int tid;
} tf;

static void tf_init(tf *f, int tid, const char *prog, int64_t start_ns, const char *run)
{
    memset(f, 0, sizeof *f);
    memcpy(f->head.magic, HREL_TEV_MAGIC, 8);
    f->head.endian = HREL_TEV_ENDIAN;
    f->head.recsize = sizeof(hrel_tev_rec);
    f->head.start_ns = start_ns;
    f->head.pid = tid & 0xffff;
    snprintf(f->head.run, sizeof f->head.run, "%s", run);
    snprintf(f->head.host, sizeof f->head.host, "h");
    snprintf(f->head.prog, sizeof f->head.prog, "%s", prog);
    f->tid = tid;
}

/* A call: times in microseconds after T0. */
static hrel_tev_rec *call(tf *f, int kind, int seq, int parent, int peer, int tag, int ret,
                          int64_t bytes, double t0_us, double t1_us)
{
    hrel_tev_rec *r = &f->rec[f->n++];
    r->kind = (uint16_t)kind;
    r->tid = f->tid;
    r->flags = parent >= 0 ? HREL_TEVF_INNER : 0;
    r->u.call.seq = seq;
    r->u.call.parent = parent;
    r->u.call.peer = peer;
    r->u.call.tag = tag;
    r->u.call.ret = ret;
    r->u.call.bytes = bytes;
    r->u.call.t0_ns = T0 + (int64_t)(t0_us * 1000);
    r->u.call.t1_ns = T0 + (int64_t)(t1_us * 1000);
    return r;
}

static void list1(tf *f, int tid)
{
    f->rec[f->n - 1].u.call.nlist = 1;
    f->rec[f->n].kind = HREL_TEV_LIST;
    f->rec[f->n].tid = f->tid;
    f->rec[f->n++].u.list[0] = tid;
}

static void name(tf *f, const char *g)
{
    f->rec[f->n].kind = HREL_TEV_NAME;
    f->rec[f->n].tid = f->tid;
    snprintf(f->rec[f->n++].u.name, 48, "%s", g);
}

static void tf_write(const tf *f, const char *dir, const char *file, size_t extra)
{
    char path[512];
    FILE *fp;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    fp = fopen(path, "wb");
    if (!fp)
        return;
    fwrite(&f->head, sizeof f->head, 1, fp);
    fwrite(f->rec, sizeof f->rec[0], (size_t)f->n, fp);
    while (extra--)
        fputc(0, fp);
    fclose(fp);
}

/* The three task files of a program: A spawns the group server G inside its
 * joingroup, then B; A sends B 100 bytes; both reduce onto instance 0 (A);
 * B exits with status 1; G runs on (no end). */
static void program(tf *a, tf *b, tf *g, int reduce_root)
{
    tf_init(a, A, "prog", T0, "run1");
    call(a, HREL_TEV_MYTID, 0, -1, -1, -1, A, 0, 10, 20);
    call(a, HREL_TEV_SPAWN, 2, 1, 1, -1, 1, 0, 31, 40);
    list1(a, G);
    call(a, HREL_TEV_SEND, 3, 1, G, 1, 0, 12, 50, 51);
    call(a, HREL_TEV_RECV, 4, 1, G, 1, 5, 4, 60, 99);
    call(a, HREL_TEV_JOINGROUP, 1, -1, -1, -1, 0, 0, 30, 100);
    name(a, "g");
    call(a, HREL_TEV_SPAWN, 5, -1, 1, -1, 1, 0, 110, 200);
    list1(a, B);
    call(a, HREL_TEV_PACK, -1, -1, 2, -1, 0, 5000, 250, 260);
    call(a, HREL_TEV_SEND, 6, -1, B, 5, 0, 100, 300, 310);
    call(a, HREL_TEV_RECV, 8, 7, B, 7, 6, 80, 401, 499);
    call(a, HREL_TEV_REDUCE, 7, -1, reduce_root, 7, 0, 80, 400, 500);
    name(a, "g");
    call(a, HREL_TEV_EXIT, 9, -1, -1, -1, 0, 0, 600, 610);
    call(a, HREL_TEV_END, 10, -1, -1, -1, 0, 0, 620, 620);

    tf_init(b, B, "prog", T0 + 250000, "run1");
    call(b, HREL_TEV_MYTID, 0, -1, -1, -1, B, 0, 255, 260);
    call(b, HREL_TEV_SEND, 2, 1, G, 1, 0, 12, 262, 263);
    call(b, HREL_TEV_RECV, 3, 1, G, 1, 5, 4, 263, 270);
    call(b, HREL_TEV_JOINGROUP, 1, -1, -1, -1, 1, 0, 261, 271);
    name(b, "g");
    call(b, HREL_TEV_RECV, 4, -1, A, 5, 7, 100, 280, 320);
    call(b, HREL_TEV_SEND, 6, 5, A, 7, 0, 80, 402, 410);
    call(b, HREL_TEV_REDUCE, 5, -1, reduce_root, 7, 0, 80, 401, 411);
    name(b, "g");
    call(b, HREL_TEV_EXIT, 7, -1, -1, -1, 0, 0, 420, 430);
    call(b, HREL_TEV_END, 8, -1, -1, -1, 1, 0, 440, 440);

    tf_init(g, G, "pvmgs", T0 + 35000, "run1");
    call(g, HREL_TEV_MYTID, 0, -1, -1, -1, G, 0, 36, 45);
    call(g, HREL_TEV_RECV, 1, -1, A, 1, 3, 12, 46, 52);
    call(g, HREL_TEV_SEND, 2, -1, A, 1, 0, 4, 55, 58);
    call(g, HREL_TEV_RECV, 3, -1, B, 1, 3, 12, 59, 262.5);
    call(g, HREL_TEV_SEND, 4, -1, B, 1, 0, 4, 263, 263.5);
}

#define START_CPU_NS 2000000   /* with_cpu: each process's start-up took 2 ms of CPU */

/* The CPU fields, as the tracer writes them: every file flagged, each call's
 * CPU time START_CPU_NS (at its start, the tracer's first record) plus half its
 * wall time since T0, and A's voluntary context switches 1 from its call of
 * seq 6 on (it blocked before it). */

static void with_cpu(tf *f, int blocks_from)
{
    int i;
    f->head.flags = HREL_TEVH_CPU;
    f->head.start_cpu_ns = START_CPU_NS;   /* its start-up, before the first record */
    for (i = 0; i < f->n; i++) {
        hrel_tev_rec *r = &f->rec[i];
        int blk;
        if (r->kind == HREL_TEV_LIST || r->kind == HREL_TEV_NAME)
            continue;
        r->cpu0_ns = START_CPU_NS + (r->u.call.t0_ns - T0) / 2;
        r->cpu1_ns = START_CPU_NS + (r->u.call.t1_ns - T0) / 2;
        blk = blocks_from >= 0 && r->u.call.seq >= blocks_from;
        r->vcsw0 = r->vcsw1 = (uint32_t)blk;
    }
}

/* pvm_setopt(PvmRoute, VAL) recorded before F's call of seq BEFORE, 2 us
 * before that call begins, as call BEFORE (the later calls renumbered, as the
 * tracer numbers calls in order); FLAGS its flags. */
static void route_before(tf *f, int before, int val, int flags)
{
    int i, j;
    for (i = 0; i < f->n; i++)
        if (f->rec[i].kind != HREL_TEV_LIST && f->rec[i].kind != HREL_TEV_NAME &&
            f->rec[i].u.call.seq == before)
            break;
    if (i == f->n || f->n == 64)
        return;
    for (j = 0; j < f->n; j++)
        if (f->rec[j].kind != HREL_TEV_LIST && f->rec[j].kind != HREL_TEV_NAME) {
            if (f->rec[j].u.call.seq >= before)
                f->rec[j].u.call.seq++;
            if (f->rec[j].u.call.parent >= before)
                f->rec[j].u.call.parent++;
        }
    memmove(&f->rec[i + 1], &f->rec[i], (size_t)(f->n - i) * sizeof f->rec[0]);
    f->n++;
    memset(&f->rec[i], 0, sizeof f->rec[i]);
    f->rec[i].kind = HREL_TEV_ROUTE;
    f->rec[i].tid = f->tid;
    f->rec[i].flags = (uint16_t)flags;
    f->rec[i].u.call.seq = before;
    f->rec[i].u.call.parent = -1;
    f->rec[i].u.call.peer = val;
    f->rec[i].u.call.tag = -1;
    f->rec[i].u.call.ret = 2;
    f->rec[i].u.call.t0_ns = f->rec[i + 1].u.call.t0_ns - 2000;
    f->rec[i].u.call.t1_ns = f->rec[i + 1].u.call.t0_ns - 1000;
}

static char dirbuf[4][512];

/* A fresh folder holding A, B, G (each may be left out: NULL). */
static const char *folder(int k, const tf *a, const tf *b, const tf *g)
{
    const char *base = getenv("HREL_TEST_TMP");
    snprintf(dirbuf[k], sizeof dirbuf[k], "%s/tev.%d.%d", base ? base : "/tmp", (int)getpid(),
             k);
    mkdir(dirbuf[k], 0755);
    if (a)
        tf_write(a, dirbuf[k], "h.1.tev", 0);
    if (b)
        tf_write(b, dirbuf[k], "h.2.tev", 0);
    if (g)
        tf_write(g, dirbuf[k], "h.3.tev", 0);
    return dirbuf[k];
}

static void rmfolder(const char *d)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", d);
}

/* Import DIR: return the error text (empty on success), and the trace. */
static const char *import(const char *dir, hrel_msgtrace **mt)
{
    static char err[1024];
    hrel_tevdir *d = NULL;
    err[0] = '\0';
    *mt = NULL;
    if (hrel_tevdir_read(dir, &d, err, sizeof err) == 0)
        hrel_msgtrace_from_tev(d, mt, err, sizeof err);
    hrel_tevdir_free(d);
    return err;
}

static void check_program(const hrel_msgtrace *t)
{
    const hrel_msg *r0 = &t->row[t->first[0]];
    size_t n0 = t->first[1] - t->first[0];
    HREL_CHECK_INT(t->nproc, 3, "three ranks: A, the group server, B");
    HREL_CHECK_INT(t->group_server, 1, "the group server is rank 1 (spawned first)");
    HREL_CHECK_INT(t->tid[0], A, "rank 0 is A");
    HREL_CHECK_INT(t->tid[2], B, "rank 2 is B");
    HREL_CHECK_INT(t->status[0], 0, "A exited 0");
    HREL_CHECK_INT(t->status[1], -1, "the group server has no end");
    HREL_CHECK_INT(t->status[2], 1, "B exited 1");
    HREL_CHECK_STR(t->tracer, "preload", "tracer");
    HREL_CHECK_INT((int)n0, 12, "rank 0: start enrol joingroup spawn send recv spawn send "
                   "reduce recv exit end");
    if (n0 == 12) {
        static const hrel_msgkind want[12] = {
            HREL_MSG_START, HREL_MSG_ENROL, HREL_MSG_JOINGROUP, HREL_MSG_SPAWN, HREL_MSG_SEND,
            HREL_MSG_RECV, HREL_MSG_SPAWN, HREL_MSG_SEND, HREL_MSG_REDUCE, HREL_MSG_RECV,
            HREL_MSG_EXIT, HREL_MSG_END};
        int k, same = 1;
        for (k = 0; k < 12; k++)
            same &= r0[k].kind == want[k];
        HREL_CHECK(same, "rank 0's rows in call order (by seq, not by file order)");
        HREL_CHECK_INT((int)r0[3].inside, (int)t->first[0] + 2, "inner spawn inside joingroup");
        HREL_CHECK_INT((int)r0[5].inside, (int)t->first[0] + 2, "inner recv inside joingroup");
        HREL_CHECK_INT((int)r0[7].inside, -1, "the send to B is top-level");
        HREL_CHECK_INT((int)r0[9].inside, (int)t->first[0] + 8, "recv inside reduce");
        HREL_CHECK_INT(r0[3].npeers == 1 ? r0[3].peers[0] : -1, 1, "spawned the server");
        HREL_CHECK_INT(r0[8].npeers == 1 ? r0[8].peers[0] : -1, 0, "reduce root = rank 0");
        HREL_CHECK_ABS(r0[7].bytes, 100, 0, "100 bytes to B");
        HREL_CHECK_INT(r0[7].tag, 5, "tag 5");
        HREL_CHECK_ABS(r0[1].t0, 10e-6, 1e-12, "times in s since rank 0's start");
        HREL_CHECK_ABS(r0[8].t1, 500e-6, 1e-12, "reduce ends at 500 us");
        HREL_CHECK(r0[9].match >= 0 && t->row[r0[9].match].rank == 2,
                   "the reduce's receive matched to B's send");
        HREL_CHECK(r0[5].match >= 0 && t->row[r0[5].match].rank == 1,
                   "the join's reply matched to the server's send");
    }
    HREL_CHECK_ABS(t->row[t->first[2]].t0, 250e-6, 1e-12, "B starts 250 us after A");
}

int main(void)
{
    tf a, b, g;
    hrel_msgtrace *t = NULL, *t2 = NULL;
    hrel_tevfile one;
    const char *d, *e;
    char err[1024];

    hrel_test_init();
    HREL_CHECK_INT((int)sizeof(hrel_tev_head), 256, "header is 256 bytes");
    HREL_CHECK_INT((int)sizeof(hrel_tev_rec), 80, "a record is 80 bytes");
    HREL_CHECK_STR(hrel_tev_kind_name(HREL_TEV_BCAST), "bcast", "kind names");

    /* a good program, imported */
    program(&a, &b, &g, 0);
    d = folder(0, &a, &b, &g);
    e = import(d, &t);
    HREL_CHECK_STR(e, "", "the program imports");
    if (t) {
        const char *p;
        FILE *fp;
        check_program(t);
        /* msgs.csv and back: the same rows, inside kept */
        p = hrel_test_write_tmp("tev_msgs.csv", "");
        fp = fopen(p, "w");
        HREL_CHECK(fp && hrel_msgtrace_write(t, fp) == 0, "msgs.csv written");
        if (fp)
            fclose(fp);
        HREL_CHECK_INT(hrel_msgtrace_load(p, &t2, err, sizeof err), 0, err);
        if (t2) {
            hrel_replay_param par = {.g_send = 1e-9, .L_send = 1e-6, .g_mcast = 1e-9,
                                     .L_mcast = 1e-6, .medium = HREL_MEDIUM_NONE,
                                     .cpu_ratio = 1.0};
            double end[3], total = 0;
            HREL_CHECK_STR(t2->tracer, "preload", "# tracer: preload read back");
            HREL_CHECK_INT((int)t2->n, (int)t->n, "same rows after msgs.csv");
            HREL_CHECK_INT((int)t2->row[t2->first[0] + 9].inside, (int)t2->first[0] + 8,
                           "inside read back as the row of the enclosing reduce");
            HREL_CHECK_INT(hrel_replay_run(t2, &par, end, &total, err, sizeof err), 0, err);
            /* Worked by hand (g 1e-9 s/B, L 1 us): the replay goes through the
             * group rows and the server. A's join reply came 41 us after the
             * server sent it: A is 41 us ahead from there, so B starts at 209
             * (spawn end 159 + 50); B's join wait shrinks 6.5 us, its receive of
             * A's 100 bytes ends at 270 (sent 259-259.1, +1 us) instead of 320:
             * B is 50 us ahead, its reduce send is at 352 and it ends at
             * 440 - 50 - 17 (its send priced 0.08 us, not 8; the reduce's
             * tail) = 373. A's 10 us send costs 0.1 us (-9.9), its reduce
             * receive waits for nothing (B's data is there at 353, A reaches
             * it at 360 instead of 499): A ends at 620 - 41 - 9.9 - 98 = 471. */
            HREL_CHECK_ABS(total, 471.8e-6, 2e-6, "replayed total, worked by hand");
            HREL_CHECK_ABS(end[2], 373e-6, 2e-6, "B's replayed end, worked by hand");
        }
        hrel_msgtrace_free(t2);
        hrel_msgtrace_free(t);
    }
    /* one file alone */
    HREL_CHECK_INT(hrel_tevfile_read("/nonexistent/x.tev", &one, err, sizeof err),
                   -1, "a missing file");
    HREL_CHECK_ERR(err, "cannot open", "missing file named");
    rmfolder(d);

    /* bad inputs, one line each */
    d = folder(1, &a, NULL, &g);   /* B's file lost */
    e = import(d, &t);
    HREL_CHECK(!t, "a spawned task without a file is refused");
    HREL_CHECK_ERR(e, "started task t40002, which left no task file", "missing task file named");
    rmfolder(d);

    d = folder(1, &a, &b, &g);      /* A's file cut inside a record */
    tf_write(&a, d, "h.1.tev", 10);
    e = import(d, &t);
    HREL_CHECK(!t && strstr(e, "h.1.tev: truncated") != NULL, "a truncated file is refused");
    rmfolder(d);

    {                               /* files of two runs */
        tf b2 = b;
        snprintf(b2.head.run, sizeof b2.head.run, "run2");
        d = folder(1, &a, &b2, &g);
        e = import(d, &t);
        HREL_CHECK(!t && strstr(e, "files of two runs") != NULL, "two runs mixed are refused");
        rmfolder(d);
    }
    {                               /* an event kind the importer does not know */
        tf g2 = g;
        g2.rec[2].kind = 99;
        d = folder(1, &a, &b, &g2);
        e = import(d, &t);
        HREL_CHECK(!t && strstr(e, "record 3 has unknown kind 99") != NULL,
                   "an unknown kind is refused");
        rmfolder(d);
    }
    {                               /* not a task file */
        tf g2 = g;
        memcpy(g2.head.magic, "NOTATEV!", 8);
        d = folder(1, &a, &b, &g2);
        e = import(d, &t);
        HREL_CHECK(!t && strstr(e, "not a task file") != NULL, "a foreign file is refused");
        rmfolder(d);
    }
    {                               /* a list record with no call before it */
        tf g2 = g;
        g2.rec[0].kind = HREL_TEV_LIST;
        d = folder(1, &a, &b, &g2);
        e = import(d, &t);
        HREL_CHECK(!t && strstr(e, "follows no call") != NULL, "a stray list is refused");
        rmfolder(d);
    }
    /* the gaps' CPU time: absent without the flag; with it, from the previous
     * row's end (a group row's begin), and whether the gap blocked */
    program(&a, &b, &g, 0);
    d = folder(2, &a, &b, &g);
    e = import(d, &t);
    HREL_CHECK(t && !t->gap_cpu, "no CPU fields: no gap_cpu");
    hrel_msgtrace_free(t);
    rmfolder(d);
    with_cpu(&a, 6);
    with_cpu(&b, -1);
    with_cpu(&g, -1);
    d = folder(2, &a, &b, &g);
    e = import(d, &t);
    HREL_CHECK_STR(e, "", "the program with CPU fields imports");
    if (t && t->gap_cpu) {
        size_t f0 = t->first[0];
        const char *p;
        FILE *fp;
        HREL_CHECK_ABS(t->gap_cpu[f0], 2e-3, 1e-12,
                       "the start row: the process's start-up, 2 ms of CPU before it");
        HREL_CHECK_INT(t->gap_blocked[f0], 0, "... not blocked (no switch before it)");
        HREL_CHECK_ABS(t->gap_cpu[f0 + 1], 5e-6, 1e-12, "enrol: half of 10 us since the start");
        HREL_CHECK_ABS(t->gap_cpu[f0 + 7], 50e-6, 1e-12,
                       "the send to B: half the 100 us since the spawn's end");
        HREL_CHECK_INT(t->gap_blocked[f0 + 7], 1, "... and it blocked before it");
        HREL_CHECK_ABS(t->gap_cpu[f0 + 8], 45e-6, 1e-12, "the reduce: 90 us after the send");
        HREL_CHECK_INT(t->gap_blocked[f0 + 8], 0, "... not blocked");
        HREL_CHECK_ABS(t->gap_cpu[f0 + 9], 0.5e-6, 1e-12,
                       "a receive inside the reduce: from the reduce's begin");
        {   /* each call's own CPU: half its duration here (the CPU clock runs
               at half the wall clock), 0 on the start rows */
            size_t i, wrong = 0, timed = 0;
            int r;
            HREL_CHECK(t->call_cpu != NULL, "the calls' CPU kept");
            for (r = 0; t->call_cpu && r < t->nproc; r++)
                for (i = t->first[r]; i < t->first[r + 1]; i++) {
                    double want = i == t->first[r] ? 0 : (t->row[i].t1 - t->row[i].t0) / 2;
                    wrong += fabs(t->call_cpu[i] - want) > 1e-9;
                    timed += want > 0;
                }
            HREL_CHECK_INT((long)wrong, 0, "every row's call CPU: half its duration");
            HREL_CHECK(timed >= 5, "... with calls that took time (the check is not vacuous)");
        }
        p = hrel_test_write_tmp("tev_cpu.csv", "");
        fp = fopen(p, "w");
        HREL_CHECK(fp && hrel_msgtrace_write(t, fp) == 0, "msgs.csv with the gaps' CPU written");
        if (fp)
            fclose(fp);
        HREL_CHECK_INT(hrel_msgtrace_load(p, &t2, err, sizeof err), 0, err);
        if (t2 && t2->gap_cpu) {
            HREL_CHECK_ABS(t2->gap_cpu[t2->first[0]], 2e-3, 1e-9, "read back: the start-up's 2 ms");
            HREL_CHECK_ABS(t2->gap_cpu[t2->first[0] + 7], 50e-6, 1e-9, "read back: 50 us");
            HREL_CHECK_INT(t2->gap_blocked[t2->first[0] + 7], 1, "read back: blocked");
            HREL_CHECK_INT(t2->gap_blocked[t2->first[0] + 8], 0, "read back: not blocked");
            if (t2->call_cpu && t->call_cpu) {
                size_t i, off = 0;
                for (i = 0; i < t->n; i++)
                    off += fabs(t2->call_cpu[i] - t->call_cpu[i]) > 1e-6;
                HREL_CHECK_INT((long)off, 0, "read back: every call's CPU (call_cpu_s)");
            } else
                HREL_CHECK(0, "read back: call_cpu present");
        } else
            HREL_CHECK(0, "read back: gap_cpu present");
        hrel_msgtrace_free(t2);
        t2 = NULL;
    } else
        HREL_CHECK(0, "the import kept the gaps' CPU time");
    hrel_msgtrace_free(t);
    t = NULL;
    /* a poll: B's receive from A (100 B) made by pvm_nrecv, its gap blocked
     * (B slept between polls): gap_blocked 2 on that row, and only there */
    program(&a, &b, &g, 0);
    with_cpu(&a, -1);
    with_cpu(&b, 4);
    with_cpu(&g, -1);
    {
        int i, n2 = 0, at = -1;
        for (i = 0; i < b.n; i++)
            if (b.rec[i].kind == HREL_TEV_RECV && b.rec[i].u.call.seq == 4)
                b.rec[i].kind = HREL_TEV_NRECV;
        d = folder(2, &a, &b, &g);
        e = import(d, &t);
        HREL_CHECK_STR(e, "", "the program with a poll imports");
        for (i = 0; t && t->gap_blocked && i < (int)t->n; i++)
            if (t->gap_blocked[i] == 2) {
                n2++;
                at = i;
            }
        HREL_CHECK_INT(n2, 1, "one row marked a poll whose gap blocked");
        HREL_CHECK(at >= 0 && t->row[at].kind == HREL_MSG_RECV && t->row[at].bytes == 100,
                   "... B's receive of 100 B from A");
        hrel_msgtrace_free(t);
        t = NULL;
        rmfolder(d);
    }
    rmfolder(d);
    /* the route the program asked for: A and B's messages (to each other and
     * to the group server; the server's own not counted: 4), each with the
     * route option its sender had set when it sent it */
    {
        static const struct {
            int a_before, b_before, aflags;   /* seq the option precedes, -1 none */
            const char *want;
            long direct;
        } rc[] = {{6, -1, 0, "mixed", 1},     /* A asks before its send to B */
                  {0, 0, 0, "direct", 4},     /* both before everything */
                  {-1, -1, 0, "daemon", 0},   /* nobody asks */
                  {0, -1, HREL_TEVF_ERROR, "daemon", 0}};   /* A's call failed */
        size_t i;
        for (i = 0; i < sizeof rc / sizeof rc[0]; i++) {
            char what[160];
            program(&a, &b, &g, 0);
            if (rc[i].a_before >= 0)
                route_before(&a, rc[i].a_before, 3, rc[i].aflags);
            if (rc[i].b_before >= 0)
                route_before(&b, rc[i].b_before, 3, 0);
            a.head.flags = b.head.flags = g.head.flags = HREL_TEVH_ROUTE;
            d = folder(3, &a, &b, &g);
            e = import(d, &t);
            snprintf(what, sizeof what, "route case %zu imports", i);
            HREL_CHECK_STR(e, "", what);
            snprintf(what, sizeof what, "route case %zu: %s, %ld of 4", i, rc[i].want,
                     rc[i].direct);
            HREL_CHECK(t && strcmp(t->route, rc[i].want) == 0 && t->route_direct == rc[i].direct &&
                       t->route_msgs == 4, what);
            if (t && i == 0) {   /* written and read back */
                const char *p = hrel_test_write_tmp("tev_route.csv", "");
                FILE *fp = fopen(p, "w");
                HREL_CHECK(fp && hrel_msgtrace_write(t, fp) == 0, "msgs.csv with the route written");
                if (fp)
                    fclose(fp);
                HREL_CHECK_INT(hrel_msgtrace_load(p, &t2, err, sizeof err), 0, err);
                HREL_CHECK(t2 && strcmp(t2->route, "mixed") == 0 && t2->route_direct == 1 &&
                           t2->route_msgs == 4, "read back: mixed, 1 of 4");
                hrel_msgtrace_free(t2);
                t2 = NULL;
            }
            hrel_msgtrace_free(t);
            t = NULL;
            rmfolder(d);
        }
        program(&a, &b, &g, 0);   /* one file from an older tracer: not known */
        route_before(&a, 0, 3, 0);
        a.head.flags = g.head.flags = HREL_TEVH_ROUTE;
        d = folder(3, &a, &b, &g);
        e = import(d, &t);
        HREL_CHECK(t && t->route[0] == '\0', "a file without the route flag: route not known");
        hrel_msgtrace_free(t);
        t = NULL;
        rmfolder(d);
        {
            const char *p = hrel_test_write_tmp(
                "route_bad.csv", "# route: sideways (1 of 4 messages)\n"
                                 "rank,host,kind,peers,bytes,tag,t_begin,t_end,inside\n"
                                 "0,1,start,,0,-1,0,0,\n");
            HREL_CHECK(hrel_msgtrace_load(p, &t2, err, sizeof err) != 0 &&
                           strstr(err, "'# route: sideways (1 of 4 messages)' is not") != NULL,
                       "a malformed route line is refused, named");
            hrel_msgtrace_free(t2);
            t2 = NULL;
        }
    }
    program(&a, &b, &g, 5);         /* a reduce onto an instance nobody joined as */
    d = folder(1, &a, &b, &g);
    e = import(d, &t);
    HREL_CHECK(!t && strstr(e, "root instance 5 of group 'g', which no traced task joined"),
               "an unmatched group root is refused");
    rmfolder(d);
    d = folder(1, NULL, NULL, NULL);
    e = import(d, &t);
    HREL_CHECK(!t && strstr(e, "no task files"), "an empty folder is refused");
    rmfolder(d);
    return hrel_test_summary("test_tevfile");
}
