/* vm -- the PVM virtual machine as hrel's programs use it: hosts, spawning
 * workers with a placement policy, exit notices, receives that never wait
 * forever, and the routing / encoding options.
 *
 * Contract: every function returns 0 (or a positive PVM value where it says)
 * on success and a negative value on failure with one readable line in the
 * caller's buffer `err`; nothing here prints or exits. Only the master calls
 * hrel_vm_spawn: it asks PVM to notify it (tag HREL_TAG_EXIT) when any spawned
 * task exits or (HREL_TAG_HOSTDEL) when a host is deleted, and
 * hrel_vm_recv turns those notices into errors naming the task and its host.
 */
#ifndef HREL_VM_H
#define HREL_VM_H

#include "tags.h"

#include <stddef.h>


typedef enum {
    HREL_PLACE_RR,      /* worker i on host i mod H, hosts in hostfile order (default) */
    HREL_PLACE_BLOCK,   /* hostfile order, ceil(n/H) consecutive workers per host */
    HREL_PLACE_PVM      /* let pvmd choose (PvmTaskDefault) */
} hrel_place;

/* Enroll the calling task in PVM (pvm_mytid) with libpvm's own messages off:
 * PvmAutoErr 0, and stderr held closed during the first contact, so a missing
 * pvmd gives the caller's one line, not libpvm's "pvmd.UID: No such file" lines
 * first. Returns the tid, or the negative PVM error. */
int hrel_vm_enroll(void);

/* Names of a placement, a PVM route constant (direct, daemon) and a PVM
 * encoding constant (raw, inplace, default), for metadata. The command-line
 * words and their defaults live in vmopts.h (one home). */
const char *hrel_vm_place_name(hrel_place p);
const char *hrel_vm_route_name(int pvm_route);
const char *hrel_vm_encoding_name(int pvm_encoding);

/* Names of the hosts of the virtual machine in pvm_config order (the
 * hostfile's order); *names is allocated, free it with hrel_vm_free_names. */
int hrel_vm_hosts(char ***names, int *nhost, char *err, size_t errlen);
void hrel_vm_free_names(char **names, int nhost);

/* The start of a master that spawns copies of itself as its workers:
 * enroll (hrel_vm_enroll; PvmRoute PvmDontRoute: the master's own messages
 * go through the pvmds), this program's path (/proc/self/exe: Linux) into
 * SELF (LEN bytes), the hosts as hrel_vm_hosts gives them. 0, or -1 with one
 * line in ERR: no pvmd answers, the path unknown, or the hosts'. */
int hrel_vm_self_start(char *self, size_t len, char ***names, int *nhost, char *err,
                       size_t errlen);

/* Spawn NTASK copies of PROG (bare name, found through the hostfile's ep=)
 * with ARGV (NULL-terminated, may be NULL) placed by PLACE; store their tids
 * in TIDS and register exit / host-delete notices to the caller. On failure
 * the tasks already spawned are killed and -1 returned with the reason. */
int hrel_vm_spawn(const char *prog, char **argv, int ntask, hrel_place place,
                  int *tids, char *err, size_t errlen);

/* Host name of task TID (from pvm_tasks + pvm_config) into BUF; "?" if unknown. */
const char *hrel_vm_task_host(int tid, char *buf, size_t len);

/* Receive a message from TID (-1 any) with TAG (-1 any) within TIMEOUT_S
 * seconds (<= 0: wait forever). Return the buffer id (> 0) and set *src,
 * *tag_out (either may be NULL). Return -1 with "timed out after ..." on
 * timeout, or with "task tXXXX on host H exited" when an exit notice arrives
 * first, or "host H left the virtual machine" for a host-delete notice. */
int hrel_vm_recv(int tid, int tag, double timeout_s, int *src, int *tag_out,
                 char *err, size_t errlen);

/* Kill the N tasks in TIDS that are still alive (ignores errors). */
void hrel_vm_kill(const int *tids, int n);

/* The end of a master's run: when OK, ask every spawned task of TIDS (tid > 0) to
 * leave with an empty message of tag QUIT_TAG; otherwise kill them. */
void hrel_vm_release(const int *tids, int n, int quit_tag, int ok);

#endif
