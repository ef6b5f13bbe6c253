/* psrs_run -- see psrs_run.h. */
#include "psrs_run.h"
#include "tags.h"
#include "errmsg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvm3.h>

#include "clock.h"
#include "mstep.h"
#include "psrs_input.h"
#include "sort_seq.h"

/* Everything one rank holds during a run. */
typedef struct rank_state {
    const hrel_psrs_case *c;   /* the case */
    hrel_mstep *m;             /* M-step recorder */
    int p, me;                 /* processors, this rank */
    int *A;                    /* rank 0: the whole array (input, then result) */
    size_t nloc;               /* items of this rank's segment */
    int *loc;                  /* the segment (sorted in step 2) */
    int *samples;              /* rank 0: P*P samples; others: P */
    int *merged;               /* rank 0: merged samples (P*P) */
    int *pivot;                /* P-1 pivots */
    size_t *size, *off;        /* fragment sizes / offsets in loc (P) */
    size_t *insize, *inoff;    /* incoming fragment sizes / offsets (P) */
    size_t ntot;               /* items after the exchange */
    int *in;                   /* incoming fragments */
    int *out;                  /* merged result (rank 0: points into A) */
    size_t *fsize, *disp;      /* rank 0: final sizes / displacements (P) */
    char step_err[256];        /* detail of a failure */
} rank_state;

/* Items of rank R's segment and where it starts in A. */
static size_t seg_len(long n, int p, int r)
{
    return (size_t)(n / p) + ((long)r < n % p);
}

static size_t seg_off(long n, int p, int r)
{
    return (size_t)r * (size_t)(n / p) + (size_t)((long)r < n % p ? r : n % p);
}

/* Pack NITEM ints and send them to rank DEST in step S. */
static int send_ints(rank_state *st, int s, int dest, int *v, size_t nitem, char *err,
                     size_t errlen)
{
    pvm_initsend(st->c->encoding);
    if (nitem && pvm_pkint(v, (int)nitem, 1) < 0) {
        hrel_seterr(err, errlen, "pvm_pkint of %zu items failed", nitem);
        return -1;
    }
    return hrel_mstep_send(st->m, dest, HREL_TAG_PSRS_STEP + s, err, errlen);
}

/* Length in bytes of the active receive buffer. */
static int rbuf_bytes(void)
{
    int len = -1, tag, tid;
    pvm_bufinfo(pvm_getrbuf(), &len, &tag, &tid);
    return len;
}

/* Receive the step-S message of rank SRC (-1: any rank) and unpack it into
 * BASE + OFFS[from] (BASE itself when OFFS is NULL). It must hold exactly
 * COUNTS[from] ints (FIXED when COUNTS is NULL), else it is an error.
 * *FROM (may be NULL) gets the sender's rank. */
static int recv_ints(rank_state *st, int s, int src, int *base, const size_t *offs,
                     const size_t *counts, size_t fixed, int *from, char *err, size_t errlen)
{
    int r = -1, len;
    size_t want;
    if (hrel_mstep_recv(st->m, src, HREL_TAG_PSRS_STEP + s, st->c->timeout_s, &r, err,
                        errlen) != 0)
        return -1;
    want = counts ? counts[r] : fixed;
    len = rbuf_bytes();
    if (len != (int)(want * sizeof(int))) {
        hrel_seterr(err, errlen, "message from rank %d has %d bytes, expected %zu items (%zu bytes)",
               r, len, want, want * sizeof(int));
        return -1;
    }
    if (want && pvm_upkint(base + (offs ? offs[r] : 0), (int)want, 1) < 0) {
        hrel_seterr(err, errlen, "pvm_upkint of %zu items from rank %d failed", want, r);
        return -1;
    }
    if (from)
        *from = r;
    return 0;
}

/* Allocate N items of SIZE bytes (at least one). */
static void *xalloc(size_t n, size_t size)
{
    return malloc((n ? n : 1) * size);
}

static void state_free(rank_state *st)
{
    free(st->loc);
    free(st->A);
    free(st->samples);
    free(st->merged);
    free(st->pivot);
    free(st->size);
    free(st->off);
    free(st->insize);
    free(st->inoff);
    free(st->in);
    if (st->me != 0)
        free(st->out);
    free(st->fsize);
    free(st->disp);
    hrel_mstep_free(st->m);
}

/* ---- the seven M-steps ---------------------------------------------------- */

#define TRY(x) do { if ((x) != 0) return -1; } while (0)
#define WORK(code) do {                                              \
        TRY(hrel_mstep_work_begin(st->m, err, errlen));              \
        code;                                                        \
        TRY(hrel_mstep_work_end(st->m, err, errlen));                \
    } while (0)

/* 1 POA: rank 0 sends segment r to rank r; rank 0 copies its own segment. */
static int step1(rank_state *st, char *err, size_t errlen)
{
    const hrel_psrs_case *c = st->c;
    int r;
    TRY(hrel_mstep_pattern(st->m, "POA", err, errlen));
    if (st->me == 0) {
        for (r = 1; r < st->p; r++)
            TRY(send_ints(st, 1, r, st->A + seg_off(c->n, st->p, r), seg_len(c->n, st->p, r),
                          err, errlen));
        memcpy(st->loc, st->A, st->nloc * sizeof *st->loc);
    } else
        TRY(recv_ints(st, 1, 0, st->loc, NULL, NULL, st->nloc, NULL, err, errlen));
    return 0;
}

/* 2 AO: sort, regular sample, samples to rank 0. */
static int step2(rank_state *st, char *err, size_t errlen)
{
    int k, p = st->p;
    TRY(hrel_mstep_pattern(st->m, "AO", err, errlen));
    WORK(hrel_sort_ints(st->loc, st->nloc);
         TRY(hrel_sort_sample(st->loc, st->nloc, p, st->samples)));
    if (st->me == 0) {
        size_t off[HREL_SORT_MAX_RUNS];
        for (k = 0; k < p; k++)
            off[k] = (size_t)k * (size_t)p;
        for (k = 1; k < p; k++)
            TRY(recv_ints(st, 2, -1, st->samples, off, NULL, (size_t)p, NULL, err, errlen));
    } else
        TRY(send_ints(st, 2, 0, st->samples, (size_t)p, err, errlen));
    return 0;
}

/* 3 OA: rank 0 merges the samples, selects and multicasts the pivots. */
static int step3(rank_state *st, char *err, size_t errlen)
{
    int k, p = st->p;
    TRY(hrel_mstep_pattern(st->m, "OA", err, errlen));
    if (st->me == 0) {
        const int *run[HREL_SORT_MAX_RUNS];
        size_t len[HREL_SORT_MAX_RUNS];
        int dst[HREL_SORT_MAX_RUNS];
        for (k = 0; k < p; k++) {
            run[k] = st->samples + (size_t)k * (size_t)p;
            len[k] = (size_t)p;
            dst[k] = k;
        }
        WORK(TRY(hrel_sort_merge(run, len, p, st->merged));
             TRY(hrel_sort_pivots(st->merged, (size_t)p * (size_t)p, p, st->pivot)));
        pvm_initsend(st->c->encoding);
        pvm_pkint(st->pivot, p - 1, 1);
        TRY(hrel_mstep_mcast(st->m, dst + 1, p - 1, HREL_TAG_PSRS_STEP + 3, err, errlen));
    } else
        TRY(recv_ints(st, 3, 0, st->pivot, NULL, NULL, (size_t)(p - 1), NULL, err, errlen));
    return 0;
}

/* Step S: one size from each of the other ranks (the sender picks the slot)
 * and MINE, this rank's own, into SIZES[0..P). WHAT names the size in the
 * message about a negative one. */
static int gather_sizes(rank_state *st, int s, size_t mine, size_t *sizes, const char *what,
                        char *err, size_t errlen)
{
    int j, k, p = st->p, v[HREL_SORT_MAX_RUNS];
    size_t slot[HREL_SORT_MAX_RUNS];
    for (j = 0; j < p; j++)
        slot[j] = (size_t)j;
    v[st->me] = 0;
    for (k = 1; k < p; k++)
        TRY(recv_ints(st, s, -1, v, slot, NULL, 1, NULL, err, errlen));
    for (j = 0; j < p; j++) {
        if (v[j] < 0) {
            hrel_seterr(err, errlen, "rank %d announced a negative %s", j, what);
            return -1;
        }
        sizes[j] = j == st->me ? mine : (size_t)v[j];
    }
    return 0;
}

/* 4 AA: fragment sizes by binary search; size j to rank j. */
static int step4(rank_state *st, char *err, size_t errlen)
{
    int j, p = st->p, one[HREL_SORT_MAX_RUNS];
    TRY(hrel_mstep_pattern(st->m, "AA", err, errlen));
    WORK(TRY(hrel_sort_fragments(st->loc, st->nloc, st->pivot, p, st->size)));
    for (j = 0; j < p; j++)
        one[j] = (int)st->size[j];
    for (j = 0; j < p; j++)
        if (j != st->me)
            TRY(send_ints(st, 4, j, &one[j], 1, err, errlen));
    /* the size of my fragment in rank `from` -> insize[from] */
    return gather_sizes(st, 4, st->size[st->me], st->insize, "fragment size", err, errlen);
}

/* 5 AA: offsets, fragments to their ranks. My own fragment stays in loc. */
static int step5(rank_state *st, char *err, size_t errlen)
{
    int j, k, p = st->p;
    TRY(hrel_mstep_pattern(st->m, "AA", err, errlen));
    WORK(TRY(hrel_sort_offsets(st->size, p, st->off, NULL));
         TRY(hrel_sort_offsets(st->insize, p, st->inoff, &st->ntot)));
    st->in = xalloc(st->ntot, sizeof *st->in);
    if (!st->in) {
        hrel_seterr(err, errlen, "out of memory for %zu items", st->ntot);
        return -1;
    }
    for (j = 0; j < p; j++)
        if (j != st->me)
            TRY(send_ints(st, 5, j, st->loc + st->off[j], st->size[j], err, errlen));
    for (k = 1; k < p; k++)
        TRY(recv_ints(st, 5, -1, st->in, st->inoff, st->insize, 0, NULL, err, errlen));
    return 0;
}

/* 6 AO: merge the P fragments; sizes to rank 0. */
static int step6(rank_state *st, char *err, size_t errlen)
{
    int j, p = st->p, mysize;
    const int *run[HREL_SORT_MAX_RUNS];
    size_t len[HREL_SORT_MAX_RUNS];
    TRY(hrel_mstep_pattern(st->m, "AO", err, errlen));
    if (st->me == 0) {
        if (st->ntot > (size_t)st->c->n) {
            hrel_seterr(err, errlen, "rank 0 would hold %zu items of %ld", st->ntot, st->c->n);
            return -1;
        }
        st->out = st->A;   /* rank 0 merges straight into its final place */
    } else {
        st->out = xalloc(st->ntot, sizeof *st->out);
        if (!st->out) {
            hrel_seterr(err, errlen, "out of memory for %zu items", st->ntot);
            return -1;
        }
    }
    for (j = 0; j < p; j++) {
        run[j] = (j == st->me) ? st->loc + st->off[st->me] : st->in + st->inoff[j];
        len[j] = st->insize[j];
    }
    WORK(TRY(hrel_sort_merge(run, len, p, st->out)));
    mysize = (int)st->ntot;
    if (st->me == 0)
        return gather_sizes(st, 6, st->ntot, st->fsize, "size", err, errlen);
    return send_ints(st, 6, 0, &mysize, 1, err, errlen);
}

/* 7 AO: rank 0 computes displacements and gathers into A. */
static int step7(rank_state *st, char *err, size_t errlen)
{
    int k, p = st->p;
    size_t total = 0;
    TRY(hrel_mstep_pattern(st->m, "AO", err, errlen));
    if (st->me == 0) {
        WORK(TRY(hrel_sort_offsets(st->fsize, p, st->disp, &total)));
        if (total != (size_t)st->c->n) {
            hrel_seterr(err, errlen, "the ranks hold %zu items after step 6, not N=%ld", total,
                   st->c->n);
            return -1;
        }
        for (k = 1; k < p; k++)
            TRY(recv_ints(st, 7, -1, st->A, st->disp, st->fsize, 0, NULL, err, errlen));
    } else
        TRY(send_ints(st, 7, 0, st->out, st->ntot, err, errlen));
    return 0;
}

/* ---- a run ------------------------------------------------------------------ */

static int (*const steps[7])(rank_state *, char *, size_t) = {
    step1, step2, step3, step4, step5, step6, step7
};

int hrel_psrs_run(const hrel_psrs_case *c, hrel_psrs_result *res, char *err, size_t errlen)
{
    rank_state st;
    double t0 = 0.0;
    uint64_t sum0 = 0;
    int s, p = c->p, rc = -1;
    char detail[256] = "";

    memset(&st, 0, sizeof st);
    memset(res, 0, sizeof *res);
    st.c = c;
    st.p = p;
    st.me = c->rank;
    if (p < 2 || p > HREL_SORT_MAX_RUNS || c->rank < 0 || c->rank >= p || c->n < (long)p * p) {
        hrel_seterr(err, errlen, "bad case: P=%d rank %d N=%ld", p, c->rank, c->n);
        return -1;
    }
    st.nloc = seg_len(c->n, p, c->rank);
    st.loc = xalloc(st.nloc, sizeof *st.loc);
    st.samples = xalloc((size_t)p * (size_t)p, sizeof *st.samples);
    st.pivot = xalloc((size_t)p, sizeof *st.pivot);
    st.size = xalloc((size_t)p, sizeof *st.size);
    st.off = xalloc((size_t)p, sizeof *st.off);
    st.insize = xalloc((size_t)p, sizeof *st.insize);
    st.inoff = xalloc((size_t)p, sizeof *st.inoff);
    if (c->rank == 0) {
        st.A = xalloc((size_t)c->n, sizeof *st.A);
        st.merged = xalloc((size_t)p * (size_t)p, sizeof *st.merged);
        st.fsize = xalloc((size_t)p, sizeof *st.fsize);
        st.disp = xalloc((size_t)p, sizeof *st.disp);
    }
    if (!st.loc || !st.samples || !st.pivot || !st.size || !st.off || !st.insize ||
        !st.inoff || (c->rank == 0 && (!st.A || !st.merged || !st.fsize || !st.disp))) {
        hrel_seterr(err, errlen, "rank %d: out of memory for N=%ld", c->rank, c->n);
        goto done;
    }
    if (c->rank == 0) {   /* the input, outside the timed region */
        if (hrel_psrs_input_fill((hrel_psrs_kind)c->kind, c->seed, st.A, (size_t)c->n) != 0) {
            hrel_seterr(err, errlen, "unknown input kind %d", c->kind);
            goto done;
        }
        sum0 = hrel_sort_checksum(st.A, (size_t)c->n);
        memset(st.loc, 0, st.nloc * sizeof *st.loc);   /* touch the pages before timing */
        if (hrel_mstep_go_send(c->tids, p, &t0, detail, sizeof detail) != 0) {
            hrel_seterr(err, errlen, "rank 0: common start: %s", detail);
            goto done;
        }
    } else {
        memset(st.loc, 0, st.nloc * sizeof *st.loc);
        if (hrel_mstep_go_recv(c->tids[0], c->timeout_s, &t0, detail, sizeof detail) != 0) {
            hrel_seterr(err, errlen, "rank %d: common start: %s", c->rank, detail);
            goto done;
        }
    }
    if (hrel_mstep_init(c->rank, p, c->tids, t0, &st.m, detail, sizeof detail) != 0) {
        hrel_seterr(err, errlen, "rank %d: %s", c->rank, detail);
        goto done;
    }
    for (s = 1; s <= 7; s++) {
        /* the empty bracket makes w_seconds the bracketed work only, also in
         * steps where this rank computes nothing (unpacking is communication) */
        if (hrel_mstep_begin(st.m, detail, sizeof detail) != 0 ||
            hrel_mstep_work_begin(st.m, detail, sizeof detail) != 0 ||
            hrel_mstep_work_end(st.m, detail, sizeof detail) != 0 ||
            steps[s - 1](&st, detail, sizeof detail) != 0 ||
            hrel_mstep_end(st.m, detail, sizeof detail) != 0) {
            hrel_seterr(err, errlen, "rank %d, M-step %d: %s", c->rank, s, detail);
            goto done;
        }
    }
    res->items = (long)st.ntot;
    if (c->rank == 0) {
        res->seconds = hrel_clock_now() - t0;
        res->sorted = hrel_sort_is_sorted(st.A, (size_t)c->n);
        res->count_ok = 1;   /* step 7 checked that the sizes add up to N */
        res->checksum_ok = hrel_sort_checksum(st.A, (size_t)c->n) == sum0;
    }
    if (c->trace[0]) {
        if (c->rank == 0) {
            char m[8][160];
            const char *meta[9];
            int i;
            snprintf(m[0], sizeof m[0], "program: hrel_psrs (PSRS, 002 section 4.2)");
            snprintf(m[1], sizeof m[1], "platform: %s", c->platform);
            snprintf(m[2], sizeof m[2], "procs: %d", p);
            snprintf(m[3], sizeof m[3], "n: %ld", c->n);
            snprintf(m[4], sizeof m[4], "input: %s", hrel_psrs_input_name((hrel_psrs_kind)c->kind));
            snprintf(m[5], sizeof m[5], "rep: %d", c->rep);
            snprintf(m[6], sizeof m[6], "item_bytes: %zu", sizeof(int));
            snprintf(m[7], sizeof m[7], "seconds: %.9f", res->seconds);
            for (i = 0; i < 8; i++)
                meta[i] = m[i];
            meta[8] = NULL;
            if (hrel_mstep_collect(st.m, p, c->tids, c->timeout_s, c->trace, meta, detail,
                                   sizeof detail) != 0) {
                hrel_seterr(err, errlen, "rank 0: writing the trace: %s", detail);
                goto done;
            }
        } else if (hrel_mstep_send_records(st.m, c->tids[0], detail, sizeof detail) != 0) {
            hrel_seterr(err, errlen, "rank %d: sending trace records: %s", c->rank, detail);
            goto done;
        }
    }
    rc = 0;
done:
    state_free(&st);
    return rc;
}
