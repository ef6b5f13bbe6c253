#!/bin/bash
# poll_vs_block.sh: PingPong of 1 MB between two tasks on this host (direct route), the
# receiver polling (hrel_bench's default when each rank has a core) against blocking in
# pvm_trecv (what PVM programs such as timing do), interleaved, 60 repetitions each, twice.
# Run it in a virtual machine of your own (PVM_TMP, a hostfile with bin/LINUX64 in ep=).
# Prints per block: the repetitions' min, median and 90th percentile (one way, ms).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
T=$(mktemp -d)
for i in 1 2; do
    for m in poll block; do
        "$ROOT/bin/LINUX64/hrel_bench" -q -P PP -p 2 -s 1000000 -r 60 --recv "$m" -o "$T/$m$i" 2>/dev/null ||
            { echo "hrel_bench --recv $m failed"; continue; }
        grep '^PP,2,1000000,' "$T/$m$i/raw.csv" | cut -d, -f6 | sort -g |
            awk -v m=$m '{ v[NR] = $1 } END { printf "%-5s n %d  min %.3f  median %.3f  p90 %.3f ms\n", m, NR, 1e3 * v[1], 1e3 * v[int((NR + 1) / 2)], 1e3 * v[int(NR * 0.9)] }'
    done
done
rm -rf "$T"
