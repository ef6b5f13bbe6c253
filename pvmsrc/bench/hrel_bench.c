/* hrel_bench -- the pattern benchmark master.
 *
 * How it measures: the timing method is stated once, in README.md, section
 * "How the benchmark measures" (common start from estimated clock offsets,
 * time = max over ranks of end - start, lag and void rules, routes opened
 * before timing, byte checks outside the timing, and the method's error).
 * The `# timing:` metadata line of raw.csv is its one-line summary and points
 * there; this file and hrel_bworker.c implement it (NPING, SPIN_S, --max-lag).
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

#include "args.h"
#include "bench.h"
#include "hrel_limits.h"
#include "bench_opts.h"
#include "bench_plan.h"
#include "runmark.h"
#include "clock.h"
#include "pattern.h"
#include "runmeta.h"
#include "grow.h"
#include "sample.h"
#include "vm.h"
#include "upk.h"

#define NPING 8   /* clock-sync round trips per rank */
#define SPIN_S 300e-6   /* ranks spin this long before the start when each has a cpu */
#define OVERRUN 4.0     /* --budget: a case short of its precision may use this many shares */

typedef struct master {
    const hrel_bench_cfg *cfg;   /* options */
    int nworker;                 /* workers spawned */
    int tids[HREL_MAX_RANKS];    /* their tids, rank order */
    char hosts[HREL_MAX_RANKS][64];         /* host of each worker */
    char machine[HREL_MAX_RANKS][64];       /* machine (kernel boot id) of each worker */
    int cpus[HREL_MAX_RANKS];    /* cpus of that machine */
    double quota[HREL_MAX_RANKS]; /* CPUs its cgroup limit allows (0: no limit) */
    FILE *raw;                   /* raw.csv */
    FILE *cases;                 /* cases.csv */
    const hrel_bench_done *done; /* finished cases of a resumed run (skipped) */
    int n_oversub, n_missed, n_cases; /* quality: cases oversubscribed, precision
                                         target missed, measured */
    long n_void;                 /* voided repetitions over all cases */
    double *t, *scratch;         /* the current case's timed repetitions (median rule) */
    size_t tcap;                 /* room in t (and scratch, grown alike) */
    char err[512];               /* the failure, if any */
} master;

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

/* 1 if a cgroup limit of Q CPUs (0: none) leaves a rank less than one CPU. */
static int below_one_cpu(double q)
{
    return q > 0.0 && q < 1.0;
}

/* Write the '#' metadata lines shared by raw.csv and cases.csv. */
static void write_meta(FILE *fp, const master *m)
{
    const hrel_bench_cfg *cfg = m->cfg;
    char pol[256];
    char **hosts = NULL;
    int nhost = 0, i, j, maxper = 0;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    char herr[128];

    hrel_reps_describe(&cfg->reps, pol, sizeof pol);
    hrel_meta_common(fp, "hrel_bench (h-relation pattern benchmark)", cfg->platform,
                     cfg->hostfile, cfg->route, cfg->encoding);
    if (hrel_vm_hosts(&hosts, &nhost, herr, sizeof herr) != 0)
        nhost = 0;
    fprintf(fp, "# workers: %d, placement %s:", m->nworker, hrel_vm_place_name(cfg->place));
    for (i = 0; i < nhost; i++) {
        int cnt = 0;
        for (j = 0; j < m->nworker; j++)
            cnt += strcmp(m->hosts[j], hosts[i]) == 0;
        fprintf(fp, " %s=%d", hosts[i], cnt);
        if (cnt > maxper)
            maxper = cnt;
    }
    fprintf(fp, "\n# cpus_on_master_host: %ld\n", cpus);
    {
        int nm = 0, k, seen;
        for (j = 0; j < m->nworker; j++) {
            for (seen = 0, k = 0; k < j; k++)
                seen |= strcmp(m->machine[k], m->machine[j]) == 0;
            nm += !seen;
        }
        fprintf(fp, "# machines: %d distinct (by kernel boot id) under the %d workers\n", nm,
                m->nworker);
    }
    if (cpus > 0 && maxper > cpus)
        fprintf(fp, "# warning: up to %d workers share a host with %ld cpus: the larger "
                    "processor counts measure the CPU scheduler as well as the network\n",
                maxper, cpus);
    hrel_vm_free_names(hosts, nhost);
    for (i = 0, j = 0; i < m->nworker; i++)
        j += below_one_cpu(m->quota[i]);
    if (j) {
        fprintf(fp, "# cpu_limit: %d of %d workers run under a cgroup CPU limit below one "
                    "CPU (", j, m->nworker);
        for (i = 0, j = 0; i < m->nworker; i++)
            if (below_one_cpu(m->quota[i]))
                fprintf(fp, "%s%s %.3g", j++ ? ", " : "", m->hosts[i], m->quota[i]);
        fprintf(fp, "): in cases with such a rank, ranks block in pvm_trecv and sleep to the "
                    "start instead of polling and spinning (a spinning rank spends its "
                    "period's budget and is held back when its message arrives)\n");
    }
    fprintf(fp, "# op: %s\n", hrel_op_name(cfg->op));
    fprintf(fp, "# packet_unit: byte\n");
    fprintf(fp, "# repetitions: %s; %ld warm-up repetitions discarded per case\n", pol,
            cfg->warmup);
    fprintf(fp, "# timeout_s: %g\n", cfg->timeout_s);
    if (cfg->budget_s > 0)
        fprintf(fp, "# budget_s: %g (each case gets a share of the time left in proportion "
                    "to h + 6720; no more repetitions beyond the minimum once it is spent, "
                    "except that a case short of its precision may use up to %g shares while "
                    "the budget lasts)\n",
                cfg->budget_s, OVERRUN);
    fprintf(fp, "# timing: synchronised start: the master estimates each rank's clock offset "
                "(min round trip of %d pings, again every 5 s) and gives all ranks one start "
                "time; seconds = max over ranks of (end of the rank's sends and receives - "
                "start time) on its CLOCK_MONOTONIC; a repetition whose start message came "
                "late, or (with a cpu per rank) in which a rank started over %g s late, is "
                "voided and repeated; ranks spin the last %g s when each has a cpu (and no "
                "cgroup limit below one cpu), else sleep; receivers poll (pvm_nrecv) when "
                "each rank has a cpu and routes are direct (%s), else block; "
                "routes opened before timing; fill and byte checks outside "
                "(hrel README: How the benchmark measures)\n", NPING,
                cfg->max_lag_s, SPIN_S, cfg->recv_block ? "off: --recv block" : "on");
    fprintf(fp, "# clock: CLOCK_MONOTONIC, resolution %g s\n", hrel_clock_res());
    if (getenv("HREL_PLATFORM_PROBE"))   /* set by hostfiles/platform.sh run */
        fprintf(fp, "# network_probe: %s\n", getenv("HREL_PLATFORM_PROBE"));
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

/* Receive one READY or REPORT from one of the case's ranks. A failure report
 * fails the run; a late report is returned with *status HREL_REPORT_LATE. */
static int recv_control(master *m, int tag, double timeout, int *status, long *rep,
                        double *elapsed, double *lag, int *src)
{
    char verr[256], text[HREL_ERRTEXT_MAX + 64];
    int irep = 0;
    if (hrel_vm_recv(-1, tag, timeout, src, NULL, verr, sizeof verr) < 0)
        return fail(m, "%s", verr);
    pvm_upkint(status, 1, 1);
    pvm_upkint(&irep, 1, 1);
    *rep = irep;
    pvm_upkdouble(elapsed, 1, 1);
    pvm_upkdouble(lag, 1, 1);
    text[0] = '\0';
    if (hrel_upk_str(text, sizeof text) == -2)
        snprintf(text, sizeof text, "(report text longer than %zu bytes refused)", sizeof text - 1);
    if (*status == HREL_REPORT_FAIL) {
        char host[64], line[HREL_ERRTEXT_MAX + 128];
        snprintf(line, sizeof line, "%s (task t%x on host %s)", text, *src,
                 hrel_vm_task_host(*src, host, sizeof host));
        return fail(m, "%s", line);
    }
    return 0;
}

/* Sleep for S seconds (nothing if S <= 0). */
static void sleep_s(double s)
{
    struct timespec ts;
    if (s <= 0.0)
        return;
    ts.tv_sec = (time_t)s;
    ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
}

/* Estimate each rank's clock offset from the master's: NPING round trips per
 * rank, keeping the one with the smallest round trip (its midpoint is the
 * best estimate). off[r] = rank clock - master clock. */
static int sync_clocks(master *m, int p, double wait, double *off, double *rtt)
{
    int r, k;
    for (r = 0; r < p; r++) {
        rtt[r] = INFINITY;
        off[r] = 0.0;
        for (k = 0; k < NPING; k++) {
            double t0, t1, tw = 0.0;
            pvm_initsend(PvmDataDefault);
            t0 = hrel_clock_now();
            pvm_send(m->tids[r], HREL_TAG_SYNC);
            if (hrel_vm_recv(m->tids[r], HREL_TAG_SYNC, wait, NULL, NULL, m->err,
                             sizeof m->err) < 0)
                return -1;
            t1 = hrel_clock_now();
            pvm_upkdouble(&tw, 1, 1);
            if (t1 - t0 < rtt[r]) {
                rtt[r] = t1 - t0;
                off[r] = tw - 0.5 * (t0 + t1);
            }
        }
    }
    return 0;
}

/* Tell rank R to run repetition REP starting at T_START (rank R's clock), or
 * (STOP) to end the case. */
static int send_go(master *m, int r, long rep, int stop, double t_start)
{
    int irep = (int)rep;   /* XDR longs are 32 bits and lose the sign: send an int */
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&irep, 1, 1);
    pvm_pkint(&stop, 1, 1);
    pvm_pkdouble(&t_start, 1, 1);
    if (pvm_send(m->tids[r], HREL_TAG_GO) < 0)
        return fail(m, "%s", "cannot send the start message to a worker");
    return 0;
}

typedef struct case_sum {
    long reps;                   /* timed repetitions */
    hrel_reps_state st;          /* running mean / sd */
    double min, max;             /* extremes */
    long void_reps;              /* repetitions voided (start message late, or
                                    a rank started late on a cpu of its own) */
    int oversub;                 /* 1: some ranks shared cpus (no spin, no void) */
    double margin;               /* start margin at the end of the case */
    double lag_sum, lag_max;     /* how late ranks started after the start time */
    double off_max, rtt_max;     /* largest |clock offset| and sync round trip */
    double median, rse_median;   /* median of the timed repetitions, its precision */
} case_sum;

/* Keep sample X of the case (N kept so far) in m->t; update the median and its
 * relative standard error in CS. Return 0, or -1 with m->err (no memory). */
static int keep_sample(master *m, case_sum *cs, long n, double x)
{
    size_t cap = m->tcap;
    if (hrel_grow(&m->t, &m->tcap, (size_t)n, sizeof *m->t) < 0 ||
        hrel_grow(&m->scratch, &cap, (size_t)n, sizeof *m->scratch) < 0) {
        snprintf(m->err, sizeof m->err, "out of memory keeping %ld repetitions", n + 1);
        return -1;
    }
    m->t[n] = x;
    memcpy(m->scratch, m->t, (size_t)(n + 1) * sizeof *m->scratch);
    cs->median = hrel_sample_median(m->scratch, (size_t)(n + 1));
    memcpy(m->scratch, m->t, (size_t)(n + 1) * sizeof *m->scratch);
    cs->rse_median = hrel_sample_median_rse(m->scratch, (size_t)(n + 1));
    return 0;
}

/* The precision the stop rule asks about: the median's or the mean's. */
static double case_rse(const hrel_bench_cfg *cfg, const case_sum *cs)
{
    return cfg->reps.median ? cs->rse_median : hrel_reps_rse(&cs->st);
}

/* Start margin: time from the master's clock reading to the common start;
 * kept across cases, doubled whenever a GO arrives late, halved again after
 * 50 repetitions in a row without one (never under 500 us). */
#define MARGIN_MIN_S 500e-6
static double margin_s = MARGIN_MIN_S;

/* 1 if ranks 0..p-1 include more ranks on one machine than it has cpus. */
static int oversubscribed(const master *m, int p)
{
    int r, q, n;
    for (r = 0; r < p; r++) {
        for (n = 0, q = 0; q < p; q++)
            n += strcmp(m->machine[q], m->machine[r]) == 0;
        if (n > m->cpus[r])
            return 1;
    }
    return 0;
}

/* 1 if one of ranks 0..p-1 runs under a cgroup CPU limit below one CPU: it has
 * no CPU of its own to spin or poll on. */
static int cpu_limited(const master *m, int p)
{
    int r;
    for (r = 0; r < p; r++)
        if (below_one_cpu(m->quota[r]))
            return 1;
    return 0;
}

/* Run one (pattern, p, h) case. Return 0, or -1 with m->err. */
static int run_case(master *m, const char *pat, int p, long h, long msg, double share_s,
                    double deadline,
                    case_sum *cs)
{
    const hrel_bench_cfg *cfg = m->cfg;
    hrel_case c;
    int r, status, src, late, ontime = 0, own_cpu;
    long rep, got_rep;
    double el, lag, wait = cfg->timeout_s * p + 30.0, last = 0.0, t_sync;
    double off[HREL_MAX_RANKS], rtt[HREL_MAX_RANKS], lags[HREL_MAX_RANKS];
    double t_case = hrel_clock_now();

    memset(&c, 0, sizeof c);
    memset(cs, 0, sizeof *cs);
    hrel_reps_reset(&cs->st);
    cs->min = INFINITY;
    snprintf(c.pattern, sizeof c.pattern, "%s", pat);
    c.p = p;
    c.msg_bytes = msg;
    memcpy(c.tids, m->tids, (size_t)p * sizeof(int));
    c.encoding = cfg->encoding;
    c.route = cfg->route;
    c.timeout_s = cfg->timeout_s;
    c.first_rep = -cfg->warmup;
    cs->oversub = oversubscribed(m, p);
    /* a whole cpu per rank: no two ranks on one cpu, none under a cgroup limit
     * below one cpu (a rank spinning there spends its period's budget and is
     * held back, up to a period, when its message comes) */
    own_cpu = !cs->oversub && !cpu_limited(m, p);
    c.spin_s = own_cpu ? SPIN_S : 0.0;
    /* a cpu per rank and task-to-task routes: poll (no wake-up in the timing);
     * daemon routes need the host's pvmd to run, which a spinning rank would delay */
    c.poll = own_cpu && !cfg->recv_block && cfg->route == PvmRouteDirect;
    for (r = 0; r < p; r++) {
        c.rank = r;
        c.corrupt_rep = r == cfg->corrupt_rank ? cfg->corrupt_rep : LONG_MIN;
        c.drop_rep = r == cfg->drop_rank ? cfg->drop_rep : LONG_MIN;
        pvm_initsend(PvmDataDefault);
        if (hrel_case_pack(&c) < 0 || pvm_send(m->tids[r], HREL_TAG_CASE) < 0)
            return fail(m, "%s", "cannot send the case to a worker");
    }
    for (r = 0; r < p; r++)
        if (recv_control(m, HREL_TAG_READY, wait, &status, &got_rep, &el, &lag, &src) < 0)
            return -1;
    t_sync = -INFINITY;
    for (rep = -cfg->warmup;;) {
        double tmax = 0.0, t_start;
        if (hrel_clock_now() - t_sync > 5.0) {   /* re-sync: clocks of hosts drift */
            if (sync_clocks(m, p, wait, off, rtt) < 0)
                return -1;
            t_sync = hrel_clock_now();
            for (r = 0; r < p; r++) {
                if (fabs(off[r]) > cs->off_max)
                    cs->off_max = fabs(off[r]);
                if (rtt[r] > cs->rtt_max)
                    cs->rtt_max = rtt[r];
            }
        }
        t_start = hrel_clock_now() + margin_s;
        for (r = 0; r < p; r++)
            if (send_go(m, r, rep, 0, t_start + off[r]) < 0)
                return -1;
        /* Sleep through the start and most of the expected repetition, so
         * early reports wait in the socket instead of waking the master
         * while other ranks still run (on a shared host it takes a CPU). */
        sleep_s(t_start - hrel_clock_now() + 1.5 * (last < 0.5 ? last : 0.5));
        late = 0;
        for (r = 0; r < p; r++) {
            if (recv_control(m, HREL_TAG_REPORT, wait, &status, &got_rep, &el, &lag, &src) < 0)
                return -1;
            if (got_rep != rep)
                return fail(m, "%s", "a worker answered for another repetition");
            if (status == HREL_REPORT_LATE)
                late = 1;
            else if (own_cpu && lag > cfg->max_lag_s)
                late = 2;
            if (el > tmax)
                tmax = el;
            lags[r] = lag;
        }
        if (late) {   /* void: a rank could not start in time; repeat it */
            cs->void_reps++;
            ontime = 0;
            if (late == 1 && margin_s < 0.5)
                margin_s *= 2.0;
            if (cs->void_reps > 1000)
                return fail(m, "%s", "1000 repetitions of this case were void because ranks "
                                     "started late: is the machine overloaded? (see --max-lag)");
            continue;
        }
        if (++ontime >= 50 && margin_s > MARGIN_MIN_S) {
            margin_s = margin_s / 2.0 > MARGIN_MIN_S ? margin_s / 2.0 : MARGIN_MIN_S;
            ontime = 0;
        }
        if (rep >= 0)
            for (r = 0; r < p; r++) {
                cs->lag_sum += lags[r];
                if (lags[r] > cs->lag_max)
                    cs->lag_max = lags[r];
            }
        last = tmax;
        if (rep++ < 0)
            continue;
        fprintf(m->raw, "%s,%d,%ld,%ld,%ld,%.9f\n", pat, p, h, msg, rep - 1, tmax);
        fflush(m->raw);
        hrel_reps_add(&cs->st, tmax);
        if (keep_sample(m, cs, cs->reps, tmax) < 0)
            return -1;
        cs->reps++;
        if (tmax < cs->min)
            cs->min = tmax;
        if (tmax > cs->max)
            cs->max = tmax;
        if (hrel_reps_enough(&cfg->reps, cs->reps, case_rse(cfg, cs)))
            break;
        if (share_s > 0 && cs->reps >= (cfg->reps.adaptive ? cfg->reps.min : cfg->reps.fixed)) {
            /* --budget: this case's share is spent; a case still short of its
             * precision may go on to OVERRUN shares while the run's budget lasts */
            double now = hrel_clock_now();
            if (now - t_case > share_s && (now - t_case > OVERRUN * share_s || now > deadline))
                break;
        }
    }
    cs->margin = margin_s;
    for (r = 0; r < p; r++)
        if (send_go(m, r, rep, 1, 0.0) < 0)
            return -1;
    return 0;
}

/* Receive every worker's INFO: its machine (kernel boot id, the same in all
 * network namespaces of one machine) and that machine's cpu count. */
static int collect_info(master *m)
{
    int k, r, src;
    for (k = 0; k < m->nworker; k++) {
        char id[256], verr[256];
        int cpus = 1;
        double quota = 0.0;
        if (hrel_vm_recv(-1, HREL_TAG_INFO, m->cfg->timeout_s, &src, NULL, verr, sizeof verr) < 0)
            return fail(m, "%s", verr);
        id[0] = '\0';
        if (hrel_upk_str(id, sizeof id) < 0)
            snprintf(id, sizeof id, "unknown");
        pvm_upkint(&cpus, 1, 1);
        if (pvm_upkdouble(&quota, 1, 1) < 0 || !(quota >= 0.0))
            quota = 0.0;
        for (r = 0; r < m->nworker; r++)
            if (m->tids[r] == src) {
                snprintf(m->machine[r], sizeof m->machine[r], "%s", id);
                m->cpus[r] = cpus > 0 ? cpus : 1;
                m->quota[r] = quota;
            }
    }
    return 0;
}

/* Format seconds as H:MM:SS. */
static void hms(double s, char *buf, size_t len)
{
    long t = s > 0 && s < 1e7 ? (long)(s + 0.5) : 0;
    snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

/* --budget: the share of the time left for a case of weight W when REMAINING
 * weight (this case's included) is still to run, so that time cases did not
 * need goes to the noisier ones after them; 0 when there is no budget, a
 * tiny positive share once it is spent (the minimum repetitions still run). */
static double budget_share(const hrel_bench_cfg *cfg, double t_start, double w,
                           double remaining)
{
    double left;
    if (cfg->budget_s <= 0)
        return 0.0;
    left = cfg->budget_s - (hrel_clock_now() - t_start);
    return left > 0 && remaining > 0 ? left * w / remaining : 1e-9;
}

/* Run every case; write rows and case summaries. Return 0 or -1. */
static int run_all(master *m)
{
    const hrel_bench_cfg *cfg = m->cfg;
    int i, j, k, np, ncase = 0, done = 0;
    double wtotal = 0.0, wdone = 0.0, t_start = hrel_clock_now();

    for (i = 0; i < cfg->npat; i++) {
        hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        const int *procs = hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (j = 0; j < np; j++)
            for (k = 0; k < cfg->nsizes; k++)
                if (!hrel_bench_done_has(m->done, cfg->pat[i], procs[j], cfg->sizes[k])) {
                    wtotal += (double)cfg->sizes[k] + 6720.0;
                    ncase++;
                }
    }
    for (i = 0; i < cfg->npat; i++) {
        const int *procs = hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (j = 0; j < np; j++)
            for (k = 0; k < cfg->nsizes; k++) {
                long msg;
                char why[256], eta[32];
                case_sum cs;
                if (hrel_bench_done_has(m->done, cfg->pat[i], procs[j], cfg->sizes[k]))
                    continue;   /* --resume: finished before */
                hrel_h_msg_bytes(cfg->pat[i], procs[j], cfg->sizes[k], cfg->op, &msg, why,
                                 sizeof why);
                if (run_case(m, cfg->pat[i], procs[j], cfg->sizes[k], msg,
                             budget_share(cfg, t_start, (double)cfg->sizes[k] + 6720.0,
                                          wtotal - wdone),
                             cfg->budget_s > 0 ? t_start + cfg->budget_s : INFINITY, &cs) < 0)
                    return -1;
                fprintf(m->cases,
                        "%s,%d,%ld,%ld,%ld,%.9f,%.9f,%.5f,%.9f,%.9f,%ld,%d,%.6f,%.9f,%.9f,%.9f,%.9f",
                        cfg->pat[i], procs[j], cfg->sizes[k], msg, cs.reps, cs.st.mean,
                        hrel_reps_sd(&cs.st), hrel_reps_rse(&cs.st), cs.min, cs.max, cs.void_reps,
                        cs.oversub,
                        cs.margin, cs.lag_sum / (double)(cs.reps * procs[j]), cs.lag_max,
                        cs.off_max, cs.rtt_max);
                if (!(m->done && m->done->old_cases))   /* a resumed older file keeps its columns */
                    fprintf(m->cases, ",%.9f,%.5f", cs.median, cs.rse_median);
                fputc('\n', m->cases);
                fflush(m->cases);
                m->n_cases++;
                m->n_oversub += cs.oversub;
                m->n_void += cs.void_reps;
                m->n_missed += cfg->reps.adaptive && case_rse(cfg, &cs) > cfg->reps.rse;
                done++;
                wdone += (double)cfg->sizes[k] + 6720.0;
                hms((hrel_clock_now() - t_start) * (wtotal - wdone) / wdone, eta, sizeof eta);
                if (!cfg->quiet)
                    fprintf(stderr,
                            "hrel_bench: [%d/%d] %-3s p=%d h=%ld m=%ld: %ld reps, %s %.6f s, "
                            "rse %.1f%%%s%s, ETA %s\n",
                            done, ncase, cfg->pat[i], procs[j], cfg->sizes[k], msg, cs.reps,
                            cfg->reps.median ? "median" : "mean",
                            cfg->reps.median ? cs.median : cs.st.mean, 100.0 * case_rse(cfg, &cs),
                            cfg->reps.adaptive && case_rse(cfg, &cs) > cfg->reps.rse
                                ? " (target missed)" : "",
                            cs.oversub ? " (oversubscribed)" : "", eta);
            }
    }
    return 0;
}

/* The run-level quality summary on the terminal. */
static void print_quality(const master *m)
{
    if (m->cfg->quiet && !m->n_oversub)
        return;
    fprintf(stderr, "hrel_bench: quality: %d cases measured; %d oversubscribed (ranks shared "
                    "cpus: those times include the CPU scheduler); %d missed the precision "
                    "target; %ld repetitions voided and repeated\n",
            m->n_cases, m->n_oversub, m->n_missed, m->n_void);
    if (m->n_oversub)
        fprintf(stderr, "hrel_bench: warning: %d of %d cases ran more ranks than cpus on a "
                        "host\n", m->n_oversub, m->n_cases);
}

/* The overwrite guard and --resume before any PVM call: *rc the exit status
 * when this returns non-zero. */
static int prepare_output(hrel_bench_cfg *cfg, hrel_bench_done *done, int *rc)
{
    char err[512], why[256];
    struct stat sb;
    memset(done, 0, sizeof *done);
    *rc = 2;
    if (cfg->resume) {
        hrel_runmark st;
        long kept;
        if (hrel_runmark_read(cfg->output, &st, why, sizeof why, err, sizeof err) != 0) {
            fprintf(stderr, "hrel_bench: --resume: %s\n", err);
            return -1;
        }
        if (st == HREL_RUN_COMPLETE) {
            fprintf(stderr, "hrel_bench: --resume: %s is complete: nothing to resume\n",
                    cfg->output);
            *rc = 0;
            return -1;
        }
        if (hrel_bench_done_load(cfg->outdir, done, err, sizeof err) != 0) {
            fprintf(stderr, "hrel_bench: --resume: %s\n", err);
            return -1;
        }
        if (cfg->dry_run)
            return 0;
        if (hrel_bench_raw_trim(cfg->output, done, &kept, err, sizeof err) != 0) {
            fprintf(stderr, "hrel_bench: --resume: %s\n", err);
            hrel_bench_done_free(done);
            *rc = 1;
            return -1;
        }
        if (!cfg->quiet)
            fprintf(stderr, "hrel_bench: resuming %s: %zu finished cases kept (%ld rows)\n",
                    cfg->outdir, done->n, kept);
        return 0;
    }
    if (!cfg->force && !cfg->dry_run && stat(cfg->output, &sb) == 0) {
        fprintf(stderr, "hrel_bench: %s exists: --force overwrites it, --resume %s continues "
                        "it\n", cfg->output, cfg->outdir);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    hrel_bench_cfg cfg;
    master m;
    char err[512], cpath[1100];
    int rc, i, me;
    hrel_bench_done done;
    hrel_case quit;

    if (hrel_pattern_check(err, sizeof err) != 0) {   /* registry and table agree */
        fprintf(stderr, "hrel_bench: %s\n", err);
        return 1;
    }
    rc = hrel_args_exit_code("hrel_bench",
                             hrel_bench_opts_parse(argc, argv, &cfg, stdout, err, sizeof err),
                             NULL, NULL, err, stdout, stderr);   /* the parser prints --help */
    if (rc >= 0)
        return rc;
    memset(&m, 0, sizeof m);
    m.cfg = &cfg;
    if (prepare_output(&cfg, &done, &rc) != 0)
        return rc;
    m.done = &done;
    if (cfg.dry_run) {
        double total;
        rc = hrel_bench_plan_print(&cfg, &done, stdout, &total, err, sizeof err) < 0;
        hrel_bench_done_free(&done);
        if (rc)
            fprintf(stderr, "hrel_bench: --estimate-from: %s\n", err);
        return rc;
    }
    me = hrel_vm_enroll();   /* our own one-line errors instead of libpvm's */
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
    if (collect_info(&m) < 0) {
        fprintf(stderr, "hrel_bench: %s\n", m.err);
        hrel_vm_kill(m.tids, m.nworker);
        pvm_exit();
        return 1;
    }
    snprintf(cpath, sizeof cpath, "%s/cases.csv", cfg.outdir);
    if (hrel_mkdir_parents(cfg.output) < 0 ||
        !(m.raw = fopen(cfg.output, cfg.resume ? "a" : "w")) ||
        !(m.cases = fopen(cpath, cfg.resume ? "a" : "w"))) {
        fprintf(stderr, "hrel_bench: cannot write %s: %s\n", m.raw ? cpath : cfg.output,
                strerror(errno));
        hrel_vm_kill(m.tids, m.nworker);
        pvm_exit();
        return 1;
    }
    if (cfg.resume) {
        time_t now = time(NULL);
        char stamp[32];
        strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
        fprintf(m.raw, "# resumed: %s, %zu finished cases kept\n", stamp, done.n);
        fflush(m.raw);
        goto run;
    }
    write_meta(m.raw, &m);
    fprintf(m.raw, "# complete: no (until the last line of the file says '# complete: yes'; "
                   "an interrupted run ends without it)\n");
    fprintf(m.raw, "pattern,procs,h,msg_bytes,rep,seconds\n");
    fflush(m.raw);
    write_meta(m.cases, &m);
    fprintf(m.cases, "# summary per case of the rows in raw.csv. void_reps: repetitions voided "
                     "and repeated because a start message arrived after the start time or (with "
                     "a cpu per rank) a rank started more than max_lag after it; oversubscribed: "
                     "1 if ranks shared cpus (ranks then sleep to the start instead of spinning, "
                     "and their lag, kept in the times, measures the scheduler); margin_s: start "
                     "margin; lag: how late ranks began after the start time in the kept "
                     "repetitions (mean over ranks and reps, max); offset_max_s: largest |clock "
                     "offset| of a rank; sync_rtt_max_s: largest best round trip of the clock "
                     "sync; median_s, rse_median: the median of the repetitions and its relative "
                     "standard error (1.2533 * 1.4826 MAD / sqrt(n) / median)\n");
    fprintf(m.cases, "pattern,procs,h,msg_bytes,reps,mean_s,sd_s,rse,min_s,max_s,void_reps,"
                     "oversubscribed,margin_s,lag_mean_s,lag_max_s,offset_max_s,sync_rtt_max_s,"
                     "median_s,rse_median\n");
    fflush(m.cases);
run:
    if (!cfg.quiet)
        fprintf(stderr, "hrel_bench: %d workers on the virtual machine, writing %s\n",
                m.nworker, cfg.output);
    rc = run_all(&m);
    fprintf(m.raw, rc == 0 ? "# complete: yes\n" : "# interrupted: %s\n", m.err);
    fflush(m.raw);
    print_quality(&m);
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
    free(m.t);
    free(m.scratch);
    hrel_bench_done_free(&done);
    pvm_exit();
    return rc == 0 ? 0 : 1;
}
