#!/bin/bash
# model_pairs.sh: the held-out lan-utp ring (docs/data/heldout_daemon/lan-utp/ring3)
# replayed by the packet model with pvmd's jitter, three seeds: the shipped wire (8e-7 s/B)
# and 20 us per pvmd action, 5 us per action, and the wire at the captures' 0.525 ms per
# 602-byte frame (8.72e-7 s/B) with 12 us (a 50 us round-trip estimate, as the runs') and
# 5 us; per pair of ranks its deliveries (pairs.py --timeline)
cd "$(dirname "$0")" || exit 1
H=../../../../bin/${PVM_ARCH:-LINUX64}/hrel T=../../heldout_daemon/lan-utp/ring3/predicting_msgs.csv
for cfg in "8e-7 2e-5" "8e-7 5e-6" "8.72e-7 1.2e-5" "8.72e-7 5e-6"; do set -- $cfg; g=$1 ps=$2
for s in 1 2 3; do
    echo "wire $g pvmd-s $ps seed $s: $($H model replay $T --daemon $g --rtt0 0.0238 --wire tc --medium port \
        --hosts-from $T --pvmd-s $ps --jitter 1.35e-5 --seed $s --interval 1 --timeline /tmp/ring_storm_tl.csv 2>&1 |
        grep -E '^# pvmd packets|^total' | tr '\n' ' ')"
    python3 pairs.py --timeline /tmp/ring_storm_tl.csv
done; done
rm -f /tmp/ring_storm_tl.csv
