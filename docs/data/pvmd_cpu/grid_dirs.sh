#!/bin/bash
# grid2.sh DIR J SHARE: replay_pvmd (bare replay, 31 seeds) on each daemon cell of DIR
H=$(cd "$(dirname "$0")/../../.." && pwd)/bin/${PVM_ARCH:-LINUX64}/hrel
C=$1 J=$2 SH=$3
line="J=$J share=$SH |"; errs=""
for d in "$C"/*/; do
    c=$(basename "$d")
    grep -q '^# route: daemon' "$d/predict.csv" 2>/dev/null || continue
    tr=$d/predicting_msgs.csv; [ -s "$tr" ] || continue
    med=$(sed -n 's/^# untraced_runs_s: //p' "$d/predict.csv" | tr ',' '\n' | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    rtt=$(sed -n 's/^# pvmd: .* rtt_untraced \([^ ]*\)$/\1/p' "$d/predict.csv"); [ -n "$rtt" ] || rtt=0.0238
    opt=""; [ "$SH" = 1 ] && opt="--shared-cores 2 --deliver-fair --pvmd-share --pvmd-after-s 1.8e-5"
    lc=""; [ -s "$d/lifecycle.csv" ] && lc="--lifecycle $d/lifecycle.csv"
    e=$($H model replay "$tr" --daemon 8e-9 --wire tc --medium port --rtt0 $rtt \
        --pvmd-s 1.8e-5 --jitter $J --interval 31 $opt --hosts-from "$tr" $lc | awk -v m="$med" '/^median/ { printf "%+.1f", 100 * (m - $2) / m }')
    line="$line $c $e"; errs="$errs $e"
done
echo "$line | max $(echo $errs | tr ' ' '\n' | tr -d '+-' | sort -g | tail -1)"
