/* Global reduction (RED), the p4 1.3 scheme of 003 section 3.2 (figure 13):
 * phase 1 gathers up the binary tree of BT -- rank i receives one message
 * from each of its children 2i+1, 2i+2 (those < p, in arrival order), then
 * (i > 0) sends one to its parent (i-1)/2; phase 2: rank 0 sends the result
 * to ranks 1, 2, ..., p-1 in turn and each of them receives it. No arithmetic
 * is done (the pattern only sends and receives). The repetition takes the
 * latest rank. All messages have msg_bytes bytes. h = x. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int d, nchild = (2 * c->rank + 1 < c->p) + (2 * c->rank + 2 < c->p);
    if (hrel_pat_recv_any(c, nchild) < 0)
        return -1;
    if (c->rank > 0) {
        if (hrel_pat_send(c, (c->rank - 1) / 2) < 0)
            return -1;
        return hrel_pat_recv(c, 0);
    }
    for (d = 1; d < c->p; d++)
        if (hrel_pat_send(c, d) < 0)
            return -1;
    return 0;
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    if (rank == 0)
        return dest != 0;
    return dest == (rank - 1) / 2;
}

const hrel_pattern hrel_pat_red = {
    "RED", run, sends_to,
};
