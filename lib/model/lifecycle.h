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
 * and k > 1: the last of k tasks spawned at once), exit
 * (the pvm_exit call), end (pvm_exit's return to the process end as its parent
 * sees it), gs_start (the first pvm_joingroup when no group server runs, less
 * a pvm_joingroup when one runs), joingroup (that one; not priced),
 * start_cpu (optional: the CPU time of the measuring program, started by
 * fork+exec, from its fork to its constructors; the replay prices a traced
 * program started from a shell at enrol + its own start-up CPU - start_cpu),
 * spawn_cpu (optional: the same of a task spawned alone; for the reader). The
 * replay uses the medians. Required:
 * enrol, exit, end, spawn,1,local, spawn_start,1,local; the others fall back:
 * spawn,K (K > 1) absent: K times spawn,1; remote absent: local; gs_start
 * absent: spawn,1,local + spawn_start,1,local. where = spread (optional, k > 1
 * only): a spawn of k tasks with PVM's own placement over the virtual
 * machine's hosts (PvmTaskDefault: one task a host, round the hosts), its
 * one-task values the remote ones; absent: the remote rows.
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

typedef struct hrel_lifecycle {
    char platform[64];
    double enrol;                              /* exec to first pvm_mytid return, s */
    double spawn1[HREL_LIFECYCLE_WHERE];       /* pvm_spawn of one task, s */
    double spawnk[HREL_LIFECYCLE_WHERE];       /* pvm_spawn of spawn_k tasks, s */
    int spawn_k[HREL_LIFECYCLE_WHERE];         /* its k (0: only one task measured) */
    double spawn_start[HREL_LIFECYCLE_WHERE];  /* spawn return to the task's enrolment, s */
    double spawn_startk[HREL_LIFECYCLE_WHERE]; /* ... of the last of start_k tasks */
    int start_k[HREL_LIFECYCLE_WHERE];         /* its k (0: only one task measured) */
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

/* The pvm_spawn call of K >= 1 tasks (WHERE 0 local, 1 remote, 2 spread):
 * linear in K through the measured 1 and spawn_k tasks. */
double hrel_lifecycle_spawn(const hrel_lifecycle *l, int k, int where);

/* From a spawn's return to the enrolment of its I-th task (0-based): the
 * tasks of one spawn enrol one after the other, linear in I through the
 * measured first (spawn_start of k 1) and start_k-th. */
double hrel_lifecycle_spawn_start(const hrel_lifecycle *l, int i, int where);

#endif
