#!/bin/bash
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt
for k in 1 2 3; do
t0=$(date +%s.%N); $B -n 3 -b 512 -r 500 >/dev/null 2>&1; t1=$(date +%s.%N); echo "run $k $(echo "$t1 - $t0" | bc)"
$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt
done
