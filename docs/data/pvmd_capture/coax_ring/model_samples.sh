#!/bin/bash
# model_samples.sh HREL [LABEL]: the packet model's replays of lan-coax's matrix ring
# (matrix S27's predicting trace, hrel_ring -n 4 -b 1024 -r 1000) on tc's HTB segment,
# with that cell's pvmd values (wire g 8e-7 s/B, RTT at start 23.945 ms, 15.3 us per
# datagram, jitter 31.1 us): the totals of 31 seeds, sorted, and the RTT samples of
# the pair 1 -> 2 in seeds 1-4 (modelsamples.py), as samples.py reads a capture.
# HREL: an hrel binary (this checkout's, or one built at another commit).
set -eu
H=${1:?usage: model_samples.sh HREL [LABEL]}; label=${2:-$H}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/ring_replay.sh"
o=$(mktemp -d); trap 'rm -rf "$o"' EXIT
rep() { ring_replay "$H" 0.023945 "$@"; }
echo "# $label"
echo -n "totals of seeds 1-31 (s):"
for s in $(seq 1 31); do rep "$s" 2>/dev/null | sed -n 's/^total //p'; done | sort -g | awk '{ printf " %.3f", $1 } END { print "" }'
for s in 1 2 3 4; do
    rep "$s" --packets "$o/p.csv" >/dev/null 2>&1
    echo "seed $s: $(python3 "$here/modelsamples.py" "$o/p.csv" | grep '^1->2')"
done
