/* AllToOne (AO): ranks 1..p-1 each send one message of m_AO bytes to rank 0,
 * which calls receive p-1 times, taking the messages in arrival order (000 §3:
 * "the receiver processor call[s] pvm_recv() p-1 times, and the senders making
 * a pvm_send()"). h = (p-1) m_AO under both @ operators. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    if (c->rank != 0)
        return hrel_pat_send(c, 0);
    return hrel_pat_recv_any(c, c->p - 1);
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return rank != 0 && dest == 0;
}

const hrel_pattern hrel_pat_ao = {
    "AO", run, sends_to,
};
