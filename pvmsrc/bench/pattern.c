/* pattern -- the table of patterns and the send / receive helpers they use. */
#include "pattern.h"

#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include <pvm3.h>

#include "clock.h"

extern const hrel_pattern hrel_pat_e, hrel_pat_pp, hrel_pat_oa, hrel_pat_poa,
    hrel_pat_ao, hrel_pat_aa;
/* the hyperbolic-model experiments of 003 (docs/hyper.md) */
extern const hrel_pattern hrel_pat_pairs, hrel_pat_bt, hrel_pat_sb, hrel_pat_red, hrel_pat_nb;

static const hrel_pattern *const table[] = {
    &hrel_pat_e, &hrel_pat_pp, &hrel_pat_oa, &hrel_pat_poa, &hrel_pat_ao, &hrel_pat_aa,
    &hrel_pat_pairs, &hrel_pat_bt, &hrel_pat_sb, &hrel_pat_red, &hrel_pat_nb,
    NULL,
};

static const hrel_pattern *impl_find(const char *name)
{
    int i;
    for (i = 0; table[i]; i++)
        if (strcmp(table[i]->name, name) == 0)
            return table[i];
    return NULL;
}

const hrel_pattern *hrel_pattern_find(const char *name)
{
    return hrel_patterns_find(name) ? impl_find(name) : NULL;
}

const hrel_patinfo *hrel_pattern_info(const hrel_pattern *pat)
{
    return hrel_patterns_find(pat->name);
}

int hrel_pattern_check(char *err, size_t errlen)
{
    size_t i;
    for (i = 0; i < hrel_patterns_count(); i++)
        if (!impl_find(hrel_patterns_at(i)->name)) {
            snprintf(err, errlen, "pattern %s of the registry has no implementation",
                     hrel_patterns_at(i)->name);
            return -1;
        }
    for (i = 0; table[i]; i++)
        if (!hrel_patterns_find(table[i]->name)) {
            snprintf(err, errlen, "pattern %s is implemented but not in the registry",
                     table[i]->name);
            return -1;
        }
    return 0;
}

/* Pack the send slot for DEST into a fresh send buffer. */
static int pack_slot(hrel_pat_ctx *c, int dest)
{
    int rc;
    if (pvm_initsend(c->encoding) < 0) {
        snprintf(c->err, c->errlen, "rank %d: pvm_initsend failed", c->rank);
        return -1;
    }
    rc = pvm_pkbyte((char *)c->sbuf + (size_t)dest * c->msg_bytes, (int)c->msg_bytes, 1);
    if (rc < 0) {
        snprintf(c->err, c->errlen, "rank %d: pvm_pkbyte failed (%d)", c->rank, rc);
        return -1;
    }
    return 0;
}

int hrel_pat_send(hrel_pat_ctx *c, int dest)
{
    int rc;
    if (pack_slot(c, dest) < 0)
        return -1;
    rc = pvm_send(c->tids[dest], HREL_TAG_DATA);
    if (rc < 0) {
        snprintf(c->err, c->errlen, "rank %d: pvm_send to rank %d failed (%d)", c->rank,
                 dest, rc);
        return -1;
    }
    return 0;
}

int hrel_pat_mcast(hrel_pat_ctx *c, const int *dests, int n)
{
    int tids[HREL_MAX_RANKS], i, rc;
    if (n > HREL_MAX_RANKS) {
        snprintf(c->err, c->errlen, "rank %d: broadcast to %d ranks is too many", c->rank, n);
        return -1;
    }
    for (i = 0; i < n; i++)
        tids[i] = c->tids[dests[i]];
    if (pack_slot(c, 0) < 0)
        return -1;
    rc = pvm_mcast(tids, n, HREL_TAG_DATA);
    if (rc < 0) {
        snprintf(c->err, c->errlen, "rank %d: pvm_mcast failed (%d)", c->rank, rc);
        return -1;
    }
    return 0;
}

/* Rank of task TID in the case, or -1. */
static int rank_of(const hrel_pat_ctx *c, int tid)
{
    int r;
    for (r = 0; r < c->p; r++)
        if (c->tids[r] == tid)
            return r;
    return -1;
}

/* pvm_nrecv until the message is there (bufid > 0), an error (< 0) or the
 * timeout (0); the clock is read once in 64 tries. */
static int poll_recv(hrel_pat_ctx *c, int src)
{
    double end = c->timeout_s > 0 ? hrel_clock_now() + c->timeout_s : 0.0;
    int bufid, k = 0;
    while ((bufid = pvm_nrecv(src < 0 ? -1 : c->tids[src], HREL_TAG_DATA)) == 0)
        if (end > 0 && ++k % 64 == 0 && hrel_clock_now() > end)
            return 0;
    return bufid;
}

int hrel_pat_recv(hrel_pat_ctx *c, int src)
{
    struct timeval tv, *tvp = NULL;
    int bufid, len, tag, tid, s, rc;
    size_t want;

    if (c->timeout_s > 0) {
        tv.tv_sec = (long)c->timeout_s;
        tv.tv_usec = (long)((c->timeout_s - (double)tv.tv_sec) * 1e6);
        tvp = &tv;
    }
    bufid = c->poll ? poll_recv(c, src) : pvm_trecv(src < 0 ? -1 : c->tids[src], HREL_TAG_DATA, tvp);
    if (bufid == 0) {
        char who[32] = "any rank";
        if (src >= 0)
            snprintf(who, sizeof who, "rank %d", src);
        snprintf(c->err, c->errlen, "rank %d: no message from %s within %g s (rep %ld)",
                 c->rank, who, c->timeout_s, c->rep);
        return -1;
    }
    if (bufid < 0) {
        snprintf(c->err, c->errlen, "rank %d: pvm_trecv failed (%d)", c->rank, bufid);
        return -1;
    }
    pvm_bufinfo(bufid, &len, &tag, &tid);
    s = rank_of(c, tid);
    if (s < 0 || s == c->rank) {
        snprintf(c->err, c->errlen, "rank %d: message from task t%x, not a rank of this case",
                 c->rank, tid);
        return -1;
    }
    /* XDR (PvmDataDefault) pads packed bytes to a multiple of 4. */
    want = c->encoding == PvmDataDefault ? (c->msg_bytes + 3) / 4 * 4 : c->msg_bytes;
    if ((size_t)len != want) {
        snprintf(c->err, c->errlen,
                 "rank %d: message from rank %d has %d bytes, expected %zu (rep %ld)",
                 c->rank, s, len, want, c->rep);
        return -1;
    }
    if (c->got[s]) {
        snprintf(c->err, c->errlen, "rank %d: second message from rank %d in rep %ld",
                 c->rank, s, c->rep);
        return -1;
    }
    rc = pvm_upkbyte((char *)c->rbuf + (size_t)s * c->msg_bytes, (int)c->msg_bytes, 1);
    if (rc < 0) {
        snprintf(c->err, c->errlen, "rank %d: unpacking the message from rank %d failed (%d)",
                 c->rank, s, rc);
        return -1;
    }
    c->got[s] = 1;
    return 0;
}

int hrel_pat_recv_any(hrel_pat_ctx *c, int n)
{
    int k;
    for (k = 0; k < n; k++)
        if (hrel_pat_recv(c, -1) < 0)
            return -1;
    return 0;
}

int hrel_pat_send_next(hrel_pat_ctx *c, int k)
{
    int d;
    for (d = 1; d <= k; d++)
        if (hrel_pat_send(c, (c->rank + d) % c->p) < 0)
            return -1;
    return 0;
}
