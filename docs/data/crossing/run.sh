#!/bin/bash
# run.sh -- the evidence of docs/predict.md "Two first messages that cross",
# on lan-utp, each in a fresh virtual machine (hostfiles/platform.sh run):
#   fftccm/      one run of the validation matrix's fftccm (hrel_fft --algo ccm
#                -p 2 --n 262144 -r 1 -w 0) with tcpdump on utp1 (its eth0,
#                128-byte snaps): utp1.pcap.gz; timeline.txt: per 100 ms the TCP
#                bytes utp1 -> utp2, the daemon's UDP bytes utp2 -> utp1 and
#                their acks (timeline.py); acklat.txt: each daemon packet's ack
#                latency on utp1 and the ack-to-ack time, with and without
#                TCP leaving utp1 (acklat.py)
#   backlog.txt  utp1's tbf backlog (backlog.sh) sampled every 5 ms during another fftccm
#                run and during hrel_streamq's stream (the bytes queued ahead
#                of a pvmd's packet)
#   xfirst.csv   hrel_xfirst (a new pair's crossed first exchange and the same
#                exchange again), default sizes and repetitions
#   bulk.csv     hrel_streamq --probe-bytes 2097152 --reverse: a bulk transfer
#                through the pvmds against a direct-route stream
#   storm.txt    hrel_xfirst -s 1M --reps 2 with utp2's UDP datagrams sent
#                counted around it (utp2's task sends the crossed message)
# Beside them (not made by this script):
#   exchange/    the Exchange at 2 MB a message on lan-utp's direct route runs both
#                ways at once: hostfiles/platform.sh run lan-utp -- bin/LINUX64/hrel_bench
#                -q -P E,PP -p 2 -r 5 -s 215040,512k,1M,2M,4M --platform lan-utp
#                --hostfile hostfiles/lan-utp -o DIR (its raw.csv and cases.csv, at 315e47bd)
#   model_xfirst.sh, model_xfirst.txt: the replay's price of hrel_xfirst's exchange
# Needs root (network namespaces) and tcpdump (apt-get install tcpdump).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
export PVM_ALLOW_ROOT=yes HREL_ROOT=$ROOT
P=$ROOT/hostfiles/platform.sh B=$ROOT/bin/LINUX64
FFT="$B/hrel_fft --algo ccm -p 2 --n 262144 -r 1 -w 0"
mkdir -p "$HERE/fftccm"
{ echo "# $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD)"; } >"$HERE/when.txt"
"$P" run lan-utp -- bash -c '
  ns=$(cat "$HREL_PLATFORM_STATE"/ns.utp1)
  ip netns exec "$ns" tcpdump -i eth0 -n -s 128 -w "'"$HERE"'/fftccm/utp1.pcap" >/dev/null 2>&1 & tp=$!
  sleep 1; '"$FFT"' >"'"$HERE"'/fftccm/fft.out" 2>&1; sleep 0.5; kill $tp; wait 2>/dev/null' >/dev/null 2>&1
tcpdump -r "$HERE/fftccm/utp1.pcap" -n -tt 2>/dev/null >"$HERE/fftccm/utp1.txt"
python3 "$HERE/timeline.py" "$HERE/fftccm/utp1.txt" >"$HERE/fftccm/timeline.txt"
python3 "$HERE/acklat.py" "$HERE/fftccm/utp1.txt" >"$HERE/fftccm/acklat.txt"
gzip -f "$HERE/fftccm/utp1.pcap"; rm -f "$HERE/fftccm/utp1.txt"
"$P" run lan-utp -- bash -c "'$HERE/backlog.sh' /tmp/hrel_qd_fft.txt $FFT; '$HERE/backlog.sh' /tmp/hrel_qd_sq.txt $B/hrel_streamq -r 60 --reps 1" >/dev/null 2>&1
for f in fft sq; do
    awk -v w=$f '{ n++; if ($1 + 0 > 0) { m++; s += $1 } }
         END { printf "%s: %d samples every 5 ms, %d with a backlog, their mean %.0f bytes\n", (w == "fft" ? "fftccm" : "hrel_streamq -r 60 --reps 1"), n, m, (m ? s / m : 0) }' /tmp/hrel_qd_$f.txt
done >"$HERE/backlog.txt"
rm -f /tmp/hrel_qd_fft.txt /tmp/hrel_qd_sq.txt
"$P" run lan-utp -- "$B/hrel_xfirst" 2>/dev/null | grep -v '^probe \|^platform ' >"$HERE/xfirst.csv"
"$P" run lan-utp -- "$B/hrel_streamq" --probe-bytes 2097152 --reverse -r 5 --reps 2 2>/dev/null |
    grep -v '^probe \|^platform ' >"$HERE/bulk.csv"
"$P" run lan-utp -- bash -c 'ns=$(cat "$HREL_PLATFORM_STATE"/ns.utp2)
  u() { ip netns exec "$ns" awk "/^Udp:/ { n++ } n == 2 && /^Udp:/ { print \$5; exit }" /proc/net/snmp; }
  a=$(u); "'"$B"'/hrel_xfirst" -s 1M --reps 2 | grep -v "^#"; b=$(u)
  echo "utp2 UDP datagrams out: $((b - a)) (each crossed 1 MB: 261 packets through the pvmds)"' 2>/dev/null |
    grep -v '^probe \|^platform ' >"$HERE/storm.txt"
