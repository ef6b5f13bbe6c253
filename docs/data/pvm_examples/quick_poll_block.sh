#!/bin/bash
# quick_poll_block.sh OUT: three pairs of quick studies of local's direct route, one with
# the benchmark's receivers polling (its default with a core per rank), one blocking
# (--recv block, as PVM programs receive), interleaved; prints each one's PP,2 line
# (pattern,procs,g,L,r2) as hrel fit --csv gives it (the mean of each case, as predict.sh
# fits). OUT/poll1 ... OUT/block3 keep the studies.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
O=${1:?usage: quick_poll_block.sh OUT}
mkdir -p "$O"
for i in 1 2 3; do
    for m in poll block; do
        d=$O/$m$i
        "$ROOT/experiments/study.sh" --quick --no-report --run "$d" -- --route direct --recv "$m" \
            >"$d.log" 2>&1 || { echo "$m$i: the study failed (see $d.log)"; continue; }
        "$ROOT/bin/LINUX64/hrel" fit "$d/raw.csv" --csv >"$d/fit.csv" 2>/dev/null
        echo "$m$i $(grep -E '^PP,2,' "$d/fit.csv" | cut -d, -f1-5)"
    done
done
