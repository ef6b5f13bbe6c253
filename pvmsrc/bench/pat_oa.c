/* OneToAll broadcast (OA): rank 0 sends ONE message of m_OA bytes to ranks
 * 1..p-1 with a single pvm_mcast; each of them receives it. Formula (4) counts
 * it as the (p-1) m_OA h-relation of the personalised case, although how many
 * packets the root really injects depends on pvm_mcast (002 §3.2 warns about
 * this): compare with POA. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int dests[HREL_MAX_RANKS], i;
    if (c->rank != 0)
        return hrel_pat_recv(c, 0);
    for (i = 1; i < c->p && i < HREL_MAX_RANKS; i++)
        dests[i - 1] = i;
    return hrel_pat_mcast(c, dests, c->p - 1);
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return rank == 0 && dest != 0;
}

const hrel_pattern hrel_pat_oa = {
    "OA", run, sends_to,
};
