#!/bin/bash
# one untraced lan-coax matrix ring (hrel_ring -n 4 -b 1024 -r 1000) in this
# fresh VM, tcpdump on coax1..coax4's eth0; then the master's RTT table
OUT=${1:?usage: capcoax.sh OUTDIR}; mkdir -p "$OUT"
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
pids=""
for h in 1 2 3 4; do ns=$(cat "$HREL_PLATFORM_STATE"/ns.coax$h)
  ip netns exec "$ns" tcpdump -i eth0 -n -s 64 -w "$OUT/coax$h.pcap" udp >/dev/null 2>&1 & pids="$pids $!"; done
sleep 1
t0=$(date +%s.%N); $B -n 4 -b 1024 -r 1000 >/dev/null 2>&1; t1=$(date +%s.%N)
echo "run $(echo "$t1 - $t0" | bc)" > "$OUT/time.txt"
sleep 0.3; kill $pids; wait 2>/dev/null
$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt > "$OUT/rtt_after.txt" 2>&1
