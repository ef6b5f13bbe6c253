#!/bin/bash
# wire_runs.sh: hrel_ring -n 3 -b 512 -r 500 six times untraced, then the master
# pvmd's RTT table (run inside `hostfiles/platform.sh run lan-utp-wire --no-probe --`)
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
for k in 1 2 3 4 5 6; do
    t0=$(date +%s.%N); $B -n 3 -b 512 -r 500 >/dev/null 2>&1; t1=$(date +%s.%N)
    echo "run $k $(echo "$t1 - $t0" | bc)"
done
"$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt"
