/* Exchange (E): p/2 disjoint pairs (2k, 2k+1). Both members of a pair send
 * their message of m_E bytes to the other and then receive the other's. A rank
 * is done when its receive has been unpacked. h = 2 m_E under @ = + (each
 * processor has m_E in and m_E out), h = m_E under @ = max. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int partner = c->rank ^ 1;
    if (hrel_pat_send(c, partner) < 0)
        return -1;
    return hrel_pat_recv(c, partner);
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return dest == (rank ^ 1);
}

const hrel_pattern hrel_pat_e = {
    "E", run, sends_to,
};
