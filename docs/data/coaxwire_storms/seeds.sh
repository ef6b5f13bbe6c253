#!/bin/bash
# seeds.sh: the replay of lan-coax-wire-5's stencil3 (its stored trace and characterisation,
# the replay of ../pvmd_capture/wire_counters.txt: the wire's CSMA/CD, pvmd's jitter) for seeds 1-31,
# one line per seed: seed, total s, copies, collisions. Output: seeds.txt
set -u
here=$(cd "$(dirname "$0")" && pwd)
c=$here/../heldout_daemon/lan-coax-wire-5/stencil3
H=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
echo "seed,total_s,copies,collisions"
for s in $(seq 1 31); do
  "$H" model replay "$c/predicting_msgs.csv" --medium bus --hosts-from "$c/predicting_msgs.csv" --daemon 8e-7 \
      --wire user --wire-delay 2e-6 --rtt0 0.024142 --pvmd-s 1.30534e-05 --pvmd-msg-s 1.37985e-05 \
      --jitter 6.44767e-05 --seed "$s" --lifecycle "$c/lifecycle.csv" 2>&1 |
    awk -v s="$s" '/sent again/ { c = $7 } /collisions/ { for (i = 1; i <= NF; i++) if ($(i+1) == "collisions") k = $i }
                   /^total/ { printf "%d,%.4f,%d,%d\n", s, $2, c, k }'
done
