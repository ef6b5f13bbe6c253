#!/bin/bash
# grid.sh GWIRE PVMD_S J DIR...: replay_pvmd (31 jittered replays' median) on every
# daemon-route cell folder of DIR against its untraced median; prints cell errors
H=$(cd "$(dirname "$0")/../../../.." && pwd)/bin/${PVM_ARCH:-LINUX64}/hrel
G=$1 PS=$2 J=$3; shift 3
line="pvmd_s=$PS J=$J |"; errs=""
for C in "$@"; do for d in "$C"/*/; do
    c=$(basename "$d")
    grep -q '^# route: daemon' "$d/predict.csv" 2>/dev/null || { grep -q 'replay_pvmd' "$d/predict.csv" || continue; }
    tr=$d/predicting_msgs.csv; [ -s "$tr" ] || continue
    med=$(sed -n 's/^# measured_runs_s: //p' "$d/predict_untraced.csv" | tr ',' '\n' | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    rtt=$(sed -n 's/^# pvmd: .* rtt_untraced \([^ ]*\)$/\1/p' "$d/predict.csv"); [ -n "$rtt" ] || rtt=0.0238
    lc=""; [ -s "$d/lifecycle.csv" ] && lc="--lifecycle $d/lifecycle.csv"
    jc=$(awk -F, '!/^#/ && $1 != "a" { print $6 }' "$d/setup.csv" | sort -g | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.4g", m / 8 }')
    j=$J; [ "$J" = cell ] && j=$jc
    ps=$PS; [ "$PS" = J ] && ps=$j
    e=$($H model replay "$tr" --daemon $G --wire tc --medium port --rtt0 $rtt \
        --pvmd-s $ps --jitter $j --interval 31 --hosts-from "$tr" $lc 2>/dev/null | awk -v m="$med" '/^median/ { printf "%+.1f", 100 * (m - $2) / m }')
    line="$line $c $e"; errs="$errs $e"
done; done
echo "$line | median $(echo $errs | tr ' ' '\n' | tr -d '+-' | sort -g | awk '{v[NR]=$1} END {print NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}') max $(echo $errs | tr ' ' '\n' | tr -d '+-' | sort -g | tail -1)"
