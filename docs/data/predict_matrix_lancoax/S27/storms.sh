#!/bin/bash
# storms.sh: lan-coax matrix S27's daemon-route cells, each untraced run's time against the
# UDP datagrams its hosts sent and those over one frame (net.csv: pvmd's packets, acks and
# re-sent copies; over one frame: its packets of more than 1500 bytes), sorted by time;
# per cell the least datagrams seen (the runs' floor) and the milliseconds each datagram
# above it added (least squares over the 15 runs). Then the stencil's predicting trace
# replayed by the packet model with the cell's parameters (hrel_predict.txt: tc's HTB of 8
# stations, the RTT estimate at the start, pvmd's time per datagram and jitter) for seeds
# 1-5: its total, packets and copies. Output: storms.txt. (store.sh replaces this folder:
# keep a copy of these two files when storing S27 again.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
H=$here/../../../../bin/${PVM_ARCH:-LINUX64}/hrel
for c in exit1 ring stencil farm poll; do
    d=$here/cells/lan-coax/$c
    echo "# $c: untraced run (s), UDP datagrams, datagrams over one frame"
    paste -d, <(sed -n 's/^# measured_runs_s: //p' "$d/predict_untraced.csv" | tr ',' '\n') \
              <(awk -F, '/^untraced/ { print $2 "," $3 }' "$d/net.csv") | sort -t, -g -k1,1 |
        awk -F, '{ printf "%.3f %d %d\n", $1, $2, $3; x[NR] = $2; y[NR] = $1; if (NR == 1 || $2 < lo) lo = $2 }
                 END { for (i = 1; i <= NR; i++) { sx += x[i]; sy += y[i] } mx = sx / NR; my = sy / NR
                       for (i = 1; i <= NR; i++) { sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) ^ 2 }
                       printf "floor %d datagrams; %.3f ms a datagram above it\n", lo, (sxx > 0 ? 1e3 * sxy / sxx : 0) }'
done
d=$here/cells/lan-coax/stencil
rtt=$(sed -n 's/.*RTT estimate at the start \([0-9.e-]*\) s.*/\1/p' "$d/hrel_predict.txt")
ps=$(sed -n 's/^# pvmd_cpu: \([0-9.e-]*\) s per datagram.*/\1/p' "$d/hrel_predict.txt")
jit=$(sed -n 's/^# pvmd_jitter: \([0-9.e-]*\) s per pvmd action.*/\1/p' "$d/hrel_predict.txt")
echo "# stencil's predicting trace, the packet model (rtt0 $rtt s, $ps s a datagram, jitter $jit s): seed, total s, packets, sent again"
for s in 1 2 3 4 5; do
    "$H" model replay "$d/predicting_msgs.csv" --medium bus --hosts-from "$d/predicting_msgs.csv" \
        --daemon 8e-7 --wire tc --htb 8 --rtt0 "$rtt" --pvmd-s "$ps" --jitter "$jit" --seed "$s" \
        --lifecycle "$d/lifecycle.csv" --platform lan-coax 2>&1 |
        awk -v s=$s '/^# pvmd packets/ { p = $4; a = $7; sub(/,/, "", p) } /^total/ { t = $2 }
                     END { printf "%d %.3f %s %s\n", s, t, p, a }'
done
