/* mstep -- see mstep.h. Each task keeps its rows in a growing array; the
 * wrappers time themselves so that w can be "step time minus communication". */
#include "mstep.h"
#include "errmsg.h"
#include "ranks.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <pvm3.h>

#include "clock.h"
#include "vm.h"
#include "upk.h"

#define PATLEN 16   /* room for a pattern name and its '\0' */

typedef struct mrec {
    int step;              /* 1..R */
    double w_s;            /* computation seconds */
    double in_bytes;       /* bytes received */
    double out_bytes;      /* bytes sent */
    double t_end;          /* seconds since the common start */
    int *partners;         /* ranks received from (not itself) */
    int npartners;         /* their number */
    char pattern[PATLEN];  /* named pattern or "" */
} mrec;

struct hrel_mstep {
    int rank;              /* this task's rank */
    int nproc;             /* number of ranks */
    int *tids;             /* tids[r] = tid of rank r */
    double t0;             /* common start on this task's clock */
    mrec *rec;             /* finished steps */
    int nrec;              /* their number */
    int cap;               /* allocated rows */
    int open;              /* a step is open */
    double t_begin;        /* clock at begin of the open step */
    double comm_s;         /* time inside the wrappers in the open step */
    int work_used;         /* work_begin/_end called in the open step */
    int in_work;           /* inside work_begin .. work_end */
    double work_t;         /* clock at work_begin */
    double work_s;         /* sum of bracketed work */
    double in_bytes;       /* bytes in so far in the open step */
    double out_bytes;      /* bytes out so far in the open step */
    unsigned char *seen;   /* seen[r]: received from rank r in the open step */
    char pattern[PATLEN];  /* pattern of the open step */
};

/* ---- common start ----------------------------------------------------- */

int hrel_mstep_go_send(const int *tids, int n, double *t0, char *err, size_t errlen)
{
    int me = pvm_mytid(), i, k = 0, rc;
    int *dst = malloc((size_t)(n > 0 ? n : 1) * sizeof *dst);
    if (!dst) {
        hrel_seterr(err, errlen, "mstep: out of memory");
        return -1;
    }
    for (i = 0; i < n; i++)
        if (tids[i] != me)
            dst[k++] = tids[i];
    pvm_initsend(PvmDataDefault);
    *t0 = hrel_clock_now();
    pvm_pkdouble(t0, 1, 1);
    rc = k > 0 ? pvm_mcast(dst, k, HREL_TAG_MSTEP_GO) : 0;
    free(dst);
    if (rc < 0) {
        hrel_seterr(err, errlen, "mstep: multicast of the start message failed (PVM error %d)", rc);
        return -1;
    }
    return 0;
}

int hrel_mstep_go_recv(int from_tid, double timeout_s, double *t0, char *err, size_t errlen)
{
    int src = 0, bufid;
    double their, arrival;
    bufid = hrel_vm_recv(from_tid, HREL_TAG_MSTEP_GO, timeout_s, &src, NULL, err, errlen);
    arrival = hrel_clock_now();
    if (bufid < 0)
        return -1;
    if (pvm_upkdouble(&their, 1, 1) < 0) {
        hrel_seterr(err, errlen, "mstep: bad start message from t%x", src);
        return -1;
    }
    *t0 = pvm_tidtohost(src) == pvm_tidtohost(pvm_mytid()) ? their : arrival;
    return 0;
}

/* ---- recorder ------------------------------------------------------- */

int hrel_mstep_init(int rank, int nproc, const int *tids, double t0, hrel_mstep **out,
                    char *err, size_t errlen)
{
    hrel_mstep *m;
    *out = NULL;
    if (nproc < 1 || rank < 0 || rank >= nproc || !tids) {
        hrel_seterr(err, errlen, "mstep: rank %d of %d is not valid", rank, nproc);
        return -1;
    }
    m = calloc(1, sizeof *m);
    if (m) {
        m->tids = malloc((size_t)nproc * sizeof *m->tids);
        m->seen = calloc((size_t)nproc, 1);
    }
    if (!m || !m->tids || !m->seen) {
        hrel_mstep_free(m);
        hrel_seterr(err, errlen, "mstep: out of memory");
        return -1;
    }
    memcpy(m->tids, tids, (size_t)nproc * sizeof *tids);
    m->rank = rank;
    m->nproc = nproc;
    m->t0 = t0;
    *out = m;
    return 0;
}

void hrel_mstep_free(hrel_mstep *m)
{
    int i;
    if (!m)
        return;
    for (i = 0; i < m->nrec; i++)
        free(m->rec[i].partners);
    free(m->rec);
    free(m->tids);
    free(m->seen);
    free(m);
}

static int need_open(const hrel_mstep *m, const char *what, char *err, size_t errlen)
{
    if (!m || !m->open) {
        hrel_seterr(err, errlen, "mstep: %s outside a step (call hrel_mstep_begin first)", what);
        return -1;
    }
    return 0;
}

int hrel_mstep_begin(hrel_mstep *m, char *err, size_t errlen)
{
    if (m->open) {
        hrel_seterr(err, errlen, "mstep: step %d is still open on rank %d", m->nrec + 1, m->rank);
        return -1;
    }
    m->open = 1;
    m->comm_s = 0;
    m->work_used = m->in_work = 0;
    m->work_s = 0;
    m->in_bytes = m->out_bytes = 0;
    memset(m->seen, 0, (size_t)m->nproc);
    m->pattern[0] = '\0';
    m->t_begin = hrel_clock_now();
    return 0;
}

int hrel_mstep_end(hrel_mstep *m, char *err, size_t errlen)
{
    double t = hrel_clock_now();
    mrec *r;
    int i, k = 0;
    if (need_open(m, "hrel_mstep_end", err, errlen) != 0)
        return -1;
    if (m->in_work) {
        m->work_s += t - m->work_t;
        m->in_work = 0;
    }
    if (m->nrec == m->cap) {
        int nc = m->cap ? 2 * m->cap : 16;
        mrec *a = realloc(m->rec, (size_t)nc * sizeof *a);
        if (!a) {
            hrel_seterr(err, errlen, "mstep: out of memory");
            return -1;
        }
        m->rec = a;
        m->cap = nc;
    }
    r = &m->rec[m->nrec];
    memset(r, 0, sizeof *r);
    for (i = 0; i < m->nproc; i++)
        k += m->seen[i] != 0;
    if (k > 0) {
        r->partners = malloc((size_t)k * sizeof *r->partners);
        if (!r->partners) {
            hrel_seterr(err, errlen, "mstep: out of memory");
            return -1;
        }
        for (i = 0, k = 0; i < m->nproc; i++)
            if (m->seen[i])
                r->partners[k++] = i;
    }
    r->npartners = k;
    r->step = m->nrec + 1;
    r->w_s = m->work_used ? m->work_s : t - m->t_begin - m->comm_s;
    if (r->w_s < 0)
        r->w_s = 0;
    r->in_bytes = m->in_bytes;
    r->out_bytes = m->out_bytes;
    r->t_end = t - m->t0;
    memcpy(r->pattern, m->pattern, PATLEN);
    m->nrec++;
    m->open = 0;
    return 0;
}

int hrel_mstep_work_begin(hrel_mstep *m, char *err, size_t errlen)
{
    if (need_open(m, "hrel_mstep_work_begin", err, errlen) != 0)
        return -1;
    if (m->in_work) {
        hrel_seterr(err, errlen, "mstep: work_begin twice without work_end");
        return -1;
    }
    m->in_work = 1;
    m->work_used = 1;
    m->work_t = hrel_clock_now();
    return 0;
}

int hrel_mstep_work_end(hrel_mstep *m, char *err, size_t errlen)
{
    double t = hrel_clock_now();
    if (need_open(m, "hrel_mstep_work_end", err, errlen) != 0)
        return -1;
    if (!m->in_work) {
        hrel_seterr(err, errlen, "mstep: work_end without work_begin");
        return -1;
    }
    m->work_s += t - m->work_t;
    m->in_work = 0;
    return 0;
}

int hrel_mstep_pattern(hrel_mstep *m, const char *pattern, char *err, size_t errlen)
{
    if (need_open(m, "hrel_mstep_pattern", err, errlen) != 0)
        return -1;
    if (!pattern || strlen(pattern) >= PATLEN || strpbrk(pattern, ",; \t\n")) {
        hrel_seterr(err, errlen, "mstep: '%s' is not a pattern name (at most %d characters, no ',' ';' "
               "or spaces)", pattern ? pattern : "(null)", PATLEN - 1);
        return -1;
    }
    strcpy(m->pattern, pattern);
    return 0;
}

int hrel_mstep_count(hrel_mstep *m, long in_bytes, long out_bytes, int from_rank, char *err,
                     size_t errlen)
{
    if (need_open(m, "hrel_mstep_count", err, errlen) != 0)
        return -1;
    if (in_bytes < 0 || out_bytes < 0 || from_rank < -1 || from_rank >= m->nproc) {
        hrel_seterr(err, errlen, "mstep: bad count (in %ld, out %ld, from rank %d)", in_bytes,
               out_bytes, from_rank);
        return -1;
    }
    m->in_bytes += (double)in_bytes;
    m->out_bytes += (double)out_bytes;
    if (from_rank >= 0 && from_rank != m->rank)
        m->seen[from_rank] = 1;
    return 0;
}

/* ---- communication wrappers ----------------------------------------- */

/* Length in bytes of the active send buffer, or -1. */
static int sbuf_bytes(void)
{
    int bytes = 0, tag, tid;
    int sb = pvm_getsbuf();
    if (sb <= 0 || pvm_bufinfo(sb, &bytes, &tag, &tid) < 0)
        return -1;
    return bytes;
}

int hrel_mstep_send(hrel_mstep *m, int dest_rank, int tag, char *err, size_t errlen)
{
    double t = hrel_clock_now();
    int bytes, rc;
    if (need_open(m, "hrel_mstep_send", err, errlen) != 0)
        return -1;
    if (dest_rank < 0 || dest_rank >= m->nproc) {
        hrel_seterr(err, errlen, "mstep: send to rank %d (ranks are 0..%d)", dest_rank, m->nproc - 1);
        return -1;
    }
    bytes = sbuf_bytes();
    if (bytes < 0) {
        hrel_seterr(err, errlen, "mstep: no active send buffer (call pvm_initsend and pack first)");
        return -1;
    }
    rc = pvm_send(m->tids[dest_rank], tag);
    m->comm_s += hrel_clock_now() - t;
    if (rc < 0) {
        hrel_seterr(err, errlen, "mstep: pvm_send to rank %d (t%x) failed (PVM error %d)", dest_rank,
               m->tids[dest_rank], rc);
        return -1;
    }
    if (dest_rank != m->rank)
        m->out_bytes += bytes;
    return 0;
}

int hrel_mstep_mcast(hrel_mstep *m, const int *dest_ranks, int n, int tag, char *err,
                     size_t errlen)
{
    double t = hrel_clock_now();
    int bytes, rc = 0, i, k, bad;
    int *dst;
    if (need_open(m, "hrel_mstep_mcast", err, errlen) != 0)
        return -1;
    bytes = sbuf_bytes();
    if (bytes < 0) {
        hrel_seterr(err, errlen, "mstep: no active send buffer (call pvm_initsend and pack first)");
        return -1;
    }
    dst = malloc((size_t)(n > 0 ? n : 1) * sizeof *dst);
    if (!dst) {
        hrel_seterr(err, errlen, "mstep: out of memory");
        return -1;
    }
    if ((k = hrel_ranks_others(dest_ranks, n, m->nproc, m->rank, dst, &bad)) < 0) {
        free(dst);
        hrel_seterr(err, errlen, "mstep: multicast to rank %d (ranks are 0..%d)", bad,
                    m->nproc - 1);
        return -1;
    }
    for (i = 0; i < k; i++)
        dst[i] = m->tids[dst[i]];
    if (k > 0)
        rc = pvm_mcast(dst, k, tag);
    free(dst);
    m->comm_s += hrel_clock_now() - t;
    if (rc < 0) {
        hrel_seterr(err, errlen, "mstep: pvm_mcast failed (PVM error %d)", rc);
        return -1;
    }
    m->out_bytes += (double)bytes * k;
    return 0;
}

int hrel_mstep_recv(hrel_mstep *m, int src_rank, int tag, double timeout_s, int *from_rank,
                    char *err, size_t errlen)
{
    double t = hrel_clock_now();
    int bufid, src = 0, bytes = 0, mtag, mtid, r;
    if (need_open(m, "hrel_mstep_recv", err, errlen) != 0)
        return -1;
    if (src_rank < -1 || src_rank >= m->nproc) {
        hrel_seterr(err, errlen, "mstep: receive from rank %d (ranks are 0..%d)", src_rank,
               m->nproc - 1);
        return -1;
    }
    bufid = hrel_vm_recv(src_rank >= 0 ? m->tids[src_rank] : -1, tag, timeout_s, &src, NULL, err,
                         errlen);
    m->comm_s += hrel_clock_now() - t;
    if (bufid < 0)
        return -1;
    for (r = 0; r < m->nproc && m->tids[r] != src; r++)
        ;
    if (r == m->nproc) {
        hrel_seterr(err, errlen, "mstep: message (tag %d) from t%x, which is not one of the ranks", tag,
               src);
        return -1;
    }
    pvm_bufinfo(bufid, &bytes, &mtag, &mtid);
    if (r != m->rank) {
        m->in_bytes += bytes;
        m->seen[r] = 1;
    }
    if (from_rank)
        *from_rank = r;
    return 0;
}

/* ---- gathering ------------------------------------------------------ */

int hrel_mstep_send_records(const hrel_mstep *m, int collector_tid, char *err, size_t errlen)
{
    int i, rc;
    if (m->open) {
        hrel_seterr(err, errlen, "mstep: step %d still open on rank %d", m->nrec + 1, m->rank);
        return -1;
    }
    pvm_initsend(PvmDataDefault);
    pvm_pkint((int *)&m->rank, 1, 1);
    pvm_pkint((int *)&m->nrec, 1, 1);
    for (i = 0; i < m->nrec; i++) {
        mrec *r = &m->rec[i];
        pvm_pkint(&r->step, 1, 1);
        pvm_pkdouble(&r->w_s, 1, 1);
        pvm_pkdouble(&r->in_bytes, 1, 1);
        pvm_pkdouble(&r->out_bytes, 1, 1);
        pvm_pkdouble(&r->t_end, 1, 1);
        pvm_pkint(&r->npartners, 1, 1);
        if (r->npartners > 0)
            pvm_pkint(r->partners, r->npartners, 1);
        pvm_pkstr(r->pattern);
    }
    rc = pvm_send(collector_tid, HREL_TAG_MSTEP_REC);
    if (rc < 0) {
        hrel_seterr(err, errlen, "mstep: sending the records to t%x failed (PVM error %d)",
               collector_tid, rc);
        return -1;
    }
    return 0;
}

/* Unpack one task's records from the active receive buffer into a new array. */
static int unpack_records(int *rank, mrec **out, int *n)
{
    int i, k;
    mrec *a;
    *out = NULL;
    if (pvm_upkint(rank, 1, 1) < 0 || pvm_upkint(n, 1, 1) < 0 || *n < 0 || *n > 100000000)
        return -1;
    a = calloc((size_t)(*n > 0 ? *n : 1), sizeof *a);
    if (!a)
        return -1;
    for (i = 0; i < *n; i++) {
        mrec *r = &a[i];
        char pat[256];
        if (pvm_upkint(&r->step, 1, 1) < 0 || pvm_upkdouble(&r->w_s, 1, 1) < 0 ||
            pvm_upkdouble(&r->in_bytes, 1, 1) < 0 || pvm_upkdouble(&r->out_bytes, 1, 1) < 0 ||
            pvm_upkdouble(&r->t_end, 1, 1) < 0 || pvm_upkint(&r->npartners, 1, 1) < 0 ||
            r->npartners < 0 || r->npartners > 1000000)
            goto bad;
        if (r->npartners > 0) {
            r->partners = malloc((size_t)r->npartners * sizeof *r->partners);
            if (!r->partners || pvm_upkint(r->partners, r->npartners, 1) < 0)
                goto bad;
        }
        if (hrel_upk_str(pat, sizeof pat) < 0)
            goto bad;
        pat[PATLEN - 1] = '\0';
        memcpy(r->pattern, pat, PATLEN);
    }
    *out = a;
    return 0;
bad:
    for (k = 0; k <= i && k < *n; k++)
        free(a[k].partners);
    free(a);
    return -1;
}

/* pvm_trecv with the default matcher (exit notices do not end the wait).
 * Return the buffer id, 0 on timeout, < 0 on error. */
static int wait_msg(int tid, int tag, double timeout_s)
{
    struct timeval tv;
    if (timeout_s <= 0)
        return pvm_recv(tid, tag);
    tv.tv_sec = (long)timeout_s;
    tv.tv_usec = (long)((timeout_s - (double)tv.tv_sec) * 1e6);
    return pvm_trecv(tid, tag, &tv);
}

int hrel_mstep_wait_done(int collector_tid, double timeout_s, char *err, size_t errlen)
{
    int rc = wait_msg(collector_tid, HREL_TAG_MSTEP_DONE, timeout_s);
    if (rc <= 0) {
        hrel_seterr(err, errlen, "mstep: no word from the collector t%x within %g s", collector_tid,
               timeout_s);
        return -1;
    }
    return 0;
}

/* Tell every task in TIDS but the caller that the records are in. */
static void send_done(int nproc, const int *tids)
{
    int me = pvm_mytid(), r;
    for (r = 0; r < nproc; r++)
        if (tids[r] != me) {
            pvm_initsend(PvmDataDefault);
            pvm_send(tids[r], HREL_TAG_MSTEP_DONE);
        }
}

int hrel_mstep_collect(const hrel_mstep *own, int nproc, const int *tids, double timeout_s,
                       const char *path, const char *const *meta, char *err, size_t errlen)
{
    mrec **all = calloc((size_t)(nproc > 0 ? nproc : 1), sizeof *all);
    int *cnt = calloc((size_t)(nproc > 0 ? nproc : 1), sizeof *cnt);
    int r, i, s, rc = -1, any_pat = 0, nstep;
    FILE *fp = NULL;
    char host[64];

    if (!all || !cnt) {
        hrel_seterr(err, errlen, "mstep: out of memory");
        goto done;
    }
    if (own && own->open) {
        hrel_seterr(err, errlen, "mstep: step %d still open on rank %d", own->nrec + 1, own->rank);
        goto done;
    }
    for (r = 0; r < nproc; r++) {
        int rank = -1, n = 0;
        mrec *a = NULL;
        if (own && r == own->rank)
            continue;
        if (wait_msg(tids[r], HREL_TAG_MSTEP_REC, timeout_s) <= 0) {
            hrel_seterr(err, errlen, "mstep: no records from rank %d (t%x) within %g s (did it exit "
                   "or crash?)", r, tids[r], timeout_s);
            goto done;
        }
        if (unpack_records(&rank, &a, &n) != 0 || rank != r) {
            for (i = 0; a && i < n; i++)
                free(a[i].partners);
            free(a);
            hrel_seterr(err, errlen, "mstep: bad records message from rank %d (t%x)", r, tids[r]);
            goto done;
        }
        all[r] = a;
        cnt[r] = n;
    }
    nstep = own ? own->nrec : cnt[0];
    for (r = 0; r < nproc; r++) {
        int n = (own && r == own->rank) ? own->nrec : cnt[r];
        if (n != nstep) {
            hrel_seterr(err, errlen, "mstep: rank %d ran %d steps but rank %d ran %d (every task must "
                   "run the same number of M-steps)", r, n, own ? own->rank : 0, nstep);
            goto done;
        }
    }
    if (nstep == 0) {
        hrel_seterr(err, errlen, "mstep: no M-steps were recorded");
        goto done;
    }
    for (r = 0; r < nproc; r++) {
        const mrec *a = (own && r == own->rank) ? own->rec : all[r];
        for (s = 0; s < nstep; s++)
            if (a[s].pattern[0])
                any_pat = 1;
    }
    fp = fopen(path, "w");
    if (!fp) {
        hrel_seterr(err, errlen, "mstep: cannot write %s", path);
        goto done;
    }
    for (i = 0; meta && meta[i]; i++)
        fprintf(fp, "# %s\n", meta[i]);
    fprintf(fp, "# mstep_ranks: %d\n# mstep_steps: %d\n", nproc, nstep);
    fprintf(fp, "# mstep_hosts:");
    for (r = 0; r < nproc; r++)
        fprintf(fp, " %d=%s", r, hrel_vm_task_host(tids[r], host, sizeof host));
    fprintf(fp, "\n# mstep_clock: t_end is seconds since the common start; ranks on the host of "
            "the start message's sender share its CLOCK_MONOTONIC origin exactly; ranks on other "
            "hosts count from the arrival of the start message there (their t_end too small by "
            "its latency)\n");
    fprintf(fp, "rank,step,w_seconds,in_bytes,out_bytes,partners,t_end%s\n",
            any_pat ? ",pattern" : "");
    for (s = 0; s < nstep; s++)
        for (r = 0; r < nproc; r++) {
            const mrec *x = ((own && r == own->rank) ? own->rec : all[r]) + s;
            fprintf(fp, "%d,%d,%.9f,%.0f,%.0f,", r, s + 1, x->w_s, x->in_bytes, x->out_bytes);
            for (i = 0; i < x->npartners; i++)
                fprintf(fp, "%s%d", i ? ";" : "", x->partners[i]);
            fprintf(fp, ",%.9f", x->t_end);
            if (any_pat)
                fprintf(fp, ",%s", x->pattern);
            fputc('\n', fp);
        }
    if (fclose(fp) != 0) {
        fp = NULL;
        hrel_seterr(err, errlen, "mstep: error writing %s", path);
        goto done;
    }
    fp = NULL;
    rc = 0;
done:
    if (fp)
        fclose(fp);
    send_done(nproc, tids);
    if (all)
        for (r = 0; r < nproc; r++) {
            for (i = 0; all[r] && i < cnt[r]; i++)
                free(all[r][i].partners);
            free(all[r]);
        }
    free(all);
    free(cnt);
    return rc;
}
