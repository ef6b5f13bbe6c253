/* hrel trace import | hrel model replay -- PVM tracer files to the
 * message-level trace and M-steps; the replay predictor. See docs/predict.md. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "csv.h"
#include "errmsg.h"
#include "fitcsv.h"
#include "hrel_cmd.h"
#include "predict_table.h"
#include "msgsynth.h"
#include "msgtrace.h"
#include "msteps.h"
#include "pvmtrace.h"
#include "replay.h"
#include "replay_interval.h"
#include "sample.h"
#include "tevfile.h"
#include "timeline.h"

static const char trace_usage[] =
    "usage: hrel trace import TRACE [-o DIR] [--rule switch|marker] [--marker TAG]\n"
    "                         [--tags LIST]\n"
    "       hrel trace table --measured S1,S2,... [--untraced S] MODEL=SECONDS[:LO:HI]...\n"
    "       hrel trace synth [--shape S] [-p N] [--events N] [--format msgs|pvm|tev] FILE\n"
    "                        (a synthetic trace; hrel trace synth --help)\n"
    "       hrel trace spread [--min-runs N] [--min-programs N] [--check SPREAD.csv] RUNS.csv\n"
    "                        (run times around the predictions; hrel trace spread --help)\n"
    "       hrel trace calls TRACE_DIR (where the time went inside the PVM calls of a\n"
    "                        preload trace; hrel trace calls --help)\n"
    "Reads one program run's trace: a folder of hrel's preload tracer (one task file\n"
    "*.tev per process, experiments/trace.sh) or the file PVM's tracer wrote (tracer\n"
    "-T TRACE.trc), and writes DIR/msgs.csv (one row per call: the message-level\n"
    "trace, '# tracer: preload' or 'pvm') and DIR/trace.csv (the inferred M-steps, for\n"
    "hrel model bspwb|mpm). DIR defaults to the trace folder (preload) or the trace's\n"
    "folder (PVM's tracer). A task that left no end record (killed, or still running\n"
    "like PVM's group server) and a task that exited non-zero are named on stderr.\n"
    "  --rule R     switch (default): a rank turning from receiving to sending starts\n"
    "               a step; marker: only markers start steps\n"
    "  --marker TAG a send with tag TAG (and its receive) is a step marker\n"
    "  --tags LIST  only messages with these tags (comma-separated) form steps; the\n"
    "               others count as computation\n";

static const char synth_usage[] =
    "usage: hrel trace synth [--shape ring|alltoall|mw|group] [-p N] [--events N] [--bytes B]\n"
    "                        [--format msgs|pvm|tev] FILE\n"
    "Writes a synthetic trace of one program run to FILE ('-': standard output), for\n"
    "the scale benchmark (experiments/bench_scale.sh, docs/scale.md): N ranks (default\n"
    "16) in lock-step iterations until the trace has at least --events rows (k, M\n"
    "allowed; default 100k), messages of --bytes (default 8192). Shapes: ring (each\n"
    "rank exchanges with both neighbours), alltoall, mw (master/worker: a multicast\n"
    "of work, results received in arrival order), group (PVM's group calls: joingroup,\n"
    "then per iteration a bcast and a barrier, the last rank the group server; not as\n"
    "pvm). --format msgs (default): msgs.csv;\n"
    "pvm: the text PVM's tracer writes, for hrel trace import; tev: FILE is a folder\n"
    "(made if missing) of the preload tracer's task files, one per rank, for hrel trace\n"
    "import FOLDER (its msgs.csv has one end row more per rank). Prints 'rows N'.\n";

static const char table_usage[] =
    "usage: hrel trace table --measured S1,S2,... [--untraced S1,...] MODEL=SECONDS[:LO:HI]...\n"
    "Prints predict.csv: model,predicted_s,measured_s,err_pct,lo_s,hi_s with measured_s\n"
    "the median of the measured runs, err_pct formula 18 of 002 and lo_s, hi_s the\n"
    "model's 80 % interval when the operand gives one (MODEL=SECONDS:LO:HI, LO <=\n"
    "HI; empty otherwise); with --untraced, metadata lines with their median and the\n"
    "tracing overhead.\n";

static const char replay_usage[] =
    "usage: hrel model replay MSGS.csv (--fit FIT.csv | --g G --L L) [--medium none|port|bus]\n"
    "                         [--hosts N | --hosts-from MSGS2.csv] [--cpu-ratio X] [--setup S]\n"
    "                         [--daemon G_WIRE [--rtt0 S] [--pvmd-s S] [--pvmd-msg-s S]\n"
    "                          [--pvmd-queue | --pvmd-pool N | --pvmd-share [--pvmd-after-s S]]\n"
    "                          [--wire tc|tc-joint|ethernet|user [--wire-delay S] [--wire-queue B]\n"
    "                           [--wire-late S]]\n"
    "                          [--htb STATIONS]\n"
    "                          [--interval K] [--jitter S] [--seed N]]\n"
    "                         [--cores N | --shared-cores N [--deliver | --deliver-fair]\n"
    "                          [--trace-cores N] [--call-cpu]]\n"
    "                         [--sendbuf BYTES] [--port-queue BYTES [--tcp-window BYTES]]\n"
    "                         [--lifecycle FILE [--platform NAME] [--spawn-every-k]]\n"
    "                         [--wakeup FILE]\n"
    "                         [--timeline FILE] [--packets FILE]\n"
    "                         [--csv]\n"
    "Replays the message-level trace MSGS.csv (hrel trace import): each rank computes\n"
    "for its recorded gaps (times X), each send costs g m + L (g, L of PingPong from\n"
    "--fit, else the pooled row), each multicast to k ranks g k m + L (OneToAll), a\n"
    "receive ends when its message has arrived. --medium port: transfers through one\n"
    "host port take turns; bus: all transfers between hosts take turns. --hosts N puts\n"
    "rank r on host r % N (predicting a platform of N hosts); --hosts-from MSGS2.csv\n"
    "puts each rank where it ran in that trace of the same program (the placement PVM\n"
    "gave it on the platform predicted). --setup S: the first message between two\n"
    "ranks costs S seconds more (route set-up on first contact, setup.csv of\n"
    "hrel_firstcontact; default 0). --daemon G_WIRE: messages between hosts go\n"
    "through the pvmds packet by packet (stop-and-wait per pair of hosts, re-sent\n"
    "after 2 x pvmd's RTT estimate, doubling; G_WIRE s per byte on the wire, e.g.\n"
    "8e-7 for 10 Mbit/s; --rtt0: the master pvmd's estimate at the start, default\n"
    "0.0014 s (after one pvm console session; a fresh virtual machine has about\n"
    "0.024 s; hrel_pvmdrtt measures it); --pvmd-s: pvmd time per packet, default\n"
    "2e-5 s (hrel_pvmdcpu measures it: CPU per datagram); --pvmd-msg-s: pvmd time per\n"
    "message, half at either end, default 0; --pvmd-queue: a pvmd's actions take its\n"
    "CPU one at a time (default: they overlap); --pvmd-pool N: and all pvmds share N\n"
    "cores; --pvmd-share (with --cores or --shared-cores): each pvmd action is CPU work\n"
    "shared with the ranks' computation, and --pvmd-after-s S more after an action that\n"
    "sends a second datagram, waited for by none; --wire tc: links shaped by tc as\n"
    "the emulated platforms are, with its 1600-byte burst (with --medium port each\n"
    "path the sender's token bucket, then the switch port's, a FIFO of frames each;\n"
    "tc-joint: a packet takes both links at once, the model before 2026-11-27);\n"
    "ethernet, the default: a\n"
    "real one, 58 bytes per frame, 84 at least; --htb STATIONS, with --wire tc and\n"
    "--medium bus: the segment is tc's HTB with a class per station, as the emulated\n"
    "shared platforms build it: a packet's last frame leaves at once and its debt\n"
    "delays the station's next; a borrowed frame is charged to the parent and the\n"
    "ceiling, not to the station's own rate, as Linux's HTB does); --wire user:\n"
    "the userspace wire (hostfiles/wire,\n"
    "lib/model/wire_model), with --medium bus its CSMA/CD segment (carrier sense,\n"
    "collisions, binary exponential backoff drawn from --seed), with --medium port\n"
    "its store-and-forward switch (a frame sent whole on the sender's link, then\n"
    "from the receiver's port), --wire-delay S one\n"
    "way (default 0), --wire-queue B per station (default 65536, as platform.sh),\n"
    "--wire-late S: each packet handed over S s late on average (exponential: the\n"
    "wire process's own lateness, hrel-wire's late_mean_us; default 0);\n"
    "prints '# wire: N collisions'), and g, L price nothing (--fit, --g,\n"
    "--L may be left out). Checked against\n"
    "traced runs, not yet against runs from a fresh state (docs/predict.md). Prints per\n"
    "rank the predicted and measured end, then 'total <seconds>' (with --daemon first\n"
    "'# pvmd packets N, sent again K'). --cores N: each host has N cores, shared by\n"
    "the ranks computing on it (processor sharing); --shared-cores N: all hosts share\n"
    "N cores (the emulated platforms, on one machine); default: unlimited. With them,\n"
    "--deliver: a message within a host is CPU work that runs only on the cores the\n"
    "computing ranks leave free (--deliver-fair: it shares them like a computing\n"
    "rank, as hrel predict prices one host); a gap whose CPU time the trace holds\n"
    "(msgs.csv gap_cpu_s, not blocked) is shared as that; --trace-cores N: the trace's\n"
    "ranks shared N cores as it was recorded, so its other gaps are first deflated to\n"
    "the CPU work they held; --call-cpu: each call's own CPU time (msgs.csv\n"
    "call_cpu_s) is work on its host's cores beside the call (hrel predict's default on\n"
    "the direct route).\n"
    "--sendbuf BYTES (not with --daemon): the route buffers BYTES between two tasks\n"
    "(setup.csv's buffer_bytes; PVM's direct route: 32 KB); a larger send is done\n"
    "only once its receive is posted and g per byte beyond BYTES has passed.\n"
    "--port-queue BYTES (with --medium port, not --daemon): a switch port queues BYTES\n"
    "(the emulated switched platforms: 65536, tc's limit); prints '# incast: N ...',\n"
    "the transfers whose senders, at once, could put more than that in flight into one\n"
    "port (TCP then loses segments and may wait its retransmission timeout; the times\n"
    "do not change); --tcp-window BYTES: what one flow has in flight at most (default\n"
    "the whole message). --lifecycle\n"
    "FILE: enrolment, spawn, exit, process end and the group server's start cost what\n"
    "FILE (lifecycle.csv of hrel_lifecycle) measured, not what the trace recorded;\n"
    "with --cores or --shared-cores, a task spawned alone (a spawn of one) whose start\n"
    "row holds its start-up's CPU time (msgs.csv gap_cpu_s) starts with that CPU work\n"
    "on its host's cores, and its enrolment costs the rest of FILE's spawn to\n"
    "enrolment; a spawn of k tasks on the line through FILE's k 1 and largest k,\n"
    "each child from k 1's spawn_start (--spawn-every-k: at every k FILE measured,\n"
    "the children from spawn_first to spawn_start, with --cores or --shared-cores\n"
    "that time CPU work on their host's cores); --platform NAME: refuse a FILE\n"
    "of another platform.\n"
    "--wakeup FILE (wakeup.csv of hrel_wakeup): a receive that waits for a message\n"
    "sent within its host by a rank that computes on ends later by the mean wake-up\n"
    "excess FILE measured, capped at the sender's CPU until its next wait (Linux\n"
    "wakes the receiver behind its computing sender; docs/predict.md).\n"
    "--timeline FILE: every row's call as traced and as replayed, CSV\n"
    "rank,row,kind,peers,bytes,tag,traced_t0,traced_t1,replay_t0,replay_t1 (seconds\n"
    "since rank 0's start; a call starts when its gap is done; replay_t0/t1 empty\n"
    "for a row the replay did not reach), to find where a replay parts from its run.\n"
    "--packets FILE (with --daemon): every data packet's send and acknowledgement\n"
    "in the replay, CSV event,t_s,from,to,seq,sends,bytes,rta_s,sample_s,rtt_s\n"
    "(send: its send number, 1 the first, and the retry time set; ack: the sends it\n"
    "took, the time from its first send, the pair's RTT estimate after it), to put\n"
    "beside a capture of the platform (docs/data/pvmd_capture).\n"
    "--interval K (with --daemon): the replay run K more times (e.g. 31), each pvmd\n"
    "waiting an exponential time of mean --jitter S (default 1e-4 s) before each of\n"
    "its actions, seeds --seed N (default 1) to N + K - 1; prints 'interval LO HI'\n"
    "(10th and 90th percentile of the K totals) and 'median M' before 'total' (the\n"
    "run without jitter unless --jitter is given; docs/predict.md, \"An interval\n"
    "from pvmd's jitter\").\n";

/* one row of --packets FILE (CTX) */
static void packet_row(void *ctx, const hrel_pvmdnet_pkt *p)
{
    if (p->kind == HREL_PVMDNET_SEND)
        fprintf(ctx, "send,%.9f,%d,%d,%ld,%d,%.0f,%.9f,,%.9f\n", p->t, p->from, p->to, p->seq,
                p->sends, p->bytes, p->rta, p->rtt);
    else
        fprintf(ctx, "ack,%.9f,%d,%d,%ld,%d,%.0f,,%.9f,%.9f\n", p->t, p->from, p->to, p->seq,
                p->sends, p->bytes, p->sample, p->rtt);
}

static int fail(int status, const char *sub, const char *msg)
{
    fprintf(stderr, "hrel %s: %s\n", sub, msg);
    return status;
}

/* Parse ARGV against TABLE for "hrel SUB ...": on --help print USAGE. Return
 * -1 to go on (the operands from *FIRST), else the exit status: 0 after
 * --help, 2 after a bad option (message printed). */
static int parse(int argc, char **argv, const hrel_arg *table, const char *sub,
                 const char *usage, int *first)
{
    char err[1024];
    int help = 0;
    if (hrel_args_parse(argc, argv, table, &help, first, err, sizeof err) != 0)
        return fail(2, sub, err);
    if (help) {
        fputs(usage, stdout);
        return 0;
    }
    return -1;
}

static int write_msgs(FILE *fp, const void *mt)
{
    return hrel_msgtrace_write(mt, fp);
}

typedef struct steps_out {
    const hrel_msgtrace *mt;
    const int *step;
    int nstep;
} steps_out;

static int write_steps(FILE *fp, const void *so)
{
    const steps_out *o = so;
    return hrel_msteps_write_steps(o->mt, o->step, o->nstep, fp);
}

/* Write DIR/NAME with BODY(FP, OBJ). Return 0, or 1 after printing
 * "hrel trace: cannot write 'PATH'". */
static int write_out(const char *dir, const char *name, int (*body)(FILE *, const void *),
                     const void *obj)
{
    char path[4096], err[1024];
    FILE *fp;
    snprintf(path, sizeof path, "%.3000s/%s", dir, name);
    if (!(fp = fopen(path, "w")) || body(fp, obj) != 0 || fclose(fp) != 0) {
        snprintf(err, sizeof err, "cannot write '%.900s'", path);
        return fail(1, "trace", err);
    }
    return 0;
}

/* Write msgs.csv and trace.csv of MT into DIR and print the summary. Return 0
 * or 1 (printed). */
static int import_write(const char *dir, const hrel_msgtrace *mt, const hrel_msteps_opt *opt,
                        int steps_asked)
{
    char err[1024];
    steps_out so = {mt, NULL, 0};
    int *step = NULL, rc = 1;
    char path[4096];
    if (write_out(dir, "msgs.csv", write_msgs, mt))
        goto out;
    snprintf(path, sizeof path, "%.3000s/trace.csv", dir);
    /* the step numbers, then trace.csv step by step (no step table held) */
    if (hrel_msteps_number(mt, opt, &step, &so.nstep, err, sizeof err) != 0 && steps_asked) {
        fail(1, "trace", err);
        goto out;
    } else if (!step) {
        /* the message-level trace stands; BSPWB and MPM need steps */
        remove(path);
        fprintf(stderr, "hrel trace: no M-steps, no trace.csv (BSPWB and MPM will refuse; the "
                "replay needs none): %s\n", err);
    } else {
        so.step = step;
        if (write_out(dir, "trace.csv", write_steps, &so))
            goto out;
    }
    printf("ranks %d\nmessages %zu\nsteps %d\nclock_shift_max_s %.6f\nclock_bound_s %.6f\n",
           mt->nproc, mt->n, step ? so.nstep : 0, mt->clock_shift_max, mt->clock_bound);
    rc = 0;
out:
    free(step);
    return rc;
}

/* hrel trace import of a preload trace folder TDIR. */
static int import_tev(const char *tdir, const char *dir, const hrel_msteps_opt *opt,
                      int steps_asked)
{
    char err[1024];
    hrel_tevdir *td = NULL;
    hrel_msgtrace *mt = NULL;
    struct stat sb;
    size_t nfiles;
    int rc = 1, r;
    if (!dir)
        dir = tdir;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, sizeof err, "output folder '%s' does not exist", dir);
        return fail(1, "trace", err);
    }
    if (hrel_tevdir_read(tdir, &td, err, sizeof err) != 0 ||
        hrel_msgtrace_from_tev_consume(td, &mt, err, sizeof err) != 0) {
        fail(1, "trace", err);
        goto out;
    }
    nfiles = td->n;
    hrel_tevdir_free(td);   /* the records are done with: their memory goes before the steps' */
    td = NULL;
    for (r = 0; r < mt->nproc; r++) {
        if (mt->status[r] < 0 && r != mt->group_server)
            fprintf(stderr, "hrel trace: rank %d (task t%x) left no end record: it was killed "
                    "or is still running; its trace ends with its last flush\n", r,
                    (unsigned)mt->tid[r]);
        else if (mt->status[r] > 0)
            fprintf(stderr, "hrel trace: rank %d (task t%x) exited with status %d\n", r,
                    (unsigned)mt->tid[r], mt->status[r]);
    }
    if ((rc = import_write(dir, mt, opt, steps_asked)) == 0) {
        printf("tracer preload\ntask_files %zu\n", nfiles);
        if (mt->group_server >= 0)
            printf("group_server_rank %d\n", mt->group_server);
    }
out:
    hrel_tevdir_free(td);
    hrel_msgtrace_free(mt);
    return rc;
}

static int import(int argc, char **argv)
{
    const char *dir = NULL, *rule = "switch", *tagstr = NULL;
    long marker = -1, tags[HREL_ARGS_MAX_LIST];
    int ntags = 0, first, k, rc = 1, steps_asked;
    char err[1024], dflt[4096];
    hrel_arg table[] = {
        HREL_OPT_STR("out", 'o', &dir),
        HREL_OPT_STR("rule", 0, &rule),
        HREL_OPT_NUM("marker", 0, HREL_ARG_LONG, &marker, 0, 2147483647.0),
        HREL_OPT_STR("tags", 0, &tagstr),
        HREL_OPT_FLAG(NULL, 0, NULL)};
    hrel_msteps_opt opt = {0, -1, NULL, 0};
    int itags[HREL_ARGS_MAX_LIST];
    hrel_msgtrace *mt = NULL;
    struct stat sb;

    if ((rc = parse(argc, argv, table, "trace", trace_usage, &first)) >= 0)
        return rc;
    rc = 1;
    if (first != argc - 1)
        return fail(2, "trace", "give one tracer file (try hrel trace import --help)");
    if (hrel_msteps_parse_rule(rule, &opt, err, sizeof err) != 0)
        return fail(2, "trace", err);
    opt.marker_tag = (int)marker;
    if (opt.marker_only && marker < 0)
        return fail(2, "trace", "--rule marker needs --marker TAG");
    steps_asked = opt.marker_only || marker >= 0 || tagstr != NULL;
    if (tagstr) {
        if (hrel_args_list("--tags", tagstr, 0, 0, 2147483647L, tags, HREL_ARGS_MAX_LIST,
                           &ntags, err, sizeof err) != 0)
            return fail(2, "trace", err);
        for (k = 0; k < ntags; k++)
            itags[k] = (int)tags[k];
        opt.tags = itags;
        opt.ntags = ntags;
    }
    if (stat(argv[first], &sb) == 0 && S_ISDIR(sb.st_mode))
        return import_tev(argv[first], dir, &opt, steps_asked);
    if (!dir) {
        const char *sl = strrchr(argv[first], '/');
        snprintf(dflt, sizeof dflt, "%.*s", sl ? (int)(sl - argv[first]) : 1,
                 sl ? argv[first] : ".");
        dir = dflt;
    }
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, sizeof err, "output folder '%s' does not exist", dir);
        return fail(1, "trace", err);
    }
    if (hrel_msgtrace_import_pvm(argv[first], &mt, err, sizeof err) != 0) {
        fail(1, "trace", err);
        goto out;
    }
    if ((rc = import_write(dir, mt, &opt, steps_asked)) == 0)
        printf("tracer pvm\n");
out:
    hrel_msgtrace_free(mt);
    return rc;
}

/* OPERAND's value S or S:LO:HI into V: the count (1 or 3), or -1 with a message
 * naming OPERAND. */
static int model_value(const char *operand, const char *val, double *v, char *err, size_t errlen)
{
    char buf[256], *tok, *save = NULL;
    int n = 0;
    if (strlen(val) >= sizeof buf) {
        snprintf(err, errlen, "%.200s: value too long", operand);
        return -1;
    }
    strcpy(buf, val);
    for (tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
        if (n == 3) {
            n = 4;
            break;
        }
        if (hrel_args_double(operand, tok, -1e9, 1e9, &v[n++], err, errlen) != 0)
            return -1;
    }
    if ((n != 1 && n != 3) || strstr(val, "::") || val[0] == ':' ||
        val[strlen(val) - 1] == ':') {
        snprintf(err, errlen, "%.200s: give SECONDS or SECONDS:LO:HI", operand);
        return -1;
    }
    if (n == 3 && !(v[1] <= v[2])) {
        snprintf(err, errlen, "%.200s: the interval's LO is above its HI", operand);
        return -1;
    }
    return n;
}

/* hrel trace table --measured LIST [--untraced LIST] MODEL=SECONDS...: predict.csv */
static int table(int argc, char **argv)
{
    const char *meas = NULL, *untr = NULL;
    const char *names[HREL_ARGS_MAX_LIST];
    double pred[HREL_ARGS_MAX_LIST], lo[HREL_ARGS_MAX_LIST], hi[HREL_ARGS_MAX_LIST];
    char name[HREL_ARGS_MAX_LIST][64];
    int first, i, n = 0;
    char err[1024];
    hrel_arg tab[] = {
        HREL_OPT_STR("measured", 0, &meas),
        HREL_OPT_STR("untraced", 0, &untr),
        HREL_OPT_FLAG(NULL, 0, NULL)};
    if ((i = parse(argc, argv, tab, "trace", table_usage, &first)) >= 0)
        return i;
    if (!meas || first >= argc)
        return fail(2, "trace", "table needs --measured LIST and MODEL=SECONDS operands");
    for (i = first; i < argc; i++, n++) {
        const char *eq = strchr(argv[i], '=');
        double v[3];
        int k;
        if (n == HREL_ARGS_MAX_LIST)
            return fail(2, "trace", "too many MODEL=SECONDS operands");
        if (!eq || eq == argv[i])
            return fail(2, "trace", "operands are MODEL=SECONDS or MODEL=SECONDS:LO:HI");
        if ((k = model_value(argv[i], eq + 1, v, err, sizeof err)) < 0)
            return fail(2, "trace", err);
        pred[n] = v[0];
        lo[n] = k == 3 ? v[1] : NAN;
        hi[n] = k == 3 ? v[2] : NAN;
        snprintf(name[n], sizeof name[n], "%.*s", (int)(eq - argv[i]), argv[i]);
        names[n] = name[n];
    }
    if (hrel_predict_table(stdout, meas, untr, names, pred, lo, hi, n, err, sizeof err) != 0)
        return fail(2, "trace", err);
    return 0;
}

/* hrel trace synth [...] FILE: a synthetic trace (lib/io/msgsynth.h) */
static int synth(int argc, char **argv)
{
    static const char *const shapes[] = {"ring", "alltoall", "mw", "group", NULL};
    static const char *const formats[] = {"msgs", "pvm", "tev", NULL};
    int shape = 0, format = 0, nproc = 16, first, rc;
    long events = 100000, bytes = 8192, rows = 0;
    char err[1024];
    hrel_arg tab[] = {
        HREL_OPT_CHOICE("shape", 0, &shape, shapes),
        HREL_OPT_NUM("procs", 'p', HREL_ARG_INT, &nproc, 2, 4096),
        HREL_OPT_NUM("events", 0, HREL_ARG_SIZE, &events, 1, 1e10),
        HREL_OPT_NUM("bytes", 0, HREL_ARG_SIZE, &bytes, 0, 1e9),
        HREL_OPT_CHOICE("format", 0, &format, formats),
        HREL_OPT_FLAG(NULL, 0, NULL)};
    hrel_msgsynth_opt o;
    FILE *fp;
    if ((rc = parse(argc, argv, tab, "trace", synth_usage, &first)) >= 0)
        return rc;
    if (first != argc - 1)
        return fail(2, "trace", "synth needs one output FILE (try hrel trace synth --help)");
    o.shape = (hrel_synth_shape)shape;
    o.nproc = nproc;
    o.events = events;
    o.bytes = (double)bytes;
    if (format == HREL_SYNTH_TEV) {   /* FILE is a folder of task files, made if missing */
        struct stat sb;
        if (stat(argv[first], &sb) != 0 && mkdir(argv[first], 0777) != 0) {
            snprintf(err, sizeof err, "cannot make the folder '%.900s'", argv[first]);
            return fail(1, "trace", err);
        }
        if (hrel_msgsynth_write_tev(&o, argv[first], &rows, err, sizeof err) != 0)
            return fail(1, "trace", err);
        printf("rows %ld\n", rows);
        return 0;
    }
    fp = strcmp(argv[first], "-") == 0 ? stdout : fopen(argv[first], "w");
    if (!fp) {
        snprintf(err, sizeof err, "cannot write '%.900s'", argv[first]);
        return fail(1, "trace", err);
    }
    rc = hrel_msgsynth_write(&o, (hrel_synth_format)format, fp, &rows, err, sizeof err);
    if (fp != stdout && fclose(fp) != 0 && rc == 0) {
        snprintf(err, sizeof err, "cannot write '%.900s'", argv[first]);
        rc = -1;
    }
    if (rc != 0)
        return fail(1, "trace", err);
    if (fp != stdout)
        printf("rows %ld\n", rows);
    return 0;
}

int hrel_cmd_trace(int argc, char **argv)
{
    if (argc < 2)
        return fail(2, "trace", "which? import (try hrel trace --help)");
    if (hrel_args_is_help(argv[1])) {
        fputs(trace_usage, stdout);
        return 0;
    }
    switch (hrel_args_verb(argv[1],
                           (const char *const[]){"import", "table", "synth", "spread", "calls",
                                                 NULL})) {
    case 0:
        return import(argc - 1, argv + 1);
    case 1:
        return table(argc - 1, argv + 1);
    case 2:
        return synth(argc - 1, argv + 1);
    case 3:
        return hrel_cmd_trace_spread(argc - 1, argv + 1);
    case 4:
        return hrel_cmd_trace_calls(argc - 1, argv + 1);
    default:
        return fail(2, "trace", "unknown subcommand (import, table, synth, spread, calls)");
    }
}

/* g and L of PATTERN (procs P, else all, else the pooled row). */
static int lookup(const hrel_csv *c, const char *pattern, int p, double *g, double *L,
                  char *err, size_t errlen)
{
    if (hrel_fitcsv_lookup(c, pattern, p, g, L, err, errlen) == 0)
        return 0;
    return hrel_fitcsv_lookup(c, "ALL", 0, g, L, err, errlen);
}

int hrel_cmd_replay(int argc, char **argv)
{
    const char *fit = NULL, *medium = "none", *hostsfrom = NULL;
    double g = NAN, L = NAN, ratio = 1.0, setup = 0, total, meas = 0;
    double gwire = 0, rtt0 = 1.4e-3, pvmds = 2e-5, pvmdmsg = 0, pvmdafter = 0, jitter = 0, med, lo, hi;
    long seed = 1;
    int nint = 0, jseen = 0, pvmdq = 0, pvmdpool = 0, pvmdshare = 0, htb = 0;
    const char *wire = "ethernet", *lifefile = NULL, *platform = NULL, *wakefile = NULL;
    const char *timeline = NULL, *packets = NULL;
    FILE *pf = NULL;
    int hosts = 0, csv = 0, first, r, rc = 1, gseen = 0, lseen = 0, cores = 0, shared = 0, deliver = 0, tcores = 0, dfair = 0;
    int callcpu = 0, everyk = 0;
    double sendbuf = 0, portq = 0, tcpwin = 0, wdelay = 0, wqueue = 65536, wlate = 0;
    int wdseen = 0, wqseen = 0, wlseen = 0;
    hrel_lifecycle life;
    hrel_wakeup wake = {"", NULL, 0, NULL, 0, 0};
    char err[1024];
    hrel_arg table[] = {
        HREL_OPT_STR("fit", 0, &fit),
        {"g", 0, HREL_ARG_DOUBLE, &g, 0, 1, NULL, NULL, 0, &gseen},
        {"L", 0, HREL_ARG_DOUBLE, &L, -1e6, 1e6, NULL, NULL, 0, &lseen},
        HREL_OPT_STR("medium", 0, &medium),
        HREL_OPT_NUM("hosts", 0, HREL_ARG_INT, &hosts, 1, 4096),
        HREL_OPT_STR("hosts-from", 0, &hostsfrom),
        HREL_OPT_NUM("cpu-ratio", 0, HREL_ARG_DOUBLE, &ratio, 1e-6, 1e6),
        HREL_OPT_NUM("setup", 0, HREL_ARG_DOUBLE, &setup, 0, 60),
        HREL_OPT_NUM("daemon", 0, HREL_ARG_DOUBLE, &gwire, 1e-12, 1),
        HREL_OPT_NUM("rtt0", 0, HREL_ARG_DOUBLE, &rtt0, 1e-7, 10),
        HREL_OPT_NUM("pvmd-s", 0, HREL_ARG_DOUBLE, &pvmds, 0, 1),
        HREL_OPT_NUM("pvmd-msg-s", 0, HREL_ARG_DOUBLE, &pvmdmsg, 0, 0.999),
        HREL_OPT_FLAG("pvmd-queue", 0, &pvmdq),
        HREL_OPT_NUM("pvmd-pool", 0, HREL_ARG_INT, &pvmdpool, 1, 1000000),
        HREL_OPT_FLAG("pvmd-share", 0, &pvmdshare),
        HREL_OPT_NUM("pvmd-after-s", 0, HREL_ARG_DOUBLE, &pvmdafter, 0, 0.999),
        HREL_OPT_STR("wire", 0, &wire),
        {"wire-delay", 0, HREL_ARG_DOUBLE, &wdelay, 0, 1, NULL, NULL, 0, &wdseen},
        {"wire-queue", 0, HREL_ARG_DOUBLE, &wqueue, 1518, 1e9, NULL, NULL, 0, &wqseen},
        {"wire-late", 0, HREL_ARG_DOUBLE, &wlate, 0, 0.999, NULL, NULL, 0, &wlseen},
        HREL_OPT_NUM("htb", 0, HREL_ARG_INT, &htb, 1, 1000000),
        HREL_OPT_NUM("cores", 0, HREL_ARG_INT, &cores, 1, 1000000),
        HREL_OPT_NUM("shared-cores", 0, HREL_ARG_INT, &shared, 1, 1000000),
        HREL_OPT_FLAG("deliver", 0, &deliver),
        HREL_OPT_FLAG("deliver-fair", 0, &dfair),
        HREL_OPT_FLAG("call-cpu", 0, &callcpu),
        HREL_OPT_NUM("sendbuf", 0, HREL_ARG_DOUBLE, &sendbuf, 0, 1e12),
        HREL_OPT_NUM("port-queue", 0, HREL_ARG_DOUBLE, &portq, 1, 1e12),
        HREL_OPT_NUM("tcp-window", 0, HREL_ARG_DOUBLE, &tcpwin, 1, 1e12),
        HREL_OPT_NUM("trace-cores", 0, HREL_ARG_INT, &tcores, 1, 1000000),
        HREL_OPT_STR("lifecycle", 0, &lifefile),
        HREL_OPT_FLAG("spawn-every-k", 0, &everyk),
        HREL_OPT_STR("platform", 0, &platform),
        HREL_OPT_STR("wakeup", 0, &wakefile),
        HREL_OPT_STR("timeline", 0, &timeline),
        HREL_OPT_STR("packets", 0, &packets),
        HREL_OPT_NUM("interval", 0, HREL_ARG_INT, &nint, 1, 10000),
        {"jitter", 0, HREL_ARG_DOUBLE, &jitter, 0, 1, NULL, NULL, 0, &jseen},
        HREL_OPT_NUM("seed", 0, HREL_ARG_LONG, &seed, 0, 1e15),
        HREL_OPT_FLAG("csv", 0, &csv),
        HREL_OPT_FLAG(NULL, 0, NULL)};
    hrel_replay_param par;
    hrel_msgtrace *t = NULL, *place = NULL;
    hrel_csv *c = NULL;
    double *end = NULL, *tl0 = NULL, *tl1 = NULL;
    int *map = NULL;

    if ((rc = parse(argc, argv, table, "model", replay_usage, &first)) >= 0)
        return rc;
    rc = 1;
    if (first != argc - 1)
        return fail(2, "model", "replay needs one MSGS.csv (try hrel model replay --help)");
    if (fit && (gseen || lseen))
        return fail(2, "model", "give either --fit or --g/--L, not both");
    if (strcmp(wire, "tc") != 0 && strcmp(wire, "tc-joint") != 0 && strcmp(wire, "ethernet") != 0 &&
        strcmp(wire, "user") != 0)
        return fail(2, "model", "--wire must be tc, tc-joint, ethernet or user");
    if ((wdseen || wqseen || wlseen) && strcmp(wire, "user") != 0)
        return fail(2, "model", "--wire-delay, --wire-queue and --wire-late need --wire user");
    if (!fit && !(gseen && lseen) && !(gwire > 0))
        return fail(2, "model", "give --g and --L, or --fit FIT.csv (or --daemon G_WIRE)");
    if ((nint || jseen) && !(gwire > 0))
        return fail(2, "model", "--interval and --jitter need --daemon G_WIRE");
    if (nint && jseen && !(jitter > 0))
        return fail(2, "model", "--interval needs a --jitter above 0");
    memset(&par, 0, sizeof par);
    par.cpu_ratio = ratio;
    par.setup = setup;
    par.nhosts = hosts;
    par.daemon = gwire > 0;
    par.g_wire = gwire;
    par.rtt0 = rtt0;
    par.proc = pvmds;
    par.pvmd_msg = pvmdmsg;
    par.pvmd_queue = pvmdq || pvmdpool;
    par.pvmd_pool = pvmdpool;
    par.pvmd_share = pvmdshare;
    par.pvmd_after = pvmdafter;
    par.wire_tc = strncmp(wire, "tc", 2) == 0;
    par.tc_joint = strcmp(wire, "tc-joint") == 0;
    par.jitter = jitter;
    par.seed = (unsigned long long)seed;
    if (hrel_replay_parse_medium(medium, &par.medium, err, sizeof err) != 0)
        return fail(2, "model", err);
    if (htb && (!par.daemon || !par.wire_tc || par.medium != HREL_MEDIUM_BUS))
        return fail(2, "model", "--htb needs --daemon G_WIRE, --wire tc and --medium bus (the "
                    "emulated shared segment)");
    par.htb = htb;
    if (strcmp(wire, "user") == 0 && (!par.daemon || par.medium == HREL_MEDIUM_NONE))
        return fail(2, "model", "--wire user needs --daemon G_WIRE and --medium bus (the "
                    "userspace wire's CSMA/CD segment) or port (its switch)");
    par.userwire = strcmp(wire, "user") == 0;
    par.wire_delay = wdelay;
    par.wire_queue = wqueue;
    par.wire_late = wlate;
    if (hosts && hostsfrom)
        return fail(2, "model", "give either --hosts or --hosts-from, not both");
    if (cores && shared)
        return fail(2, "model", "give either --cores or --shared-cores, not both");
    if (platform && !lifefile)
        return fail(2, "model", "--platform names the platform of --lifecycle FILE: give both");
    if (deliver && dfair)
        return fail(2, "model", "give either --deliver or --deliver-fair, not both");
    if ((deliver || dfair || tcores || callcpu) && !cores && !shared)
        return fail(2, "model", "--deliver, --trace-cores and --call-cpu need --cores N or "
                    "--shared-cores N");
    if (pvmdshare && ((!cores && !shared) || !(gwire > 0)))
        return fail(2, "model", "--pvmd-share needs --daemon G_WIRE and --cores N or --shared-cores N");
    if (pvmdafter > 0 && !pvmdshare)
        return fail(2, "model", "--pvmd-after-s needs --pvmd-share");
    if (pvmdshare && (pvmdq || pvmdpool))
        return fail(2, "model", "--pvmd-share prices the pvmds' CPU on the shared cores: not with "
                    "--pvmd-queue or --pvmd-pool");
    par.cores = cores;
    par.shared_cores = shared;
    par.deliver = dfair ? 2 : deliver;
    par.call_cpu = callcpu;
    par.trace_cores = tcores;
    par.sendbuf = sendbuf;
    if (tcpwin > 0 && !(portq > 0))
        return fail(2, "model", "--tcp-window needs --port-queue");
    if (portq > 0 && (par.daemon || par.medium != HREL_MEDIUM_PORT))
        return fail(2, "model", "--port-queue needs --medium port and not --daemon (a switch "
                    "port's queue on the direct route)");
    par.port_queue = portq;
    par.tcp_window = tcpwin;
    if (lifefile) {
        if (hrel_lifecycle_read(lifefile, platform, &life, err, sizeof err) != 0)
            return fail(1, "model", err);
        hrel_replay_use_lifecycle(&par, &life, everyk);
    }
    if (wakefile) {
        if (hrel_wakeup_read(wakefile, &wake, err, sizeof err) != 0)
            return fail(1, "model", err);
        par.wakeup = &wake;
    }
    if (hrel_msgtrace_load(argv[first], &t, err, sizeof err) != 0) {
        fail(1, "model", err);
        goto out;
    }
    if (hostsfrom) {   /* where each rank ran in the other trace */
        if (hrel_msgtrace_load(hostsfrom, &place, err, sizeof err) != 0) {
            fail(1, "model", err);
            goto out;
        }
        if (place->nproc != t->nproc) {
            hrel_seterr(err, sizeof err, "--hosts-from %s has %d ranks, %s has %d", hostsfrom,
                        place->nproc, argv[first], t->nproc);
            fail(1, "model", err);
            goto out;
        }
        if (!(map = malloc((size_t)t->nproc * sizeof *map))) {
            fail(1, "model", "out of memory");
            goto out;
        }
        for (r = 0; r < t->nproc; r++)
            map[r] = place->first[r] < place->first[r + 1] && place->row[place->first[r]].host > 0
                     ? place->row[place->first[r]].host : 0;
        par.host_map = map;
    }
    if (fit) {
        if (hrel_csv_read(fit, &c, err, sizeof err) != 0 ||
            hrel_fitcsv_check(c, err, sizeof err) != 0 ||
            lookup(c, "PP", 2, &par.g_send, &par.L_send, err, sizeof err) != 0 ||
            lookup(c, "OA", t->nproc, &par.g_mcast, &par.L_mcast, err, sizeof err) != 0) {
            fail(1, "model", err);
            goto out;
        }
    } else {
        par.g_send = par.g_mcast = gseen ? g : 0;   /* --daemon alone: g, L price nothing */
        par.L_send = par.L_mcast = lseen ? L : 0;
    }
    if (!(end = malloc((size_t)t->nproc * sizeof *end))) {
        fail(1, "model", "out of memory");
        goto out;
    }
    if (timeline) {
        if (hrel_timeline_alloc(t, &tl0, &tl1) != 0) {
            fail(1, "model", "out of memory");
            goto out;
        }
        par.row_t0 = tl0;
        par.row_t1 = tl1;
    }
    if (packets) {
        if (!par.daemon) {
            rc = fail(2, "model", "--packets needs --daemon G_WIRE (the daemon route's packets)");
            goto out;
        }
        if (!(pf = fopen(packets, "w"))) {
            snprintf(err, sizeof err, "--packets: cannot write '%s'", packets);
            fail(1, "model", err);
            goto out;
        }
        fprintf(pf, "event,t_s,from,to,seq,sends,bytes,rta_s,sample_s,rtt_s\n");
        par.pkt_fn = packet_row;
        par.pkt_ctx = pf;
    }
    if (hrel_replay_run(t, &par, end, &total, err, sizeof err) != 0) {
        fail(1, "model", err);
        goto out;
    }
    if (pf) {
        int bad = ferror(pf) != 0;
        bad |= fclose(pf) != 0;
        pf = NULL;
        par.pkt_fn = NULL;
        if (bad) {
            snprintf(err, sizeof err, "--packets: writing '%s' failed", packets);
            fail(1, "model", err);
            goto out;
        }
    }
    if (timeline &&
        hrel_timeline_write(timeline, "hrel model replay", t, tl0, tl1, err, sizeof err) != 0) {
        fail(1, "model", err);
        goto out;
    }
    if (cores || shared)
        printf("# processor sharing: %d cores %s\n", cores ? cores : shared,
               cores ? "per host" : "shared by all hosts");
    if (lifefile)
        printf("# lifecycle: %s (platform %s%s)\n", lifefile, life.platform,
               everyk ? "; a spawn of k at every k measured, its children's starts CPU work: "
                        "--spawn-every-k" : "");
    if (wakefile)
        printf("# wakeup: %s (route %s, mean excess %g s, %zu messages with the sender "
               "computing, %zu asleep)\n", wakefile, wake.route, hrel_wakeup_mean(&wake), wake.n,
               wake.nsleep);
    if (nint) {
        hrel_replay_param pj = par;
        pj.jitter = jseen ? jitter : 1e-4;
        if (hrel_replay_interval(t, &pj, nint, (unsigned long long)seed, &med, &lo, &hi, err,
                                 sizeof err) != 0) {
            fail(1, "model", err);
            goto out;
        }
    }
    if (csv)
        printf("model,rank,pred_s,measured_s,err_pct\n");
    else
        printf("# replay: send g=%g L=%g, mcast g=%g L=%g, medium %s, cpu ratio %g, "
               "first-contact set-up %g s\n"
               "rank       pred_s   measured_s  err_pct\n",
               par.g_send, par.L_send, par.g_mcast, par.L_mcast, medium, ratio, setup);
    if (par.daemon)
        printf("# pvmd packets %ld, sent again %ld (daemon route: wire g %g s/B, %s, "
               "RTT at start %g s)\n", par.packets, par.copies, gwire, wire, rtt0);
    if (par.userwire && par.medium == HREL_MEDIUM_BUS)
        printf("# wire: %ld collisions (CSMA/CD, delay %g s, queue %g B, seed %ld)\n",
               par.collisions, wdelay, wqueue, seed);
    else if (par.userwire)
        printf("# wire: the userspace wire's store-and-forward switch (delay %g s, queue %g B)\n",
               wdelay, wqueue);
    if (par.port_queue > 0)
        printf("# incast: %ld transfer%s met other hosts' at one port with more bytes in "
               "flight than its %.0f-byte queue (most %.0f)\n", par.incasts,
               par.incasts == 1 ? "" : "s", par.port_queue, par.incast_peak);
    for (r = 0; r < t->nproc; r++) {
        double m = t->row[t->first[r + 1] - 1].t1;
        if (m > meas)
            meas = m;
        if (csv)
            printf("replay,%d,%.9g,%.9g,%.3f\n", r, end[r], m, hrel_error_pct(m, end[r]));
        else
            printf("%-6d %12.6f %12.6f %8.2f\n", r, end[r], m, hrel_error_pct(m, end[r]));
    }
    if (csv)
        printf("replay,total,%.9g,%.9g,%.3f\n", total, meas, hrel_error_pct(meas, total));
    if (nint)
        printf("# interval: %d runs, pvmd jitter %g s, seeds %ld to %ld\n"
               "interval %.9g %.9g\nmedian %.9g\n", nint, jseen ? jitter : 1e-4, seed,
               seed + nint - 1, lo, hi, med);
    printf("total %.9g\n", total);
    rc = 0;
out:
    if (pf)
        fclose(pf);
    free(end);
    free(map);
    hrel_csv_free(c);
    hrel_msgtrace_free(t);
    hrel_msgtrace_free(place);
    hrel_wakeup_free(&wake);
    free(tl0);
    free(tl1);
    return rc;
}
