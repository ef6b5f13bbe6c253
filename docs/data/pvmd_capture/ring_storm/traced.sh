#!/bin/bash
# traced 512-byte rings in one VM (preload tracer), each into OUT/rK/tev
OUT=${1:?usage: traced.sh OUTDIR}; mkdir -p "$OUT"
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
for k in 1 2 3 4 5 6 7 8; do mkdir -p $OUT/r$k/tev
  t0=$(date +%s.%N)
  LD_PRELOAD=$HREL_ROOT/bin/$PVM_ARCH/libhrel_trace.so HREL_TRACE_DIR=$OUT/r$k/tev HREL_TRACE_RUN=r$k-$$ \
  PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN $B -n 3 -b ${SIZE:-512} -r 500 >/dev/null 2>&1
  t1=$(date +%s.%N); echo "r$k $(echo "$t1 - $t0" | bc)"
done
