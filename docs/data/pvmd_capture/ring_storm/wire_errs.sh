#!/bin/bash
# wire_errs.sh: hrel_ring -n 4 -b 1024 -r 1000 (the matrix's ring) six times on
# lan-utp-wire, the wire's counters (kill -USR1) before and after each run and the
# UDP datagrams the hosts sent; prints per run: seconds, datagrams, the wire's
# frames delivered and write errors during the run (run inside
# `hostfiles/platform.sh run lan-utp-wire --no-probe --`)
B=$HREL_ROOT/bin/$PVM_ARCH/hrel_ring
ctr() { kill -USR1 "$HREL_WIRE_PID"; sleep 0.3; grep '^hrel-wire: frames_in' "$HREL_WIRE_LOG" | tail -n 1; }
udp() { local s=0 f x; for f in "$HREL_PLATFORM_STATE"/ns.*; do [ "$f" = "$HREL_PLATFORM_STATE/ns.sw" ] && continue
        x=$(ip netns exec "$(cat "$f")" awk '$1 == "Udp:" && $2 ~ /^[0-9]+$/ { print $5 }' /proc/net/snmp); s=$((s + x)); done; echo $s; }
field() { sed -n "s/.* $1 \([0-9.]*\).*/\1/p"; }
echo "run seconds udp_datagrams_out wire_delivered wire_write_errors"
for k in 1 2 3 4 5 6; do
    c0=$(ctr); u0=$(udp)
    t0=$(date +%s.%N); $B -n 4 -b 1024 -r 1000 >/dev/null 2>&1; t1=$(date +%s.%N)
    c1=$(ctr); u1=$(udp)
    echo "$k $(echo "$t1 - $t0" | bc) $((u1 - u0)) $(( $(echo "$c1" | field delivered) - $(echo "$c0" | field delivered) )) $(( $(echo "$c1" | field write_errors) - $(echo "$c0" | field write_errors) ))"
done
