/* Serial broadcast (SB), the native broadcast of p4 1.3 in 003 section 3.1
 * (figure 12): rank 0 sends the message to ranks 1, 2, ..., p-1 in turn, one
 * pvm_send each; every other rank receives it. The repetition takes the
 * latest rank: the completion time of the broadcast. Timing-wise the same
 * sends as POA, named as the hyperbolic experiments name it. h = x. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int d;
    if (c->rank != 0)
        return hrel_pat_recv(c, 0);
    for (d = 1; d < c->p; d++)
        if (hrel_pat_send(c, d) < 0)
            return -1;
    return 0;
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return rank == 0 && dest != 0;
}

const hrel_pattern hrel_pat_sb = {
    "SB", "serial broadcast",
    "rank 0 sends the message to ranks 1, 2, ..., p-1 in turn", 0, 0, run, sends_to,
};
