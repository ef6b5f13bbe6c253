/* hrel predict -- a program's run time on a platform from its trace and the
 * platform's characterisation alone: runs nothing, starts no pvmd (issue 23;
 * docs/predict.md "Predicting without running there"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "charz.h"
#include "cpucal.h"
#include "csv.h"
#include "errmsg.h"
#include "figure.h"
#include "fitcsv.h"
#include "hrel_cmd.h"
#include "model.h"
#include "msteps.h"
#include "predict_table.h"
#include "predict_trace.h"
#include "lifecycle.h"
#include "recommend.h"
#include "replay.h"
#include "streamq.h"
#include "replay_interval.h"
#include "sizecost.h"
#include "pvmdcpu.h"
#include "spread.h"
#include "timeline.h"
#include "whatif.h"

#define NMODEL 10
#define RTT0_FRESH 0.024   /* pvmd's RTT estimate in a fresh virtual machine (docs/predict.md) */
#define EMULATED_PORT_QUEUE 65536.0   /* hostfiles/platform.sh: tbf ... limit 64kb */
#define TCP_RTO_MIN 0.2           /* Linux's least retransmission timeout, s */
#define PVMD_PROC_DEFAULT 2e-5   /* pvmd's time per packet where no pvmd_cpu.csv says */
#define JITTER_DEFAULT 1e-4   /* pvmd's wait per action without a daemon-route setup.csv */
#define JITTER_PER_RTT 0.125  /* pvmd's mean wait per action: this share of the daemon
                                 route's 8-byte round trip (docs/predict.md) */

static const char usage_text[] =
    "usage: hrel predict TRACE --on RUN [--hosts N | --hosts-from MSGS.csv]\n"
    "                    [--what-if K=V,...] [--cpu-ratio X] [--route direct|daemon]\n"
    "                    [-o DIR] [--all-models] [--measured LIST [--untraced LIST]]\n"
    "                    [--fit FIT.csv] [--setup S] [--rtt0 S] [--rtt0-fresh S]\n"
    "                    [--platform NAME] [--matrix SUMMARY.csv] [--spread FILE|none]\n"
    "                    [--pvmd-cpu FILE|none] [--pvmd-queue] [--wire-late S]\n"
    "                    [--timeline FILE]\n"
    "Predicts the program of TRACE on the platform characterised in RUN, running\n"
    "nothing. First line: 'predicted: X s (MODEL ...)', the model the validation\n"
    "matrix trusts for that platform and route; then every model's prediction.\n"
    "  TRACE        msgs.csv, a folder with msgs.csv (an import, a predict.sh runK),\n"
    "               a preload trace folder (*.tev), or a file of PVM's tracer\n"
    "  --on RUN     a characterisation: a study's run folder (fit.csv, calibration.csv,\n"
    "               setup.csv, platform/; experiments/study.sh --platform NAME --quick)\n"
    "  --hosts N    rank r on host r % N (default: the platform's hosts; required when\n"
    "               the trace has more ranks than the platform has cores)\n"
    "  --hosts-from MSGS.csv  each rank on the host it had in that trace\n"
    "  --what-if K=V,...  change the platform first: bandwidth=X, latency=X, cpu=X\n"
    "               (factors), hosts=N, cores=N, route=direct|daemon,\n"
    "               medium=none|port|bus\n"
    "  --cpu-ratio X  computation takes X times as long as traced (default: from the\n"
    "               trace's and RUN's CPU calibrations; 1 when the trace has none)\n"
    "  --route R    the route the program's messages take (default RUN's)\n"
    "  -o DIR       write predict.csv (measured_s empty), steps.csv, trace.csv,\n"
    "               fit_priced.csv and predict.png|pdf there\n"
    "  --all-models also the replay's internal variants (replay_nomedium,\n"
    "               replay_nosetup, replay_pvmd_fresh)\n"
    "  --measured LIST, --untraced LIST  seconds of runs to compare with (predict.sh):\n"
    "               predict.csv gets them, and predict_untraced.csv\n"
    "  --fit FIT.csv, --setup S  instead of RUN's fit.csv, setup.csv\n"
    "  --rtt0 S     the daemon route's starting RTT estimate (default 0.024 s: a\n"
    "               fresh virtual machine); --rtt0-fresh S: replay_pvmd_fresh's\n"
    "  --platform NAME  the platform's name (default RUN's raw.csv)\n"
    "  --matrix F   the validation matrix's summary.csv (default the checkout's)\n"
    "  --interval K replay_pvmd as the median and 80 % interval of K replays with\n"
    "               pvmd's jitter (default 31; 0: one replay without jitter); the\n"
    "               jitter is an eighth of RUN's 8-byte round trip through the\n"
    "               daemons (setup.csv, daemon route), else 100 us\n"
    "  --spread F   a model's 80 % interval from the platform's measured spread:\n"
    "               F's percentiles of run time / prediction for the route and model\n"
    "               (experiments/spread.sh); default, when no --what-if is given:\n"
    "               RUN/spread.csv where it exists, else on an emulated platform\n"
    "               or local, spread/PLATFORM.csv beside --matrix's summary where\n"
    "               there is one (the validation matrix's platforms; lan-coax,\n"
    "               lan-coax-wire and lan-utp-wire from their own matrices:\n"
    "               install_coax.sh; local's daemon route from this project's\n"
    "               machine: install_local.sh);\n"
    "               none: no spread. On one host's daemon route, where setup.csv\n"
    "               holds 9 or more 8-byte round trips (predict.sh measures them in\n"
    "               every run's virtual machine), the replay's interval also holds\n"
    "               the replay at L from their 10th and 90th percentile (where the\n"
    "               scheduler puts the pvmd and the tasks)\n"
    "  --share-cpus the ranks on a host (on an emulated platform: on all hosts) share\n"
    "               its cores, from RUN's calibration (processor sharing; what-if\n"
    "               cores=N does it with N per host), with the messages within a\n"
    "               host and (replay_pvmd) the pvmds' actions; the trace's gaps are\n"
    "               shared as their CPU time (the preload tracer records it), else,\n"
    "               where its ranks shared one machine's cores (one host, or the\n"
    "               emulated platform predicted), deflated to the CPU work they held\n"
    "               (docs/predict.md, \"Shared cores\"); the default on a platform of\n"
    "               one host\n"
    "               (without it, on an emulated platform's daemon route: also the\n"
    "               model replay_pvmd_shared, replay_pvmd as --share-cpus prices it)\n"
    "  --no-share-cpus  every gap at full speed, also on one host\n"
    "  --pvmd-cpu F replay_pvmd's pvmd time per datagram and per message from F\n"
    "               (hrel_pvmdcpu's pvmd_cpu.csv; default RUN's where it exists, else\n"
    "               20 us per packet); none: the default; --pvmd-queue: each pvmd's\n"
    "               actions take its CPU one at a time (docs/predict.md)\n"
    "  --wire-late S  on the userspace wire (wire: user: its segment or switch), replay_pvmd\n"
    "               hands each packet over S s late on average (exponential; default\n"
    "               0: the wire's lateness, wire.csv, grows with the CPU load)\n"
    "  --port-queue B|none  a switch port's queue, bytes: the replay counts the\n"
    "               transfers whose senders at once could put more in flight into one\n"
    "               port (TCP incast: lost segments, maybe a retransmission timeout of\n"
    "               200 ms or more; '# incast:' line); default 65536 on an emulated\n"
    "               switched platform (tc's limit), else not checked\n"
    "  --wakeup F   a receiver woken behind its computing sender on one host, from\n"
    "               F (hrel_wakeup's wakeup.csv of the program's route; tried, not\n"
    "               priced by default: docs/predict.md)\n"
    "  --no-lifecycle  keep the trace's own start, spawn and exit times, not RUN's\n"
    "               lifecycle.csv\n"
    "  --spawn-every-k  price a spawn of k tasks and its children's starts at every k\n"
    "               lifecycle.csv measured, each child of a spawn of several starting\n"
    "               with that time as CPU work on its host's cores when they are shared\n"
    "               (default: the line through k 1 and the largest k, every child from\n"
    "               k 1's spawn_start, a wait: docs/predict.md, \"A spawn of k tasks\")\n"
    "  --fit-latency  the replay's L from the fitted lines (PP, OA), not half the\n"
    "               median 8-byte round trip of RUN's setup.csv (the default where\n"
    "               it has them: measured at the size where L is all there is)\n"
    "  --no-sizes   the replay prices every point-to-point message on the fitted\n"
    "               line (g m), not at the median time the characterisation measured at\n"
    "               its size (sizes.csv beside the fit: PP at 2 processors, interpolated;\n"
    "               the default where it is there: docs/predict.md)\n"
    "  --no-exchange  on the daemon route, price a send that crosses its receiver's\n"
    "               within a host (both sent before either received) like any other,\n"
    "               not at the Exchange pattern's median time at its size (sizes.csv: E\n"
    "               at 2 processors, the default where it is there: both messages pass\n"
    "               the one pvmd; docs/predict.md, \"An exchange through one pvmd\"; on a\n"
    "               platform of one host, where E was measured within it)\n"
    "  --no-call-cpu  on the direct route with shared cores, leave out each call's\n"
    "               own CPU time (msgs.csv call_cpu_s) as load on its host's cores\n"
    "               (priced by default where the trace holds it: docs/predict.md,\n"
    "               \"A call's own CPU\"); --call-cpu: price it on the daemon route too\n"
    "               (replay_pvmd_shared as well; tried there, not the default)\n"
    "  --replays FILE  write every replay of the daemon route's packet model with\n"
    "               pvmd's jitter (--interval K of each of replay_pvmd, replay_pvmd_fresh,\n"
    "               replay_pvmd_shared), CSV model,seed,total_s: what each model's\n"
    "               median and interval were taken from\n"
    "  --no-crossing  on the direct route, every first message takes it (by\n"
    "               default, where two tasks ask for their route at once, the higher\n"
    "               tid's first message goes through the pvmds, as libpvm sends it)\n"
    "  --timeline FILE  write every row of the trace as traced and as the model\n"
    "               replay replayed it, CSV rank,row,kind,peers,bytes,tag,traced_t0,\n"
    "               traced_t1,replay_t0,replay_t1 (s since rank 0's start): where the\n"
    "               prediction parts from its run (none when the replay is refused)\n"
    "A host's CPU limit (a cgroup quota: calibration.csv, or cpu: S of an emulated\n"
    "platform) is priced period by period (lib/model/cpuquota.h).\n";

typedef struct pred {
    char name[32];
    double s, lo, hi;          /* lo, hi: the 80 % interval, NAN when none */
} pred;

typedef struct opts {
    const char *on, *out, *hostsfrom, *whatif, *route, *fit, *measured, *untraced;
    const char *platform, *matrix, *spread, *pvmdcpu, *portq, *wakeup, *timeline, *replays;
    double ratio, setup, rtt0, rtt0f;
    int hosts, all, interval, share, nolife, fitlat, noshare, pvmdq, nosizes, nocallcpu, callcpu;
    double wirelate;           /* --wire-late S (NAN: not given, 0 priced) */
    int everyk;                /* --spawn-every-k */
    int noxch;                 /* --no-exchange */
    int nocross;               /* --no-crossing */
} opts;

static int fail(int status, const char *msg)
{
    fprintf(stderr, "hrel predict: %s\n", msg);
    return status;
}

/* The rank -> host map from MSGS (its ranks' first rows). */
static int host_map(const char *path, int nproc, int **map, char *err, size_t errlen)
{
    hrel_msgtrace *p = NULL;
    int r;
    if (hrel_msgtrace_load(path, &p, err, errlen) != 0)
        return -1;
    if (p->nproc != nproc) {
        hrel_seterr(err, errlen, "--hosts-from %s has %d ranks, the trace %d", path, p->nproc,
                    nproc);
        hrel_msgtrace_free(p);
        return -1;
    }
    if (!(*map = malloc((size_t)nproc * sizeof **map))) {
        hrel_msgtrace_free(p);
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (r = 0; r < nproc; r++)
        (*map)[r] = p->first[r] < p->first[r + 1] && p->row[p->first[r]].host > 0
                    ? p->row[p->first[r]].host : 0;
    hrel_msgtrace_free(p);
    return 0;
}

/* g, L of PATTERN on PROCS ranks, else the pooled row (as hrel model replay). */
static int lookup(const hrel_csv *c, const char *pattern, int procs, double *g, double *L,
                  char *err, size_t errlen)
{
    if (hrel_fitcsv_lookup(c, pattern, procs, g, L, err, errlen) == 0)
        return 0;
    return hrel_fitcsv_lookup(c, "ALL", 0, g, L, err, errlen);
}

/* K replays of T with V's jitter (seeds 1 .. K): their median and 10th and 90th
 * percentile into *P; with FP, each total a row NAME,SEED,TOTAL_S of it. */
static int jitter_replays(const hrel_msgtrace *t, const hrel_replay_param *v, int k,
                          const char *name, FILE *fp, pred *p, char *err, size_t errlen)
{
    double *tot = malloc((size_t)(k > 0 ? k : 1) * sizeof *tot);
    int i;
    if (!tot) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    if (hrel_replay_interval_all(t, v, k, 1, tot, err, errlen) != 0) {
        free(tot);
        return -1;
    }
    for (i = 0; fp && i < k; i++)
        fprintf(fp, "%s,%d,%.9g\n", name, i + 1, tot[i]);
    hrel_replay_interval_of(tot, k, &p->s, &p->lo, &p->hi);
    free(tot);
    return 0;
}

/* The fit file the user knows, for messages about the priced copy. */
static const char *fit_shown = "", *fit_priced = "";

/* Add a prediction, or a refusal "NAME: why" to REFUSED (the priced copy of
 * the fit named as the fit it was made from). */
static void add(pred *p, int *np, char (*refused)[1100], int *nref, const char *name, int rc,
                double s, const char *why)
{
    const char *at = fit_priced[0] ? strstr(why, fit_priced) : NULL;
    if (rc == 0) {
        snprintf(p[*np].name, sizeof p[*np].name, "%s", name);
        p[*np].lo = p[*np].hi = NAN;
        p[(*np)++].s = s;
    } else if (at)
        snprintf(refused[(*nref)++], 1100, "%s: %.*s%.300s%.600s", name, (int)(at - why), why,
                 fit_shown, at + strlen(fit_priced));
    else
        snprintf(refused[(*nref)++], 1100, "%s: %.1000s", name, why);
}

/* Every model of P with a row for ROUTE in spread.csv PATH gets the 80 %
 * interval [s q10, s q90] (lib/model/spread.h); a line per model used is
 * added to LINES. Return 0, or -1 with err when the file is bad. */
static int apply_spread(const char *path, const char *route, pred *p, int np, char *lines,
                        size_t len, char *err, size_t errlen)
{
    int k;
    for (k = 0; k < np; k++) {
        hrel_spread_row r;
        size_t used = strlen(lines);
        int f = hrel_spread_find(path, route, p[k].name, &r, err, errlen);
        if (f < 0)
            return -1;
        if (f == 0)
            continue;
        hrel_spread_interval(&r, p[k].s, &p[k].lo, &p[k].hi);
        snprintf(lines + used, len - used,
                 "# interval: %s's 80 %% interval from the measured spread %s: run time / "
                 "prediction had its 10th and 90th percentile at %.4g and %.4g (median %.4g) "
                 "over %ld runs of %ld programs\n", p[k].name, path, r.q10, r.q90, r.q50,
                 r.runs, r.programs);
    }
    return 0;
}

static int write_file(const char *dir, const char *name, char *path, size_t len, FILE **fp)
{
    snprintf(path, len, "%s/%s", dir, name);
    return (*fp = fopen(path, "w")) ? 0 : -1;
}

/* The cores the trace's ranks shared as it was recorded, where they shared
 * one machine's: the trace ran on one host, or on the emulated platform it
 * predicts (the calibrations name the same hosts); the least cores of the
 * trace's calibration. 0: unknown, or each host had its own. */
static int trace_shared_cores(const hrel_msgtrace *mt, const hrel_cpucal *tc,
                              const hrel_charz *cz)
{
    int h, r, one = 1, least = 0, host = -1;
    if (!tc || tc->nhost < 1)
        return 0;
    for (r = 0; r < mt->nproc; r++) {   /* the ranks' hosts: one, or several */
        if (mt->first[r] == mt->first[r + 1])
            continue;
        if (host < 0)
            host = mt->row[mt->first[r]].host;
        else if (mt->row[mt->first[r]].host != host)
            one = 0;
    }
    if (!one) {
        if (!cz->shared || !cz->cal || cz->cal->nhost != tc->nhost)
            return 0;
        for (h = 0; h < tc->nhost; h++)
            if (strcmp(tc->host[h], cz->cal->host[h]) != 0)
                return 0;
    }
    for (h = 0; h < tc->nhost; h++)
        if (tc->cores[h] > 0 && (!least || tc->cores[h] < least))
            least = tc->cores[h];
    return least;
}

/* How many ranks of MT a spawn of one task started whose start row holds its
 * start-up's CPU time (the replay prices it on the cores: replay.h). */
static int alone_startups(const hrel_msgtrace *mt)
{
    size_t i;
    int n = 0;
    for (i = 0; i < mt->n; i++) {
        const hrel_msg *m = &mt->row[i];
        if (m->kind == HREL_MSG_SPAWN && m->npeers == 1 &&
            !isnan(hrel_msgtrace_startup_cpu(mt, m->peers[0])))
            n++;
    }
    return n;
}

/* An emulated platform's wait behind a direct-route stream where its
 * characterisation has none: the one this project measured on it,
 * streamq/PLATFORM.csv beside the validation matrix's summary (MATRIX, else
 * this checkout's docs/data/predict_matrix/summary.csv). 1 with *WAIT and
 * SRC set, 0 when there is none, -1 with one line in ERR (a malformed one). */
static int streamq_beside(const char *matrix, const char *platform, double *wait, char *src,
                          size_t srclen, char *err, size_t errlen)
{
    char summary[4300], root[4096], name[300], path[4400], e2[512];
    int n;
    if (matrix)
        snprintf(summary, sizeof summary, "%s", matrix);
    else if (hrel_cmd_root(root, sizeof root) == 0)
        snprintf(summary, sizeof summary, "%s/docs/data/predict_matrix/summary.csv", root);
    else
        return 0;
    snprintf(name, sizeof name, "streamq/%.200s.csv", platform);
    if (hrel_csv_path_beside(summary, name, path, sizeof path, e2, sizeof e2) != 0 ||
        access(path, R_OK) != 0)
        return 0;
    if (hrel_streamq_read(path, wait, &n, err, errlen) != 0)
        return -1;
    snprintf(src, srclen, "%.2300s", path);
    return 1;
}

/* The trace's start-up CPU of its first rank that no traced spawn started (a
 * program started from a shell), in *CPU; its rank, or -1 where none has one
 * (or out of memory). */
static int shell_startup(const hrel_msgtrace *mt, double *cpu)
{
    unsigned char *spawned = calloc((size_t)mt->nproc + 1, 1);
    size_t i;
    int r, k;
    if (!spawned)
        return -1;
    for (i = 0; i < mt->n; i++)
        if (mt->row[i].kind == HREL_MSG_SPAWN)
            for (k = 0; k < mt->row[i].npeers; k++)
                if (mt->row[i].peers[k] >= 0 && mt->row[i].peers[k] < mt->nproc)
                    spawned[mt->row[i].peers[k]] = 1;
    for (r = 0; r < mt->nproc; r++)
        if (!spawned[r] && !isnan(*cpu = hrel_msgtrace_startup_cpu(mt, r)))
            break;
    free(spawned);
    return r < mt->nproc ? r : -1;
}

int hrel_cmd_predict(int argc, char **argv)
{
    opts o = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
              NULL, NULL, NAN,  NAN,  NAN,  NAN,  0,    0,    31,   0,    0,    0,    0,    0,    0,    0,    0,
              NAN,  0, 0, 0};
    hrel_arg table[] = {
        HREL_OPT_STR("on", 0, &o.on),
        HREL_OPT_STR("out", 'o', &o.out),
        HREL_OPT_NUM("hosts", 0, HREL_ARG_INT, &o.hosts, 1, 65536),
        HREL_OPT_STR("hosts-from", 0, &o.hostsfrom),
        HREL_OPT_STR("what-if", 0, &o.whatif),
        HREL_OPT_NUM("cpu-ratio", 0, HREL_ARG_DOUBLE, &o.ratio, 1e-6, 1e6),
        HREL_OPT_STR("route", 0, &o.route),
        HREL_OPT_STR("fit", 0, &o.fit),
        HREL_OPT_NUM("setup", 0, HREL_ARG_DOUBLE, &o.setup, 0, 60),
        HREL_OPT_NUM("rtt0", 0, HREL_ARG_DOUBLE, &o.rtt0, 1e-7, 10),
        HREL_OPT_NUM("rtt0-fresh", 0, HREL_ARG_DOUBLE, &o.rtt0f, 1e-7, 10),
        HREL_OPT_FLAG("all-models", 0, &o.all),
        HREL_OPT_NUM("interval", 0, HREL_ARG_INT, &o.interval, 0, 10000),
        HREL_OPT_FLAG("share-cpus", 0, &o.share),
        HREL_OPT_FLAG("no-share-cpus", 0, &o.noshare),
        HREL_OPT_FLAG("no-lifecycle", 0, &o.nolife),
        HREL_OPT_FLAG("spawn-every-k", 0, &o.everyk),
        HREL_OPT_FLAG("fit-latency", 0, &o.fitlat),
        HREL_OPT_FLAG("no-sizes", 0, &o.nosizes),
        HREL_OPT_FLAG("no-exchange", 0, &o.noxch),
        HREL_OPT_FLAG("no-crossing", 0, &o.nocross),
        HREL_OPT_FLAG("no-call-cpu", 0, &o.nocallcpu),
        HREL_OPT_FLAG("call-cpu", 0, &o.callcpu),
        HREL_OPT_STR("measured", 0, &o.measured),
        HREL_OPT_STR("untraced", 0, &o.untraced),
        HREL_OPT_STR("platform", 0, &o.platform),
        HREL_OPT_STR("matrix", 0, &o.matrix),
        HREL_OPT_STR("spread", 0, &o.spread),
        HREL_OPT_STR("pvmd-cpu", 0, &o.pvmdcpu),
        HREL_OPT_STR("wakeup", 0, &o.wakeup),
        HREL_OPT_STR("port-queue", 0, &o.portq),
        HREL_OPT_FLAG("pvmd-queue", 0, &o.pvmdq),
        HREL_OPT_NUM("wire-late", 0, HREL_ARG_DOUBLE, &o.wirelate, 0, 0.999),
        HREL_OPT_STR("timeline", 0, &o.timeline),
        HREL_OPT_STR("replays", 0, &o.replays),
        HREL_OPT_END,
    };
    char err[2048], why[1024], rwhy[1100], path[4200], fitp[4200], root[4096], summary[4300];
    char notes[4096], refused[NMODEL][1100], route[16], steps_err[1100] = "";
    char route_line[400] = "";
    char spreadp[2400] = "", spread_lines[NMODEL * 600] = "";
    char *tmpfit = NULL;
    hrel_whatif w;
    hrel_charz *cz = NULL;
    hrel_predict_trace pt;
    hrel_trace *tr = NULL;
    hrel_csv *fc = NULL;
    hrel_model_gl *gl = NULL;
    hrel_replay_param base;
    hrel_lifecycle life;
    char lifepath[2300] = "";
    pred p[NMODEL];
    int first, rc = 1, np = 0, nref = 0, k, nh, explicit_hosts, capacity, best = 0;
    int *map = NULL, fit_ok;
    double ratio, kr[HREL_CPUCAL_NKERNEL], setup, total;
    double lat_fit = NAN, lat_small = NAN;   /* the replay's L: the fit's PP,2, the measured */
    double jitter = JITTER_DEFAULT;   /* pvmd's mean wait per action (replay_pvmd's interval) */
    int jitter_measured = 0;
    long incasts = -1;   /* the replay's transfers that met an incast; -1: not checked */
    double incast_peak = 0;
    double place_lo = NAN, place_hi = NAN;   /* the replay at the pairs' q10, q90 L */
    int place_joined = 0;                     /* ... joined with the spread's interval */
    char incast_line[600] = "";
    hrel_pvmdcpu pcpu;                /* pvmd's CPU (replay_pvmd), where measured */
    char pcpu_src[2400] = "";
    hrel_wakeup wkf = {"", NULL, 0, NULL, 0, 0};   /* --wakeup F */
    hrel_sizecost fsz = {0, NULL, NULL};   /* sizes.csv beside the fit (RUN's or --fit's) */
    hrel_sizecost fszx = {0, NULL, NULL};  /* ... its Exchange at 2 (the daemon route) */
    long exchanged = -1;                   /* the replay's sends priced as an exchange's */
    long crossed = -1;                     /* ... first sends priced through the pvmds */
    char sq_src[2400] = "";                /* where the wait behind a stream came from */
    const hrel_sizecost *szc = NULL;       /* the replay's cost by size, NULL: none */
    char sz_src[2400] = "";
    char wake_line[2800] = "";
    FILE *fp = NULL;
    struct stat sb;

    memset(&pt, 0, sizeof pt);
    if ((rc = hrel_args_run("hrel predict", argc, argv, table, NULL, usage_text, stdout, stderr,
                            &first)) >= 0)
        return rc;
    rc = 1;
    if (first != argc - 1)
        return fail(2, first >= argc ? "give one TRACE (try hrel predict --help)"
                                     : "give one TRACE, options before or after it");
    if (!o.on)
        return fail(2, "give the platform's characterisation: --on RUN (a study's run folder)");
    if (o.hosts && o.hostsfrom)
        return fail(2, "give either --hosts or --hosts-from, not both");
    if (o.share && o.noshare)
        return fail(2, "give either --share-cpus or --no-share-cpus, not both");
    if (o.callcpu && o.nocallcpu)
        return fail(2, "give either --call-cpu or --no-call-cpu, not both");
    if (o.route && strcmp(o.route, "direct") != 0 && strcmp(o.route, "daemon") != 0)
        return fail(2, "--route must be direct or daemon");
    if (o.untraced && !o.measured)
        return fail(2, "--untraced needs --measured");
    if (hrel_whatif_parse(o.whatif, &w, err, sizeof err) != 0)
        return fail(2, err);
    if (o.out && (stat(o.out, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
        hrel_seterr(err, sizeof err, "output folder '%s' does not exist", o.out);
        return fail(1, err);
    }
    if (hrel_charz_read(o.on, isnan(o.ratio), &cz, err, sizeof err) != 0 ||
        hrel_predict_trace_load(argv[first], &pt, err, sizeof err) != 0) {
        fail(1, err);
        goto out;
    }
    if (o.platform)
        snprintf(cz->platform, sizeof cz->platform, "%s", o.platform);
    /* the route the program's messages take: a what-if's, --route, the one the
       trace says the program asked for, the characterisation's, the daemon route */
    {
        const char *tr = pt.mt->route;
        int asked = strcmp(tr, "direct") == 0 || strcmp(tr, "daemon") == 0;
        snprintf(route, sizeof route, "%s",
                 w.route >= 0 ? (w.route ? "daemon" : "direct")
                 : o.route ? o.route : asked ? tr : cz->route[0] ? cz->route : "daemon");
        if (tr[0])
            snprintf(route_line, sizeof route_line, "# route: %s%s; the program asked for the %s "
                     "route (%ld of its %ld messages between tasks sent with pvm_setopt(PvmRoute, "
                     "PvmRouteDirect) in effect)%s\n", route,
                     w.route >= 0 ? ", as the what-if says" : o.route ? ", as --route says" : "",
                     strcmp(tr, "mixed") == 0 ? "direct route for some messages and the daemon"
                                              : tr,
                     pt.mt->route_direct, pt.mt->route_msgs,
                     asked && strcmp(tr, route) != 0 ? ": its messages take that one, not this"
                                                      : "");
    }
    /* g and L as a prediction prices them */
    if (hrel_csv_read(o.fit ? o.fit : cz->fit, &fc, err, sizeof err) != 0 ||
        hrel_fitcsv_check(fc, err, sizeof err) != 0) {
        fail(1, err);
        goto out;
    }
    if (o.out) {
        rc = write_file(o.out, "fit_priced.csv", fitp, sizeof fitp, &fp);
    } else {
        int fd;
        snprintf(fitp, sizeof fitp, "%s/hrel-predict-fit.XXXXXX",
                 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        rc = (fd = mkstemp(fitp)) < 0 || !(fp = fdopen(fd, "w")) ? -1 : 0;
        if (rc == 0)
            tmpfit = fitp;
    }
    if (rc != 0 || hrel_fitcsv_write_priced(fc, fp, notes, sizeof notes) != 0 ||
        fclose(fp) != 0) {
        fp = NULL;
        hrel_seterr(err, sizeof err, "cannot write '%s'", fitp);
        fail(1, err);
        rc = 1;
        goto out;
    }
    fp = NULL;
    hrel_csv_free(fc);
    fc = NULL;
    fit_shown = o.fit ? o.fit : cz->fit;
    fit_priced = fitp;
    if (hrel_csv_read(fitp, &fc, err, sizeof err) != 0) {
        fail(1, err);
        goto out;
    }
    rc = 1;
    /* the CPU ratio */
    if (!isnan(o.ratio)) {
        ratio = o.ratio;
        snprintf(why, sizeof why, "given (--cpu-ratio)");
    } else if (pt.cal && cz->cal) {
        hrel_cpucal_ratio(pt.cal, cz->cal, &ratio, kr);
        snprintf(why, sizeof why, "from the CPU calibrations: trace %.400s, platform %.400s/calibration.csv;"
                 " per kernel int %.3f, fp %.3f, mem %.3f; their geometric mean", pt.cal_path,
                 cz->dir, kr[0], kr[1], kr[2]);
    } else {
        ratio = 1;
        snprintf(why, sizeof why, "%s", pt.cal ? "the platform has no CPU calibration"
                 : "the trace carries no CPU calibration (PVM's tracer, an older trace): "
                   "computation as recorded");
    }
    if (w.cpu != 1)
        ratio /= w.cpu;
    /* placement */
    nh = w.hosts ? w.hosts : o.hosts ? o.hosts : cz->nhosts;
    explicit_hosts = w.hosts || o.hosts || o.hostsfrom;
    capacity = w.cores ? nh * w.cores : cz->shared ? cz->cores : nh * cz->cores;
    if (!explicit_hosts && capacity > 0 && pt.mt->nproc > capacity) {
        hrel_seterr(err, sizeof err, "the trace has %d ranks and %s has %d cores (%d host%s%s): "
                    "say where they go with --hosts N (rank r on host r %% N) or --hosts-from",
                    pt.mt->nproc, cz->platform, capacity, cz->nhosts, cz->nhosts == 1 ? "" : "s",
                    cz->shared ? " sharing this machine's cores" : "");
        fail(1, err);
        goto out;
    }
    if (o.hostsfrom && host_map(o.hostsfrom, pt.mt->nproc, &map, err, sizeof err) != 0) {
        fail(1, err);
        goto out;
    }
    setup = (isnan(o.setup) ? cz->setup : o.setup) * w.latency;
    memset(&base, 0, sizeof base);
    base.medium = w.medium >= 0 ? (hrel_medium)w.medium : cz->medium;
    base.nhosts = map ? 0 : nh;
    base.host_map = map;
    base.cpu_ratio = ratio;
    base.setup = setup;
    base.wire_tc = cz->wire_tc;
    /* an emulated shared segment is tc's HTB, a class per station
       (hostfiles/platform.sh, medium: shared; replay_pvmd's packets) */
    if (cz->emulated && cz->wire_tc && cz->medium == HREL_MEDIUM_BUS)
        base.htb = cz->nhosts;
    /* an emulated switch's port is two token buckets in series, the host's and
       the switch port's (medium: switched); a half-duplex port's two directions
       share one, which the model leaves out: a packet takes both links at once */
    base.tc_joint = cz->half_duplex;
    /* the userspace wire, timed by the model the wire runs (hostfiles/platform.sh,
       wire: user): a shared segment is CSMA/CD, a switch stores and forwards */
    if (cz->emulated && !cz->wire_tc && base.medium != HREL_MEDIUM_NONE && nh >= 2 &&
        nh <= 64) {
        base.userwire = 1;
        base.wire_delay = cz->wire_delay;
        base.wire_late = !isnan(o.wirelate) ? o.wirelate : 0;   /* opt-in: docs/predict.md */
    }
    /* the route's buffering between two tasks, where setup.csv measured it
       on this route (PVM's direct route: 32 KB socket buffers) */
    if (cz->buffer_bytes > 0 && (!cz->setup_route[0] || strcmp(cz->setup_route, route) == 0))
        base.sendbuf = cz->buffer_bytes;
    /* a switch port's queue: where the replay's transfers would overflow it
       (TCP incast on the direct route; the emulated switches queue 64 KB) */
    if (o.portq && strcmp(o.portq, "none") != 0) {
        char *e;
        base.port_queue = strtod(o.portq, &e);
        if (e == o.portq || *e || !(base.port_queue >= 1) || base.port_queue > 1e12) {
            hrel_seterr(err, sizeof err, "--port-queue '%s': give bytes (1 to 1e12) or none",
                        o.portq);
            rc = fail(2, err);
            goto out;
        }
    } else if (!o.portq && cz->emulated && cz->wire_tc && cz->medium == HREL_MEDIUM_PORT)
        base.port_queue = EMULATED_PORT_QUEUE;
    base.tcp_window = base.sendbuf;
    /* the packet model's wire time per byte (the daemon route, and a crossed
       first message on the direct route), where the platform has a link rate */
    if (cz->rate_bps > 0)
        base.g_wire = 8.0 / cz->rate_bps / w.bandwidth;
    /* on the direct route, two tasks that ask for their route at once: the
       higher tid's first message goes through the pvmds, packet by packet
       (crossing.h), where the platform has a link rate for the packet model;
       meanwhile a pvmd's packets wait behind the direct transfers leaving
       its host */
    if (strcmp(route, "direct") == 0 && cz->rate_bps > 0 && !o.nocross) {
        double sw = cz->stream_n > 0 ? cz->stream_wait : NAN;
        base.crossing = 1;
        base.rtt0 = (isnan(o.rtt0) ? RTT0_FRESH : o.rtt0) * w.latency;
        if (!isnan(sw))
            snprintf(sq_src, sizeof sq_src, "%.2300s/streamq.csv", cz->dir);
        else if (cz->emulated && streamq_beside(o.matrix, cz->platform, &sw, sq_src,
                                                sizeof sq_src, err, sizeof err) < 0) {
            fail(1, err);
            goto out;
        }
        /* the wait in bytes at the platform's rate: a what-if bandwidth
           drains the same queue faster */
        base.stream_queue = isnan(sw) ? 0 : sw * cz->rate_bps / 8.0;
    }
    /* the platform's cores, shared by the ranks computing at once: by
       default on one host (--share-cpus elsewhere: docs/predict.md "pvmd's
       CPU per message and per datagram" for why not on the emulated LANs);
       the messages within a host are then CPU work on the same cores, and
       on the daemon route between hosts the pvmds' actions (replay_pvmd) */
    if (w.cores)
        base.cores = w.cores;
    else if ((o.share || (!o.noshare && nh == 1)) && cz->cores > 0) {
        if (cz->shared)
            base.shared_cores = cz->cores;
        else
            base.cores = cz->cores;
    }
    if (base.cores || base.shared_cores) {
        /* a message within a host is CPU work sharing the cores like a
           computing rank; the trace's gaps are shared as their CPU time, or,
           where its ranks shared one machine's cores as it was recorded (one
           host, or the emulated platform predicted), deflated to the CPU work
           they held */
        base.deliver = 2;   /* fair: a share like a computing rank's */
        base.trace_cores = trace_shared_cores(pt.mt, pt.cal, cz);
    }
    /* on the direct route the tasks move their messages themselves: the CPU
       time the trace holds for each call loads the cores too, wherever they
       are shared (on the daemon route it made the predictions worse, tried
       with --call-cpu: docs/predict.md, "A call's own CPU") */
    base.call_cpu = pt.mt->call_cpu && !o.nocallcpu && (o.callcpu || strcmp(route, "direct") == 0);
    /* pvmd's CPU per datagram and per message (replay_pvmd), where the
       characterisation measured it (hrel_pvmdcpu), else 20 us per packet */
    base.proc = PVMD_PROC_DEFAULT;
    memset(&pcpu, 0, sizeof pcpu);
    if (o.pvmdcpu && strcmp(o.pvmdcpu, "none") != 0) {
        if (hrel_pvmdcpu_read(o.pvmdcpu, &pcpu, err, sizeof err) != 0) {
            fail(1, err);
            goto out;
        }
        snprintf(pcpu_src, sizeof pcpu_src, "%s", o.pvmdcpu);
    } else if (!o.pvmdcpu && cz->pvmd_cpu.remote.n > 0) {
        pcpu = cz->pvmd_cpu;
        snprintf(pcpu_src, sizeof pcpu_src, "%.2300s/pvmd_cpu.csv", cz->dir);
    }
    if (pcpu.remote.n > 0 && pcpu.remote.unit_s > 0) {
        base.proc = pcpu.remote.unit_s;
        base.pvmd_msg = pcpu.remote.msg_s > 0 ? pcpu.remote.msg_s : 0;
        base.pvmd_queue = o.pvmdq;
    } else
        pcpu_src[0] = '\0';
    /* the hosts' CPU limit, period by period (not with processor sharing) */
    if (!base.cores && !base.shared_cores && cz->quota > 0 && cz->quota < 1) {
        base.quota = cz->quota;
        base.quota_period = cz->quota_period;
    }
    /* the platform's lifecycle costs, where it measured them */
    snprintf(lifepath, sizeof lifepath, "%s/lifecycle.csv", cz->dir);
    if (o.nolife || access(lifepath, R_OK) != 0)
        lifepath[0] = '\0';
    else if (hrel_lifecycle_read(lifepath, cz->platform, &life, err, sizeof err) != 0) {
        fail(1, err);
        goto out;
    } else
        hrel_replay_use_lifecycle(&base, &life, o.everyk);
    /* a point-to-point message at the time its size took in the characterisation
       (sizes.csv beside the fit: the characterisation's, or --fit FIT's) */
    if (!o.nosizes) {
        char e2[512];
        if (!o.fit)
            snprintf(sz_src, sizeof sz_src, "%.2300s/sizes.csv", cz->dir);
        else if (hrel_csv_path_beside(o.fit, "sizes.csv", sz_src, sizeof sz_src, e2,
                                      sizeof e2) != 0)
            sz_src[0] = '\0';
        if (sz_src[0] && access(sz_src, R_OK) == 0) {
            if ((k = hrel_sizecost_read(sz_src, "PP", 2, &fsz, err, sizeof err)) < 0) {
                fail(1, err);
                goto out;
            }
            if (k == 0)
                szc = &fsz;
            /* an exchange within a host through the one pvmd: E at 2, where the
               characterisation measured it within one host */
            if (szc && strcmp(route, "daemon") == 0 && !o.noxch && cz->nhosts == 1) {
                if ((k = hrel_sizecost_read(sz_src, "E", 2, &fszx, err, sizeof err)) < 0) {
                    fail(1, err);
                    goto out;
                }
                if (k == 0)
                    base.sizecost_x = &fszx;
            }
        }
    }
    base.sizecost = szc;
    base.sizecost_speed = w.bandwidth;
    /* a receiver woken behind its computing sender on one host (hrel_wakeup):
       only when asked (docs/predict.md, "A receiver woken behind a computing
       sender": tried, not adopted) */
    if (o.wakeup) {
        if (hrel_wakeup_read(o.wakeup, &wkf, err, sizeof err) != 0) {
            fail(1, err);
            goto out;
        }
        if (strcmp(wkf.route, route) != 0) {
            hrel_seterr(err, sizeof err, "--wakeup %s measured the %s route and the program "
                        "takes the %s route", o.wakeup, wkf.route, route);
            rc = fail(2, err);
            goto out;
        }
        base.wakeup = &wkf;
        snprintf(wake_line, sizeof wake_line, "# wakeup: a receive that waits for a message "
                 "sent on its host by a rank computing on ends later, %g s on average, "
                 "capped at the sender's CPU until its next wait (%.2300s, --wakeup)\n",
                 hrel_wakeup_mean(&wkf), o.wakeup);
    }

    /* the fit-priced models, on the route the characterisation measured */
    fit_ok = !cz->route[0] || strcmp(cz->route, route) == 0;
    if (!fit_ok)
        snprintf(rwhy, sizeof rwhy, "%.600s measured the %s route and the program takes the %s "
                 "route: characterise that one (experiments/study.sh --platform %s --quick "
                 "-- --route %s)", cz->dir, cz->route, route, cz->platform, route);
    /* M-steps: the trace's trace.csv, else inferred here */
    if (pt.steps) {
        tr = pt.steps;
        pt.steps = NULL;
    } else {
        hrel_msteps_opt mo = {0, -1, NULL, 0};
        if (hrel_msteps_infer(pt.mt, &mo, &tr, NULL, steps_err, sizeof steps_err) != 0)
            tr = NULL;
    }
    if (tr) {
        size_t n = (size_t)tr->nproc * (size_t)tr->nstep, i;
        for (i = 0; i < n; i++)
            tr->row[i].w_s *= ratio;
    }
    if (tr && fit_ok &&
        hrel_model_gl_new(tr, fitp, 0, 0, &gl, steps_err, sizeof steps_err) == 0) {
        size_t n = (size_t)tr->nproc * (size_t)tr->nstep, i;
        FILE *sf = NULL;
        for (i = 0; i < n; i++) {
            gl[i].g /= w.bandwidth;
            gl[i].L *= w.latency;
        }
        if (o.out && write_file(o.out, "steps.csv", path, sizeof path, &sf) != 0)
            sf = NULL;
        if (o.out)
            fprintf(sf ? sf : stderr, "# per M-step: measured_s is the trace's own time where "
                    "it was recorded\n");
        k = hrel_cmd_model_steps(sf, "bspwb", tr, gl, 1, &total, err, sizeof err);
        add(p, &np, refused, &nref, "bspwb", k, total, err);
        k = hrel_cmd_model_steps(sf, "mpm", tr, gl, 0, &total, err, sizeof err);
        add(p, &np, refused, &nref, "mpm", k, total, err);
        if (sf)
            fclose(sf);
    } else {
        const char *r = !fit_ok ? rwhy : steps_err[0] ? steps_err : "no M-steps";
        add(p, &np, refused, &nref, "bspwb", 1, 0, r);
        add(p, &np, refused, &nref, "mpm", 1, 0, r);
    }
    /* the replay */
    {
        hrel_replay_param par = base;
        double *end = malloc((size_t)pt.mt->nproc * sizeof *end);
        if (!end) {
            fail(1, "out of memory");
            goto out;
        }
        k = fit_ok ? 0 : 1;
        if (k == 0 && (lookup(fc, "PP", 2, &par.g_send, &par.L_send, err, sizeof err) != 0 ||
                       lookup(fc, "OA", pt.mt->nproc, &par.g_mcast, &par.L_mcast, err,
                              sizeof err) != 0))
            k = 1;
        else if (k != 0)
            snprintf(err, sizeof err, "%s", rwhy);
        lat_fit = par.L_send;
        /* L is the time of a message of no bytes: where setup.csv measured
           8-byte round trips, half their median, not the fitted lines'
           intercept (their sizes start at tens of KB, so it is uncertain by
           about its own size) */
        if (k == 0 && !o.fitlat && cz->small_rtt > 0 &&
            (!cz->setup_route[0] || strcmp(cz->setup_route, route) == 0)) {
            lat_small = cz->small_rtt / 2;
            par.L_send = par.L_mcast = lat_small;
        }
        par.g_send /= w.bandwidth;
        par.g_mcast /= w.bandwidth;
        par.L_send *= w.latency;
        par.L_mcast *= w.latency;
        if (k == 0) {
            hrel_replay_param v = par;
            /* --timeline: the replay's rows (none when the replay is refused:
               the refusal says why) */
            int tl_fail = o.timeline && hrel_timeline_alloc(pt.mt, &v.row_t0, &v.row_t1) != 0;
            if (tl_fail)
                hrel_seterr(err, sizeof err, "out of memory");
            else {
                k = hrel_replay_run(pt.mt, &v, end, &total, err, sizeof err);
                if (k == 0 && v.sizecost_x)
                    exchanged = v.exchanged;
                if (k == 0 && v.crossing)
                    crossed = v.crossed;
                tl_fail = k == 0 && o.timeline &&
                          hrel_timeline_write(o.timeline, "hrel predict (model replay)", pt.mt,
                                              v.row_t0, v.row_t1, err, sizeof err) != 0;
            }
            free(v.row_t0);
            free(v.row_t1);
            if (tl_fail) {
                free(end);
                fail(1, err);
                goto out;
            }
            add(p, &np, refused, &nref, "replay", k, total, err);
            /* one host, daemon route, setup.csv's round trips from several
               virtual machines (predict.sh --fresh-vm): where the scheduler
               puts the pvmd and the tasks is a draw per virtual machine, and
               moves L by up to four times; the replay at L from the pairs'
               10th and 90th percentile is the interval that draw gives
               (docs/predict.md "A program's own start-up, and L's draws") */
            if (k == 0 && !isnan(lat_small) && nh == 1 && strcmp(route, "daemon") == 0 &&
                cz->small_q10 > 0 && cz->small_q90 >= cz->small_q10) {
                double q[2] = {cz->small_q10, cz->small_q90}, tq[2];
                int j, kq = 0;
                for (j = 0; j < 2 && kq == 0; j++) {
                    hrel_replay_param vq = par;
                    vq.L_send = vq.L_mcast = q[j] / 2 * w.latency;
                    kq = hrel_replay_run(pt.mt, &vq, end, &tq[j], err, sizeof err);
                }
                if (kq == 0) {
                    place_lo = fmin(tq[0], total);
                    place_hi = fmax(tq[1], total);
                }
            }
            if (k == 0 && v.port_queue > 0 && strcmp(route, "direct") == 0) {
                incasts = v.incasts;
                incast_peak = v.incast_peak;
            }
            if (o.all) {
                v = par;
                v.medium = HREL_MEDIUM_NONE;
                k = hrel_replay_run(pt.mt, &v, end, &total, err, sizeof err);
                add(p, &np, refused, &nref, "replay_nomedium", k, total, err);
                v = par;
                v.setup = 0;
                k = hrel_replay_run(pt.mt, &v, end, &total, err, sizeof err);
                add(p, &np, refused, &nref, "replay_nosetup", k, total, err);
            }
        } else
            add(p, &np, refused, &nref, "replay", 1, 0, err);
        /* pvmd's wait per action: from the characterisation's 8-byte round
           trips through the daemons (they hold those waits), else the default */
        if (cz->small_rtt > 0 &&
            strcmp(cz->setup_route[0] ? cz->setup_route : cz->route, "daemon") == 0) {
            jitter = JITTER_PER_RTT * cz->small_rtt;
            jitter_measured = 1;
        }
        if (o.replays && !(strcmp(route, "daemon") == 0 && cz->rate_bps > 0 && o.interval > 0)) {
            free(end);
            fail(2, o.interval > 0 ? "--replays: no packet model here (it needs the daemon "
                                     "route on a platform with a link rate)"
                                   : "--replays needs --interval K > 0");
            rc = 2;
            goto out;
        }
        /* the daemon route packet by packet: needs the link rate */
        if (strcmp(route, "daemon") == 0 && cz->rate_bps > 0) {
            /* 0: replay_pvmd; 1: from a fresh virtual machine's RTT estimate
               (--all-models with --rtt0-fresh); 2: on an emulated platform whose
               hosts share this machine's cores, where the options left them
               unshared, the same with the cores shared (the validation matrix
               says on which platforms to trust it) */
            static const char *const pvmd_name[3] = {"replay_pvmd", "replay_pvmd_fresh",
                                                     "replay_pvmd_shared"};
            int f, want[3];
            FILE *rfp = NULL;   /* --replays */
            if (o.replays) {
                if (!(rfp = fopen(o.replays, "w"))) {
                    free(end);
                    hrel_seterr(err, sizeof err, "cannot write --replays file '%s'", o.replays);
                    fail(1, err);
                    goto out;
                }
                fprintf(rfp, "# hrel predict: every replay of the packet model with pvmd's jitter "
                        "(mean %g s per action), %d per model (--interval), seeds 1 to %d\n"
                        "model,seed,total_s\n", jitter, o.interval, o.interval);
            }
            want[0] = 1;
            want[1] = o.all && !isnan(o.rtt0f);
            want[2] = cz->emulated && cz->shared && cz->cores > 0 && !base.cores &&
                      !base.shared_cores && !o.noshare && !w.cores;
            for (f = 0; f < 3; f++) {
                hrel_replay_param v = base;
                if (!want[f])
                    continue;
                if (f == 2) {
                    v.shared_cores = cz->cores;
                    v.deliver = 2;
                    v.trace_cores = trace_shared_cores(pt.mt, pt.cal, cz);
                    v.quota = v.quota_period = 0;
                }
                v.daemon = 1;
                /* with shared cores, the pvmds' actions are CPU work on them too:
                   each packet action's first datagram on its path, the second
                   after it (docs/predict.md "pvmd's CPU per message and per
                   datagram") */
                if ((v.cores || v.shared_cores) && !v.pvmd_queue) {
                    v.pvmd_share = 1;
                    v.pvmd_after = v.proc;
                }
                v.rtt0 = (f == 1 ? o.rtt0f : isnan(o.rtt0) ? RTT0_FRESH : o.rtt0) * w.latency;
                k = hrel_replay_run(pt.mt, &v, end, &total, err, sizeof err);
                add(p, &np, refused, &nref, pvmd_name[f], k, total, err);
                if (k == 0 && o.interval > 0) {
                    /* the median and the 80 % interval of replays with pvmd's jitter
                     * (docs/predict.md "An interval from pvmd's jitter") */
                    v.jitter = jitter;
                    if (jitter_replays(pt.mt, &v, o.interval, pvmd_name[f], rfp, &p[np - 1],
                                       err, sizeof err) != 0)
                        p[np - 1].lo = p[np - 1].hi = NAN;
                }
            }
            if (rfp && fclose(rfp) != 0) {
                free(end);
                hrel_seterr(err, sizeof err, "cannot write --replays file '%s'", o.replays);
                fail(1, err);
                goto out;
            }
        }
        free(end);
    }
    if (np == 0) {
        fail(1, "every model refused:");
        for (k = 0; k < nref; k++)
            fprintf(stderr, "hrel predict: %s\n", refused[k]);
        goto out;
    }
    /* the validation matrix's summary (the recommended model) */
    if (o.matrix)
        snprintf(summary, sizeof summary, "%s", o.matrix);
    else if (hrel_cmd_root(root, sizeof root) == 0)
        snprintf(summary, sizeof summary, "%s/docs/data/predict_matrix/summary.csv", root);
    else
        summary[0] = '\0';
    /* the 80 % intervals the platform's runs showed: spread.csv, measured on
       RUN's platform as it is (so not under a what-if unless given); where RUN
       has none, on an emulated platform the validation matrix ran or on
       local, the matrix's spread of that platform (spread/PLATFORM.csv beside
       its summary: docs/predict.md "The cores shared on the emulated
       platforms"; local's from this project's machine, install_local.sh) */
    if (o.spread && strcmp(o.spread, "none") != 0)
        snprintf(spreadp, sizeof spreadp, "%s", o.spread);
    else if (!o.spread && !(o.whatif && *o.whatif)) {
        snprintf(spreadp, sizeof spreadp, "%s/spread.csv", cz->dir);
        if (stat(spreadp, &sb) != 0)
            spreadp[0] = '\0';
        if (!spreadp[0] && summary[0] && (cz->emulated || strcmp(cz->platform, "local") == 0)) {
            char name[300], e2[512];
            snprintf(name, sizeof name, "spread/%.200s.csv", cz->platform);
            if (hrel_csv_path_beside(summary, name, spreadp, sizeof spreadp, e2, sizeof e2) != 0 ||
                stat(spreadp, &sb) != 0)
                spreadp[0] = '\0';
        }
    }
    if (spreadp[0] && apply_spread(spreadp, route, p, np, spread_lines, sizeof spread_lines,
                                   err, sizeof err) != 0) {
        fail(1, err);
        goto out;
    }
    /* the placement interval (above) for the replay: joined with the spread's
       where one applies (the spread holds the other run-to-run variation) */
    if (!isnan(place_lo))
        for (k = 0; k < np; k++)
            if (strcmp(p[k].name, "replay") == 0) {
                size_t used = strlen(spread_lines);
                int joined = !isnan(p[k].lo);
                p[k].lo = joined ? fmin(p[k].lo, place_lo) : place_lo;
                p[k].hi = joined ? fmax(p[k].hi, place_hi) : place_hi;
                snprintf(spread_lines + used, sizeof spread_lines - used,
                         "# interval: replay's from the placement draws%s: the replay with L = "
                         "half the 10th and 90th percentile (%.4g and %.4g s) of setup.csv's %d "
                         "8-byte round trips (measured several times) gives %.6g to %.6g s; "
                         "the interval %.6g to %.6g s\n",
                         joined ? ", joined with the spread's" : " (no spread: what the placement "
                         "moves only)", cz->small_q10, cz->small_q90, cz->small_n, place_lo,
                         place_hi, p[k].lo, p[k].hi);
                place_joined = joined;
            }
    /* the one answer */
    {
        const char *names[NMODEL];
        for (k = 0; k < np; k++)
            names[k] = p[k].name;
        hrel_recommend(summary[0] ? summary : NULL, cz->platform, cz->emulated, route, names,
                       np, &best, rwhy, sizeof rwhy);
    }
    if (!isnan(p[best].lo) && !isnan(place_lo) && !place_joined &&
        strcmp(p[best].name, "replay") == 0)
        printf("predicted: %.6g s (%s, %.6g to %.6g s from the placement draws; %s)\n",
               p[best].s, p[best].name, p[best].lo, p[best].hi, rwhy);
    else if (!isnan(p[best].lo))
        printf("predicted: %.6g s (%s, 80 %% interval %.6g to %.6g s; %s)\n", p[best].s,
               p[best].name, p[best].lo, p[best].hi, rwhy);
    else
        printf("predicted: %.6g s (%s; %s)\n", p[best].s, p[best].name, rwhy);
    printf("# trace: %s (%s, %d ranks, %zu rows)\n", argv[first], pt.form, pt.mt->nproc,
           pt.mt->n);
    printf("# on: %s (platform %s, %s route, %d host%s, medium %s%s%s%s)\n", cz->dir,
           cz->platform, route, nh, nh == 1 ? "" : "s",
           base.medium == HREL_MEDIUM_PORT ? "port" : base.medium == HREL_MEDIUM_BUS ? "bus"
                                                                                  : "none",
           strcmp(route, "daemon") != 0 ? ""
           : base.htb > 0 ? " (tc's HTB, a class per host)"
           : base.userwire && base.medium == HREL_MEDIUM_BUS ? " (the userspace wire's CSMA/CD)"
           : base.userwire ? " (the userspace wire's store-and-forward switch)"
           : base.wire_tc && base.medium == HREL_MEDIUM_PORT && !base.tc_joint
               ? " (tc's token buckets: the sender's, then the switch port's)"
           : base.wire_tc && base.medium == HREL_MEDIUM_PORT ? " (tc's half-duplex ports, "
                                                               "each packet both links at once)"
           : "",
           cz->shared ? ", hosts sharing one machine's cores" : "",
           cz->cpu_share > 0 ? ", cpu share set" : "");
    fputs(route_line, stdout);
    printf("# cpu_ratio: %.4g (%s%s)\n", ratio, why, w.cpu != 1 ? ", then what-if cpu" : "");
    if (o.whatif && *o.whatif)
        printf("# what-if: %s\n", o.whatif);
    if (strcmp(route, "daemon") == 0 && cz->rate_bps > 0) {
        printf("# daemon_state: pvmd's RTT estimate at the start %g s (%s)",
               (isnan(o.rtt0) ? RTT0_FRESH : o.rtt0) * w.latency,
               isnan(o.rtt0) ? "a fresh virtual machine" : "given, --rtt0");
        if (cz->vm_rtt_before > 0 && cz->vm_rtt_after > 0)
            printf("; the characterisation's g and L were measured with estimates from %g s "
                   "(as its benchmark began) to %g s (as it ended), pvmd_state.csv",
                   cz->vm_rtt_before, cz->vm_rtt_after);
        else
            printf("; the characterisation does not say in which state it measured g and L "
                   "(no pvmd_state.csv)");
        putchar('\n');
    }
    if (strcmp(route, "daemon") == 0 && cz->rate_bps > 0) {
        if (pcpu_src[0])
            printf("# pvmd_cpu: %g s per datagram, %g s per message (%.2400s: %g s, fitted, "
                   "clipped at 0)%s\n", base.proc, base.pvmd_msg, pcpu_src, pcpu.remote.msg_s,
                   base.pvmd_queue ? "; each pvmd's actions one at a time" : "");
        else
            printf("# pvmd_cpu: %g s per packet, the default (no pvmd_cpu.csv: hrel_pvmdcpu "
                   "measures it)\n", base.proc);
    }
    if (strcmp(route, "daemon") == 0 && cz->rate_bps > 0 && base.userwire) {
        printf("# wire: the userspace wire's %s, %g s one way; ",
               base.medium == HREL_MEDIUM_BUS ? "CSMA/CD" : "store-and-forward switch",
               base.wire_delay);
        if (!isnan(o.wirelate))
            printf("each packet handed over %g s late, mean of an exponential (given, "
                   "--wire-late)\n", base.wire_late);
        else if (cz->have_wire_late)
            printf("its lateness not priced (wire.csv: %g s per frame over hrel_pvmdcpu's "
                   "ping-pongs; it grows with the CPU load: --wire-late S prices it)\n",
                   cz->wire_late);
        else
            printf("its lateness not priced (no wire.csv; --wire-late S prices it)\n");
    }
    if (strcmp(route, "daemon") == 0 && cz->rate_bps > 0 && o.interval > 0)
        printf("# pvmd_jitter: %g s per pvmd action, mean (%s)\n", jitter,
               jitter_measured
                   ? "an eighth of the median 8-byte round trip through the daemons, setup.csv"
                   : "the default: no 8-byte round trips of the daemon route in setup.csv");
    if (spread_lines[0])
        fputs(spread_lines, stdout);
    fputs(wake_line, stdout);
    printf("# setup_s: %g (%s)\n", setup, !isnan(o.setup) ? "given, --setup"
           : cz->have_setup ? "the characterisation's setup.csv" : "no setup.csv: 0");
    if (incasts > 0)
        snprintf(incast_line, sizeof incast_line,
                 "# incast: %ld transfer%s of the replay met other hosts' into one port, up to "
                 "%.0f bytes in flight against its %.0f-byte queue: the switch drops segments "
                 "and TCP may wait its retransmission timeout (%g s at least on Linux), so a "
                 "run may take about %g s more per timeout; the prediction assumes none\n",
                 incasts, incasts == 1 ? "" : "s", incast_peak, base.port_queue, TCP_RTO_MIN,
                 TCP_RTO_MIN);
    else if (incasts == 0)
        snprintf(incast_line, sizeof incast_line,
                 "# incast: none (no port's %.0f-byte queue overflows in the replay)\n",
                 base.port_queue);
    fputs(incast_line, stdout);
    if (base.sendbuf > 0)
        printf("# buffer: %.0f bytes between two tasks on this route (setup.csv): a larger "
               "send waits for its receiver to be in a PVM call\n", base.sendbuf);
    if (!isnan(lat_small))
        printf("# latency: L = %g s for every message of the replay (half the median 8-byte "
               "round trip of the characterisation's setup.csv, %d pair%s; the fit's PP,2 L = "
               "%g s: --fit-latency)\n", lat_small * w.latency, cz->small_n,
               cz->small_n == 1 ? "" : "s", lat_fit * w.latency);
    else if (!isnan(lat_fit))
        printf("# latency: the fit's (PP,2 L = %g s)%s\n", lat_fit * w.latency,
               o.fitlat ? ", --fit-latency"
               : cz->small_rtt > 0 ? ": setup.csv's 8-byte round trips are of another route"
                                   : ": no 8-byte round trips in setup.csv");
    if (szc)
        printf("# sizes: a point-to-point message costs the median time of PP at 2 processors "
               "at its size (%g to %g bytes, interpolated from L at 0 bytes; beyond, the "
               "fitted g), not g m (%s; --no-sizes)\n", szc->bytes[0], szc->bytes[szc->n - 1],
               sz_src);
    else
        printf("# sizes: none: every point-to-point message costs g m + L%s\n",
               o.nosizes ? " (--no-sizes)"
                         : " (no sizes.csv with PP at 2 processors beside the fit)");
    if (exchanged >= 0)
        printf("# exchange: %ld sends crossed their receiver's within a host, each priced at the "
               "median time of E at 2 processors at its size (%g to %g bytes, from L at 0 "
               "bytes; %s; --no-exchange)\n", exchanged, fszx.bytes[0], fszx.bytes[fszx.n - 1],
               sz_src);
    else if (szc && strcmp(route, "daemon") == 0)
        printf("# exchange: priced as any send%s\n",
               o.noxch            ? " (--no-exchange)"
               : cz->nhosts != 1 ? " (E at 2 processors was measured between hosts here)"
                                 : " (no E at 2 processors in sizes.csv)");
    if (crossed >= 0) {
        printf("# crossing: %ld first message%s went through the pvmds, packet by packet (both "
               "tasks of the pair asked for their direct route at once: libpvm sends the higher "
               "tid's through the pvmds); --no-crossing\n", crossed, crossed == 1 ? "" : "s");
        if (base.stream_queue > 0)
            printf("# crossing: while a direct transfer leaves a host, its pvmd's packets wait "
                   "%g s behind it (%.0f bytes at the link's rate; %s)\n",
                   base.stream_queue / cz->rate_bps * 8.0, base.stream_queue, sq_src);
        else
            printf("# crossing: a pvmd's packets wait behind no direct transfer (the wait was "
                   "not measured: no streamq.csv)\n");
    } else if (strcmp(route, "direct") == 0)
        printf("# crossing: not priced%s\n", o.nocross ? " (--no-crossing)"
               : " (no link rate for the packet model of the pvmds: every first message takes "
                 "the direct route)");
    printf("# lifecycle: %s%s\n", lifepath[0] ? lifepath
           : o.nolife ? "the trace's own (--no-lifecycle)"
                      : "the trace's own (the characterisation has no lifecycle.csv)",
           !lifepath[0] ? "" : o.everyk ? " (a spawn of k at every k measured, its children's "
                                          "starts CPU work: --spawn-every-k)"
                                        : " (a spawn of k on the line through k 1 and the "
                                          "largest k)");
    if (base.quota > 0)
        printf("# cpu_limit: %g CPUs per %g s on every host, priced period by period\n",
               base.quota, base.quota_period);
    else if (cz->quota > 0 && cz->quota < 1)
        printf("# cpu_limit: %g CPUs per %g s not priced (processor sharing is on)\n", cz->quota,
               cz->quota_period);
    if (base.cores || base.shared_cores) {
        printf("# cores: %d %s, shared by the ranks computing at once and the messages "
               "within a host%s\n",
               base.cores ? base.cores : base.shared_cores,
               base.cores ? "per host" : "for all hosts together",
               strcmp(route, "daemon") == 0 && cz->rate_bps > 0 && !base.pvmd_queue
                   ? " (replay_pvmd: and the pvmds' actions)" : "");
        if (pt.mt->gap_cpu)
            printf("# gaps: their CPU time as the trace recorded it (a gap that blocked: that, "
                   "then the rest as a wait off the CPU)\n");
        else if (base.trace_cores)
            printf("# gaps: deflated to the CPU work they held (the trace's ranks shared %d "
                   "cores as it was recorded)\n", base.trace_cores);
        else
            printf("# gaps: as recorded (no CPU times in the trace; its cores unknown)\n");
        if (base.call_cpu)
            printf("# calls: their own CPU time as the trace recorded it (call_cpu_s) loads "
                   "the cores beside them (%s)\n",
                   strcmp(route, "direct") == 0 ? "the direct route" : "--call-cpu");
        else if (pt.mt->call_cpu)
            printf("# calls: their own CPU time not priced (%s)\n",
                   o.nocallcpu ? "--no-call-cpu" : "the daemon route; --call-cpu prices it");
        double c = NAN;
        if (lifepath[0] && !isnan(life.start_cpu) && (k = shell_startup(pt.mt, &c)) >= 0)
            printf("# start-up: rank %d, started from a shell, enrols after lifecycle.csv's "
                   "fork to enrolment %.3f ms with its own start-up CPU %.3f ms (the trace's "
                   "start row, x CPU ratio %.3g) in place of the measuring program's %.3f ms "
                   "(start_cpu)\n", k, 1e3 * life.enrol, 1e3 * c * base.cpu_ratio,
                   base.cpu_ratio, 1e3 * life.start_cpu);
        if (lifepath[0] && (k = alone_startups(pt.mt)) > 0)
            printf("# start-up: %d task%s spawned alone start%s with %s start-up's CPU time "
                   "(the trace's start row) on the cores; %s enrolment costs the rest of "
                   "lifecycle.csv's spawn to enrolment\n", k, k == 1 ? "" : "s",
                   k == 1 ? "s" : "", k == 1 ? "its" : "their", k == 1 ? "its" : "each");
    }
    if (notes[0])
        for (char *ln = strtok(notes, "\n"); ln; ln = strtok(NULL, "\n"))
            printf("# %s\n", ln);
    for (k = 0; k < nref; k++)
        printf("# refused: %s\n", refused[k]);
    printf("model,predicted_s,lo_s,hi_s\n");
    for (k = 0; k < np; k++)
        if (isnan(p[k].lo))
            printf("%s,%.6f,,\n", p[k].name, p[k].s);
        else
            printf("%s,%.6f,%.6f,%.6f\n", p[k].name, p[k].s, p[k].lo, p[k].hi);
    if (o.out) {
        const char *names[NMODEL];
        double s[NMODEL], lo[NMODEL], hi[NMODEL];
        int pass;
        for (k = 0; k < np; k++) {
            names[k] = p[k].name;
            s[k] = p[k].s;
            lo[k] = p[k].lo;
            hi[k] = p[k].hi;
        }
        for (pass = 0; pass < (o.untraced ? 2 : 1); pass++) {
            if (write_file(o.out, pass ? "predict_untraced.csv" : "predict.csv", path,
                           sizeof path, &fp) != 0)
                goto wfail;
            if (pass)
                fprintf(fp, "# the same predictions against the median of the untraced runs\n");
            else
                fprintf(fp, "# trace: %s (%s)\n# on: %s (platform %s, %s route)\n"
                        "# cpu_ratio: %.4g (%s)\n%s%s%s", argv[first], pt.form, cz->dir,
                        cz->platform, route, ratio, why, o.whatif ? "# what-if: " : "",
                        o.whatif ? o.whatif : "", o.whatif ? "\n" : "");
            if (!pass)
                fputs(spread_lines, fp);
            fprintf(fp, "# recommended: %s (%s)\n", p[best].name, rwhy);
            if (incasts > 0)
                fputs(incast_line, fp);
            fputs(route_line, fp);
            for (k = 0; k < nref; k++)
                fprintf(fp, "# refused: %s\n", refused[k]);
            if (hrel_predict_table(fp, pass ? o.untraced : o.measured, pass ? NULL : o.untraced,
                                   names, s, lo, hi, np, err, sizeof err) != 0) {
                fclose(fp);
                fp = NULL;
                rc = fail(2, err);
                goto out;
            }
            if (fclose(fp) != 0) {
                fp = NULL;
                goto wfail;
            }
            fp = NULL;
        }
        if (tr) {
            if (write_file(o.out, "trace.csv", path, sizeof path, &fp) != 0 ||
                hrel_msteps_write_trace(tr, fp) != 0 || fclose(fp) != 0) {
                fp = NULL;
                goto wfail;
            }
            fp = NULL;
        }
        /* the per-step figure: BSPWB and MPM against the trace's own steps */
        if (gl && np >= 2) {
            char sb_[4300], sm_[4300], base_[4300];
            const char *args[3];
            FILE *a = NULL, *b = NULL;
            if (write_file(o.out, "steps_bspwb.csv", sb_, sizeof sb_, &a) == 0 &&
                write_file(o.out, "steps_mpm.csv", sm_, sizeof sm_, &b) == 0) {
                char line[512];
                FILE *in = NULL;
                snprintf(path, sizeof path, "%s/steps.csv", o.out);
                if ((in = fopen(path, "r"))) {
                    while (fgets(line, sizeof line, in))
                        if (strstr(line, ",all,") && strncmp(line, "bspwb,", 6) == 0)
                            fputs(line, a);
                        else if (strstr(line, ",all,") && strncmp(line, "mpm,", 4) == 0)
                            fputs(line, b);
                    fclose(in);
                }
            }
            if (a)
                fclose(a);
            if (b)
                fclose(b);
            args[0] = sb_;
            args[1] = sm_;
            snprintf(base_, sizeof base_, "%s/predict", o.out);
            if (hrel_cmd_figure("predict", base_, args, 2, err, sizeof err) != 0)
                fprintf(stderr, "hrel predict: %s\n", err);
        }
        printf("# written: %s/predict.csv\n", o.out);
    }
    rc = 0;
    goto out;
wfail:
    hrel_seterr(err, sizeof err, "cannot write '%s'", path);
    fail(1, err);
    rc = 1;
out:
    if (fp)
        fclose(fp);
    if (tmpfit)
        unlink(tmpfit);
    free(gl);
    free(map);
    hrel_trace_free(tr);
    hrel_csv_free(fc);
    hrel_charz_free(cz);
    hrel_wakeup_free(&wkf);
    hrel_sizecost_free(&fsz);
    hrel_sizecost_free(&fszx);
    hrel_predict_trace_free(&pt);
    return rc;
}
