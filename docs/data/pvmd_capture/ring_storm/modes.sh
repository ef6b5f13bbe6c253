#!/bin/bash
# 512-byte ring, 6 runs plain, 6 runs with two nice-19 spinners keeping both vCPUs busy, interleaved
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
for rep in 1 2 3 4 5 6; do
  t0=$(date +%s.%N); $B -n 3 -b ${SIZE:-512} -r 500 >/dev/null 2>&1; t1=$(date +%s.%N)
  echo "plain $rep $(echo "$t1 - $t0" | bc)"
  nice -n 19 sh -c 'while :; do :; done' & s1=$!
  nice -n 19 sh -c 'while :; do :; done' & s2=$!
  sleep 0.2
  t0=$(date +%s.%N); $B -n 3 -b ${SIZE:-512} -r 500 >/dev/null 2>&1; t1=$(date +%s.%N)
  kill $s1 $s2; wait $s1 $s2 2>/dev/null
  echo "spin $rep $(echo "$t1 - $t0" | bc)"
done
