/* Serial broadcast (SB), the native broadcast of p4 1.3 in 003 section 3.1
 * (figure 12): rank 0 sends the message to ranks 1, 2, ..., p-1 in turn, one
 * pvm_send each; every other rank receives it. The repetition takes the
 * latest rank: the completion time of the broadcast. Timing-wise the same
 * sends as POA, named as the hyperbolic experiments name it. h = x. */
#include "pattern.h"

const hrel_pattern hrel_pat_sb = {
    "SB", hrel_pat_poa_run, hrel_pat_poa_sends_to,
};
