/* hrel_bench -- the pattern benchmark master.
 *
 * How it measures. The master takes no part in the patterns: it spawns one
 * worker (hrel_bworker) per processor, round-robin over the hosts by default,
 * and for every case (pattern, p, h) tells ranks 0..p-1 the message size of
 * formula (4). Each repetition starts with a barrier: every rank reports to the
 * master, which answers all of them with one pvm_mcast (GO). Each rank reads
 * its CLOCK_MONOTONIC when GO arrives and again when its part of the pattern
 * is done (sends returned, receives unpacked); the repetition's time is the
 * maximum over ranks of that local elapsed time. Buffers are filled before the
 * barrier and every received byte is checked after the clock stops, so the
 * timed region holds only PVM packing, sending, receiving and unpacking.
 *
 * Error of the method: ranks leave the barrier at slightly different moments
 * (the GO copies arrive one after another). A rank that starts late may find
 * its data already waiting, so the measured maximum can be short by up to the
 * exit skew, and a rank that starts early waits for a late sender, so it can be
 * long by the same amount. On one host every rank's CLOCK_MONOTONIC is the same
 * clock, so the master measures that skew per repetition and writes its mean
 * and maximum per case to cases.csv; across hosts it cannot be measured this
 * way and the column is empty.
 *
 * Output: raw.csv rows are written and flushed as they are measured, so an
 * interrupted run keeps every completed repetition. A worker that dies, a
 * host that leaves, a timeout or a corrupted message ends the run with one
 * line naming the task and host; the workers left are killed.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "bench.h"
#include "bench_opts.h"
#include "clock.h"
#include "pattern.h"
#include "vm.h"

typedef struct master {
    const hrel_bench_cfg *cfg;   /* options */
    int nworker;                 /* workers spawned */
    int tids[256];               /* their tids, rank order */
    char hosts[256][64];         /* host of each worker */
    FILE *raw;                   /* raw.csv */
    FILE *cases;                 /* cases.csv */
    char err[512];               /* the failure, if any */
} master;

/* mkdir -p for the directory part of PATH. */
static int make_parent_dirs(const char *path)
{
    char buf[1024], *s;
    snprintf(buf, sizeof buf, "%s", path);
    for (s = buf + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(buf, 0777) < 0 && errno != EEXIST)
            return -1;
        *s = '/';
    }
    return 0;
}

/* Path of cases.csv beside raw.csv. */
static void cases_path(const char *raw, char *out, size_t len)
{
    const char *slash = strrchr(raw, '/');
    if (slash)
        snprintf(out, len, "%.*s/cases.csv", (int)(slash - raw), raw);
    else
        snprintf(out, len, "cases.csv");
}

static int max_procs(const hrel_bench_cfg *cfg)
{
    int i, j, n, mx = 0;
    for (i = 0; i < cfg->npat; i++) {
        const int *pr = hrel_bench_procs_for(cfg, cfg->pat[i], &n);
        for (j = 0; j < n; j++)
            if (pr[j] > mx)
                mx = pr[j];
    }
    return mx;
}

/* Write the '#' metadata lines shared by raw.csv and cases.csv. */
static void write_meta(FILE *fp, const master *m)
{
    const hrel_bench_cfg *cfg = m->cfg;
    char when[64], pol[256];
    time_t now = time(NULL);
    char **hosts = NULL;
    int nhost = 0, i, j, maxper = 0;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    char herr[128];

    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    hrel_reps_describe(&cfg->reps, pol, sizeof pol);
    fprintf(fp, "# suite: hrel %s\n", HREL_VERSION);
    fprintf(fp, "# program: hrel_bench (h-relation pattern benchmark)\n");
    fprintf(fp, "# date_utc: %s\n", when);
    fprintf(fp, "# platform: %s\n", cfg->platform);
    fprintf(fp, "# hostfile: %s\n", cfg->hostfile[0] ? cfg->hostfile : "(not given)");
    fprintf(fp, "# hosts:");
    if (hrel_vm_hosts(&hosts, &nhost, herr, sizeof herr) == 0)
        for (i = 0; i < nhost; i++)
            fprintf(fp, " %s", hosts[i]);
    fprintf(fp, "\n# workers: %d, placement %s:", m->nworker, hrel_vm_place_name(cfg->place));
    for (i = 0; i < nhost; i++) {
        int cnt = 0;
        for (j = 0; j < m->nworker; j++)
            cnt += strcmp(m->hosts[j], hosts[i]) == 0;
        fprintf(fp, " %s=%d", hosts[i], cnt);
        if (cnt > maxper)
            maxper = cnt;
    }
    fprintf(fp, "\n# cpus_on_master_host: %ld\n", cpus);
    if (cpus > 0 && maxper > cpus)
        fprintf(fp, "# warning: up to %d workers share a host with %ld cpus: the larger "
                    "processor counts measure the CPU scheduler as well as the network\n",
                maxper, cpus);
    hrel_vm_free_names(hosts, nhost);
    fprintf(fp, "# pvm_version: %s\n", pvm_version());
    fprintf(fp, "# routing: %s\n", hrel_vm_route_name(cfg->route));
    fprintf(fp, "# encoding: %s\n", hrel_vm_encoding_name(cfg->encoding));
    fprintf(fp, "# op: %s\n", hrel_op_name(cfg->op));
    fprintf(fp, "# packet_unit: byte\n");
    fprintf(fp, "# repetitions: %s; %ld warm-up repetitions discarded per case\n", pol,
            cfg->warmup);
    fprintf(fp, "# timeout_s: %g\n", cfg->timeout_s);
    fprintf(fp, "# timing: barrier (all ranks report, master answers with one pvm_mcast), "
                "then seconds = max over ranks of local elapsed time from barrier exit to "
                "the end of the rank's sends and receives; fill and byte checks outside\n");
    fprintf(fp, "# clock: CLOCK_MONOTONIC, resolution %g s\n", hrel_clock_res());
    for (i = 0; i < cfg->nnotes; i++)
        fprintf(fp, "# %s\n", cfg->notes[i]);
    fprintf(fp, "# command: %s\n", cfg->cmdline);
}

/* Fail the run: keep the first message. Always returns -1. */
static int fail(master *m, const char *fmt, const char *a)
{
    if (!m->err[0])
        snprintf(m->err, sizeof m->err, fmt, a);
    return -1;
}

/* Receive one READY or REPORT from one of the case's ranks. */
static int recv_control(master *m, int tag, double timeout, int *status, long *rep,
                        double *elapsed, double *start, int *src)
{
    char verr[256], text[HREL_ERRTEXT_MAX + 64];
    if (hrel_vm_recv(-1, tag, timeout, src, NULL, verr, sizeof verr) < 0)
        return fail(m, "%s", verr);
    int irep = 0;
    pvm_upkint(status, 1, 1);
    pvm_upkint(&irep, 1, 1);
    *rep = irep;
    pvm_upkdouble(elapsed, 1, 1);
    pvm_upkdouble(start, 1, 1);
    text[0] = '\0';
    pvm_upkstr(text);
    if (*status != 0) {
        char host[64], line[HREL_ERRTEXT_MAX + 128];
        snprintf(line, sizeof line, "%s (task t%x on host %s)", text, *src,
                 hrel_vm_task_host(*src, host, sizeof host));
        return fail(m, "%s", line);
    }
    return 0;
}

/* Tell ranks 0..p-1 to run repetition REP, or to stop the case. */
static int send_go(master *m, int p, long rep, int stop)
{
    int irep = (int)rep;   /* XDR longs are 32 bits and lose the sign: send an int */
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&irep, 1, 1);
    pvm_pkint(&stop, 1, 1);
    if (pvm_mcast(m->tids, p, HREL_TAG_GO) < 0)
        return fail(m, "%s", "pvm_mcast of the barrier message failed");
    return 0;
}

typedef struct case_sum {
    long reps;                   /* timed repetitions */
    hrel_reps_state st;          /* running mean / sd */
    double min, max;             /* extremes */
    double skew_sum, skew_max;   /* barrier exit skew (one host only) */
    int skew_ok;                 /* 1 if all ranks share a clock */
} case_sum;

/* Run one (pattern, p, h) case. Return 0, or -1 with m->err. */
static int run_case(master *m, const char *pat, int p, long h, long msg, case_sum *cs)
{
    const hrel_bench_cfg *cfg = m->cfg;
    hrel_case c;
    int r, status, src;
    long rep, got_rep;
    double el, start, wait = cfg->timeout_s * p + 30.0;

    memset(&c, 0, sizeof c);
    memset(cs, 0, sizeof *cs);
    hrel_reps_reset(&cs->st);
    cs->min = INFINITY;
    cs->skew_ok = 1;
    for (r = 1; r < p; r++)
        if (strcmp(m->hosts[r], m->hosts[0]) != 0)
            cs->skew_ok = 0;
    snprintf(c.pattern, sizeof c.pattern, "%s", pat);
    c.p = p;
    c.msg_bytes = msg;
    memcpy(c.tids, m->tids, (size_t)p * sizeof(int));
    c.encoding = cfg->encoding;
    c.route = cfg->route;
    c.timeout_s = cfg->timeout_s;
    c.first_rep = -cfg->warmup;
    for (r = 0; r < p; r++) {
        c.rank = r;
        c.corrupt_rep = r == cfg->corrupt_rank ? cfg->corrupt_rep : LONG_MIN;
        pvm_initsend(PvmDataDefault);
        if (hrel_case_pack(&c) < 0 || pvm_send(m->tids[r], HREL_TAG_CASE) < 0)
            return fail(m, "%s", "cannot send the case to a worker");
    }
    for (r = 0; r < p; r++)
        if (recv_control(m, HREL_TAG_READY, wait, &status, &got_rep, &el, &start, &src) < 0)
            return -1;
    for (rep = -cfg->warmup;; rep++) {
        double tmax = 0.0, s0 = INFINITY, s1 = -INFINITY;
        if (send_go(m, p, rep, 0) < 0)
            return -1;
        for (r = 0; r < p; r++) {
            if (recv_control(m, HREL_TAG_REPORT, wait, &status, &got_rep, &el, &start, &src) < 0)
                return -1;
            if (got_rep != rep)
                return fail(m, "%s", "a worker answered for another repetition");
            if (el > tmax)
                tmax = el;
            if (start < s0)
                s0 = start;
            if (start > s1)
                s1 = start;
        }
        if (rep < 0)
            continue;
        fprintf(m->raw, "%s,%d,%ld,%ld,%ld,%.9f\n", pat, p, h, msg, rep, tmax);
        fflush(m->raw);
        hrel_reps_add(&cs->st, tmax);
        cs->reps++;
        if (tmax < cs->min)
            cs->min = tmax;
        if (tmax > cs->max)
            cs->max = tmax;
        cs->skew_sum += s1 - s0;
        if (s1 - s0 > cs->skew_max)
            cs->skew_max = s1 - s0;
        if (hrel_reps_done(&cfg->reps, &cs->st))
            break;
    }
    return send_go(m, p, rep, 1);
}

/* Format seconds as H:MM:SS. */
static void hms(double s, char *buf, size_t len)
{
    long t = s > 0 && s < 1e7 ? (long)(s + 0.5) : 0;
    snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* Run every case; write rows and case summaries. Return 0 or -1. */
static int run_all(master *m)
{
    const hrel_bench_cfg *cfg = m->cfg;
    int i, j, k, np, ncase = 0, done = 0;
    double wtotal = 0.0, wdone = 0.0, t_start = hrel_clock_now();

    for (i = 0; i < cfg->npat; i++) {
        hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (k = 0; k < cfg->nsizes; k++)
            wtotal += np * ((double)cfg->sizes[k] + 6720.0);
        ncase += np * cfg->nsizes;
    }
    for (i = 0; i < cfg->npat; i++) {
        const int *procs = hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (j = 0; j < np; j++)
            for (k = 0; k < cfg->nsizes; k++) {
                long msg;
                char why[256], eta[32];
                case_sum cs;
                hrel_h_msg_bytes(cfg->pat[i], procs[j], cfg->sizes[k], cfg->op, &msg, why,
                                 sizeof why);
                if (run_case(m, cfg->pat[i], procs[j], cfg->sizes[k], msg, &cs) < 0)
                    return -1;
                fprintf(m->cases, "%s,%d,%ld,%ld,%ld,%.9f,%.9f,%.5f,%.9f,%.9f,", cfg->pat[i],
                        procs[j], cfg->sizes[k], msg, cs.reps, cs.st.mean, hrel_reps_sd(&cs.st),
                        hrel_reps_rse(&cs.st), cs.min, cs.max);
                if (cs.skew_ok)
                    fprintf(m->cases, "%.9f,%.9f\n", cs.skew_sum / (double)cs.reps, cs.skew_max);
                else
                    fprintf(m->cases, ",\n");
                fflush(m->cases);
                done++;
                wdone += (double)cfg->sizes[k] + 6720.0;
                hms((hrel_clock_now() - t_start) * (wtotal - wdone) / wdone, eta, sizeof eta);
                if (!cfg->quiet)
                    fprintf(stderr,
                            "hrel_bench: [%d/%d] %-3s p=%d h=%ld m=%ld: %ld reps, mean %.6f s, "
                            "rse %.1f%%, ETA %s\n",
                            done, ncase, cfg->pat[i], procs[j], cfg->sizes[k], msg, cs.reps,
                            cs.st.mean, 100.0 * hrel_reps_rse(&cs.st), eta);
            }
    }
    return 0;
}

int main(int argc, char **argv)
{
    hrel_bench_cfg cfg;
    master m;
    char err[512], cpath[1100];
    int rc, i, me;
    hrel_case quit;

    rc = hrel_bench_opts_parse(argc, argv, &cfg, stdout, err, sizeof err);
    if (rc == 1)
        return 0;
    if (rc < 0) {
        fprintf(stderr, "hrel_bench: %s\n", err);
        return 2;
    }
    memset(&m, 0, sizeof m);
    m.cfg = &cfg;
    pvm_setopt(PvmAutoErr, 0);   /* our own one-line errors instead of libpvm's */
    me = pvm_mytid();
    if (me < 0) {
        fprintf(stderr, "hrel_bench: no PVM daemon answers (error %d): start one first, "
                        "e.g. with hostfiles/vm.sh or make study\n", me);
        return 1;
    }
    pvm_setopt(PvmRoute, PvmRouteDirect);
    m.nworker = max_procs(&cfg);
    if (hrel_vm_spawn("hrel_bworker", NULL, m.nworker, cfg.place, m.tids, err, sizeof err) < 0) {
        fprintf(stderr, "hrel_bench: %s\n", err);
        pvm_exit();
        return 1;
    }
    for (i = 0; i < m.nworker; i++)
        hrel_vm_task_host(m.tids[i], m.hosts[i], sizeof m.hosts[i]);
    cases_path(cfg.output, cpath, sizeof cpath);
    if (make_parent_dirs(cfg.output) < 0 || !(m.raw = fopen(cfg.output, "w")) ||
        !(m.cases = fopen(cpath, "w"))) {
        fprintf(stderr, "hrel_bench: cannot write %s: %s\n", m.raw ? cpath : cfg.output,
                strerror(errno));
        hrel_vm_kill(m.tids, m.nworker);
        pvm_exit();
        return 1;
    }
    write_meta(m.raw, &m);
    fprintf(m.raw, "pattern,procs,h,msg_bytes,rep,seconds\n");
    fflush(m.raw);
    write_meta(m.cases, &m);
    fprintf(m.cases, "# summary per case of the rows in raw.csv; skew = barrier exit skew "
                     "(max - min start over ranks), empty when ranks span hosts\n");
    fprintf(m.cases, "pattern,procs,h,msg_bytes,reps,mean_s,sd_s,rse,min_s,max_s,"
                     "skew_mean_s,skew_max_s\n");
    fflush(m.cases);
    if (!cfg.quiet)
        fprintf(stderr, "hrel_bench: %d workers on the virtual machine, writing %s\n",
                m.nworker, cfg.output);
    rc = run_all(&m);
    if (rc == 0) {
        memset(&quit, 0, sizeof quit);
        for (i = 0; i < m.nworker; i++) {
            pvm_initsend(PvmDataDefault);
            hrel_case_pack(&quit);
            pvm_send(m.tids[i], HREL_TAG_CASE);
        }
    } else {
        fprintf(stderr, "hrel_bench: %s; the rows measured so far are in %s\n", m.err,
                cfg.output);
        hrel_vm_kill(m.tids, m.nworker);
    }
    fclose(m.raw);
    fclose(m.cases);
    pvm_exit();
    return rc == 0 ? 0 : 1;
}
