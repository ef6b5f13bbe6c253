#!/bin/bash
# reprice.sh OUT -- matrix D's local cells (../predict_matrix_lcnow) priced again
# with `hrel predict --wakeup`: the daemon cells with wakeup_daemon.csv, the
# direct ones with wakeup_direct.csv (hrel_wakeup, each in a fresh virtual
# machine on this machine, 2026-11-26 14:40 UTC). The runs stay the cells';
# OUT gets the repriced copy and before_after.csv (error % against the
# traced and the untraced medians, replay). docs/predict.md, "A receiver woken
# behind a computing sender".
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
OUT=${1:?usage: reprice.sh OUT}
rm -rf "$OUT"; mkdir -p "$OUT"
cp -r "$HERE/../predict_matrix_lcnow" "$OUT/matrix"
M=$ROOT/experiments/predict_matrix.sh
"$M" --reprice --run "$OUT/matrix" --platforms local --predict-opt "--wakeup=$HERE/wakeup_daemon.csv" \
    --cells exit1,farm,fmw,groups,poll,ring,short,stdin,stencil,stencil2 >"$OUT/daemon.log" 2>&1
"$M" --reprice --run "$OUT/matrix" --platforms local --predict-opt "--wakeup=$HERE/wakeup_direct.csv" \
    --cells demo16,farm-d,fft,fftccm,psrs,stencil-d >"$OUT/direct.log" 2>&1
pick() { awk -F, '$1 == "local" && $5 == "replay" { print $2 "," $3 "," $9 "," $10 }' "$1" | sort; }
{ echo "cell,route,traced_before_pct,untraced_before_pct,traced_after_pct,untraced_after_pct"
  join -t, <(pick "$HERE/../predict_matrix_lcnow/matrix.csv" | sed 's/,/:/') \
           <(pick "$OUT/matrix/matrix.csv" | sed 's/,/:/') | sed 's/:/,/'; } >"$OUT/before_after.csv"
cat "$OUT/before_after.csv"
