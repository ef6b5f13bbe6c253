#!/bin/bash
# side.sh [CAPDIR]: the held-out stencil of 3 tasks on lan-utp (hrel_stencil -p 3
# -i 40 -w 10), packet by packet: its stored trace
# (../../heldout_daemon/lan-utp-5/stencil3) replayed on tc's two token buckets
# per path (--wire tc) and on one reservation of both links (--wire tc-joint),
# beside the captures of three untraced runs (CAPDIR/sK.utpH.pcap, default this
# folder's s1 gzipped; capture.sh of ../../pvmd_capture, 2026-11-27 05:03 UTC).
# Pairs 1->2 (rank 0 to rank 1, from utp1's capture) and 3->2 (utp3's).
set -u
here=$(cd "$(dirname "$0")" && pwd)
cap=${1:-}
hrel=$here/../../../../bin/${PVM_ARCH:-LINUX64}/hrel
cell=$here/../../heldout_daemon/lan-utp-5/stencil3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for w in tc tc-joint; do
    "$hrel" model replay "$cell/predicting_msgs.csv" --medium port --hosts-from "$cell/predicting_msgs.csv" \
        --daemon 8e-7 --wire $w --rtt0 0.023813 --pvmd-s 1.20989e-05 --pvmd-msg-s 8.51634e-05 \
        --lifecycle "$cell/lifecycle.csv" --packets "$tmp/$w.csv" | sed -n "s/^\(# pvmd packets.*\)/--wire $w: \1/p; s/^total/--wire $w: total/p"
done
if [ -z "$cap" ]; then
    for h in 1 3; do gunzip -c "$here/s1.utp$h.pcap.gz" >"$tmp/s1.utp$h.pcap"; done
    cap=$tmp runs=s1
else
    runs="s1 s2 s3"
fi
for s in $runs; do
    for pr in "1 2" "3 2"; do
        set -- $pr
        echo "== run $s, pair $1 -> $2, capture on utp$1"
        python3 "$here/../side_by_side.py" "$cap/$s.utp$1.pcap" "$1" "$2" 30 "$tmp/tc.csv" "$tmp/tc-joint.csv"
    done
done
