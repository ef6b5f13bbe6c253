#!/bin/bash
# psrs_counters.sh: run inside the fast-switch platform (hostfiles/platform.sh run
# fast-switch --no-probe -- docs/data/incast/psrs_counters.sh); N runs (default 12) of the
# matrix's psrs cell (direct route), each with the TCP retransmission timeouts of all
# hosts (TcpExt TCPTimeouts, /proc/net/netstat of each host namespace), the packets the
# switch ports' tbf dropped (tc -s qdisc in the switch namespace) and those of the hosts'
# own eth0 tbf. Output: one line per run (wall seconds of the whole program, its own
# sort time, the counters' increase).
B=$HREL_ROOT/bin/LINUX64
snap() {
  r=0; for h in fs1 fs2 fs3 fs4 fs5 fs6 fs7 fs8; do
    v=$(ip netns exec hrel.fast-switch.$h awk '/^TcpExt:/ { if (n++) { for (i=2;i<=NF;i++) v[i]=$i } else { for (i=2;i<=NF;i++) k[i]=$i } } END { for (i in k) if (k[i]=="TCPTimeouts") print v[i] }' /proc/net/netstat 2>/dev/null); r=$((r + ${v:-0})); done
  d=$(ip netns exec hrel.fast-switch.sw tc -s qdisc show 2>/dev/null | awk '/dropped/ { for (i=1;i<=NF;i++) if ($i=="(dropped") { gsub(",","",$(i+1)); s += $(i+1) } } END { print s+0 }')
  d2=$(for h in fs1 fs2 fs3 fs4 fs5 fs6 fs7 fs8; do ip netns exec hrel.fast-switch.$h tc -s qdisc show dev eth0; done 2>/dev/null | awk '/dropped/ { for (i=1;i<=NF;i++) if ($i=="(dropped") { gsub(",","",$(i+1)); s += $(i+1) } } END { print s+0 }')
  echo "$r $d $d2"
}
out_dir=$(mktemp -d) || exit 1
trap 'rm -rf "$out_dir"' EXIT
echo "# psrs_counters: $(date -u +%FT%TZ), commit $(git -C "$HREL_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores"
for i in $(seq 1 ${N:-12}); do
  a=($(snap)); t0=$(date +%s.%N)
  out=$($B/hrel_psrs -p 4 --n 262144 -r 1 -w 0 --out "$out_dir" 2>&1 | tail -1)
  t1=$(date +%s.%N); b=($(snap))
  echo "run $i wall $(echo "$t1 - $t0" | bc) timeouts $((b[0]-a[0])) swdrops $((b[1]-a[1])) hostdrops $((b[2]-a[2])) :: $out"
done
