#!/bin/bash
# Matrix D's fast-switch daemon-route cells replayed four ways (docs/predict.md, "The
# fast-switch stencil"): no sharing; the tasks sharing the 2 cores; and the pvmds'
# actions on them; and their second datagram. pvmd 18 us per datagram (fast-switch.csv),
# jitter 14.8 us (the cells' setup.csv; JITTER=S another), 31 seeds: % = (untraced median - median) / it.
# usage: share_variants.sh [CELLS_DIR]
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
H=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
C=${1:-$ROOT/docs/data/predict_matrix_lcnow/cells/fast-switch}
echo "| cell | untraced median s | no sharing | tasks share 2 cores | + the pvmds' actions | + their second datagram |"
for c in exit1 farm fmw groups poll ring short stdin stencil; do
    med=$(sed -n 's/^# untraced_runs_s: //p' "$C/$c/predict.csv" | tr ',' '\n' | sort -g |
          awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    printf '| %s | %s |' "$c" "$med"
    for opt in "" "--shared-cores 2 --deliver-fair" "--shared-cores 2 --deliver-fair --pvmd-share" \
               "--shared-cores 2 --deliver-fair --pvmd-share --pvmd-after-s 1.8e-5"; do
        # shellcheck disable=SC2086
        "$H" model replay "$C/$c/predicting_msgs.csv" --daemon 8e-9 --wire tc --medium port --rtt0 0.0238 \
            --pvmd-s 1.8e-5 --jitter "${JITTER:-1.48e-5}" --interval 31 $opt --hosts-from "$C/$c/predicting_msgs.csv" \
            --lifecycle "$C/$c/lifecycle.csv" | awk -v m="$med" '/^median/ { printf " %+.1f |", 100 * (m - $2) / m }'
    done
    echo
done
