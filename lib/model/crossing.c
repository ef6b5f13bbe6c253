/* crossing -- first messages whose direct routes were asked for at once. See
 * crossing.h. */
#include <stdlib.h>

#include "crossing.h"
#include "errmsg.h"

typedef struct first {
    int lo, hi;    /* the pair, lo < hi */
    int from;      /* the sender */
    size_t row;    /* its first send to the other */
} first;

static int cmp_first(const void *x, const void *y)
{
    const first *a = x, *b = y;
    if (a->lo != b->lo)
        return (a->lo > b->lo) - (a->lo < b->lo);
    if (a->hi != b->hi)
        return (a->hi > b->hi) - (a->hi < b->hi);
    return (a->from > b->from) - (a->from < b->from);
}

/* rank A's tid above rank B's (tids where known, else host, then rank) */
static int tid_above(const hrel_msgtrace *t, const int *host, int a, int b)
{
    int ha, hb;
    if (t->tid && t->tid[a] > 0 && t->tid[b] > 0)
        return t->tid[a] > t->tid[b];
    ha = host ? host[a] : t->row[t->first[a]].host;
    hb = host ? host[b] : t->row[t->first[b]].host;
    return ha != hb ? ha > hb : a > b;
}

int hrel_crossing_mark(const hrel_msgtrace *t, const int *host, double tol,
                       unsigned char **mark, size_t *ncross, char *err, size_t errlen)
{
    unsigned char *x = calloc(t->n ? t->n : 1, 1);
    int *seen = calloc((size_t)(t->nproc > 0 ? t->nproc : 1), sizeof *seen);
    first *f = NULL;
    size_t nf = 0, cap = 0, i, n = 0;
    int a;
    if (!x || !seen)
        goto oom;
    /* each rank's first send to each peer (SEEN[b] == a + 1: a sent to b) */
    for (a = 0; a < t->nproc; a++)
        for (i = t->first[a]; i < t->first[a + 1]; i++) {
            const hrel_msg *m = &t->row[i];
            int b;
            if (m->kind != HREL_MSG_SEND || m->npeers != 1)
                continue;
            b = m->peers[0];
            if (b < 0 || b >= t->nproc || b == a || seen[b] == a + 1)
                continue;
            seen[b] = a + 1;
            if (nf == cap) {
                size_t c = cap ? 2 * cap : 64;
                first *g = realloc(f, c * sizeof *g);
                if (!g)
                    goto oom;
                f = g;
                cap = c;
            }
            f[nf++] = (first){a < b ? a : b, a < b ? b : a, a, i};
        }
    qsort(f, nf, sizeof *f, cmp_first);
    /* a pair with a first send each way: adjacent, the lower rank's first */
    for (i = 0; i + 1 < nf; i++) {
        const hrel_msg *ma, *mb;
        size_t ra, rb;
        int ka, kb;
        if (f[i].lo != f[i + 1].lo || f[i].hi != f[i + 1].hi)
            continue;
        ra = f[i].row;
        rb = f[i + 1].row;
        if (t->row[rb].t0 < t->row[ra].t0) {   /* A: the earlier of the two */
            size_t s = ra;
            ra = rb;
            rb = s;
        }
        ma = &t->row[ra];
        mb = &t->row[rb];
        ka = ma->rank;
        kb = mb->rank;
        if (!(mb->t0 < ma->t1))   /* a no longer waits in A when B begins */
            continue;
        if (rb > t->first[kb] && t->row[rb - 1].t1 > ma->t0 + tol)
            continue;   /* b was in a call after a's request: it took it there */
        x[tid_above(t, host, ka, kb) ? ra : rb] = 1;
        n++;
        i++;
    }
    free(seen);
    free(f);
    *mark = x;
    if (ncross)
        *ncross = n;
    return 0;
oom:
    free(x);
    free(seen);
    free(f);
    hrel_seterr(err, errlen, "crossing: out of memory");
    return -1;
}
