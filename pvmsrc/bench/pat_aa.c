/* AllToAll (AA): every rank i sends a distinct message of m_AA bytes to
 * i+1, i+2, ..., i-1 (mod p) in that cyclic order (000 §3), then receives p-1
 * messages in arrival order. PVM reads incoming data while a send blocks, so
 * sending everything first cannot deadlock. h = 2 (p-1) m_AA under @ = +,
 * (p-1) m_AA under @ = max. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    if (hrel_pat_send_next(c, c->p - 1) < 0)
        return -1;
    return hrel_pat_recv_any(c, c->p - 1);
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return dest != rank;
}

const hrel_pattern hrel_pat_aa = {
    "AA", run, sends_to,
};
