/* cpucal -- a CPU's calibration: three short kernels of fixed work whose times
 * say how fast a host computes, and the ratio that carries a trace's
 * computation from the CPU it was recorded on to another (issue 23).
 *
 * Kernels (the same work on every machine; about 0.2 s each on the development
 * machine, a 2-vCPU Xeon):
 *   int  integer arithmetic: xorshift64 and a modulo, 2^26 rounds;
 *   fp   floating point: a 128 x 128 matrix product (naive triple loop), 160 times;
 *   mem  memory streaming: the triad a = b + s c over three arrays of 2^24 doubles
 *        (384 MiB, beyond the caches of today's servers), 12 times, each pass
 *        reading the last one's output.
 * hrel_cpucal_time runs one kernel REPS times and gives the least wall time
 * (CLOCK_MONOTONIC): on a host with a CPU quota (cgroup, docs/platforms.md) the
 * wall time is what a program sees. FRACTION < 1 runs that share of the work
 * and scales the time up (a quick check; times of less than a scheduler period
 * do not see a quota).
 *
 * calibration.csv (hrel_calibrate; README "File contracts"): metadata lines, then
 *   host,cores,kernel,seconds[,cpu_seconds,quota,period_s]   per host and kernel
 * (cpu_seconds: the run's CPU time; quota: the host's cgroup CPU limit in CPUs
 * per period_s, 0 none; older files lack the three)
 * hrel_cpucal_read loads it; hrel_cpucal_ratio compares two calibrations: per
 * kernel the ratio of the median over hosts (TARGET / TRACE) of cpu_seconds
 * when both files have it (the CPUs' speed; a quota is priced apart, by the
 * replay), else of seconds; then the geometric mean of the three kernels'
 * ratios: > 1 means TARGET computes more slowly.
 * Caller owns what _read allocates (hrel_cpucal_free). Nothing prints.
 */
#ifndef HREL_CPUCAL_H
#define HREL_CPUCAL_H

#include <stddef.h>

enum { HREL_CPUCAL_INT, HREL_CPUCAL_FP, HREL_CPUCAL_MEM, HREL_CPUCAL_NKERNEL };

/* "int", "fp", "mem"; NULL for another K. */
const char *hrel_cpucal_kernel_name(int k);

/* The least wall time of REPS (>= 1) runs of kernel K at FRACTION (0 < f <= 1)
 * of its work, scaled to the whole work, and the process CPU time of that run
 * (CPU may be NULL): the CPU time is the CPU's own speed, whatever else runs
 * and whatever quota holds the process back. Return 0, or -1 (out of memory,
 * bad argument) with the reason. */
int hrel_cpucal_time(int k, int reps, double fraction, double *seconds, double *cpu,
                     char *err, size_t errlen);

/* The CPU bandwidth limit of this process's cgroup (v1 cpu.cfs_quota_us /
 * cpu.cfs_period_us, or v2 cpu.max, found through /proc/self/cgroup and
 * /proc/self/mountinfo): *QUOTA CPUs per *PERIOD seconds; *QUOTA = 0 when there
 * is none or it cannot be read. */
void hrel_cpucal_quota(double *quota, double *period);

typedef struct hrel_cpucal {
    char *path;            /* the file read, for messages */
    int nhost;
    char **host;           /* host names, file order */
    int *cores;            /* cores of each host */
    double *sec;           /* sec[h * HREL_CPUCAL_NKERNEL + k]; NaN where absent */
    double *cpu;           /* the same for cpu_seconds; NULL when the file has none */
    double *quota;         /* per host: CPUs of its cgroup limit (0: none) */
    double *period;        /* per host: the limit's period, s */
} hrel_cpucal;

/* Read calibration.csv at PATH. Every host must have all three kernels.
 * Return 0, or -1 with "PATH:LINE: ..." / "PATH: host H has no K kernel". */
int hrel_cpucal_read(const char *path, hrel_cpucal **out, char *err, size_t errlen);
void hrel_cpucal_free(hrel_cpucal *c);

/* The median over hosts of kernel K's seconds (CPU: of cpu_seconds, which the
 * file must have). */
double hrel_cpucal_median(const hrel_cpucal *c, int k, int cpu);

/* *RATIO = geometric mean over the kernels of median(TARGET) / median(TRACE);
 * KRATIO (may be NULL) gets the three kernels' own ratios. */
void hrel_cpucal_ratio(const hrel_cpucal *trace, const hrel_cpucal *target, double *ratio,
                       double *kratio);

#endif
