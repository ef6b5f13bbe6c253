#!/bin/bash
# wire_counters.sh: hrel_stencil -p 3 -i 40 -w 10 on lan-coax-wire, untraced, three runs in
# one virtual machine, the wire's counters (kill -USR1) before and after each; run inside
# `hostfiles/platform.sh run lan-coax-wire --no-probe --` (docs/predict.md, tc's switched
# ports ..., "Left"; output: wire_counters.txt)
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_stencil
ctr() { kill -USR1 "$HREL_WIRE_PID"; sleep 0.3; grep '^hrel-wire: frames_in' "$HREL_WIRE_LOG" | tail -n 1; }
for k in 1 2 3; do
  c0=$(ctr); t0=$(date +%s.%N); $B -p 3 -i 40 -w 10 >/dev/null 2>&1; t1=$(date +%s.%N); c1=$(ctr)
  echo "run $k $(echo "$t1 - $t0" | bc)"; echo "  before: $c0"; echo "  after:  $c1"
done
