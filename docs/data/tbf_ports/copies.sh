#!/bin/bash
# copies.sh: the copies the docs and the closing note count outside compare.sh
# (run from anywhere; output: copies.txt):
#  - poll3 and farm3 of ../heldout_daemon/lan-utp-23: the full packets their untraced
#    runs re-sent (net.csv's datagrams over one frame less the program's full packets:
#    poll3 30 jobs x 4, farm3 20 jobs x 8) and the copies of the replay of the stored
#    trace (no jitter, the two buckets);
#  - a synthetic ring of 10^6 events (hrel trace synth --shape ring -p 16 --bytes 8192),
#    replayed on the daemon route at 100 Mbit/s on ports with both port models: copies,
#    total and the replay's own seconds.
set -u
here=$(cd "$(dirname "$0")" && pwd)
hrel=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
held=$here/../heldout_daemon/lan-utp-23
for p in poll3:120 farm3:160; do
    name=${p%%:*} full=${p#*:}
    awk -F, -v n="$name" -v f="$full" '$1 ~ /^untraced/ { printf "%s untraced run %s: %d re-sent\n", n, $1, $3 - f }' "$held/$name/net.csv"
    "$hrel" model replay "$held/$name/predicting_msgs.csv" --medium port --hosts-from "$held/$name/predicting_msgs.csv" \
        --daemon 8e-7 --wire tc --rtt0 0.0238 --pvmd-s 1.2e-05 --pvmd-msg-s 8.5e-05 \
        --lifecycle "$held/$name/lifecycle.csv" | awk -v n="$name" '/sent again/ { c = $7 } /^total/ { printf "%s replay: %s copies, %.4f s\n", n, c, $2 }'
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$hrel" trace synth --shape ring -p 16 --events 1M --bytes 8192 "$tmp/ring.csv" >/dev/null
for w in tc-joint tc; do
    s=$(date +%s.%N)
    "$hrel" model replay "$tmp/ring.csv" --daemon 8e-8 --hosts 8 --medium port --wire $w >"$tmp/out"
    e=$(date +%s.%N)
    awk -v w="$w" -v d="$(echo "$e - $s" | bc)" '/sent again/ { c = $7; k = $4; sub(/,$/, "", k) } /^total/ { printf "synthetic ring, --wire %s: %s packets, %s copies, total %.1f s, replayed in %.2f s\n", w, k, c, $2, d }' "$tmp/out"
done
