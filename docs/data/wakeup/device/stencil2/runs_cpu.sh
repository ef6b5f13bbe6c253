#!/bin/bash
# runs_cpu.sh -- per traced run of the device's stencil2: its time, and each rank's CPU
# in its gaps (msgs.csv gap_cpu_s) and in its PVM calls (calls.csv, hrel trace calls)
cd "$(dirname "$0")"
for k in 1 2 3 4 5; do
    printf 'run%d %s s:' "$k" "$(cat run$k/time)"
    grep -v '^#' run$k/msgs.csv | awk -F, 'NR > 1 { c[$1] += $10 } END { for (r = 0; r in c; r++) printf "  rank %d gaps %.4f s CPU", r, c[r] }'
    grep -v '^#' run$k/calls.csv | awk -F, 'NR > 1 && ($4 == "send" || $4 == "recv") { c += $7 } END { printf ";  in sends and receives %.4f s CPU\n", c }'
done
