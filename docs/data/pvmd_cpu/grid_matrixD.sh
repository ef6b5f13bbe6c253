#!/bin/bash
# grid over J, M (pvmd msg), sharing on matrix D fast-switch daemon cells
H=$(cd "$(dirname "$0")/../../.." && pwd)/bin/${PVM_ARCH:-LINUX64}/hrel
C=$(cd "$(dirname "$0")/../.." && pwd)/data/predict_matrix_lcnow/cells/fast-switch
J=$1 M=$2 SH=$3
line="J=$J M=$M share=$SH |"
errs=""
for c in exit1 farm fmw groups poll ring short stdin stencil; do
    med=$(sed -n 's/^# untraced_runs_s: //p' "$C/$c/predict.csv" | tr ',' '\n' | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    opt=""; [ "$SH" = 1 ] && opt="--shared-cores 2 --deliver-fair --pvmd-share --pvmd-after-s 1.8e-5"
    e=$($H model replay "$C/$c/predicting_msgs.csv" --daemon 8e-9 --wire tc --medium port --rtt0 0.0238 \
        --pvmd-s 1.8e-5 --pvmd-msg-s $M --jitter $J --interval 31 $opt --hosts-from "$C/$c/predicting_msgs.csv" \
        --lifecycle "$C/$c/lifecycle.csv" | awk -v m="$med" '/^median/ { printf "%+.1f", 100 * (m - $2) / m }')
    line="$line $c $e"
    errs="$errs $e"
done
echo "$line | max $(echo $errs | tr ' ' '\n' | tr -d '+-' | sort -g | tail -1)"
