/* Binary-tree broadcast (BT) of 003 section 3.1 (figure 10): rank 0 is the
 * root; rank i > 0 first receives the message from its parent (i-1)/2, then
 * every rank i sends it to its left child 2i+1 and then to its right child
 * 2i+2 (those < p), one pvm_send each. A rank is done when its last send has
 * returned (a leaf: when its receive is unpacked); the repetition takes the
 * latest rank, the completion time of the broadcast. Every message carries
 * msg_bytes bytes (content personalised per destination so each receiver can
 * check it; the size, not the bytes, is what is timed). h = x. */
#include "pattern.h"

static int run(hrel_pat_ctx *c)
{
    int child;
    if (c->rank > 0 && hrel_pat_recv(c, (c->rank - 1) / 2) < 0)
        return -1;
    for (child = 2 * c->rank + 1; child <= 2 * c->rank + 2 && child < c->p; child++)
        if (hrel_pat_send(c, child) < 0)
            return -1;
    return 0;
}

static int sends_to(int rank, int p, int dest)
{
    (void)p;
    return dest == 2 * rank + 1 || dest == 2 * rank + 2;
}

const hrel_pattern hrel_pat_bt = {
    "BT", run, sends_to,
};
