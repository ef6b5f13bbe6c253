/* hrel_fft -- the two parallel FFTs of the seeds on a PVM virtual machine:
 * the M-step FFT of 002 figure 7 and the divide-and-conquer FFT of the
 * Collective Computing Model (001 figures 1-3). See docs/fft.md.
 *
 * One binary. Started from the shell (or the pvm console) it is the
 * coordinator: it spawns p copies of itself (option --worker) as ranks
 * 0..p-1, placed round-robin over the hosts in hostfile order (rank r on host
 * r mod H; --place), and takes no part in the computation. Protocol (tags below):
 *   coordinator -> ranks   TIDS: the p tids in rank order
 *   ranks -> coordinator   READY once their input, reference and plan are built
 *   per repetition         the M-step common start (hrel_mstep_go_*) sent by the
 *                          coordinator, the run, each rank's M-step records and a
 *                          RESULT (relerr, finish time); the coordinator writes
 *                          trace.csv
 *   coordinator -> ranks   QUIT after the last repetition
 * A rank that fails sends ERR (one line) to the coordinator and exits.
 * Every repetition checks the transform against GSL's reference on every
 * rank that holds it (rank 0 for the M-step FFT, every rank for the
 * divide-and-conquer FFT): a relative error above --tol fails the run.
 * The actual time of a repetition is rank 0's finish time for the M-step FFT
 * and the latest finish time over the ranks for the divide-and-conquer FFT,
 * measured from the common start (ranks on the coordinator's host share its
 * clock; others count from the arrival of the start message). One warm-up
 * repetition (--warmup) is run and
 * not recorded, so first-contact TCP connections are not timed.
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

#include <gsl/gsl_errno.h>
#include <pvm3.h>

#include "args.h"
#include "clock.h"
#include "hrel_limits.h"
#include "tags.h"
#include "fft_par.h"
#include "fft_run.h"
#include "mstep.h"
#include "runmeta.h"
#include "vm.h"
#include "fft_opts.h"
#include "vmopts.h"
#include "upk.h"


typedef hrel_fft_opts fft_cfg;   /* the command line (fft_opts.h) */

static const char *algo_name(hrel_fft_algo a)
{
    return a == HREL_FFT_MSTEP ? "mstep" : "ccm";
}

/* ===== worker ============================================================= */

/* Tell rank 0 what went wrong (best effort). */
static void send_err(int parent, int rank, const char *msg)
{
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&rank, 1, 1);
    pvm_pkstr((char *)msg);
    pvm_send(parent, HREL_TAG_FFT_ERR);
}

static int worker(const fft_cfg *c)
{
    char err[512] = "";
    int parent = pvm_parent(), me = pvm_mytid(), tids[HREL_MAX_RANKS], np = 0, rank = -1, r, rep;
    hrel_fft_rank *st = NULL;
    hrel_mstep *m = NULL;
    pvm_setopt(PvmRoute, c->route);
    if (hrel_vm_recv(parent, HREL_TAG_FFT_TIDS, c->timeout_s, NULL, NULL, err, sizeof err) < 0)
        goto fail;
    if (pvm_upkint(&np, 1, 1) < 0 || np < 1 || np > HREL_MAX_RANKS || np != c->p ||
        pvm_upkint(tids, np, 1) < 0) {
        snprintf(err, sizeof err, "bad TIDS message");
        goto fail;
    }
    for (r = 0; r < np; r++)
        if (tids[r] == me)
            rank = r;
    if (rank < 0) {
        snprintf(err, sizeof err, "own tid t%x not among the ranks", me);
        goto fail;
    }
    if (c->wisdom && hrel_fft_wisdom_import(c->wisdom, err, sizeof err))
        goto fail;
    if (hrel_fft_rank_alloc(c->algo, (size_t)c->n, (size_t)c->p, (size_t)rank, c->seed,
                            c->rigour, c->encoding, c->timeout_s, &st, err, sizeof err))
        goto fail;
    pvm_initsend(PvmDataDefault);
    pvm_pkint(&rank, 1, 1);
    pvm_send(parent, HREL_TAG_FFT_READY);
    for (rep = 0; rep < c->warmup + c->reps; rep++) {
        double t0, t_done, relerr;
        if (hrel_mstep_go_recv(parent, c->timeout_s, &t0, err, sizeof err) ||
            hrel_mstep_init(rank, np, tids, t0, &m, err, sizeof err) ||
            hrel_fft_run(st, m, err, sizeof err))
            goto fail;
        t_done = hrel_clock_now() - t0;
        hrel_fft_check(st, &relerr);
        if (hrel_mstep_send_records(m, parent, err, sizeof err))
            goto fail;
        hrel_mstep_free(m);
        m = NULL;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&rank, 1, 1);
        pvm_pkdouble(&relerr, 1, 1);
        pvm_pkdouble(&t_done, 1, 1);
        pvm_send(parent, HREL_TAG_FFT_RESULT);
    }
    hrel_vm_recv(parent, HREL_TAG_FFT_QUIT, c->timeout_s, NULL, NULL, err, sizeof err);
    hrel_fft_rank_free(st);
    pvm_exit();
    return 0;
fail:
    send_err(parent, rank, err);
    hrel_mstep_free(m);
    hrel_fft_rank_free(st);
    pvm_exit();
    return 1;
}

/* ===== rank 0 ============================================================= */

/* After a failed wait: prefer a worker's own ERR message to the notice. */
static void explain(char *err, size_t errlen)
{
    int rank = -1;
    char msg[400];
    if (pvm_nrecv(-1, HREL_TAG_FFT_ERR) > 0 && pvm_upkint(&rank, 1, 1) >= 0 && hrel_upk_str(msg, sizeof msg) >= 0)
        snprintf(err, errlen, "rank %d: %s", rank, msg);
}

/* Append the header and metadata of a new runs file. */
static int open_runs(const fft_cfg *c, FILE **fp, char *err, size_t errlen)
{
    struct stat sb;
    int fresh = stat(c->runs, &sb) != 0 || sb.st_size == 0;
    *fp = hrel_mkdir_p(c->out) == 0 ? fopen(c->runs, "a") : NULL;
    if (!*fp) {
        snprintf(err, errlen, "cannot write '%.300s': %s", c->runs, strerror(errno));
        return -1;
    }
    if (!fresh)
        return 0;
    hrel_meta_common(*fp, "hrel_fft", c->platform, NULL, c->route,
                     c->encoding);
    fprintf(*fp, "# placement: %s\n"
                 "# plan: %s\n# wisdom: %s\n# seed: %lu\n# tol: %g\n# warmup: %d\n"
                 "# seconds: actual time from the common start to the transform "
                 "(mstep: rank 0; ccm: the last rank)\n"
                 "algo,n,p,rep,seconds,relerr,trace\n",
            hrel_vm_place_name(c->place),
            c->rigour == HREL_FFT_MEASURE ? "measure" : "estimate",
            c->wisdom ? c->wisdom : "none", c->seed, c->tol, c->warmup);
    return 0;
}

/* Wait for the READY of every worker. */
static int wait_ready(const fft_cfg *c, char *err, size_t errlen)
{
    int k;
    for (k = 0; k < c->p; k++)
        if (hrel_vm_recv(-1, HREL_TAG_FFT_READY, c->timeout_s, NULL, NULL, err, errlen) < 0) {
            explain(err, errlen);
            return -1;
        }
    return 0;
}

/* One repetition: start the ranks, gather their trace rows (into TRACE, or
 * nowhere) and results; return the actual time and the worst relerr. */
static int one_rep(const fft_cfg *c, const int *tids, const char *trace, double *seconds,
                   double *relerr, char *err, size_t errlen)
{
    double t0, worst = 0.0, t_rank0 = NAN, t_last = 0.0;
    char meta_algo[64], meta_n[64], meta_p[64];
    const char *meta[4];
    int k, rank, have0 = 0;
    if (hrel_mstep_go_send(tids, (int)c->p, &t0, err, errlen))
        goto fail;
    snprintf(meta_algo, sizeof meta_algo, "fft_algo: %s", algo_name(c->algo));
    snprintf(meta_n, sizeof meta_n, "fft_n: %ld", c->n);
    snprintf(meta_p, sizeof meta_p, "fft_p: %ld", c->p);
    meta[0] = meta_algo;
    meta[1] = meta_n;
    meta[2] = meta_p;
    meta[3] = NULL;
    if (hrel_mstep_collect(NULL, (int)c->p, tids, c->timeout_s, trace ? trace : "/dev/null",
                           meta, err, errlen))
        goto fail;
    for (k = 0; k < c->p; k++) {
        double e, tw;
        if (hrel_vm_recv(-1, HREL_TAG_FFT_RESULT, c->timeout_s, NULL, NULL, err, errlen) < 0)
            goto fail;
        pvm_upkint(&rank, 1, 1);
        pvm_upkdouble(&e, 1, 1);
        pvm_upkdouble(&tw, 1, 1);
        if (rank == 0) {
            t_rank0 = tw;
            have0 = isfinite(e);
        }
        if (tw > t_last)
            t_last = tw;
        if (isfinite(e) && e > worst)
            worst = e;
        if (isfinite(e) && !(e <= c->tol)) {
            snprintf(err, errlen, "wrong result on rank %d: relative error %.3g > %g", rank, e,
                     c->tol);
            goto fail;
        }
    }
    if (!have0) {
        snprintf(err, errlen, "rank 0 holds no checked result");
        goto fail;
    }
    *seconds = c->algo == HREL_FFT_MSTEP ? t_rank0 : t_last;
    *relerr = worst;
    return 0;
fail:
    explain(err, errlen);
    return -1;
}

/* PATH made absolute against the current directory (allocated), or NULL. */
static char *abs_path(const char *path)
{
    char cwd[4096], *out;
    size_t len;
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
        cwd[0] = '\0';
    len = strlen(cwd) + strlen(path) + 2;
    out = malloc(len);
    if (out)
        snprintf(out, len, "%s%s%s", cwd, cwd[0] ? "/" : "", path);
    return out;
}

/* The coordinator: spawn ranks 0..p-1, run the repetitions, write the files. */
static int master(const fft_cfg *c)
{
    char err[512] = "", sn[32], sp[32], sr[32], sw[32], ss[32], st[32];
    static char *wargv[] = {"--worker", "--algo", NULL, "--n", NULL, "--procs", NULL,
                            "--reps", NULL, "--warmup", NULL, "--seed", NULL,
                            "--plan", NULL, "--timeout", NULL, "--route", NULL,
                            "--encoding", NULL, NULL, NULL, NULL};
    int tids[HREL_MAX_RANKS], status = 1, rep, k, spawned = 0;
    char *wabs = NULL;
    FILE *runs = NULL;
    double sec, relerr;

    if (hrel_fft_check_sizes(c->n, c->p, err, sizeof err)) {
        fprintf(stderr, "hrel_fft: %s\n", err);
        return 2;
    }
    if (c->p > HREL_MAX_RANKS) {
        fprintf(stderr, "hrel_fft: p=%ld exceeds the limit of %d tasks\n", c->p, HREL_MAX_RANKS);
        return 2;
    }
    if (hrel_vm_enroll() < 0) {
        fprintf(stderr, "hrel_fft: cannot reach a pvmd (start the virtual machine first, "
                        "e.g. hostfiles/vm.sh)\n");
        return 1;
    }
    pvm_setopt(PvmRoute, c->route);
    /* the ranks' command line: the options that shape their work */
    snprintf(sn, sizeof sn, "%ld", c->n);
    snprintf(sp, sizeof sp, "%ld", c->p);
    snprintf(sr, sizeof sr, "%d", c->reps);
    snprintf(sw, sizeof sw, "%d", c->warmup);
    snprintf(ss, sizeof ss, "%lu", c->seed);
    snprintf(st, sizeof st, "%g", c->timeout_s);
    wargv[2] = (char *)algo_name(c->algo);
    wargv[4] = sn;
    wargv[6] = sp;
    wargv[8] = sr;
    wargv[10] = sw;
    wargv[12] = ss;
    wargv[14] = c->rigour == HREL_FFT_MEASURE ? "measure" : "estimate";
    wargv[16] = st;
    wargv[18] = (char *)hrel_vmopts_route_words[c->route_word];
    wargv[20] = (char *)hrel_vmopts_encoding_words[c->encoding_word];
    if (c->wisdom) {
        /* the ranks run in the hostfile's wd=: give them an absolute path */
        if (access(c->wisdom, R_OK) != 0 || !(wabs = abs_path(c->wisdom))) {
            fprintf(stderr, "hrel_fft: cannot read FFTW wisdom '%s'\n", c->wisdom);
            pvm_exit();
            return 2;
        }
        wargv[21] = "--wisdom";
        wargv[22] = wabs;
    }
    if (hrel_vm_spawn("hrel_fft", wargv, (int)c->p, c->place, tids, err, sizeof err))
        goto fail;
    spawned = 1;
    pvm_initsend(PvmDataDefault);
    k = (int)c->p;
    pvm_pkint(&k, 1, 1);
    pvm_pkint(tids, (int)c->p, 1);
    if (pvm_mcast(tids, (int)c->p, HREL_TAG_FFT_TIDS) < 0) {
        snprintf(err, sizeof err, "cannot send the task list to the ranks");
        goto fail;
    }
    if (wait_ready(c, err, sizeof err))
        goto fail;
    if (c->out && open_runs(c, &runs, err, sizeof err))
        goto fail;
    for (rep = -c->warmup; rep < c->reps; rep++) {
        char trace[1024] = "";
        if (c->out && rep >= 0)
            snprintf(trace, sizeof trace, "%s/trace_%s_p%ld_r%d.csv", c->out,
                     algo_name(c->algo), c->p, rep);
        if (one_rep(c, tids, trace[0] ? trace : NULL, &sec, &relerr, err, sizeof err))
            goto fail;
        if (rep < 0)
            continue;
        printf("%s N=%ld p=%ld rep %d: %.6f s, relative error %.2e\n", algo_name(c->algo),
               c->n, c->p, rep, sec, relerr);
        fflush(stdout);
        if (runs) {
            /* the trace lies beside runs.csv: named relative to it */
            const char *tname = trace[0] ? trace + strlen(c->out) + 1 : "";
            fprintf(runs, "%s,%ld,%ld,%d,%.9g,%.3g,%s\n", algo_name(c->algo), c->n, c->p, rep,
                    sec, relerr, tname);
            fflush(runs);
        }
    }
    status = 0;
    goto done;
fail:
    fprintf(stderr, "hrel_fft: %s\n", err);
done:
    if (spawned)
        hrel_vm_release(tids, (int)c->p, HREL_TAG_FFT_QUIT, status == 0);
    if (runs && fclose(runs) != 0 && status == 0) {
        fprintf(stderr, "hrel_fft: cannot write '%s'\n", c->runs);
        status = 1;
    }
    free(wabs);
    pvm_exit();
    return status;
}

int main(int argc, char **argv)
{
    fft_cfg c;
    char err[512];
    int rc;
    gsl_set_error_handler_off();
    rc = hrel_args_exit_code("hrel_fft", hrel_fft_opts_parse(argc, argv, &c, err, sizeof err),
                             hrel_fft_opts_usage, NULL, err, stdout, stderr);
    if (rc >= 0)
        return rc;
    return c.worker ? worker(&c) : master(&c);
}
