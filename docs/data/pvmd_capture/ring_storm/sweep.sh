#!/bin/bash
# time hrel_ring -n 3 -r 500 at several sizes, 3 runs each, in one VM
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
for rep in 1 2 3; do
for b in 8 512 1024 2048 4000; do
  t0=$(date +%s.%N); $B -n 3 -b $b -r 500 >/dev/null 2>&1; t1=$(date +%s.%N)
  echo "$b $rep $(echo "$t1 - $t0" | bc)"
done; done
