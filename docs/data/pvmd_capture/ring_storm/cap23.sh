#!/bin/bash
# traced 512-byte rings with tcpdump on hosts 2 and 3 only; K runs in one VM
OUT=${1:?usage: cap23.sh OUTDIR}; mkdir -p "$OUT"
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
for k in 1 2 3 4 5; do
  mkdir -p $OUT/r$k/tev; pids=""
  for h in 2 3; do ns=$(cat "$HREL_PLATFORM_STATE"/ns.utp$h)
    ip netns exec "$ns" tcpdump -i eth0 -n -w "$OUT/r$k/utp$h.pcap" udp >/dev/null 2>&1 & pids="$pids $!"; done
  sleep 1
  t0=$(date +%s.%N)
  LD_PRELOAD=$HREL_ROOT/bin/$PVM_ARCH/libhrel_trace.so HREL_TRACE_DIR=$OUT/r$k/tev HREL_TRACE_RUN=r$k-$$ \
  PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN $B -n 3 -b 512 -r 500 >/dev/null 2>&1
  t1=$(date +%s.%N); echo "r$k $(echo "$t1 - $t0" | bc)"
  sleep 0.3; kill $pids; wait 2>/dev/null
done
