#!/bin/bash
# storm_state.sh HREL: the packet model's replay of lan-coax's matrix ring (S27's
# predicting trace, the values of model_samples.sh, seed 3) with the estimate a storm
# leaves: the pairs with the master pvmd start at RTT0 = 24 ms (as measured), 1 ms,
# 0.3 ms, 0.1 ms and 0.05 ms (the master's table held 72 us after a storm run,
# rtt_coax.txt); per RTT0 the packets, the copies and the total.
set -eu
H=${1:?usage: storm_state.sh HREL}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/ring_replay.sh"
for r in 0.023945 0.001 0.0003 0.0001 0.00005; do
    echo "rtt0 $r s: $(ring_replay "$H" "$r" 3 2>/dev/null |
        sed -n 's/^# pvmd packets \([0-9]*\), sent again \([0-9]*\).*/\1 packets, \2 sent again;/p; s/^total \(.*\)/total \1 s/p' | tr '\n' ' ')"
done
