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

#include "args.h"
#include "psrs_args.h"
#include "tags.h"
#include "psrs_input.h"
#include "psrs_run.h"
#include "runmeta.h"
#include "vm.h"
#include "psrs_opts.h"
#include "upk.h"

#define WORKER_IDLE_S 86400.0   /* a worker waits this long for its next CASE */

typedef hrel_psrs_opts psrs_cfg;   /* the command line (psrs_opts.h) */

static int fail(const char *msg)
{
    fprintf(stderr, "hrel_psrs: %s\n", msg);
    return 1;
}

/* ---- worker ----------------------------------------------------------------- */

/* The packing functions of one direction: pvm_pk* to send, pvm_upk* to
 * receive (the same signatures). */
typedef struct xfer {
    int (*i)(int *, int, int);
    int (*d)(double *, int, int);
    int (*l)(long *, int, int);
} xfer;

static const xfer PACK = {pvm_pkint, pvm_pkdouble, pvm_pklong};
static const xfer UNPACK = {pvm_upkint, pvm_upkdouble, pvm_upklong};

/* The fields of a DONE message before its text, in the one order the worker
 * packs (X = PACK) and the driver unpacks them (X = UNPACK). */
static void done_fields(const xfer *x, int *rank, int *status, hrel_psrs_result *r)
{
    x->i(rank, 1, 1);
    x->i(status, 1, 1);
    x->d(&r->seconds, 1, 1);
    x->l(&r->items, 1, 1);
    x->i(&r->sorted, 1, 1);
    x->i(&r->count_ok, 1, 1);
    x->i(&r->checksum_ok, 1, 1);
}

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
    if (hrel_upk_str(c->trace, sizeof c->trace) < 0 ||
        hrel_upk_str(c->platform, sizeof c->platform) < 0 ||
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
        done_fields(&PACK, &c.rank, &status, &res);
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
        done_fields(&UNPACK, &rank, &status, &one);
        if (hrel_upk_str(text, sizeof text) == -2)
            snprintf(text, sizeof text, "(report text longer than %zu bytes refused)", sizeof text - 1);
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
    if (hrel_vm_enroll() < 0)
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
    hrel_vm_release(tids, nw, HREL_TAG_PSRS_QUIT, rc == 0);
    pvm_exit();
    return rc;
}

int main(int argc, char **argv)
{
    psrs_cfg cfg;
    char err[512];
    int rc;
    rc = hrel_args_exit_code("hrel_psrs", hrel_psrs_opts_parse(argc, argv, &cfg, err, sizeof err),
                             NULL, hrel_psrs_opts_usage, err, stdout, stderr);
    if (rc >= 0)
        return rc;
    return cfg.worker ? worker_main() : driver_main(&cfg);
}
