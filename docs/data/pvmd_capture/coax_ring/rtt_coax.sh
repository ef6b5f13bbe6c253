#!/bin/bash
# the master pvmd's RTT table before and after lan-coax's matrix ring (one fresh VM)
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt
for k in 1 2 3 4 5 6; do
t0=$(date +%s.%N); $B -n 4 -b 1024 -r 1000 >/dev/null 2>&1; t1=$(date +%s.%N); echo "run $k $(echo "$t1 - $t0" | bc)"
$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt
done
