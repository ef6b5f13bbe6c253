/* AllToAll (AA): every rank i sends a distinct message of m_AA bytes to
 * i+1, i+2, ..., i-1 (mod p) in that cyclic order (000 §3), then receives p-1
 * messages in arrival order. PVM reads incoming data while a send blocks, so
 * sending everything first cannot deadlock. h = 2 (p-1) m_AA under @ = +,
 * (p-1) m_AA under @ = max. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int k;
    for (k = 1; k < c->p; k++)
        if (hrel_pat_send(c, (c->rank + k) % c->p) < 0)
            return -1;
    for (k = 1; k < c->p; k++)
        if (hrel_pat_recv(c, -1) < 0)
            return -1;
    return 0;
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return dest != rank;
}

const hrel_pattern hrel_pat_aa = {
    "AA", run, sends_to,
};
