/* Personalised OneToAll (POA): rank 0 sends a different message of m_POA bytes
 * to each of ranks 1..p-1 (pvm_send in rank order); each receives its own.
 * h = (p-1) m_POA under both @ operators (all of it leaves rank 0). */
#include "pattern.h"

int hrel_pat_poa_run(hrel_pat_ctx *c)
{
    int d;
    if (c->rank != 0)
        return hrel_pat_recv(c, 0);
    for (d = 1; d < c->p; d++)
        if (hrel_pat_send(c, d) < 0)
            return -1;
    return 0;
}

int hrel_pat_poa_sends_to(int rank, int p, int dest)
{
    (void)p;
    return rank == 0 && dest != 0;
}

const hrel_pattern hrel_pat_poa = {
    "POA", hrel_pat_poa_run, hrel_pat_poa_sends_to,
};
