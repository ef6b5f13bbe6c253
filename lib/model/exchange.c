/* exchange -- the sends that cross one of their receiver's. See exchange.h. */
#include <stdlib.h>

#include "errmsg.h"
#include "exchange.h"

/* a point-to-point send to one rank of the trace */
static int p2p_to(const hrel_msgtrace *t, size_t i)
{
    const hrel_msg *m = &t->row[i];
    return m->kind == HREL_MSG_SEND && m->npeers == 1 && m->peers[0] >= 0 &&
           m->peers[0] < t->nproc && m->peers[0] != m->rank;
}

int hrel_exchange_mark(const hrel_msgtrace *t, unsigned char **mark, size_t *ncross,
                       char *err, size_t errlen)
{
    unsigned char *x = calloc(t->n ? t->n : 1, 1);
    long *recv_of = malloc((t->n ? t->n : 1) * sizeof *recv_of);
    long *last = malloc((size_t)(t->nproc > 0 ? t->nproc : 1) * sizeof *last);
    size_t i, n = 0;
    int b, a;
    if (!x || !recv_of || !last) {
        free(x);
        free(recv_of);
        free(last);
        hrel_seterr(err, errlen, "exchange: out of memory");
        return -1;
    }
    for (i = 0; i < t->n; i++)
        recv_of[i] = -1;
    for (i = 0; i < t->n; i++)
        if (t->row[i].kind == HREL_MSG_RECV && t->row[i].match >= 0 &&
            (size_t)t->row[i].match < t->n)
            recv_of[t->row[i].match] = (long)i;
    /* rank by rank in call order: at each receive of a send S from a, b's
       latest send to a so far (LAST, per peer); it crosses S when a receives it
       after sending S (a's rows are in call order, so row indices compare
       within a rank) */
    for (a = 0; a < t->nproc; a++)
        last[a] = -1;
    for (b = 0; b < t->nproc; b++) {
        for (i = t->first[b]; i < t->first[b + 1]; i++) {
            const hrel_msg *m = &t->row[i];
            if (p2p_to(t, i))
                last[m->peers[0]] = (long)i;
            else if (m->kind == HREL_MSG_RECV && m->match >= 0 && p2p_to(t, (size_t)m->match)) {
                long s = m->match, s2;
                a = t->row[s].rank;
                if (a < 0 || a >= t->nproc || (s2 = last[a]) < 0)
                    continue;
                if (recv_of[s2] > s) {
                    n += !x[s] + !x[s2];
                    x[s] = x[s2] = 1;
                }
            }
        }
        /* forget b's sends for the next rank: only the peers it sent to were set
           (so the whole pass is linear in the rows, whatever the ranks) */
        for (i = t->first[b]; i < t->first[b + 1]; i++)
            if (p2p_to(t, i))
                last[t->row[i].peers[0]] = -1;
    }
    free(recv_of);
    free(last);
    *mark = x;
    if (ncross)
        *ncross = n;
    return 0;
}
