/* vm -- see vm.h. The master's receives use pvm_recvf with a matcher that also
 * accepts exit / host-delete notices, so a dead worker ends a wait at once
 * instead of after the timeout. */
#include "vm.h"
#include "errmsg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/time.h>
#include <unistd.h>

#include <pvm3.h>

/* ---- option names ------------------------------------------------------ */

const char *hrel_vm_place_name(hrel_place p)
{
    switch (p) {
    case HREL_PLACE_RR: return "rr";
    case HREL_PLACE_BLOCK: return "block";
    case HREL_PLACE_PVM: return "pvm";
    }
    return "?";
}

const char *hrel_vm_route_name(int pvm_route)
{
    return pvm_route == PvmRouteDirect ? "direct" : pvm_route == PvmDontRoute ? "daemon" : "allow";
}

const char *hrel_vm_encoding_name(int pvm_encoding)
{
    return pvm_encoding == PvmDataInPlace ? "inplace"
         : pvm_encoding == PvmDataRaw ? "raw" : "default";
}

/* ---- hosts -------------------------------------------------------------- */

int hrel_vm_self_start(char *self, size_t len, char ***names, int *nhost, char *err,
                       size_t errlen)
{
    ssize_t n;
    if (hrel_vm_enroll() < 0) {
        hrel_seterr(err, errlen, "no PVM daemon answers");
        return -1;
    }
    pvm_setopt(PvmRoute, PvmDontRoute);
    n = len > 1 ? readlink("/proc/self/exe", self, len - 1) : -1;
    if (n <= 0) {
        hrel_seterr(err, errlen, "cannot find this program's own path (/proc/self/exe)");
        return -1;
    }
    self[n] = '\0';
    return hrel_vm_hosts(names, nhost, err, errlen) < 0 ? -1 : 0;
}

int hrel_vm_hosts(char ***names, int *nhost, char *err, size_t errlen)
{
    struct pvmhostinfo *hi;
    int n, narch, i, rc;
    char **v;
    rc = pvm_config(&n, &narch, &hi);
    if (rc < 0) {
        hrel_seterr(err, errlen, "pvm_config failed (%d): is a pvmd running?", rc);
        return -1;
    }
    v = calloc((size_t)n, sizeof *v);
    if (!v) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < n; i++) {
        v[i] = strdup(hi[i].hi_name);
        if (!v[i]) {
            hrel_vm_free_names(v, i);
            hrel_seterr(err, errlen, "out of memory");
            return -1;
        }
    }
    *names = v;
    *nhost = n;
    return 0;
}

void hrel_vm_free_names(char **names, int nhost)
{
    hrel_strv_free(names, nhost > 0 ? (size_t)nhost : 0);
}

/* Tasks this process spawned and their hosts, so a notice about a task that
 * is already gone can still name its host. */
#define MAXREG 4096
static int reg_tid[MAXREG];
static char reg_host[MAXREG][64];
static int nreg;

static void reg_add(int tid, const char *host)
{
    if (nreg >= MAXREG)
        return;
    reg_tid[nreg] = tid;
    snprintf(reg_host[nreg], sizeof reg_host[nreg], "%s", host);
    nreg++;
}

const char *hrel_vm_task_host(int tid, char *buf, size_t len)
{
    struct pvmtaskinfo *ti;
    struct pvmhostinfo *hi;
    int n, nh, na, i, j;
    for (i = 0; i < nreg; i++)
        if (reg_tid[i] == tid) {
            snprintf(buf, len, "%s", reg_host[i]);
            return buf;
        }
    snprintf(buf, len, "?");
    if (pvm_tasks(tid, &n, &ti) < 0 || n < 1)
        return buf;
    if (pvm_config(&nh, &na, &hi) < 0)
        return buf;
    for (j = 0; j < nh; j++)
        if (hi[j].hi_tid == ti[0].ti_host)
            snprintf(buf, len, "%s", hi[j].hi_name);
    return buf;
}

/* ---- spawning ----------------------------------------------------------- */

int hrel_vm_spawn(const char *prog, char **argv, int ntask, hrel_place place,
                  int *tids, char *err, size_t errlen)
{
    char **hosts = NULL;
    int nhost = 0, i, per, rc, *dtids = NULL;
    struct pvmhostinfo *hi;
    int nh, na;

    if (ntask < 1) {
        hrel_seterr(err, errlen, "nothing to spawn");
        return -1;
    }
    if (hrel_vm_hosts(&hosts, &nhost, err, errlen) < 0)
        return -1;
    per = (ntask + nhost - 1) / nhost;
    for (i = 0; i < ntask; i++) {
        const char *where = "";
        int flag = PvmTaskDefault;
        char hb[64];
        if (place == HREL_PLACE_RR) {
            where = hosts[i % nhost];
            flag = PvmTaskHost;
        } else if (place == HREL_PLACE_BLOCK) {
            where = hosts[i / per];
            flag = PvmTaskHost;
        }
        rc = pvm_spawn((char *)prog, argv, flag, (char *)where, 1, &tids[i]);
        if (rc != 1) {
            int code = rc < 0 ? rc : tids[i];
            hrel_seterr(err, errlen, "cannot spawn %s on host %s: %s (PVM error %d)%s", prog,
                   *where ? where : "(any)",
                   code == PvmNoFile ? "no such program in the hostfile's ep= path"
                   : code == PvmNoHost ? "no such host" : "spawn failed",
                   code, code == PvmNoFile ? "; was it built and is ep= right?" : "");
            hrel_vm_kill(tids, i);
            hrel_vm_free_names(hosts, nhost);
            return -1;
        }
        reg_add(tids[i], hrel_vm_task_host(tids[i], hb, sizeof hb));
    }
    hrel_vm_free_names(hosts, nhost);
    if (pvm_notify(PvmTaskExit, HREL_TAG_EXIT, ntask, tids) < 0) {
        hrel_seterr(err, errlen, "pvm_notify(PvmTaskExit) failed");
        hrel_vm_kill(tids, ntask);
        return -1;
    }
    if (pvm_config(&nh, &na, &hi) >= 0 && (dtids = malloc((size_t)nh * sizeof *dtids))) {
        for (i = 0; i < nh; i++)
            dtids[i] = hi[i].hi_tid;
        pvm_notify(PvmHostDelete, HREL_TAG_HOSTDEL, nh, dtids);
        free(dtids);
    }
    return 0;
}

void hrel_vm_kill(const int *tids, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (tids[i] > 0)
            pvm_kill(tids[i]);
}

void hrel_vm_release(const int *tids, int n, int quit_tag, int ok)
{
    int i;
    if (!ok) {
        hrel_vm_kill(tids, n);
        return;
    }
    for (i = 0; i < n; i++)
        if (tids[i] > 0) {
            pvm_initsend(PvmDataDefault);
            pvm_send(tids[i], quit_tag);
        }
}

/* ---- receiving ---------------------------------------------------------- */

/* Matcher for pvm_recvf: the wanted (tid, tag) or any notice. */
static int match_or_notice(int bufid, int tid, int tag)
{
    int len, mtag, mtid;
    if (pvm_bufinfo(bufid, &len, &mtag, &mtid) < 0)
        return 0;
    if (mtag == HREL_TAG_EXIT || mtag == HREL_TAG_HOSTDEL)
        return 2;   /* preferred: a notice ends the wait */
    if ((tid == -1 || tid == mtid) && (tag == -1 || tag == mtag))
        return 1;
    return 0;
}

int hrel_vm_recv(int tid, int tag, double timeout_s, int *src, int *tag_out,
                 char *err, size_t errlen)
{
    struct timeval tv, *tvp = NULL;
    int (*old)(int, int, int);
    int bufid, len, mtag, mtid;

    if (timeout_s > 0) {
        tv.tv_sec = (long)timeout_s;
        tv.tv_usec = (long)((timeout_s - (double)tv.tv_sec) * 1e6);
        tvp = &tv;
    }
    /* pvm3.h declares pvm_recvf's return type wrongly; it returns the old matcher. */
    old = (int (*)(int, int, int))(void (*)(void))pvm_recvf(match_or_notice);
    bufid = pvm_trecv(tid, tag, tvp);
    pvm_recvf(old);
    if (bufid < 0) {
        hrel_seterr(err, errlen, "PVM receive failed (error %d)", bufid);
        return -1;
    }
    if (bufid == 0) {
        char who[32] = "any task";
        if (tid != -1)
            snprintf(who, sizeof who, "task t%x", tid);
        hrel_seterr(err, errlen, "timed out after %g s waiting for a message (tag %d) from %s",
               timeout_s, tag, who);
        return -1;
    }
    pvm_bufinfo(bufid, &len, &mtag, &mtid);
    if (mtag == HREL_TAG_EXIT || mtag == HREL_TAG_HOSTDEL) {
        int who = 0;
        char host[64];
        pvm_upkint(&who, 1, 1);
        if (mtag == HREL_TAG_EXIT)
            hrel_seterr(err, errlen, "task t%x on host %s exited (killed or crashed)", who,
                   hrel_vm_task_host(who, host, sizeof host));
        else
            hrel_seterr(err, errlen, "host (pvmd t%x) left the virtual machine", who);
        return -1;
    }
    if (src)
        *src = mtid;
    if (tag_out)
        *tag_out = mtag;
    return bufid;
}

int hrel_vm_enroll(void)
{
    int saved, devnull, tid;
    pvm_setopt(PvmAutoErr, 0);
    fflush(stderr);
    saved = dup(2);
    devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0)
        dup2(devnull, 2);
    tid = pvm_mytid();
    if (saved >= 0 && devnull >= 0)
        dup2(saved, 2);
    if (devnull >= 0)
        close(devnull);
    if (saved >= 0)
        close(saved);
    return tid;
}
