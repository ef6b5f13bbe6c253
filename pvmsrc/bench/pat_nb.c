/* Neighbour exchange (NB) of 003 section 3.3 (figure 14): every rank i sends
 * one message to each of its K neighbours i+1, ..., i+K (mod p) at the common
 * start, then receives the K messages of i-1, ..., i-K in arrival order (PVM
 * reads incoming data while a send blocks, so sending first cannot deadlock).
 * K = min(4, p-1) (hrel_hyper_nb_default_k: the four neighbours of a 2-D
 * decomposition). The repetition takes the latest rank. h = x. */
#include "hyper_patterns.h"
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int k = hrel_hyper_nb_default_k(c->p);
    if (hrel_pat_send_next(c, k) < 0)
        return -1;
    return hrel_pat_recv_any(c, k);
}

static int sends_to(int rank, int p, int dest)
{
    int d = ((dest - rank) % p + p) % p;
    return d >= 1 && d <= hrel_hyper_nb_default_k(p);
}

const hrel_pattern hrel_pat_nb = {
    "NB", run, sends_to,
};
