/* hrel_lifecycle -- what a PVM program pays outside its messages, measured in
 * the running virtual machine (issue 21): lifecycle.csv for the replay's
 * --lifecycle (lib/model/lifecycle.h; README "Data contracts").
 *
 * Each event REPS times (median, quartiles, range):
 *  - enrol: a copy of this program started by fork+exec, as a shell starts a
 *    program: from the fork to its first pvm_mytid returning (CLOCK_MONOTONIC,
 *    one host's processes share it); exit: its pvm_exit; end: from pvm_exit's
 *    return to waitpid's in the parent (the process's teardown);
 *  - spawn (every k from 1 to min(K, LC_KALL) and K, local and, when the
 *    virtual machine has another host, remote; and, when it has two others or
 *    more, spread: K' = min(K, hosts - 1) tasks with PVM's own placement, one a
 *    host, as a program's pvm_spawn with PvmTaskDefault gets): the pvm_spawn
 *    call; spawn_start (the last child; k 1: the child) and spawn_first (k > 1:
 *    the first child to report): from its return to the child's first
 *    pvm_mytid returning, as the arrival of the child's first message less
 *    half a round trip measured right after (no common clock needed; 0 when a
 *    child reported before the return). A spawn of two tasks or more is not on
 *    the line through one and K tasks (docs/predict.md, "A spawn of k tasks"). Each spawn is the first one of a fork+exec'd
 *    copy right after its enrolment, as a program started from a shell spawns
 *    its workers: the spawn of one task returns in two modes, about 0.2 ms
 *    when the spawner has just started and about 2 ms when it slept before
 *    (the child then starts about 2 ms sooner after the return: the sum
 *    stays), and programs spawn in the first (docs/predict.md, "The spawn of
 *    one task"). Each copy waits until its children have left. A copy reports
 *    through a pipe: a status byte ('0', or 'E' and one line of error), then
 *    its times;
 *  - start_cpu: the CPU time of the fork+exec'd copy from its fork to its
 *    constructors (the fork, exec and dynamic loader: what the preload
 *    tracer's start row holds for a program started from a shell); spawn_cpu:
 *    the same for a task spawned alone on this host (the pvmd's child's set-up
 *    before its exec as well); the replay prices a traced program's own
 *    start-up against these (lib/model/lifecycle.h);
 *  - gs_start: in a spawned child (a fresh libgpvm3), its first pvm_joingroup
 *    when no group server runs less its second one; the server is killed
 *    after each repetition. Skipped (a comment line says so) when a group
 *    server runs already: it is someone's.
 *  - --pause S (default 0.1): every fork+exec'd copy starts after this
 *    process slept S seconds, as a program starts on a machine that idled
 *    before it (predict.sh's runs start after a virtual machine's start,
 *    polled every 0.1 s). Where an idle CPU comes back slow (a virtual
 *    machine's vCPU whose host ran others meanwhile: cold caches), a
 *    process's start-up and its first PVM calls cost more CPU after an idle
 *    spell than back to back (docs/predict.md, "A task's start after the
 *    machine idled"); 0: back to back, as before.
 * usage: hrel_lifecycle [-r|--reps N] [-k|--tasks N] [-o FILE] [--platform NAME]
 *                       [--pause S]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "runmeta.h"
#include "sample.h"
#include "tags.h"
#include "vm.h"

#define LC_PROG "hrel_lifecycle"
#define LC_WAIT_S 60.0
#define LC_MAXK 64
#define LC_KALL 8    /* spawns of every k up to this are measured, and -k's */
#define LC_NROW 64

static double lc_pause = 0.1;   /* --pause: seconds idle before each fork+exec'd copy */

static const char usage_text[] =
    "usage: hrel_lifecycle [-r|--reps N] [-k|--tasks N] [-o FILE] [--platform NAME]\n"
    "                      [--pause S]\n"
    "Measures in the running virtual machine, N times each (default 20): a process's\n"
    "start to enrolment (fork+exec to its first pvm_mytid), pvm_spawn of every k\n"
    "from 1 to -k tasks (default 4; up to 8, and -k), each the first spawn of a\n"
    "freshly started copy, as a\n"
    "program spawns its workers, on this host and on another one (if any) and with PVM's\n"
    "placement over the hosts (if two others or more), a spawned task's\n"
    "start to enrolment, the group server's start, pvm_exit, the process end,\n"
    "and the start-up's CPU of a process started from a shell and of a spawned one.\n"
    "--pause S: each fork+exec'd copy starts after S seconds of sleep (default 0.1),\n"
    "as a program starts on a machine that idled before it; 0: back to back.\n"
    "Writes lifecycle.csv to FILE (default: standard output): '# platform:' (NAME,\n"
    "else $HREL_PLATFORM), then event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s.\n";

/* one event's samples and its row */
typedef struct lc_row {
    const char *event, *where;
    int k, n;
    double v[1000];
} lc_row;

static void put_row(FILE *fp, lc_row *r)
{
    double s[1000];
    int i;
    if (r->n == 0)
        return;
    for (i = 0; i < r->n; i++)
        s[i] = r->v[i];
    for (i = 1; i < r->n; i++) {   /* insertion sort: a few values */
        double x = s[i];
        int j = i - 1;
        while (j >= 0 && s[j] > x) {
            s[j + 1] = s[j];
            j--;
        }
        s[j + 1] = x;
    }
    fprintf(fp, "%s,%d,%s,%d,%.9f,%.9f,%.9f,%.9f,%.9f\n", r->event, r->k, r->where, r->n,
            hrel_sample_quantile_sorted(s, (size_t)r->n, 0.5),
            hrel_sample_quantile_sorted(s, (size_t)r->n, 0.25),
            hrel_sample_quantile_sorted(s, (size_t)r->n, 0.75), s[0], s[r->n - 1]);
}

/* --- the children ---------------------------------------------------------- */

/* this process's CPU time from its fork to its constructors (its start-up:
   the fork, exec and dynamic loader, as the preload tracer's start_cpu_ns
   reads it in a traced program), s */
static double start_cpu;

__attribute__((constructor)) static void read_start_cpu(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        start_cpu = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* a copy's report through FD: '0' and N doubles, or (T NULL) 'E' and MSG */
static int report(int fd, const double *t, size_t n, const char *msg)
{
    char buf[512];
    size_t len;
    if (t) {
        buf[0] = '0';
        memcpy(buf + 1, t, n * sizeof *t);
        len = 1 + n * sizeof *t;
    } else {
        snprintf(buf, sizeof buf, "E%s", msg);
        len = strlen(buf);
    }
    if (write(fd, buf, len) != (ssize_t)len)
        return 1;
    close(fd);
    return t ? 0 : 1;
}

/* started by fork+exec: enrol, report through FD (its times and start-up
   CPU), exit */
static int child_exec(int fd)
{
    double t[4];
    if (pvm_mytid() < 0)
        return report(fd, NULL, 0, "a fork+exec'd copy could not enrol (pvm_mytid failed)");
    t[0] = hrel_clock_now();
    t[1] = hrel_clock_now();
    pvm_exit();
    t[2] = hrel_clock_now();
    t[3] = start_cpu;
    return report(fd, t, 4, NULL);
}

/* spawned: hello (with its start-up CPU), answer one ping, leave on quit */
static int child_spawn(void)
{
    int parent;
    char err[256];
    if (pvm_mytid() < 0)
        return 1;
    parent = pvm_parent();
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(&start_cpu, 1, 1);
    pvm_send(parent, HREL_TAG_LC_HELLO);
    for (;;) {
        int tag;
        if (hrel_vm_recv(parent, -1, 120.0, NULL, &tag, err, sizeof err) < 0 ||
            tag == HREL_TAG_LC_QUIT)
            break;
        pvm_initsend(PvmDataDefault);
        pvm_send(parent, HREL_TAG_LC_PING);
    }
    pvm_exit();
    return 0;
}

/* spawned: two joins, the first one starting the group server */
static int child_gs(void)
{
    double t[4], d[2];
    int parent;
    if (pvm_mytid() < 0)
        return 1;
    parent = pvm_parent();
    t[0] = hrel_clock_now();
    pvm_joingroup("hrel_lifecycle");
    t[1] = hrel_clock_now();
    pvm_lvgroup("hrel_lifecycle");
    t[2] = hrel_clock_now();
    pvm_joingroup("hrel_lifecycle");
    t[3] = hrel_clock_now();
    pvm_lvgroup("hrel_lifecycle");
    d[0] = t[1] - t[0];
    d[1] = t[3] - t[2];
    pvm_initsend(PvmDataDefault);
    pvm_pkdouble(d, 2, 1);
    pvm_send(parent, HREL_TAG_LC_GS);
    pvm_exit();
    return 0;
}

static int one_spawn(const char *host, int k, double *spawn, double *start, double *first,
                     double *cpu, char *err, size_t errlen);

/* started by fork+exec: enrol, spawn K tasks on HOST ("*": PVM's placement)
   at once, report the spawn, the last child's start, (K 1) its start-up CPU
   and the first child's start through FD, exit */
static int child_first(int fd, const char *host, int k)
{
    double t[4] = {0, 0, 0, 0};
    char err[256];
    int rc;
    if (pvm_mytid() < 0)
        return report(fd, NULL, 0, "a fork+exec'd copy could not enrol (pvm_mytid failed)");
    rc = one_spawn(strcmp(host, "*") ? host : NULL, k, &t[0], &t[1], &t[3],
                   k == 1 ? &t[2] : NULL, err, sizeof err);
    pvm_exit();
    return rc == 0 ? report(fd, t, 4, NULL) : report(fd, NULL, 0, err);
}

/* --- the master ------------------------------------------------------------ */

/* fork+exec SELF with "--fd N" and the arguments ARGS (up to 6, NULL-ended),
 * read its report (report()) and wait for its end: N doubles into T; *T0 the
 * time just before the fork, *TW just after the wait. Return 0, or -1 with the
 * copy's error line (or WHAT, when it reported nothing) in ERR. */
static int run_copy(const char *self, const char *const args[], double *t, size_t n,
                    double *t0, double *tw, const char *what, char *err, size_t errlen)
{
    int fd[2], st, i = 0;
    char fds[16], buf[512];
    char *argv[10];
    pid_t pid;
    size_t got = 0;
    ssize_t r;
    if (pipe(fd) != 0) {
        snprintf(err, errlen, "pipe failed");
        return -1;
    }
    snprintf(fds, sizeof fds, "%d", fd[1]);
    argv[i++] = (char *)self;
    argv[i++] = "--fd";
    argv[i++] = fds;
    while (*args && i < 9)
        argv[i++] = (char *)*args++;
    argv[i] = NULL;
    if (lc_pause > 0) {   /* the machine idles, as before a program's start */
        struct timespec ts = {(time_t)lc_pause, (long)((lc_pause - (double)(time_t)lc_pause) * 1e9)};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
    }
    *t0 = hrel_clock_now();
    if ((pid = fork()) == 0) {
        close(fd[0]);
        execv(self, argv);
        _exit(127);
    }
    close(fd[1]);
    while (pid > 0 && got < sizeof buf - 1 && (r = read(fd[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += (size_t)r;
    close(fd[0]);
    if (pid > 0)
        waitpid(pid, &st, 0);
    *tw = hrel_clock_now();
    if (got == 1 + n * sizeof *t && buf[0] == '0') {
        memcpy(t, buf + 1, n * sizeof *t);
        return 0;
    }
    buf[got] = 0;
    snprintf(err, errlen, "%s", got > 1 && buf[0] == 'E' ? buf + 1 : what);
    return -1;
}

/* fork+exec one child: its enrolment, exit, end and start-up CPU. Return 0
   or -1. */
static int one_exec(const char *self, double *enrol, double *ex, double *end, double *cpu,
                    char *err, size_t errlen)
{
    static const char *const args[] = {"--child", "exec", NULL};
    double t[4], t0, tw;
    if (run_copy(self, args, t, 4, &t0, &tw, "a fork+exec'd copy did not enrol", err,
                 errlen) != 0)
        return -1;
    *enrol = t[0] - t0;
    *ex = t[2] - t[1];
    *end = tw - t[2];
    *cpu = t[3];
    return 0;
}

/* a fork+exec'd copy's first spawn of K tasks on HOST (NULL: PVM's
 * placement): its spawn time, the last child's start, the first child's
 * start and (K 1) its start-up CPU. Return 0 or -1. */
static int one_first(const char *self, const char *host, int k, double *spawn, double *start,
                     double *first, double *cpu, char *err, size_t errlen)
{
    char ks[16];
    const char *args[] = {"--child", "first", "--first-k", ks, "--first-host",
                          host ? host : "*", NULL};
    double t[4], t0, tw;
    snprintf(ks, sizeof ks, "%d", k);
    if (run_copy(self, args, t, 4, &t0, &tw, "a fork+exec'd copy ended before its spawn", err,
                 errlen) != 0)
        return -1;
    *spawn = t[0];
    *start = t[1];
    *first = t[3];
    if (cpu)
        *cpu = t[2];
    return 0;
}

/* spawn K children on HOST (NULL: PVM's placement); their spawn time, the
 * last and the first one's start to enrolment and (CPU not NULL) its start-up
 * CPU */
static int one_spawn(const char *host, int k, double *spawn, double *start, double *first,
                     double *cpu, char *err, size_t errlen)
{
    char *args[] = {"--child", "spawn", NULL};
    int tids[LC_MAXK], n, i, src;
    double t0, t1, th = 0, tf = 0, p0, p1;
    t0 = hrel_clock_now();
    n = pvm_spawn(LC_PROG, args, host ? PvmTaskHost : PvmTaskDefault, host ? (char *)host : "",
                  k, tids);
    t1 = hrel_clock_now();
    if (n != k) {
        snprintf(err, errlen, "pvm_spawn of %d %s on %s started %d (is bin/$PVM_ARCH in the "
                 "hostfile's ep=?)", k, LC_PROG, host ? host : "PVM's placement", n);
        for (i = 0; i < n; i++)
            pvm_kill(tids[i]);
        return -1;
    }
    for (i = 0; i < k; i++) {
        if (hrel_vm_recv(-1, HREL_TAG_LC_HELLO, LC_WAIT_S, &src, NULL, err, errlen) < 0)
            return -1;
        th = hrel_clock_now();
        if (i == 0)
            tf = th;
        if (cpu && pvm_upkdouble(cpu, 1, 1) < 0) {
            snprintf(err, errlen, "a spawned %s's hello held no start-up CPU", LC_PROG);
            return -1;
        }
    }
    *spawn = t1 - t0;
    p0 = hrel_clock_now();   /* a round trip: a hello's time on the way */
    pvm_initsend(PvmDataDefault);
    pvm_send(src, HREL_TAG_LC_PING);
    if (hrel_vm_recv(src, HREL_TAG_LC_PING, LC_WAIT_S, NULL, NULL, err, errlen) < 0)
        return -1;
    p1 = hrel_clock_now();
    *start = th - t1 - (p1 - p0) / 2;
    if (*start < 0)
        *start = 0;
    *first = tf - t1 - (p1 - p0) / 2;
    if (*first < 0)
        *first = 0;
    /* let them go, and wait until they are gone: the next spawn must not
       share the pvmd with their exits */
    pvm_notify(PvmTaskExit, HREL_TAG_EXIT, k, tids);
    pvm_initsend(PvmDataDefault);
    pvm_mcast(tids, k, HREL_TAG_LC_QUIT);
    for (i = 0; i < k; i++)
        if (pvm_trecv(-1, HREL_TAG_EXIT, &(struct timeval){LC_WAIT_S, 0}) <= 0) {
            snprintf(err, errlen, "a spawned %s did not leave", LC_PROG);
            return -1;
        }
    return 0;
}

/* tid of the running group server, 0 if none */
static int gs_tid(void)
{
    struct pvmtaskinfo *ti;
    int nt, i;
    if (pvm_tasks(0, &nt, &ti) < 0)
        return 0;
    for (i = 0; i < nt; i++) {
        const char *a = ti[i].ti_a_out, *sl = strrchr(a, '/');
        if (strcmp(sl ? sl + 1 : a, "pvmgs") == 0)
            return ti[i].ti_tid;
    }
    return 0;
}

/* one start of the group server, then its end. Return 0 or -1. */
static int one_gs(double *first, double *later, char *err, size_t errlen)
{
    char *args[] = {"--child", "gs", NULL};
    int tid, gs;
    double d[2];
    if (pvm_spawn(LC_PROG, args, PvmTaskDefault, "", 1, &tid) != 1) {
        snprintf(err, errlen, "pvm_spawn of %s failed", LC_PROG);
        return -1;
    }
    if (hrel_vm_recv(tid, HREL_TAG_LC_GS, LC_WAIT_S, NULL, NULL, err, errlen) < 0)
        return -1;
    pvm_upkdouble(d, 2, 1);
    *first = d[0];
    *later = d[1];
    if ((gs = gs_tid()) > 0) {   /* end it, and wait until it is gone */
        pvm_notify(PvmTaskExit, HREL_TAG_LC_GSEXIT, 1, &gs);
        pvm_kill(gs);
        if (pvm_trecv(-1, HREL_TAG_LC_GSEXIT, &(struct timeval){10, 0}) <= 0) {
            snprintf(err, errlen, "the group server t%x did not end", (unsigned)gs);
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    int reps = 20, k = 4, fd = -1, rc, first, i, nhost = 0, me;
    const char *out = NULL, *platform = NULL, *child = NULL, *first_host = "*";
    int first_k = 1;
    char err[512], here[256], **hosts = NULL;
    const char *remote = NULL;
    hrel_arg table[] = {
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &reps, 1, 1000),
        HREL_OPT_NUM("tasks", 'k', HREL_ARG_INT, &k, 2, LC_MAXK),
        HREL_OPT_STR("out", 'o', &out),
        HREL_OPT_STR("platform", 0, &platform),
        HREL_OPT_STR("child", 0, &child),
        HREL_OPT_NUM("fd", 0, HREL_ARG_INT, &fd, 0, 1 << 20),
        HREL_OPT_NUM("first-k", 0, HREL_ARG_INT, &first_k, 1, LC_MAXK),
        HREL_OPT_STR("first-host", 0, &first_host),
        HREL_OPT_NUM("pause", 0, HREL_ARG_DURATION, &lc_pause, 0, 10),
        HREL_OPT_END};
    static lc_row rows[LC_NROW];
    int nrow = 15, ks = 0, kx, nx, xrow[2] = {0, 0}, frow[3] = {0, 0, 0};
    lc_row *enrol = &rows[0], *ex = &rows[1], *end = &rows[2];
    FILE *fp = stdout;
    int gs_skipped = 0;

    if ((rc = hrel_args_run(LC_PROG, argc, argv, table, NULL, usage_text, stdout, stderr,
                            &first)) >= 0)
        return rc;
    if (child) {
        if (strcmp(child, "exec") == 0)
            return child_exec(fd);
        if (strcmp(child, "spawn") == 0)
            return child_spawn();
        if (strcmp(child, "gs") == 0)
            return child_gs();
        if (strcmp(child, "first") == 0)
            return child_first(fd, first_host, first_k);
        fprintf(stderr, "%s: unknown --child '%s'\n", LC_PROG, child);
        return 2;
    }
    if (first < argc) {
        fprintf(stderr, "%s: unexpected argument '%s' (try --help)\n", LC_PROG, argv[first]);
        return 2;
    }
    if ((me = pvm_mytid()) < 0) {
        fprintf(stderr, "%s: no virtual machine (is a pvmd running?)\n", LC_PROG);
        return 1;
    }
    hrel_vm_task_host(me, here, sizeof here);
    if (hrel_vm_hosts(&hosts, &nhost, err, sizeof err) != 0)
        goto fail;
    for (i = 0; i < nhost && !remote; i++)
        if (strcmp(hosts[i], here) != 0)
            remote = hosts[i];
    rows[0] = (lc_row){.event = "enrol", .where = "local", .k = 1};
    rows[1] = (lc_row){.event = "exit", .where = "local", .k = 1};
    rows[2] = (lc_row){.event = "end", .where = "local", .k = 1};
    rows[3] = (lc_row){.event = "spawn", .where = "local", .k = 1};
    rows[4] = (lc_row){.event = "spawn", .where = "local", .k = k};
    rows[5] = (lc_row){.event = "spawn_start", .where = "local", .k = 1};
    rows[6] = (lc_row){.event = "spawn", .where = "remote", .k = 1};
    rows[7] = (lc_row){.event = "spawn", .where = "remote", .k = k};
    rows[8] = (lc_row){.event = "spawn_start", .where = "remote", .k = 1};
    rows[9] = (lc_row){.event = "gs_start", .where = "local", .k = 1};
    rows[10] = (lc_row){.event = "joingroup", .where = "local", .k = 1};
    rows[11] = (lc_row){.event = "spawn_start", .where = "local", .k = k};
    rows[12] = (lc_row){.event = "spawn_start", .where = "remote", .k = k};
    rows[13] = (lc_row){.event = "start_cpu", .where = "local", .k = 1};
    rows[14] = (lc_row){.event = "spawn_cpu", .where = "local", .k = 1};
    if (nhost >= 3) {   /* two other hosts or more: a spawn spread over them */
        ks = k < nhost - 1 ? k : nhost - 1;
        rows[15] = (lc_row){.event = "spawn", .where = "spread", .k = ks};
        rows[16] = (lc_row){.event = "spawn_start", .where = "spread", .k = ks};
        nrow = 17;
    }
    /* the first child's start of the spawns of K (local, remote) and of the
       spread one; then every k between 1 and K (up to LC_KALL): its spawn,
       last and first child's start */
    for (i = 0; i < (remote ? 2 : 1); i++) {
        const char *wh = i ? "remote" : "local";
        frow[i] = nrow;
        rows[nrow++] = (lc_row){.event = "spawn_first", .where = wh, .k = k};
    }
    if (ks > 1) {
        frow[2] = nrow;
        rows[nrow++] = (lc_row){.event = "spawn_first", .where = "spread", .k = ks};
    }
    nx = (k - 1 < LC_KALL ? k - 1 : LC_KALL) - 1;   /* k = 2 .. min(K - 1, LC_KALL) */
    for (i = 0; i < (remote ? 2 : 1); i++) {
        const char *wh = i ? "remote" : "local";
        xrow[i] = nrow;
        for (kx = 2; kx < 2 + nx; kx++) {
            rows[nrow++] = (lc_row){.event = "spawn", .where = wh, .k = kx};
            rows[nrow++] = (lc_row){.event = "spawn_start", .where = wh, .k = kx};
            rows[nrow++] = (lc_row){.event = "spawn_first", .where = wh, .k = kx};
        }
    }
    gs_skipped = gs_tid() > 0;
    for (i = 0; i < reps; i++) {   /* interleaved, so a slow spell touches every event */
        double a, b, c, d, f, u;
        int w;
        if (one_exec("/proc/self/exe", &a, &b, &c, &u, err, sizeof err) != 0)
            goto fail;
        enrol->v[enrol->n++] = a;
        ex->v[ex->n++] = b;
        end->v[end->n++] = c;
        rows[13].v[rows[13].n++] = u;
        for (w = 0; w < (remote ? 2 : 1); w++) {
            const char *h = w ? remote : here;
            lc_row *base = &rows[3 + 3 * w];
            if (one_first("/proc/self/exe", h, 1, &a, &b, &f, &u, err, sizeof err) != 0)
                goto fail;
            if (w == 0)
                rows[14].v[rows[14].n++] = u;
            base[0].v[base[0].n++] = a;
            base[2].v[base[2].n++] = b;
            for (kx = 2; kx < 2 + nx; kx++) {
                lc_row *x = &rows[xrow[w] + 3 * (kx - 2)];
                if (one_first("/proc/self/exe", h, kx, &a, &b, &f, NULL, err, sizeof err) != 0)
                    goto fail;
                x[0].v[x[0].n++] = a;
                x[1].v[x[1].n++] = b;
                x[2].v[x[2].n++] = f;
            }
            if (one_first("/proc/self/exe", h, k, &c, &d, &f, NULL, err, sizeof err) != 0)
                goto fail;
            base[1].v[base[1].n++] = c;
            rows[11 + w].v[rows[11 + w].n++] = d;
            rows[frow[w]].v[rows[frow[w]].n++] = f;
        }
        if (ks > 1) {
            if (one_first("/proc/self/exe", NULL, ks, &a, &b, &f, NULL, err, sizeof err) != 0)
                goto fail;
            rows[15].v[rows[15].n++] = a;
            rows[16].v[rows[16].n++] = b;
            rows[frow[2]].v[rows[frow[2]].n++] = f;
        }
        if (!gs_skipped) {
            if (one_gs(&a, &b, err, sizeof err) != 0)
                goto fail;
            rows[9].v[rows[9].n++] = a - b > 0 ? a - b : 0;
            rows[10].v[rows[10].n++] = b;
        }
    }
    if (out && !(fp = fopen(out, "w"))) {
        snprintf(err, sizeof err, "cannot write '%s'", out);
        goto fail;
    }
    hrel_meta_common(fp, LC_PROG, platform, NULL, PvmDontRoute, PvmDataDefault);
    fprintf(fp, "# host: %s\n# reps: %d\n# unit: seconds\n", here, reps);
    fprintf(fp, "# spawn: each the first pvm_spawn of a fork+exec'd copy, right after its "
                "enrolment\n");
    fprintf(fp, "# pause: %g s of sleep before each fork+exec'd copy%s\n", lc_pause,
            lc_pause > 0 ? " (the machine idled)" : " (back to back)");
    if (!remote)
        fprintf(fp, "# remote: none (one host: no remote rows)\n");
    if (gs_skipped)
        fprintf(fp, "# gs_start: skipped (a group server ran already)\n");
    fprintf(fp, "event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n");
    for (i = 0; i < nrow; i++)
        put_row(fp, &rows[i]);
    if (fp != stdout && fclose(fp) != 0) {
        snprintf(err, sizeof err, "cannot write '%s'", out);
        fp = stdout;
        goto fail;
    }
    hrel_vm_free_names(hosts, nhost);
    pvm_exit();
    return 0;
fail:
    fprintf(stderr, "%s: %s\n", LC_PROG, err);
    hrel_vm_free_names(hosts, nhost);
    pvm_exit();
    return 1;
}
