/* hrel_mstep_demo -- the imbalanced two-M-step schedule of figure 1 of 002,
 * instrumented with mstep.h, writing trace.csv.
 *
 * P tasks (P a multiple of 4, default 4; rank 0 is the master that starts the
 * others as `hrel_mstep_demo --worker ...`). Step 1: ranks with bit 1 clear
 * (0,1 for P = 4) compute HEAVY seconds, the others LIGHT; then every rank i
 * exchanges BYTES with rank i^1 (0<->1, 2<->3). Step 2: the work is inverted
 * and rank i exchanges with i^2 (0<->2, 1<->3). Computation is bracketed with
 * hrel_mstep_work_begin/_end; bytes and partners come from the wrappers. The
 * MPM model predicts about HEAVY + LIGHT + 2 exchanges, BSPWB 2 HEAVY + 2
 * exchanges; the measured time is close to the former.
 *
 * usage: hrel_mstep_demo [--heavy DURATION] [--light DURATION] [--bytes N]
 *                        [--procs P] [--work sleep|spin] [--place rr|block|pvm]
 *                        [--timeout DURATION] [-o|--out DIR]   (see --help)
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pvm3.h>

#include "clock.h"
#include "hrel_limits.h"
#include "tags.h"
#include "mstep.h"
#include "vm.h"
#include "vmopts.h"
#include "runmeta.h"
#include "args.h"


static const char usage_text[] =
    "usage: hrel_mstep_demo [--heavy DURATION] [--light DURATION] [--bytes N]\n"
    "                       [-p|--procs P] [--work sleep|spin] [--place rr|block|pvm]\n"
    "                       [--timeout DURATION] [-o|--out DIR]\n"
    "Runs the two-M-step imbalanced schedule of figure 1 of 002 on P tasks (multiple\n"
    "of 4, default 4) and writes its M-step trace DIR/trace.csv (default DIR: the\n"
    "current directory). Durations: 0.2, 0.2s, 200ms, 2m. Step 1: ranks\n"
    "0,1 (mod 4) compute HEAVY s (default 0.2), ranks 2,3 LIGHT s (default 0.05),\n"
    "then exchange BYTES (default 65536) 0<->1, 2<->3; step 2: the work inverted,\n"
    "exchanges 0<->2, 1<->3. --work sleep (default) waits the time, spin burns CPU.\n"
    "BYTES is a multiple of 8 (k = 1024 allowed); --timeout bounds any wait (default\n"
    "60s). --opt VALUE and --opt=VALUE both work.\n"
    "Start a pvmd first (hostfiles/vm.sh). Predict with: hrel model mpm trace.csv ...\n";

typedef struct demo_cfg {
    double heavy_s;        /* heavy computation per step, seconds */
    double light_s;        /* light computation per step, seconds */
    long nbytes;           /* bytes of each exchange message (multiple of 8) */
    int nproc;             /* tasks */
    int spin;              /* 1: burn CPU, 0: sleep */
    hrel_place place;      /* placement of the workers */
    double timeout_s;      /* longest wait for any message */
    char out[1040];        /* DIR/trace.csv of --out DIR */
    int worker;            /* started by the master */
} demo_cfg;

/* Parse argv into CFG. Return 0, 1 for --help, -1 with a message in ERR. */
static int parse_args(int argc, char **argv, demo_cfg *cfg, char *err, size_t errlen)
{
    static const char *const works[] = {"sleep", "spin", NULL};
    const char *outdir = ".";
    int place = 0;
    const hrel_arg table[] = {
        HREL_OPT_NUM("heavy", 0, HREL_ARG_DURATION, &cfg->heavy_s, 0, 3600),
        HREL_OPT_NUM("light", 0, HREL_ARG_DURATION, &cfg->light_s, 0, 3600),
        HREL_OPT_NUM("bytes", 0, HREL_ARG_SIZE, &cfg->nbytes, 8, 1000000000),
        HREL_OPT_NUM("procs", 'p', HREL_ARG_INT, &cfg->nproc, 4, HREL_MAX_RANKS),
        HREL_OPT_CHOICE("work", 0, &cfg->spin, works),
        HREL_OPT_CHOICE("place", 0, &place, hrel_vmopts_place_words),
        HREL_OPT_NUM("timeout", 0, HREL_ARG_DURATION, &cfg->timeout_s, 1e-3, 1e7),
        HREL_OPT_STR("out", 'o', &outdir),
        HREL_OPT_FLAG("worker", 0, &cfg->worker),
        HREL_OPT_END,
    };
    cfg->heavy_s = 0.2;
    cfg->light_s = 0.05;
    cfg->nbytes = 65536;
    cfg->nproc = 4;
    cfg->spin = 0;
    cfg->timeout_s = 60;
    cfg->worker = 0;
    {
        int rc = hrel_args_parse_all(argc, argv, table, err, errlen);
        if (rc != 0)
            return rc;
    }
    if (cfg->nbytes % 8 != 0) {
        snprintf(err, errlen, "--bytes: %ld is not a multiple of 8", cfg->nbytes);
        return -1;
    }
    if (cfg->nproc % 4 != 0) {
        snprintf(err, errlen, "--procs: %d is not a multiple of 4", cfg->nproc);
        return -1;
    }
    if (strlen(outdir) + sizeof "/trace.csv" > sizeof cfg->out) {
        snprintf(err, errlen, "--out: directory name longer than %zu characters",
                 sizeof cfg->out - sizeof "/trace.csv");
        return -1;
    }
    snprintf(cfg->out, sizeof cfg->out, "%s/trace.csv", outdir);
    cfg->place = (hrel_place)place;
    return 0;
}

/* Compute for S seconds: sleep, or spin on arithmetic until the time is up. */
static double work(double s, int spin)
{
    volatile double x = 1.0;
    if (s <= 0)
        return x;
    if (spin) {
        double t_end = hrel_clock_now() + s;
        while (hrel_clock_now() < t_end) {
            int k;
            for (k = 0; k < 1000; k++)
                x = x * 1.0000001 + 1e-9;
        }
    } else {
        struct timespec ts;
        ts.tv_sec = (time_t)s;
        ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
    }
    return x;
}

/* Run the two M-steps as RANK. */
static int run_steps(const demo_cfg *cfg, hrel_mstep *m, int rank, double *buf, char *err,
                     size_t errlen)
{
    int s;
    long n = cfg->nbytes / 8;
    for (s = 1; s <= 2; s++) {
        int heavy = (s == 1) == ((rank & 2) == 0);
        int peer = rank ^ (s == 1 ? 1 : 2);
        if (hrel_mstep_begin(m, err, errlen) != 0 || hrel_mstep_pattern(m, "E", err, errlen) ||
            hrel_mstep_work_begin(m, err, errlen) != 0)
            return -1;
        buf[0] = work(heavy ? cfg->heavy_s : cfg->light_s, cfg->spin);
        if (hrel_mstep_work_end(m, err, errlen) != 0)
            return -1;
        pvm_initsend(PvmDataDefault);
        pvm_pkdouble(buf, (int)n, 1);
        if (hrel_mstep_send(m, peer, HREL_TAG_DEMO_DATA, err, errlen) != 0 ||
            hrel_mstep_recv(m, peer, HREL_TAG_DEMO_DATA, cfg->timeout_s, NULL, err, errlen) != 0)
            return -1;
        pvm_upkdouble(buf, (int)n, 1);
        if (hrel_mstep_end(m, err, errlen) != 0)
            return -1;
    }
    return 0;
}

static int worker_main(const demo_cfg *cfg)
{
    int parent = pvm_parent(), me = pvm_mytid(), p = 0, rank = -1, i, rc = 1;
    int tids[HREL_MAX_RANKS];
    double t0, *buf = NULL;
    hrel_mstep *m = NULL;
    char err[512] = "";

    if (hrel_vm_recv(parent, HREL_TAG_DEMO_TIDS, cfg->timeout_s, NULL, NULL, err, sizeof err) < 0)
        goto done;
    pvm_upkint(&p, 1, 1);
    if (p < 1 || p > HREL_MAX_RANKS) {
        snprintf(err, sizeof err, "bad task count %d from the master", p);
        goto done;
    }
    pvm_upkint(tids, p, 1);
    for (i = 0; i < p; i++)
        if (tids[i] == me)
            rank = i;
    buf = calloc((size_t)(cfg->nbytes / 8), sizeof *buf);
    if (rank < 0 || !buf) {
        snprintf(err, sizeof err, "not in the task list, or out of memory");
        goto done;
    }
    if (hrel_mstep_go_recv(parent, cfg->timeout_s, &t0, err, sizeof err) != 0 ||
        hrel_mstep_init(rank, p, tids, t0, &m, err, sizeof err) != 0 ||
        run_steps(cfg, m, rank, buf, err, sizeof err) != 0 ||
        hrel_mstep_send_records(m, parent, err, sizeof err) != 0 ||
        hrel_mstep_wait_done(parent, cfg->timeout_s, err, sizeof err) != 0)
        goto done;
    rc = 0;
done:
    if (rc)
        fprintf(stderr, "hrel_mstep_demo worker t%x: %s\n", me, err);
    hrel_mstep_free(m);
    free(buf);
    pvm_exit();
    return rc;
}

static int master_main(const demo_cfg *cfg, int argc, char **argv)
{
    int tids[HREL_MAX_RANKS], i, rc = 1, spawned = 0;
    char *wargv[64];
    char err[512] = "", meta[4][160], where[2][4200];
    const char *metap[7], *platform = getenv("HREL_PLATFORM"), *hostfile = getenv("HREL_HOSTFILE");
    double t0, *buf = NULL;
    hrel_mstep *m = NULL;

    if (hrel_vm_enroll() < 0) {
        fprintf(stderr, "hrel_mstep_demo: no PVM daemon (start one: . hostfiles/vm.sh; "
                "hrel_vm_start hostfiles/local)\n");
        return 1;
    }
    if (argc > 60) {
        fprintf(stderr, "hrel_mstep_demo: too many arguments\n");
        pvm_exit();
        return 2;
    }
    wargv[0] = "--worker";
    for (i = 1; i < argc; i++)
        wargv[i] = argv[i];
    wargv[argc] = NULL;
    tids[0] = pvm_mytid();
    if (hrel_vm_spawn("hrel_mstep_demo", wargv, cfg->nproc - 1, cfg->place, tids + 1, err,
                      sizeof err) < 0)
        goto done;
    spawned = 1;
    pvm_initsend(PvmDataDefault);
    pvm_pkint((int *)&cfg->nproc, 1, 1);
    pvm_pkint(tids, cfg->nproc, 1);
    if (pvm_mcast(tids + 1, cfg->nproc - 1, HREL_TAG_DEMO_TIDS) < 0) {
        snprintf(err, sizeof err, "cannot send the task list to the workers");
        goto done;
    }
    buf = calloc((size_t)(cfg->nbytes / 8), sizeof *buf);
    if (!buf) {
        snprintf(err, sizeof err, "out of memory");
        goto done;
    }
    if (hrel_mstep_go_send(tids, cfg->nproc, &t0, err, sizeof err) != 0 ||
        hrel_mstep_init(0, cfg->nproc, tids, t0, &m, err, sizeof err) != 0 ||
        run_steps(cfg, m, 0, buf, err, sizeof err) != 0)
        goto done;
    snprintf(meta[0], sizeof meta[0], "program: hrel_mstep_demo (figure 1 of 002)");
    snprintf(meta[1], sizeof meta[1], "demo: procs %d heavy_s %g light_s %g bytes %ld work %s",
             cfg->nproc, cfg->heavy_s, cfg->light_s, cfg->nbytes, cfg->spin ? "spin" : "sleep");
    snprintf(meta[2], sizeof meta[2], "encoding: default (XDR)");
    snprintf(meta[3], sizeof meta[3], "placement: %s", hrel_vm_place_name(cfg->place));
    /* the platform and hostfile the scripts' platform helper runs us on */
    snprintf(where[0], sizeof where[0], "platform: %.4000s",
             platform && *platform ? platform : "(not given)");
    snprintf(where[1], sizeof where[1], "hostfile: %.4000s",
             hostfile && *hostfile ? hostfile : "(not given)");
    for (i = 0; i < 4; i++)
        metap[i] = meta[i];
    metap[4] = where[0];
    metap[5] = where[1];
    metap[6] = NULL;
    if (hrel_mkdir_parents(cfg->out) != 0) {
        snprintf(err, sizeof err, "cannot create the directory of %.300s: %s", cfg->out,
                 strerror(errno));
        goto done;
    }
    if (hrel_mstep_collect(m, cfg->nproc, tids, cfg->timeout_s, cfg->out, metap, err,
                           sizeof err) != 0)
        goto done;
    printf("hrel_mstep_demo: wrote %s: %d ranks, 2 M-steps, rank 0 finished at %.6f s\n",
           cfg->out, cfg->nproc, hrel_clock_now() - t0);
    rc = 0;
done:
    if (rc) {
        fprintf(stderr, "hrel_mstep_demo: %s\n", err);
        if (spawned)
            hrel_vm_kill(tids + 1, cfg->nproc - 1);
    }
    hrel_mstep_free(m);
    free(buf);
    pvm_exit();
    return rc;
}

int main(int argc, char **argv)
{
    demo_cfg cfg;
    char err[256] = "";
    int r = hrel_args_exit_code("hrel_mstep_demo", parse_args(argc, argv, &cfg, err, sizeof err),
                                NULL, usage_text, err, stdout, stderr);
    if (r >= 0)
        return r;
    return cfg.worker ? worker_main(&cfg) : master_main(&cfg, argc, argv);
}
