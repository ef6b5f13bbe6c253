/* cpuquota -- computation on a host whose CPU time is capped by a CFS bandwidth
 * limit (a cgroup quota: Q CPUs per period P; hostfiles/platform.sh "cpu: S"
 * gives S CPUs per 100 ms), as Linux enforces it: within each period
 * [kP, (k+1)P) the host's tasks may run for at most Q P seconds; a task that
 * has used it waits, throttled, until the next period begins. Short bursts
 * therefore run at full speed and only long computations are slowed, to Q of
 * the CPU: a program's slowdown depends on how it computes, which no single
 * CPU ratio can say (docs/predict.md "Predicting without running there").
 *
 * Contract: hrel_cpuquota_run advances one budget ST (zeroed to start; one per
 * rank or per host, the caller's choice) by W seconds of computation started
 * at T, with Q > 0 CPUs per period P > 0; returns the end. Q >= 1 (or P <= 0)
 * never throttles: the end is T + W. Pure: no allocation, no I/O.
 */
#ifndef HREL_CPUQUOTA_H
#define HREL_CPUQUOTA_H

typedef struct hrel_cpuquota {
    long period;       /* index k of the period whose budget USED counts */
    double used;       /* CPU seconds used in that period */
} hrel_cpuquota;

double hrel_cpuquota_run(hrel_cpuquota *st, double t, double w, double q, double p);

#endif
