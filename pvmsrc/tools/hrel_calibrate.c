/* hrel_calibrate -- time the CPU calibration kernels (lib/stats/cpucal.h) on
 * every host of the virtual machine, one host after the other (so hosts that
 * share this machine's cores, as the emulated platforms' do, are not timed
 * against each other), and write calibration.csv (README "File contracts"):
 *   # metadata lines
 *   host,cores,kernel,seconds,cpu      one row per host and kernel
 * A trace carries the calibration of where it was recorded; `hrel predict`
 * scales its computation by the two calibrations' ratio (docs/predict.md).
 *
 * usage: hrel_calibrate [--local] [--quick] [-r|--reps N] [-o FILE]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pvm3.h>

#include "args.h"
#include "cpucal.h"
#include "tags.h"
#include "upk.h"
#include "vm.h"

#define CAL_WAIT_S 600.0
#define CAL_MAXH 256

static const char usage_text[] =
    "usage: hrel_calibrate [--local] [--quick] [-r|--reps N] [-o FILE]\n"
    "Times three CPU kernels of fixed work (int, fp, mem: lib/stats/cpucal.h) on every\n"
    "host of the running virtual machine, one host at a time, and writes\n"
    "calibration.csv (host,cores,kernel,seconds,cpu_seconds,quota,period_s,cpu) to FILE\n"
    "or standard output.\n"
    "  --local    this machine only, without PVM\n"
    "  --quick    a quarter of the work, one run each (a check, not a calibration)\n"
    "  -r N       rounds of the three kernels, interleaved; each one's least time is\n"
    "             kept (default 5)\n";

typedef struct cal_row {
    char host[256], cpu[256];
    int cores;
    double sec[HREL_CPUCAL_NKERNEL], csec[HREL_CPUCAL_NKERNEL];
    double quota, period;      /* the host's cgroup CPU limit (0: none) */
} cal_row;

/* The CPU's model name from /proc/cpuinfo, commas made spaces; "?" if unknown. */
static void cpu_model(char *buf, size_t len)
{
    FILE *fp = fopen("/proc/cpuinfo", "r");
    char line[512], *p;
    snprintf(buf, len, "?");
    if (!fp)
        return;
    while (fgets(line, sizeof line, fp))
        if (strncmp(line, "model name", 10) == 0 && (p = strchr(line, ':'))) {
            p += 1 + strspn(p + 1, " \t");
            p[strcspn(p, "\n")] = '\0';
            snprintf(buf, len, "%s", p);
            break;
        }
    fclose(fp);
    for (p = buf; *p; p++)
        if (*p == ',' || *p == '"')
            *p = ' ';
}

/* Time the kernels here into ROW. Return 0, or -1 with the reason. */
static int measure(cal_row *row, int reps, double fraction, char *err, size_t errlen)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    int k, r;
    if (gethostname(row->host, sizeof row->host) != 0)
        snprintf(row->host, sizeof row->host, "?");
    row->host[sizeof row->host - 1] = '\0';
    row->cores = n > 0 ? (int)n : 1;
    cpu_model(row->cpu, sizeof row->cpu);
    hrel_cpucal_quota(&row->quota, &row->period);
    /* REPS rounds of the three kernels, interleaved, the least time of each kept:
     * a shared or virtual machine's CPU speed drifts over seconds (measured here:
     * one kernel's CPU time 0.17 to 0.25 s from one minute to the next), and
     * rounds spread over the run catch its fast moments */
    for (k = 0; k < HREL_CPUCAL_NKERNEL; k++)
        row->sec[k] = row->csec[k] = INFINITY;
    for (r = 0; r < reps; r++)
        for (k = 0; k < HREL_CPUCAL_NKERNEL; k++) {
            double w, c;
            if (hrel_cpucal_time(k, 1, fraction, &w, &c, err, errlen) != 0)
                return -1;
            row->sec[k] = fmin(row->sec[k], w);
            row->csec[k] = fmin(row->csec[k], c);
        }
    return 0;
}

static int worker(void)
{
    int parent = pvm_parent(), reps;
    double fraction;
    char err[256];
    cal_row row;
    for (;;) {
        int bufid, len, tag, src, ok;
        bufid = pvm_recv(parent, -1);
        if (bufid <= 0)
            break;
        pvm_bufinfo(bufid, &len, &tag, &src);
        if (tag != HREL_TAG_CAL_GO)
            break;
        pvm_upkint(&reps, 1, 1);
        pvm_upkdouble(&fraction, 1, 1);
        memset(&row, 0, sizeof row);
        ok = measure(&row, reps, fraction, err, sizeof err) == 0;
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&ok, 1, 1);
        pvm_pkstr(ok ? row.host : err);
        pvm_pkint(&row.cores, 1, 1);
        pvm_pkdouble(row.sec, HREL_CPUCAL_NKERNEL, 1);
        pvm_pkdouble(row.csec, HREL_CPUCAL_NKERNEL, 1);
        pvm_pkdouble(&row.quota, 1, 1);
        pvm_pkdouble(&row.period, 1, 1);
        pvm_pkstr(row.cpu);
        pvm_send(parent, HREL_TAG_CAL_RESULT);
    }
    pvm_exit();
    return 0;
}

static void write_rows(FILE *fp, const cal_row *rows, int n, int reps, double fraction,
                       const char *where)
{
    char date[64];
    time_t now = time(NULL);
    int i, k;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(fp, "# hrel_calibrate: CPU kernels of lib/stats/cpucal.h, the least of %d interleaved "
            "round(s), %g of the work (times scaled to the whole work)\n# where: %s\n"
            "# seconds: wall time; cpu_seconds: the same run's CPU time; quota: the host's cgroup "
            "CPU limit in CPUs per period_s (0: none)\n"
            "# date: %s\n# version: %s\nhost,cores,kernel,seconds,cpu_seconds,quota,period_s,cpu\n",
            reps, fraction, where, date, HREL_VERSION);
    for (i = 0; i < n; i++)
        for (k = 0; k < HREL_CPUCAL_NKERNEL; k++)
            fprintf(fp, "%s,%d,%s,%.6f,%.6f,%.4g,%.4g,%s\n", rows[i].host, rows[i].cores,
                    hrel_cpucal_kernel_name(k), rows[i].sec[k], rows[i].csec[k], rows[i].quota,
                    rows[i].period, rows[i].cpu);
}

static int fail(const int *tids, int n, const char *msg)
{
    fprintf(stderr, "hrel_calibrate: %s\n", msg);
    hrel_vm_release(tids, n, HREL_TAG_CAL_QUIT, 0);
    pvm_exit();
    return 1;
}

int main(int argc, char **argv)
{
    int local = 0, quick = 0, reps = 5, isworker = 0, first, rc, nh = 0, i, ok;
    const char *out = NULL;
    const hrel_arg table[] = {
        HREL_OPT_FLAG("local", 0, &local),
        HREL_OPT_FLAG("quick", 0, &quick),
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &reps, 1, 100),
        HREL_OPT_STR("out", 'o', &out),
        HREL_OPT_FLAG("worker", 0, &isworker),
        HREL_OPT_END,
    };
    static cal_row rows[CAL_MAXH];
    int tids[CAL_MAXH] = {0};
    char err[512], self[4096], **names = NULL;
    char *wargv[] = {"--worker", NULL};
    double fraction;
    ssize_t len;
    FILE *fp = stdout;

    if ((rc = hrel_args_run("hrel_calibrate", argc, argv, table, NULL, usage_text, stdout,
                            stderr, &first)) >= 0)
        return rc;
    if (first != argc) {
        fprintf(stderr, "hrel_calibrate: unexpected argument '%s' (try --help)\n", argv[first]);
        return 2;
    }
    if (isworker)
        return pvm_mytid() < 0 ? 1 : worker();
    fraction = quick ? 0.25 : 1.0;
    if (quick)
        reps = 1;
    if (local) {
        nh = 1;
        if (measure(&rows[0], reps, fraction, err, sizeof err) != 0) {
            fprintf(stderr, "hrel_calibrate: %s\n", err);
            return 1;
        }
    } else {
        if (hrel_vm_enroll() < 0) {
            fprintf(stderr, "hrel_calibrate: no PVM daemon answers (start one, or give --local)\n");
            return 1;
        }
        if (hrel_vm_hosts(&names, &nh, err, sizeof err) != 0)
            return fail(tids, 0, err);
        hrel_vm_free_names(names, nh);
        if (nh > CAL_MAXH)
            return fail(tids, 0, "more than 256 hosts");
        len = readlink("/proc/self/exe", self, sizeof self - 1);
        if (len <= 0)
            return fail(tids, 0, "cannot find this program's own path (/proc/self/exe)");
        self[len] = '\0';
        if (hrel_vm_spawn(self, wargv, nh, HREL_PLACE_RR, tids, err, sizeof err) < 0)
            return fail(tids, 0, err);
        for (i = 0; i < nh; i++) {   /* one host at a time */
            pvm_initsend(PvmDataDefault);
            pvm_pkint(&reps, 1, 1);
            pvm_pkdouble(&fraction, 1, 1);
            pvm_send(tids[i], HREL_TAG_CAL_GO);
            if (hrel_vm_recv(tids[i], HREL_TAG_CAL_RESULT, CAL_WAIT_S, NULL, NULL, err,
                             sizeof err) < 0)
                return fail(tids, nh, err);
            pvm_upkint(&ok, 1, 1);
            hrel_upk_str(rows[i].host, sizeof rows[i].host);
            if (!ok)
                return fail(tids, nh, rows[i].host);
            pvm_upkint(&rows[i].cores, 1, 1);
            pvm_upkdouble(rows[i].sec, HREL_CPUCAL_NKERNEL, 1);
            pvm_upkdouble(rows[i].csec, HREL_CPUCAL_NKERNEL, 1);
            pvm_upkdouble(&rows[i].quota, 1, 1);
            pvm_upkdouble(&rows[i].period, 1, 1);
            hrel_upk_str(rows[i].cpu, sizeof rows[i].cpu);
        }
        hrel_vm_release(tids, nh, HREL_TAG_CAL_QUIT, 1);
        pvm_exit();
    }
    if (out && !(fp = fopen(out, "w"))) {
        fprintf(stderr, "hrel_calibrate: cannot write '%s'\n", out);
        return 1;
    }
    write_rows(fp, rows, nh, reps, fraction,
               local ? "this machine, without PVM (--local)"
                     : "every host of the virtual machine, one worker per host, one host at a time");
    if (fp != stdout && fclose(fp) != 0) {
        fprintf(stderr, "hrel_calibrate: cannot write '%s'\n", out);
        return 1;
    }
    return 0;
}
