#!/bin/bash
# capture.sh OUT PROGRAM [ARGS...] -- run inside an emulated platform:
#   hostfiles/platform.sh run lan-utp --no-probe -- docs/data/pvmd_capture/capture.sh /tmp/c $PWD/bin/LINUX64/hrel_stencil -p 4 -i 30 -w 20
# captures the UDP traffic (pvmd to pvmd) on every host's eth0 while PROGRAM runs
# once, into OUT.HOST.pcap, and prints its wall time. Needs tcpdump (apt-get
# install tcpdump); not part of hrel's dependencies. Analysis: pcap_resends.py.
set -u
out=$1; shift
pids=""
for f in "$HREL_PLATFORM_STATE"/ns.*; do
    [ "$f" = "$HREL_PLATFORM_STATE/ns.sw" ] && continue
    ns=$(cat "$f")
    ip netns exec "$ns" tcpdump -i eth0 -n -w "$out.${ns##*.}.pcap" udp >/dev/null 2>&1 &
    pids="$pids $!"
done
sleep 1
t0=$(date +%s%N); "$@" >/dev/null 2>&1; rc=$?; t1=$(date +%s%N)
# libpcap hands tcpdump its packets in blocks, a block at the latest 1 s after
# its first packet (tcpdump's buffer timeout): kill tcpdump sooner and the
# run's last packets are lost (so they were in captures taken before
# 2026-11-27, with 0.3 s here: docs/predict.md, "tc's switched ports ...")
sleep 1.5
kill $pids 2>/dev/null; wait 2>/dev/null
echo "capture: exit $rc, wall $(( (t1 - t0) / 1000000 )) ms"
