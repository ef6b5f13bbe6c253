/* n disjoint pairs (PAIRS), the parameter experiment of 003 section 4: ranks
 * 2i and 2i+1 (i = 0..p/2-1) form n = p/2 pairs; at the common start every even
 * rank sends one message of x = msg_bytes bytes to its odd partner, which
 * receives it. The sender is done when pvm_send returns, the receiver when the
 * message is unpacked; the repetition takes the latest rank, the delivery time
 * T(x, n; a', b') of formula 16 with n messages contending for the network.
 * Timing-wise this is PP under another name, kept apart so that `hrel hyper
 * fit` finds its rows. h = x (the hyperbolic patterns sweep message sizes). */
#include "pattern.h"

const hrel_pattern hrel_pat_pairs = {
    "PAIRS", hrel_pat_pp_run, hrel_pat_pp_sends_to,
};
