/* libhrel_trace.so -- hrel's preload tracer: records an unmodified PVM
 * program's calls without changing what it sees.
 *
 * Loaded with LD_PRELOAD (experiments/trace.sh sets it up). When HREL_TRACE_DIR
 * names a folder, every process that loads it and calls PVM writes one task
 * file DIR/HOST.PID.tev (lib/io/tevfile.h): the process start (taken in the
 * constructor), its enrolment (its first pvm_mytid, or one made just before
 * the first call that enrols it, see enrol_first), each wrapped call with its
 * peers, bytes, tag, return value,
 * begin and end on CLOCK_REALTIME and, for a call made inside a group function,
 * that function's number; packing (initsend, pk*, upk*, packf) is one record
 * per stretch between two calls (its calls, first begin, last end); the process end (on_exit: also without pvm_exit,
 * with the exit status). Spawned tasks load it too: the library adds
 * LD_PRELOAD, HREL_TRACE_DIR and HREL_TRACE_RUN to PVM_EXPORT (trace.sh does),
 * so PVM's group server, started by the first group call, is traced as well.
 *
 * Records go to an in-memory buffer, mapped with mmap, not malloc'ed: glibc
 * raises its mmap threshold to the size of a large block freed, so a buffer of
 * the tracer's through malloc would move the program's own large allocations
 * (libpvm3's message buffers) from fresh mmaps, page faults each time, to the
 * reused heap, and a traced program of 1 MB messages ran 20 % faster than
 * untraced (PVM's timing; docs/predict.md "The tracer's buffer and glibc's
 * malloc"). The buffer is written out by the process itself (no
 * thread: a second thread would make every malloc and stdio call of the
 * program and of libpvm3 take glibc's multi-thread locks, which on one host
 * cost more than the tracing itself): when HREL_TEV_FLUSH_RECS records wait,
 * at the first record HREL_TEV_FLUSH_MS ms after the last write, before a
 * receive or barrier that may wait when the last write is HREL_TEV_IDLE_MS ms
 * old, and on exit. SIGTERM (what pvm_kill and pvm_halt send), when the
 * program has no handler of its own, first writes what waits, then the
 * process dies of it as before. A process killed otherwise leaves what was
 * written; one that waits for ever after a burst of calls (PVM's group
 * server) has them written when it ends (experiments/trace.sh ends the run's
 * group server).
 *
 * What the program sees is unchanged: every wrapper calls the real function
 * (found with dlsym(RTLD_NEXT)) with the caller's arguments, returns its value,
 * and puts back errno and pvm_errno as the real call left them; the buffer
 * sizes it reads (pvm_getsbuf, pvm_bufinfo) change no active buffer; a task
 * that enrols inside another call is enrolled a moment earlier, at the start
 * of that call, by a pvm_mytid of the tracer's own. Calls
 * made by libpvm3 itself inside a wrapped call are not recorded, except the
 * messages a group function makes (marked as inside it). The library links
 * no PVM: a process that never calls PVM (a shell, timeout) is untouched and
 * writes no file. Nothing is printed; a folder that cannot be written turns
 * the tracing off for that process.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "tevfile.h"

/* --- state ------------------------------------------------------------------ */

static struct {
    int on;                    /* tracing this process */
    int dead;                  /* the file could not be written: stop */
    char path[4096];           /* the task file */
    hrel_tev_head head;
    int fd;                    /* -1 until the first write */
    hrel_tev_rec *buf;         /* records waiting to be written */
    size_t n, cap;
    int64_t last_flush;        /* when records were last written, ns */
    int depth;                 /* wrapped calls in progress */
    int gseq, gdepth;          /* the open group call's seq and depth, -1 */
    int seq;                   /* next call number */
    int tid;                   /* own task id, 0 until known */
    int enrolled;              /* the first pvm_mytid was recorded */
    int64_t pk_t0, pk_t1;      /* packing since the last call: first begin, last end */
    int pk_n;
    const void *pend;          /* the send in progress (a callrec), or NULL */
    int pend_kind;
} S;                           /* set up by trace_init */

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;   /* guards S.buf, n, cap */
static pthread_mutex_t io = PTHREAD_MUTEX_INITIALIZER;   /* one writer at a time */

/* The thread's CPU time (ns; CLOCK_THREAD_CPUTIME_ID, which counts the
 * running slice too: getrusage's times lag by up to a scheduler tick) and its
 * voluntary context switches (getrusage): what a gap between two calls
 * computed, and whether it blocked. */
static void cpu_now(int64_t *cpu, uint32_t *vcsw)
{
    struct rusage u;
    struct timespec ts;
    *cpu = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0
           ? (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec : 0;
    *vcsw = getrusage(RUSAGE_THREAD, &u) == 0 ? (uint32_t)u.ru_nvcsw : 0;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The real function NAME (the next definition after this library). */
#define REAL(name) \
    static __typeof__(name) *real_##name; \
    if (!real_##name) \
        *(void **)&real_##name = dlsym(RTLD_NEXT, #name)

/* libpvm3's pvm_errno, looked up (a data symbol must not be linked here). */
static int *pvm_errno_p(void)
{
    static int *p;
    static int looked;
    if (!looked) {
        p = (int *)dlsym(RTLD_DEFAULT, "pvm_errno");
        looked = 1;
    }
    return p;
}

/* errno and pvm_errno as a real call left them. */
typedef struct { int e, pe; } errs;

static errs save_errs(void)
{
    errs s;
    int *p = pvm_errno_p();
    s.e = errno;
    s.pe = p ? *p : 0;
    return s;
}

static void put_errs(errs s)
{
    int *p = pvm_errno_p();
    if (p)
        *p = s.pe;
    errno = s.e;
}

/* --- writing ----------------------------------------------------------------- */

static int write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Write the records taken from the buffer. Called with io held. */
static void write_recs(const hrel_tev_rec *r, size_t n)
{
    if (S.dead)
        return;
    if (S.fd < 0) {
        S.fd = open(S.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
        if (S.fd < 0 || write_all(S.fd, &S.head, sizeof S.head) != 0) {
            S.dead = 1;
            return;
        }
    }
    if (n && write_all(S.fd, r, n * sizeof *r) != 0)
        S.dead = 1;
}

/* The record buffer's memory: its own mapping, never the program's heap
 * (see the top of this file). buf_free(NULL, 0) does nothing. */
static void buf_free(hrel_tev_rec *b, size_t cap)
{
    if (b)
        munmap(b, cap * sizeof *b);
}

/* A buffer of CAP records holding the N of OLD (of OLDCAP, then freed), or
 * NULL (OLD kept) when out of memory. */
static hrel_tev_rec *buf_grow(hrel_tev_rec *old, size_t n, size_t oldcap, size_t cap)
{
    void *p = mmap(NULL, cap * sizeof *old, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (n)
        memcpy(p, old, n * sizeof *old);
    buf_free(old, oldcap);
    return p;
}

/* Take what waits in the buffer and write it, in order. */
static void flush_now(void)
{
    hrel_tev_rec *b;
    size_t n, cap;
    pthread_mutex_lock(&io);
    pthread_mutex_lock(&mu);
    b = S.buf;
    n = S.n;
    cap = S.cap;
    S.buf = NULL;
    S.n = S.cap = 0;
    pthread_mutex_unlock(&mu);
    write_recs(b, n);
    S.last_flush = now_ns();
    pthread_mutex_unlock(&io);
    buf_free(b, cap);
}

/* A free record slot (mu held), or NULL when out of memory. */
static hrel_tev_rec *slot(void)
{
    hrel_tev_rec *r;
    if (S.n == S.cap) {
        size_t cap = S.cap ? 2 * S.cap : HREL_TEV_FLUSH_RECS + 64;
        hrel_tev_rec *nb = buf_grow(S.buf, S.n, S.cap, cap);
        if (!nb)
            return NULL;
        S.buf = nb;
        S.cap = cap;
    }
    r = &S.buf[S.n++];
    memset(r, 0, sizeof *r);
    r->tid = S.tid;
    return r;
}

/* A call's fields (besides the kind). */
typedef struct {
    int seq, peer, tag, ret;
    int64_t bytes, t0, t1;
    int64_t cpu0, cpu1;     /* the thread's CPU time at t0, t1 */
    uint32_t vcsw0, vcsw1;  /* its voluntary context switches then */
    const int *list;   /* tids, NLIST of them (values <= 0 left out) */
    int nlist;
    const char *name;  /* group name or NULL */
} callrec;

/* Append KIND with C (and the packing before it, its list and name). */
static void record(int kind, const callrec *c)
{
    hrel_tev_rec *r;
    int k, nl = 0, inner = S.gseq >= 0 && c->seq != S.gseq;
    pthread_mutex_lock(&mu);
    if (S.pk_n > 0 && (r = slot())) {
        r->kind = HREL_TEV_PACK;
        r->u.call.seq = -1;
        r->u.call.parent = -1;
        r->u.call.peer = S.pk_n;
        r->u.call.tag = -1;
        r->u.call.bytes = 0;
        r->u.call.t0_ns = S.pk_t0;
        r->u.call.t1_ns = S.pk_t1;
        S.pk_n = 0;
    }
    for (k = 0; c->list && k < c->nlist; k++)
        nl += c->list[k] > 0;
    if ((r = slot())) {
        r->kind = (uint16_t)kind;
        r->flags = (uint16_t)((inner ? HREL_TEVF_INNER : 0) | (c->ret < 0 ? HREL_TEVF_ERROR : 0));
        r->u.call.seq = c->seq;
        r->u.call.parent = inner ? S.gseq : -1;
        r->u.call.peer = c->peer;
        r->u.call.tag = c->tag;
        r->u.call.ret = c->ret;
        r->u.call.nlist = (nl + HREL_TEV_LIST_N - 1) / HREL_TEV_LIST_N;
        r->u.call.bytes = c->bytes;
        r->u.call.t0_ns = c->t0;
        r->u.call.t1_ns = c->t1;
        r->cpu0_ns = c->cpu0;
        r->cpu1_ns = c->cpu1;
        r->vcsw0 = c->vcsw0;
        r->vcsw1 = c->vcsw1;
    }
    for (k = 0, nl = HREL_TEV_LIST_N; c->list && k < c->nlist; k++) {
        if (c->list[k] <= 0)
            continue;
        if (nl == HREL_TEV_LIST_N) {
            if (!(r = slot()))
                break;
            r->kind = HREL_TEV_LIST;
            nl = 0;
        }
        r->u.list[nl++] = c->list[k];
    }
    if (c->name && (r = slot())) {
        r->kind = HREL_TEV_NAME;
        snprintf(r->u.name, sizeof r->u.name, "%s", c->name);
    }
    nl = S.n >= HREL_TEV_FLUSH_RECS ||
         c->t1 - S.last_flush >= (int64_t)HREL_TEV_FLUSH_MS * 1000000;
    pthread_mutex_unlock(&mu);
    if (nl)
        flush_now();
}

/* Before a call that may wait: write what waits if the last write is older
 * than HREL_TEV_IDLE_MS (a task about to block for long leaves its records on
 * disk; a busy one writes at most every HREL_TEV_IDLE_MS). */
static void idle_flush(void)
{
    if (S.n > 0 && now_ns() - S.last_flush >= (int64_t)HREL_TEV_IDLE_MS * 1000000)
        flush_now();
}

/* --- process start and end --------------------------------------------------- */

static void at_end(int status, void *arg)
{
    callrec c;
    (void)arg;
    if (!S.on || (S.seq == 0 && S.pk_n == 0))
        return;   /* never called PVM: no file */
    memset(&c, 0, sizeof c);
    c.seq = S.seq++;
    c.tag = -1;
    c.ret = status;
    c.t0 = c.t1 = now_ns();
    cpu_now(&c.cpu0, &c.vcsw0);
    c.cpu1 = c.cpu0;
    c.vcsw1 = c.vcsw0;
    c.peer = -1;
    S.gseq = -1;
    record(HREL_TEV_END, &c);
    flush_now();
    S.on = 0;
}

/* SIGTERM (pvm_kill, pvm_halt) with no handler of the program's: write what
 * waits, unless the program was inside the tracer (then what the writer last
 * wrote stays), and die of the signal as the program would have. */
static void on_term(int sig)
{
    int e = errno;
    if (pthread_mutex_trylock(&io) == 0) {
        if (pthread_mutex_trylock(&mu) == 0) {
            write_recs(S.buf, S.n);
            S.n = 0;
            if (S.pend) {   /* killed inside a send: its message may be out */
                const callrec *c = S.pend;
                hrel_tev_rec r;
                memset(&r, 0, sizeof r);
                r.kind = (uint16_t)S.pend_kind;
                r.flags = HREL_TEVF_CUT;
                r.tid = S.tid;
                r.u.call.seq = c->seq;
                r.u.call.parent = -1;
                r.u.call.peer = c->peer;
                r.u.call.tag = c->tag;
                r.u.call.bytes = c->bytes;
                r.u.call.t0_ns = c->t0;
                r.u.call.t1_ns = now_ns();
                r.cpu0_ns = c->cpu0;
                r.vcsw0 = c->vcsw0;
                cpu_now(&r.cpu1_ns, &r.vcsw1);
                write_recs(&r, 1);
            }
            pthread_mutex_unlock(&mu);
        }
        pthread_mutex_unlock(&io);
    }
    signal(sig, SIG_DFL);
    errno = e;
    raise(sig);
}

__attribute__((constructor)) static void trace_init(void)
{
    const char *dir = getenv("HREL_TRACE_DIR"), *run = getenv("HREL_TRACE_RUN");
    char host[256] = "";
    errs e = {errno, 0};
    S.fd = -1;
    S.gseq = S.gdepth = -1;
    if (!dir || !*dir)
        return;
    memcpy(S.head.magic, HREL_TEV_MAGIC, 8);
    S.head.endian = HREL_TEV_ENDIAN;
    S.head.recsize = (uint32_t)sizeof(hrel_tev_rec);
    S.head.start_ns = now_ns();
    S.head.flags = HREL_TEVH_CPU | HREL_TEVH_ROUTE;
    cpu_now(&S.head.start_cpu_ns, &S.head.start_vcsw);
    S.last_flush = S.head.start_ns;   /* a task shorter than the period writes once, at its end */
    S.head.pid = (int32_t)getpid();
    snprintf(S.head.run, sizeof S.head.run, "%s", run ? run : "");
    gethostname(host, sizeof host - 1);
    snprintf(S.head.host, sizeof S.head.host, "%s", host);
    snprintf(S.head.prog, sizeof S.head.prog, "%s", program_invocation_short_name);
    if (snprintf(S.path, sizeof S.path, "%s/%s.%d.tev", dir, S.head.host, (int)S.head.pid) >=
        (int)sizeof S.path)
        return;
    S.on = 1;
    on_exit(at_end, NULL);
    {
        struct sigaction old, sa;
        if (sigaction(SIGTERM, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
            old.sa_handler == SIG_DFL) {
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_term;
            sigemptyset(&sa.sa_mask);
            sigaction(SIGTERM, &sa, NULL);
        }
    }
    errno = e.e;
}

/* --- the wrappers -------------------------------------------------------------- */

/* Record this call? Top-level calls, and the direct inner calls of a group call. */
static int want(void)
{
    return S.on && (S.depth == 0 || (S.gseq >= 0 && S.depth == S.gdepth + 1));
}

/* Own task id once enrolled (a message or spawn has enrolled the task). */
static void learn_tid(int cc)
{
    if (S.tid == 0 && cc >= 0) {
        REAL(pvm_mytid);
        if (real_pvm_mytid) {
            int t = real_pvm_mytid();
            if (t > 0)
                S.tid = t;
        }
    }
}

/* Bytes in the active send buffer (0 when none). */
static int64_t sbuf_bytes(void)
{
    int sb, nb = 0;
    REAL(pvm_getsbuf);
    REAL(pvm_bufinfo);
    if (!real_pvm_getsbuf || !real_pvm_bufinfo)
        return 0;
    sb = real_pvm_getsbuf();
    if (sb > 0 && real_pvm_bufinfo(sb, &nb, NULL, NULL) < 0)
        nb = 0;
    return nb;
}

/* Bytes, tag and source of the received buffer BUFID. */
static void rbuf_info(int bufid, int64_t *bytes, int *tag, int *src)
{
    int nb = 0, tg = -1, sr = -1;
    REAL(pvm_bufinfo);
    if (bufid > 0 && real_pvm_bufinfo && real_pvm_bufinfo(bufid, &nb, &tg, &sr) >= 0) {
        *bytes = nb;
        *tag = tg;
        *src = sr;
    }
}

static int64_t dt_size(int dt)
{
    static const int sz[] = {1, 1, 2, 4, 4, 8, 8, 16, 8, 2, 4, 8};
    return dt >= 0 && dt < 12 ? sz[dt] : 1;
}

/* Begin a recorded call: its number, time, depth. */
static void begin(callrec *c, int group)
{
    memset(c, 0, sizeof *c);
    c->seq = S.seq++;
    c->tag = -1;
    c->peer = -1;
    if (group) {
        S.gseq = c->seq;
        S.gdepth = S.depth;
    }
    S.depth++;
    cpu_now(&c->cpu0, &c->vcsw0);
    c->t0 = now_ns();
}

static void end(callrec *c, int group)
{
    c->t1 = now_ns();
    cpu_now(&c->cpu1, &c->vcsw1);
    S.depth--;
    if (group)
        S.gseq = S.gdepth = -1;
}

int pvm_mytid(void)
{
    REAL(pvm_mytid);
    callrec c;
    errs e;
    int cc;
    if (!want() || S.enrolled)
        return real_pvm_mytid();
    begin(&c, 0);
    cc = real_pvm_mytid();
    end(&c, 0);
    e = save_errs();
    if (cc > 0) {
        S.tid = cc;
        S.enrolled = 1;
    }
    c.ret = cc;
    record(HREL_TEV_MYTID, &c);
    put_errs(e);
    return cc;
}

/* A task's enrolment, recorded as its pvm_mytid just before the first call
 * that enrols it. libpvm3 enrols a task inside whichever call first needs
 * the pvmd (pvm_parent, a send, a spawn, ...), and the replay charges the
 * platform's process start at the enrolment: a task that never called
 * pvm_mytid itself would otherwise have none. The same enrolment, a moment
 * earlier; on a failure libpvm3's message (PvmAutoErr) is left to the call
 * itself, which fails the same way, and errno and pvm_errno are as before. */
static void enrol_first(void)
{
    REAL(pvm_setopt);
    errs e;
    int old;
    if (S.enrolled || S.depth != 0 || !S.on || !real_pvm_setopt)
        return;
    e = save_errs();
    old = real_pvm_setopt(PvmAutoErr, 0);
    (void)pvm_mytid();
    if (old >= 0)
        real_pvm_setopt(PvmAutoErr, old);
    put_errs(e);
}

/* Calls that only enrol (and return what libpvm3 holds): their enrolment
 * (pvm_catchout only when it starts catching, a FILE given) */
#define ENROLS(name, params, args, when) \
    int name params \
    { \
        REAL(name); \
        if (want() && (when)) \
            enrol_first(); \
        return real_##name args; \
    }
ENROLS(pvm_parent, (void), (), 1)
ENROLS(pvm_siblings, (int **tids), (tids), 1)
ENROLS(pvm_config, (int *nhost, int *narch, struct pvmhostinfo **hostp), (nhost, narch, hostp), 1)
ENROLS(pvm_tasks, (int where, int *ntask, struct pvmtaskinfo **taskp), (where, ntask, taskp), 1)
ENROLS(pvm_catchout, (FILE *ff), (ff), ff != NULL)

int pvm_exit(void)
{
    REAL(pvm_exit);
    callrec c;
    errs e;
    int cc;
    if (!want())
        return real_pvm_exit();
    learn_tid(0);
    begin(&c, 0);
    cc = real_pvm_exit();
    end(&c, 0);
    e = save_errs();
    c.ret = cc;
    record(HREL_TEV_EXIT, &c);
    put_errs(e);
    return cc;
}

int pvm_spawn(char *file, char **argv, int flags, char *where, int ntask, int *tids)
{
    REAL(pvm_spawn);
    callrec c;
    errs e;
    int cc;
    if (!want())
        return real_pvm_spawn(file, argv, flags, where, ntask, tids);
    enrol_first();
    begin(&c, 0);
    cc = real_pvm_spawn(file, argv, flags, where, ntask, tids);
    end(&c, 0);
    e = save_errs();
    learn_tid(cc);
    c.ret = cc;
    c.peer = ntask;
    c.list = tids;
    c.nlist = tids && ntask > 0 ? ntask : 0;
    record(HREL_TEV_SPAWN, &c);
    put_errs(e);
    return cc;
}

/* the route a task's messages take (PVM's default: PvmAllowDirect): the
   option asked for, so the import can say which route the program chose
   (libpvm3 of PVM 3.4 exports no pvm_advise; Fortran's pvmfsetopt calls this) */
int pvm_setopt(int what, int val)
{
    REAL(pvm_setopt);
    callrec c;
    errs e;
    int cc;
    if (!want() || what != PvmRoute)
        return real_pvm_setopt(what, val);
    begin(&c, 0);
    cc = real_pvm_setopt(what, val);
    end(&c, 0);
    e = save_errs();
    c.ret = cc;
    c.peer = val;
    record(HREL_TEV_ROUTE, &c);
    put_errs(e);
    return cc;
}

/* send-like calls: the active buffer to one task */
int pvm_send(int tid, int tag)
{
    REAL(pvm_send);
    callrec c;
    errs e;
    int cc;
    int64_t nb;
    if (!want())
        return real_pvm_send(tid, tag);
    enrol_first();
    nb = sbuf_bytes();
    begin(&c, 0);
    c.peer = tid;
    c.tag = tag;
    c.bytes = nb;
    S.pend_kind = HREL_TEV_SEND;
    S.pend = &c;
    cc = real_pvm_send(tid, tag);
    S.pend = NULL;
    end(&c, 0);
    e = save_errs();
    learn_tid(cc);
    c.ret = cc;
    c.peer = tid;
    c.tag = tag;
    c.bytes = nb;
    record(HREL_TEV_SEND, &c);
    put_errs(e);
    return cc;
}

int pvm_psend(int tid, int tag, void *buf, int len, int dt)
{
    REAL(pvm_psend);
    callrec c;
    errs e;
    int cc;
    if (!want())
        return real_pvm_psend(tid, tag, buf, len, dt);
    enrol_first();
    begin(&c, 0);
    c.peer = tid;
    c.tag = tag;
    c.bytes = (int64_t)(len > 0 ? len : 0) * dt_size(dt);
    S.pend_kind = HREL_TEV_PSEND;
    S.pend = &c;
    cc = real_pvm_psend(tid, tag, buf, len, dt);
    S.pend = NULL;
    end(&c, 0);
    e = save_errs();
    learn_tid(cc);
    c.ret = cc;
    c.peer = tid;
    c.tag = tag;
    c.bytes = (int64_t)(len > 0 ? len : 0) * dt_size(dt);
    record(HREL_TEV_PSEND, &c);
    put_errs(e);
    return cc;
}

int pvm_mcast(int *tids, int ntask, int tag)
{
    REAL(pvm_mcast);
    callrec c;
    errs e;
    int cc;
    int64_t nb;
    if (!want())
        return real_pvm_mcast(tids, ntask, tag);
    enrol_first();
    nb = sbuf_bytes();
    begin(&c, 0);
    cc = real_pvm_mcast(tids, ntask, tag);
    end(&c, 0);
    e = save_errs();
    learn_tid(cc);
    c.ret = cc;
    c.peer = ntask;
    c.tag = tag;
    c.bytes = nb;
    c.list = tids;
    c.nlist = tids && ntask > 0 ? ntask : 0;
    record(HREL_TEV_MCAST, &c);
    put_errs(e);
    return cc;
}

/* receive-like calls: record those that returned a message */
static int after_recv(int kind, callrec *c, int cc)
{
    errs e = save_errs();
    learn_tid(cc);
    if (cc > 0) {
        int src = -1, tag = -1;
        rbuf_info(cc, &c->bytes, &tag, &src);
        c->ret = cc;
        c->peer = src;
        c->tag = tag;
        record(kind, c);
    }
    put_errs(e);
    return cc;
}

/* recv, nrecv, probe: (tid, tag) -> a buffer id; WAITS: it may block */
#define RECVLIKE(name, KIND, WAITS) \
    int name(int tid, int tag) \
    { \
        REAL(name); \
        callrec c; \
        int cc; \
        if (!want()) \
            return real_##name(tid, tag); \
        enrol_first(); \
        if (WAITS) \
            idle_flush(); \
        begin(&c, 0); \
        cc = real_##name(tid, tag); \
        end(&c, 0); \
        return after_recv(KIND, &c, cc); \
    }

RECVLIKE(pvm_recv, HREL_TEV_RECV, 1)
RECVLIKE(pvm_nrecv, HREL_TEV_NRECV, 0)
RECVLIKE(pvm_probe, HREL_TEV_PROBE, 0)

int pvm_trecv(int tid, int tag, struct timeval *tmout)
{
    REAL(pvm_trecv);
    callrec c;
    int cc;
    if (!want())
        return real_pvm_trecv(tid, tag, tmout);
    enrol_first();
    idle_flush();
    begin(&c, 0);
    cc = real_pvm_trecv(tid, tag, tmout);
    end(&c, 0);
    return after_recv(HREL_TEV_TRECV, &c, cc);
}

int pvm_precv(int tid, int tag, void *buf, int len, int dt, int *rtid, int *rtag, int *rlen)
{
    REAL(pvm_precv);
    callrec c;
    errs e;
    int cc, t = -1, g = -1, l = 0;
    if (!want())
        return real_pvm_precv(tid, tag, buf, len, dt, rtid, rtag, rlen);
    enrol_first();
    idle_flush();
    begin(&c, 0);
    cc = real_pvm_precv(tid, tag, buf, len, dt, rtid ? rtid : &t, rtag ? rtag : &g,
                        rlen ? rlen : &l);
    end(&c, 0);
    e = save_errs();
    learn_tid(cc);
    if (cc >= 0) {
        c.ret = cc;
        c.peer = rtid ? *rtid : t;
        c.tag = rtag ? *rtag : g;
        c.bytes = (int64_t)(rlen ? *rlen : l) * dt_size(dt);
        record(HREL_TEV_PRECV, &c);
    }
    put_errs(e);
    return cc;
}

/* --- group functions (libgpvm3): their inner messages are recorded too ------- */

/* Finish group call KIND: record it with NAME, put back the errors. */
static int group_done(int kind, callrec *c, int cc, const char *name)
{
    errs e = save_errs();
    learn_tid(cc);
    c->ret = cc;
    c->name = name;
    record(kind, c);
    put_errs(e);
    return cc;
}

/* joingroup, lvgroup: (group) -> an instance or a status */
#define MEMBERSHIP(name, KIND) \
    int name(char *group) \
    { \
        REAL(name); \
        callrec c; \
        int cc; \
        if (!want()) \
            return real_##name(group); \
        enrol_first(); \
        begin(&c, 1); \
        cc = real_##name(group); \
        end(&c, 1); \
        return group_done(KIND, &c, cc, group); \
    }

MEMBERSHIP(pvm_joingroup, HREL_TEV_JOINGROUP)
MEMBERSHIP(pvm_lvgroup, HREL_TEV_LVGROUP)

int pvm_barrier(char *group, int count)
{
    REAL(pvm_barrier);
    callrec c;
    int cc;
    if (!want())
        return real_pvm_barrier(group, count);
    enrol_first();
    idle_flush();
    begin(&c, 1);
    cc = real_pvm_barrier(group, count);
    end(&c, 1);
    c.peer = count;
    return group_done(HREL_TEV_BARRIER, &c, cc, group);
}

int pvm_bcast(char *group, int tag)
{
    REAL(pvm_bcast);
    callrec c;
    int cc;
    int64_t nb;
    if (!want())
        return real_pvm_bcast(group, tag);
    enrol_first();
    nb = sbuf_bytes();
    begin(&c, 1);
    cc = real_pvm_bcast(group, tag);
    end(&c, 1);
    c.tag = tag;
    c.bytes = nb;
    return group_done(HREL_TEV_BCAST, &c, cc, group);
}

typedef void (*reduce_fn)(int *, void *, void *, int *, int *);

int pvm_reduce(reduce_fn func, void *data, int count, int dt, int tag, char *group, int root)
{
    REAL(pvm_reduce);
    callrec c;
    int cc;
    if (!want())
        return real_pvm_reduce(func, data, count, dt, tag, group, root);
    enrol_first();
    begin(&c, 1);
    cc = real_pvm_reduce(func, data, count, dt, tag, group, root);
    end(&c, 1);
    c.tag = tag;
    c.peer = root;
    c.bytes = (int64_t)(count > 0 ? count : 0) * dt_size(dt);
    return group_done(HREL_TEV_REDUCE, &c, cc, group);
}

/* gather and scatter: the same arguments, one member's COUNT values of DT */
#define ROOTED(name, KIND) \
    int name(void *result, void *data, int count, int dt, int tag, char *group, int root) \
    { \
        REAL(name); \
        callrec c; \
        int cc; \
        if (!want()) \
            return real_##name(result, data, count, dt, tag, group, root); \
        enrol_first(); \
        begin(&c, 1); \
        cc = real_##name(result, data, count, dt, tag, group, root); \
        end(&c, 1); \
        c.tag = tag; \
        c.peer = root; \
        c.bytes = (int64_t)(count > 0 ? count : 0) * dt_size(dt); \
        return group_done(KIND, &c, cc, group); \
    }

ROOTED(pvm_gather, HREL_TEV_GATHER)
ROOTED(pvm_scatter, HREL_TEV_SCATTER)

/* --- packing: summed between calls -------------------------------------------- */

/* One clock reading per packing call (two for the first of a stretch). */
static void pack_begin(void)
{
    if (S.pk_n == 0)
        S.pk_t0 = now_ns();
}

static void pack_end(void)
{
    S.pk_t1 = now_ns();
    S.pk_n++;
}

#define PACKER(name, T) \
    int name(T *p, int n, int st) \
    { \
        REAL(name); \
        int cc, e; \
        if (!S.on || S.depth) \
            return real_##name(p, n, st); \
        pack_begin(); \
        cc = real_##name(p, n, st); \
        e = errno; \
        pack_end(); \
        errno = e; \
        return cc; \
    }

PACKER(pvm_pkbyte, char)
PACKER(pvm_pkcplx, float)
PACKER(pvm_pkdcplx, double)
PACKER(pvm_pkdouble, double)
PACKER(pvm_pkfloat, float)
PACKER(pvm_pkint, int)
PACKER(pvm_pkuint, unsigned int)
PACKER(pvm_pklong, long)
PACKER(pvm_pkulong, unsigned long)
PACKER(pvm_pkshort, short)
PACKER(pvm_pkushort, unsigned short)
PACKER(pvm_upkbyte, char)
PACKER(pvm_upkcplx, float)
PACKER(pvm_upkdcplx, double)
PACKER(pvm_upkdouble, double)
PACKER(pvm_upkfloat, float)
PACKER(pvm_upkint, int)
PACKER(pvm_upkuint, unsigned int)
PACKER(pvm_upklong, long)
PACKER(pvm_upkulong, unsigned long)
PACKER(pvm_upkshort, short)
PACKER(pvm_upkushort, unsigned short)

#define PACKER1(name, T) \
    int name(T a) \
    { \
        REAL(name); \
        int cc, e; \
        if (!S.on || S.depth) \
            return real_##name(a); \
        pack_begin(); \
        cc = real_##name(a); \
        e = errno; \
        pack_end(); \
        errno = e; \
        return cc; \
    }

PACKER1(pvm_initsend, int)
PACKER1(pvm_pkstr, char *)
PACKER1(pvm_upkstr, char *)

/* pvm_packf and pvm_unpackf reach libpvm3's v-forms through its PLT. */
int pvm_vpackf(const char *fmt, va_list ap);
int pvm_vunpackf(const char *fmt, va_list ap);

#define PACKERF(name) \
    int name(const char *fmt, va_list ap) \
    { \
        REAL(name); \
        int cc, e; \
        if (!S.on || S.depth) \
            return real_##name(fmt, ap); \
        pack_begin(); \
        cc = real_##name(fmt, ap); \
        e = errno; \
        pack_end(); \
        errno = e; \
        return cc; \
    }

PACKERF(pvm_vpackf)
PACKERF(pvm_vunpackf)
