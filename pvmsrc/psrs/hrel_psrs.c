/* hrel_psrs -- Parallel Sorting by Regular Sampling on PVM in the seven
 * M-steps of 002 section 4.2, timed and traced (trace.csv per run).
 *
 * How it runs. Started by hand (or `spawn ->` from the console) it is the
 * driver: it takes no part in the sort, spawns max(P) copies of itself with
 * --worker (rank r on host r mod H by default, so rank 0, the paper's
 * processor 0, sits on the first host of the hostfile), and for every
 * (P, input, repetition) sends ranks 0..P-1 a CASE. Rank 0 generates the
 * input, gives the common start (hrel_mstep_go_send), and the ranks run the
 * seven M-steps of psrs_run.c. Rank 0 verifies the result (sorted, N items,
 * same checksum), collects every rank's M-step records into the run's
 * trace.csv, and every rank reports DONE. The time of a run is rank 0's
 * clock from the common start to the end of step 7 (rank 0 finishes last: it
 * receives the final gather). --warmup runs (default 1 per P and input) set
 * up PVM's direct routes and fault in the memory; they are neither written
 * nor traced.
 *
 * Output (directory --out): psrs.csv, one row per timed run
 *   procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace
 * and trace_p<P>_<input>_r<rep>.csv per run (written by rank 0: on a real
 * cluster --out must be reachable from the first host). A failed run or a
 * failed verification ends the program with one line and exit status 1.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "psrs_args.h"
#include "tags.h"
#include "psrs_input.h"
#include "psrs_run.h"
#include "runmeta.h"
#include "vm.h"
#include "vmopts.h"
#include "args.h"

#define WORKER_IDLE_S 86400.0   /* a worker waits this long for its next CASE */

typedef struct psrs_cfg {
    int procs[HREL_PSRS_MAX_PROCS];   /* processor counts, in run order */
    int nprocs;                       /* their number */
    long n;                           /* items */
    int kinds[4];                     /* hrel_psrs_kind of the inputs */
    int nkinds;                       /* their number */
    int reps;                         /* timed runs per (P, input) */
    int warmup;                       /* untimed runs before them */
    unsigned long seed;               /* input seed (the same for every run) */
    char out[PATH_MAX];               /* output directory */
    int route;                        /* PVM route for data */
    int encoding;                     /* PVM encoding for data */
    hrel_place place;                 /* placement of the ranks */
    double timeout_s;                 /* longest wait for one message */
    char platform[128];               /* platform name (metadata) */
    char hostfile[1024];              /* hostfile (metadata) */
    int quiet;                        /* no progress lines */
    int worker;                       /* --worker: a spawned rank */
    char cmdline[2048];               /* the command line (metadata) */
} psrs_cfg;

static const char usage_text[] =
    "usage: hrel_psrs [-p|--procs LIST] [--n N] [--input LIST] [-r|--reps R]\n"
    "                 [-w|--warmup W] [--seed S] [-o|--out DIR] [--route direct|daemon]\n"
    "                 [--encoding raw|inplace|default] [--place rr|block|pvm]\n"
    "                 [--timeout DURATION] [--platform NAME] [--hostfile FILE] [-q|--quiet]\n"
    "                 (--opt VALUE and --opt=VALUE both work)\n"
    "\n"
    "Parallel Sorting by Regular Sampling on the running PVM virtual machine, in\n"
    "the seven M-steps of 002 section 4.2; every run is verified (sorted, N items,\n"
    "checksum) and traced.\n"
    "  --procs LIST    processor counts, e.g. 2-8 or 2,4,8 (default 2-8); any count\n"
    "                  works, ranks are placed over the hosts by --place\n"
    "  --n N           items (32-bit ints) to sort (default 1048576; k, M ok);\n"
    "                  N >= P*P, need not divide by P\n"
    "  --input LIST    uniform, dup, sorted, reverse or all, comma-separated\n"
    "                  (default uniform)\n"
    "  --reps R        timed runs per P and input (default 3)\n"
    "  --warmup W      untimed runs before them (default 1)\n"
    "  --seed S        input seed (default 1)\n"
    "  --out DIR       output directory (default results/psrs): psrs.csv and\n"
    "                  trace_p<P>_<input>_r<rep>.csv\n"
    "  --route R       PVM route of the data: direct (default) or daemon\n"
    "  --encoding E    raw (default), inplace or default (XDR); with inplace the\n"
    "                  M-step trace records no out_bytes (pvm_bufinfo sees none)\n"
    "  --place P       rr (default: rank r on host r mod H), block or pvm\n"
    "  --timeout DURATION  longest wait for one message: 90, 90s, 2m, 500ms\n"
    "                  (default 300s)\n"
    "  --platform NAME, --hostfile FILE   recorded in the metadata\n"
    "  --quiet         no progress lines\n";

static int fail(const char *msg)
{
    fprintf(stderr, "hrel_psrs: %s\n", msg);
    return 1;
}

/* ---- options --------------------------------------------------------------- */

/* --input: "all" or a comma-separated list of input kinds, no empty item. */
static int parse_inputs(const char *s, psrs_cfg *cfg, char *err, size_t errlen)
{
    const char *p = s;
    int i;
    cfg->nkinds = 0;
    if (strcmp(s, "all") == 0) {
        for (i = 0; i < 4; i++)
            cfg->kinds[i] = i;
        cfg->nkinds = 4;
        return 0;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        char word[16];
        hrel_psrs_kind k;
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
        if (len == 0 || len >= sizeof word || hrel_psrs_input_parse(word, &k) != 0 ||
            cfg->nkinds >= 4) {
            snprintf(err, errlen, "bad --input '%.60s' (uniform, dup, sorted, reverse or all)",
                     s);
            return -1;
        }
        cfg->kinds[cfg->nkinds++] = (int)k;
        p += len;
        if (!*p)
            return 0;
        p++;
    }
}

/* Fill CFG from ARGV. Return 0, 1 after --help, -1 with a message. */
static int parse_args(int argc, char **argv, psrs_cfg *cfg, char *err, size_t errlen)
{
    const char *procs = "2-8", *n = NULL, *inputs = NULL, *out = NULL, *platform = NULL;
    const char *hostfile = NULL;
    int route = 0, encoding = 0, place = 0, help = 0, first = 0, i;
    long seed = 1;
    size_t used = 0;
    const hrel_arg table[] = {
        HREL_OPT_STR("procs", 'p', &procs),
        HREL_OPT_STR("n", 0, &n),
        HREL_OPT_STR("input", 0, &inputs),
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &cfg->reps, 1, 100000),
        HREL_OPT_NUM("warmup", 'w', HREL_ARG_INT, &cfg->warmup, 0, 1000),
        HREL_OPT_NUM("seed", 0, HREL_ARG_LONG, &seed, 0, 4294967295.0),
        HREL_OPT_STR("out", 'o', &out),
        HREL_OPT_CHOICE("route", 0, &route, hrel_vmopts_route_words),
        {"encoding", 0, HREL_ARG_CHOICE, &encoding, 0, 0, hrel_vmopts_encoding_words, NULL, 0,
         NULL},
        HREL_OPT_CHOICE("place", 0, &place, hrel_vmopts_place_words),
        HREL_OPT_NUM("timeout", 0, HREL_ARG_DURATION, &cfg->timeout_s, 1e-3, 1e6),
        HREL_OPT_STR("platform", 0, &platform),
        HREL_OPT_STR("hostfile", 0, &hostfile),
        HREL_OPT_FLAG("quiet", 'q', &cfg->quiet),
        HREL_OPT_FLAG("worker", 0, &cfg->worker),
        HREL_OPT_END,
    };
    memset(cfg, 0, sizeof *cfg);
    cfg->n = 1048576;
    cfg->kinds[0] = HREL_PSRS_UNIFORM;
    cfg->nkinds = 1;
    cfg->reps = 3;
    cfg->warmup = 1;
    cfg->timeout_s = 300.0;
    if (hrel_args_parse(argc, argv, table, &help, &first, err, errlen) != 0)
        return -1;
    if (help) {
        fputs(usage_text, stdout);
        return 1;
    }
    if (first < argc) {
        snprintf(err, errlen, "unexpected argument '%.60s' (try --help)", argv[first]);
        return -1;
    }
    if (cfg->worker)
        return 0;
    if (hrel_psrs_parse_procs(procs, cfg->procs, HREL_PSRS_MAX_PROCS, &cfg->nprocs, err,
                              errlen) != 0 ||
        (n && hrel_psrs_parse_n(n, &cfg->n, err, errlen) != 0) ||
        (inputs && parse_inputs(inputs, cfg, err, errlen) != 0))
        return -1;
    cfg->seed = (unsigned long)seed;
    cfg->route = hrel_vmopts_route(route);
    cfg->encoding = hrel_vmopts_encoding(encoding);
    cfg->place = (hrel_place)place;
    if (out && strlen(out) >= sizeof cfg->out - 64) {
        snprintf(err, errlen, "--out: directory name longer than %zu characters",
                 sizeof cfg->out - 64);
        return -1;
    }
    snprintf(cfg->out, sizeof cfg->out, "%s", out ? out : "results/psrs");
    snprintf(cfg->platform, sizeof cfg->platform, "%.127s", platform ? platform : "unnamed");
    snprintf(cfg->hostfile, sizeof cfg->hostfile, "%s", hostfile ? hostfile : "");
    for (i = 0; i < argc && used + 2 < sizeof cfg->cmdline; i++)
        used += (size_t)snprintf(cfg->cmdline + used, sizeof cfg->cmdline - used, "%s%s",
                                 i ? " " : "", argv[i]);
    for (i = 0; i < cfg->nprocs; i++)
        if (hrel_psrs_check_size(cfg->n, cfg->procs[i], err, errlen))
            return -1;
    return 0;
}

/* ---- worker ----------------------------------------------------------------- */

/* Unpack a CASE from the active receive buffer. */
static int unpack_case(hrel_psrs_case *c, int *route)
{
    int v[6];
    unsigned long seed;
    memset(c, 0, sizeof *c);
    if (pvm_upkint(v, 6, 1) < 0 || pvm_upklong(&c->n, 1, 1) < 0 ||
        pvm_upkulong(&seed, 1, 1) < 0 || pvm_upkdouble(&c->timeout_s, 1, 1) < 0)
        return -1;
    c->p = v[0];
    c->rank = v[1];
    c->kind = v[2];
    c->encoding = v[3];
    *route = v[4];
    c->rep = v[5];
    c->seed = seed;
    if (c->p < 2 || c->p > HREL_PSRS_MAX_PROCS)
        return -1;
    if (pvm_upkstr(c->trace) < 0 || pvm_upkstr(c->platform) < 0 ||
        pvm_upkint(c->tids, c->p, 1) < 0)
        return -1;
    return 0;
}

static int worker_main(void)
{
    int parent = pvm_parent(), src, tag;
    char err[512];
    if (parent < 0) {
        pvm_exit();
        return fail("--worker is for tasks spawned by hrel_psrs");
    }
    pvm_notify(PvmTaskExit, HREL_TAG_EXIT, 1, &parent);   /* die with the driver */
    for (;;) {
        hrel_psrs_case c;
        hrel_psrs_result res;
        int route = PvmRouteDirect, status;
        if (hrel_vm_recv(parent, -1, WORKER_IDLE_S, &src, &tag, err, sizeof err) < 0)
            break;
        if (tag == HREL_TAG_PSRS_QUIT)
            break;
        if (tag != HREL_TAG_PSRS_CASE)
            continue;
        err[0] = '\0';
        if (unpack_case(&c, &route) != 0) {
            status = -1;
            snprintf(err, sizeof err, "cannot unpack the case");
            memset(&res, 0, sizeof res);
        } else {
            pvm_setopt(PvmRoute, route);
            status = hrel_psrs_run(&c, &res, err, sizeof err);
        }
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&c.rank, 1, 1);
        pvm_pkint(&status, 1, 1);
        pvm_pkdouble(&res.seconds, 1, 1);
        pvm_pklong(&res.items, 1, 1);
        pvm_pkint(&res.sorted, 1, 1);
        pvm_pkint(&res.count_ok, 1, 1);
        pvm_pkint(&res.checksum_ok, 1, 1);
        pvm_pkstr(err);
        pvm_send(parent, HREL_TAG_PSRS_DONE);
    }
    pvm_exit();
    return 0;
}

/* ---- driver ----------------------------------------------------------------- */

static int abs_path(const char *dir, char *out, size_t len)
{
    char cwd[PATH_MAX];
    if (dir[0] == '/')
        return snprintf(out, len, "%s", dir) < (int)len ? 0 : -1;
    if (!getcwd(cwd, sizeof cwd))
        return -1;
    return snprintf(out, len, "%s/%s", cwd, dir) < (int)len ? 0 : -1;
}

static void write_meta(FILE *fp, const psrs_cfg *cfg, const int *tids, int nw)
{
    char host[64];
    int i, k;
    hrel_meta_common(fp, "hrel_psrs (PSRS, 002 section 4.2, seven M-steps)", cfg->platform,
                     cfg->hostfile, cfg->route, cfg->encoding);
    fprintf(fp, "# ranks: %d, placement %s:", nw, hrel_vm_place_name(cfg->place));
    for (i = 0; i < nw; i++)
        fprintf(fp, " %d=%s", i, hrel_vm_task_host(tids[i], host, sizeof host));
    fprintf(fp, "\n");
    fprintf(fp, "# n: %ld\n", cfg->n);
    fprintf(fp, "# item_bytes: %zu\n", sizeof(int));
    fprintf(fp, "# inputs:");
    for (k = 0; k < cfg->nkinds; k++)
        fprintf(fp, " %s", hrel_psrs_input_name((hrel_psrs_kind)cfg->kinds[k]));
    fprintf(fp, "\n# seed: %lu (the same input in every repetition)\n", cfg->seed);
    fprintf(fp, "# repetitions: %d timed after %d untimed warm-up run(s) per P and input\n",
            cfg->reps, cfg->warmup);
    fprintf(fp, "# seconds: rank 0, common start to the end of M-step 7\n");
    fprintf(fp, "# command: %s\n", cfg->cmdline);
}

/* Run one case on ranks 0..P-1 and gather their DONE. Return 0, or -1 with
 * a message. *res gets rank 0's result, *max_items the largest final segment. */
static int run_case(const psrs_cfg *cfg, const int *tids, int p, int kind, int rep,
                    const char *trace, hrel_psrs_result *res, long *max_items, char *err,
                    size_t errlen)
{
    int r, k, v[6];
    unsigned long seed = cfg->seed;
    char failure[512] = "";
    *max_items = 0;
    for (r = 0; r < p; r++) {
        v[0] = p; v[1] = r; v[2] = kind; v[3] = cfg->encoding; v[4] = cfg->route; v[5] = rep;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(v, 6, 1);
        pvm_pklong((long *)&cfg->n, 1, 1);
        pvm_pkulong(&seed, 1, 1);
        pvm_pkdouble((double *)&cfg->timeout_s, 1, 1);
        pvm_pkstr((char *)trace);
        pvm_pkstr((char *)cfg->platform);
        pvm_pkint((int *)tids, p, 1);
        if (pvm_send(tids[r], HREL_TAG_PSRS_CASE) < 0) {
            snprintf(err, errlen, "cannot send the case to rank %d", r);
            return -1;
        }
    }
    for (k = 0; k < p; k++) {
        int rank = -1, status = -1, src;
        hrel_psrs_result one;
        char text[512] = "";
        memset(&one, 0, sizeof one);
        /* each rank waits at most timeout per message; a run has a few dozen */
        if (hrel_vm_recv(-1, HREL_TAG_PSRS_DONE, 16 * cfg->timeout_s, &src, NULL, err, errlen) < 0)
            return -1;
        pvm_upkint(&rank, 1, 1);
        pvm_upkint(&status, 1, 1);
        pvm_upkdouble(&one.seconds, 1, 1);
        pvm_upklong(&one.items, 1, 1);
        pvm_upkint(&one.sorted, 1, 1);
        pvm_upkint(&one.count_ok, 1, 1);
        pvm_upkint(&one.checksum_ok, 1, 1);
        pvm_upkstr(text);
        if (status != 0 && !failure[0]) {
            char host[64];
            snprintf(failure, sizeof failure, "%s (task t%x on host %s)", text, src,
                     hrel_vm_task_host(src, host, sizeof host));
        }
        if (rank == 0)
            *res = one;
        if (one.items > *max_items)
            *max_items = one.items;
        if (failure[0])   /* the others may now wait for a dead partner: stop */
            break;
    }
    if (failure[0]) {
        snprintf(err, errlen, "%s", failure);
        return -1;
    }
    return 0;
}

static int driver_main(const psrs_cfg *cfg)
{
    int nw = 0, i, k, rep, tids[HREL_PSRS_MAX_PROCS], rc = 1;
    char err[768], outdir[PATH_MAX], path[PATH_MAX + 64];
    FILE *csv = NULL;
    char *wargv[] = {"--worker", NULL};

    for (i = 0; i < cfg->nprocs; i++)
        if (cfg->procs[i] > nw)
            nw = cfg->procs[i];
    if (hrel_mkdir_p(cfg->out) != 0 || abs_path(cfg->out, outdir, sizeof outdir) != 0) {
        snprintf(err, sizeof err, "cannot create output directory '%.600s'", cfg->out);
        return fail(err);
    }
    pvm_setopt(PvmAutoErr, 0);
    if (pvm_mytid() < 0)
        return fail("no PVM daemon answers (start one: . hostfiles/vm.sh; hrel_vm_start HOSTFILE)");
    for (i = 0; i < nw; i++)
        tids[i] = 0;
    if (hrel_vm_spawn("hrel_psrs", wargv, nw, cfg->place, tids, err, sizeof err) != 0) {
        fail(err);
        goto done;
    }
    snprintf(path, sizeof path, "%s/psrs.csv", outdir);
    csv = fopen(path, "w");
    if (!csv) {
        snprintf(err, sizeof err, "cannot write '%.700s'", path);
        fail(err);
        goto done;
    }
    write_meta(csv, cfg, tids, nw);
    fprintf(csv, "procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace\n");
    fflush(csv);
    for (i = 0; i < cfg->nprocs; i++) {
        int p = cfg->procs[i];
        for (k = 0; k < cfg->nkinds; k++) {
            const char *kname = hrel_psrs_input_name((hrel_psrs_kind)cfg->kinds[k]);
            for (rep = -cfg->warmup; rep < cfg->reps; rep++) {
                hrel_psrs_result res;
                long max_items;
                char tname[96], tpath[PATH_MAX + 128];
                memset(&res, 0, sizeof res);
                tname[0] = tpath[0] = '\0';
                if (rep >= 0) {
                    snprintf(tname, sizeof tname, "trace_p%d_%s_r%d.csv", p, kname, rep);
                    snprintf(tpath, sizeof tpath, "%s/%s", outdir, tname);
                }
                if (run_case(cfg, tids, p, cfg->kinds[k], rep, tpath, &res, &max_items, err,
                             sizeof err) != 0) {
                    char msg[1024];
                    snprintf(msg, sizeof msg, "P=%d N=%ld %s %s %d: %s", p, cfg->n, kname,
                             rep < 0 ? "warm-up" : "rep", rep < 0 ? -rep : rep, err);
                    fail(msg);
                    goto done;
                }
                if (rep >= 0) {
                    fprintf(csv, "%d,%ld,%s,%d,%.9f,%d,%d,%d,%ld,%s\n", p, cfg->n, kname, rep,
                            res.seconds, res.sorted, res.count_ok, res.checksum_ok, max_items,
                            tname);
                    fflush(csv);
                }
                if (!cfg->quiet)
                    printf("P=%d N=%ld %-7s %s %d: %.6f s, %s, largest segment %ld items\n", p,
                           cfg->n, kname, rep < 0 ? "warm-up" : "rep", rep < 0 ? -rep : rep,
                           res.seconds,
                           res.sorted && res.count_ok && res.checksum_ok ? "verified" : "WRONG",
                           max_items);
                fflush(stdout);
                if (!(res.sorted && res.count_ok && res.checksum_ok)) {
                    char msg[256];
                    snprintf(msg, sizeof msg, "P=%d N=%ld %s: wrong result (%s)", p, cfg->n,
                             kname, !res.sorted ? "not sorted"
                             : !res.count_ok ? "items lost" : "checksum differs: not a permutation");
                    fail(msg);
                    goto done;
                }
            }
        }
    }
    rc = 0;
done:
    if (csv)
        fclose(csv);
    for (i = 0; i < nw; i++)   /* ask the workers to leave; kill them on failure */
        if (tids[i] > 0) {
            if (rc == 0) {
                pvm_initsend(PvmDataDefault);
                pvm_send(tids[i], HREL_TAG_PSRS_QUIT);
            } else
                pvm_kill(tids[i]);
        }
    pvm_exit();
    return rc;
}

int main(int argc, char **argv)
{
    psrs_cfg cfg;
    char err[512];
    int rc;
    rc = parse_args(argc, argv, &cfg, err, sizeof err);
    if (rc == 1)
        return 0;
    if (rc < 0) {
        fprintf(stderr, "hrel_psrs: %s\n", err);
        return 2;
    }
    return cfg.worker ? worker_main() : driver_main(&cfg);
}
