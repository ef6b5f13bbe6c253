/* lifecycle -- what a PVM program pays outside its messages on one platform,
 * read from lifecycle.csv (written by pvmsrc/tools/hrel_lifecycle; README
 * "Data contracts"), for the replay (replay.h: --lifecycle).
 *
 * Contract: the file has `# platform: NAME` and the header
 *     event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s
 * with one row per measured event: enrol (a process started by fork+exec, as a
 * shell starts one: exec to its first pvm_mytid returning), spawn (the
 * pvm_spawn call of k tasks; where = local or remote; files with the line
 * `# spawn: each the first ...` measured it as a freshly started process's
 * first spawn, the condition programs spawn in), spawn_start (from
 * pvm_spawn's return to the spawned task's first pvm_mytid returning; k 1,
 * and k > 1: the last of k tasks spawned at once), spawn_first (optional,
 * k > 1: the same for the first of the k tasks to enrol), exit
 * (the pvm_exit call), end (pvm_exit's return to the process end as its parent
 * sees it), gs_start (the first pvm_joingroup when no group server runs, less
 * a pvm_joingroup when one runs), joingroup (that one; not priced),
 * start_cpu (optional: the CPU time of the measuring program, started by
 * fork+exec, from its fork to its constructors; the replay prices a traced
 * program started from a shell at enrol + its own start-up CPU - start_cpu),
 * spawn_cpu (optional: the same of a task spawned alone; for the reader). The
 * replay uses the medians. Required:
 * enrol, exit, end, spawn,1,local, spawn_start,1,local; the others fall back:
 * spawn,K (K > 1) absent: K times spawn,1; spawn_first absent: spawn_start of
 * k 1; remote absent: local; gs_start
 * absent: spawn,1,local + spawn_start,1,local. where = spread (optional, k > 1
 * only): a spawn of k tasks with PVM's own placement over the virtual
 * machine's hosts (PvmTaskDefault: one task a host, round the hosts), its
 * one-task values the remote ones; absent: the remote rows. Several k > 1
 * may be measured (at most HREL_LIFECYCLE_NPT each event and where): a k
 * between two measured ones is priced on the line between them, a k beyond the
 * largest on the line through the smallest k > 1 and the largest (through k 1
 * and the largest when only one k > 1 was measured).
 * Errors (one line naming the file, or the line): missing or unreadable
 * file, a missing column or required row, a value that is not a number or is
 * negative, an unknown event, and a platform other than the one the caller
 * expects (`# platform:` absent or different). Nothing here prints.
 */
#ifndef HREL_LIFECYCLE_H
#define HREL_LIFECYCLE_H

#include <stddef.h>

#define HREL_LIFECYCLE_WHERE 3   /* 0: the spawner's host, 1: another host, 2: the tasks
                                    spread over several hosts */

#define HREL_LIFECYCLE_NPT 16   /* measured k > 1 per event and where, at most */

/* an event's medians at the k > 1 measured, k ascending */
typedef struct hrel_lifecycle_pts {
    int n;
    int k[HREL_LIFECYCLE_NPT];
    double v[HREL_LIFECYCLE_NPT];
} hrel_lifecycle_pts;

typedef struct hrel_lifecycle {
    char platform[64];
    double enrol;                              /* exec to first pvm_mytid return, s */
    double spawn1[HREL_LIFECYCLE_WHERE];       /* pvm_spawn of one task, s */
    double spawn_start[HREL_LIFECYCLE_WHERE];  /* spawn return to the task's enrolment, s */
    hrel_lifecycle_pts spawnk[HREL_LIFECYCLE_WHERE];  /* pvm_spawn of k > 1 tasks */
    hrel_lifecycle_pts lastk[HREL_LIFECYCLE_WHERE];   /* spawn_start of k > 1: the last */
    hrel_lifecycle_pts firstk[HREL_LIFECYCLE_WHERE];  /* spawn_first of k > 1 */
    double exit, end;                          /* pvm_exit; its return to the process end */
    double gs_start;                           /* the group server's start, s */
    double start_cpu, spawn_cpu;               /* the measuring program's start-up CPU,
                                                  started by fork+exec / spawned; NAN:
                                                  not in the file */
} hrel_lifecycle;

/* Read PATH into *L. PLATFORM: the platform the caller predicts (NULL: any).
 * Return 0, or -1 with one line in ERR. */
int hrel_lifecycle_read(const char *path, const char *platform, hrel_lifecycle *l, char *err,
                        size_t errlen);

/* Price as before the spawn of every k was measured: keep of each spawn and
 * spawn_start table only its largest k (the line through k 1 and K) and drop
 * spawn_first (every child of a spawn from k 1's spawn_start). The replay's
 * default: the measured children's starts are those of a spawner that waits
 * right after its spawn, and with them the validation's programs came out
 * worse (docs/predict.md, "A spawn of k tasks"); `--spawn-every-k` keeps L. */
void hrel_lifecycle_two_points(hrel_lifecycle *l);

/* The pvm_spawn call of K >= 1 tasks (WHERE 0 local, 1 remote, 2 spread):
 * the measured k (above: between and beyond them); none of k > 1: K times
 * spawn of 1. Never below 0. */
double hrel_lifecycle_spawn(const hrel_lifecycle *l, int k, int where);

/* From the return of a spawn of K tasks to the enrolment of its I-th task
 * (0-based, in the order they enrol): linear in I from the first (spawn_first
 * at K; a file without it: spawn_start of k 1) to the last (spawn_start at
 * K), each at K as above. Never below 0. */
double hrel_lifecycle_spawn_start(const hrel_lifecycle *l, int i, int k, int where);

#endif
