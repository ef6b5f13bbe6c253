/* PingPong (PP): p/2 disjoint pairs (2k, 2k+1); the even member sends one
 * message of m_PP bytes, the odd member receives it. The sender is done when
 * pvm_send returns, the receiver when the message is unpacked; the repetition
 * takes the later of the two. This is the one-way transfer of 000/002 (all h
 * bytes leave through one output port): h = m_PP under both @ operators. */
#include "pattern.h"

int hrel_pat_pp_run(hrel_pat_ctx *c)
{
    if ((c->rank & 1) == 0)
        return hrel_pat_send(c, c->rank + 1);
    return hrel_pat_recv(c, c->rank - 1);
}

int hrel_pat_pp_sends_to(int rank, int p, int dest)
{
    (void)p;
    return (rank & 1) == 0 && dest == rank + 1;
}

const hrel_pattern hrel_pat_pp = {
    "PP", hrel_pat_pp_run, hrel_pat_pp_sends_to,
};
