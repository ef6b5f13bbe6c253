#!/bin/bash
# store_matrix.sh SRC DST: keep the validation matrix folder SRC (predict_matrix.sh, every platform it
# ran) in DST (docs/data/predict_matrix_DATE): each cell through keep.sh (beside this script) plus every traced run's trace
# (runK/msgs.csv, calibration.csv, time) on local, the cross cells' predict_x*.csv, the
# characterisations (fit.csv, raw.csv, cases.csv and the files beside them) in char/, and
# the matrix's info and tables. Run from the checkout's root.
set -eu
src=${1:?usage: store_matrix.sh SRC DST}
D=${2:?usage: store_matrix.sh SRC DST}
rm -rf "$D/cells" "$D/char"
for c in "$src"/cells/*/*/; do
    p=$(basename "$(dirname "$c")"); n=$(basename "$c")
    [ -s "$c/predict.csv" ] || continue
    docs/data/share_emulated/keep.sh "$c" "$D/cells/$p/$n"
    for f in predict_x.csv predict_x_untraced.csv; do [ ! -s "$c/$f" ] || cp "$c/$f" "$D/cells/$p/$n/"; done
    [ "$p" != local ] || docs/data/share_emulated/keep_runs.sh "$c" "$D/cells/$p/$n"
done
for d in "$src"/char/*/; do
    n=$(basename "$d"); mkdir -p "$D/char/$n"
    for f in calibration.csv fit.csv lifecycle.csv pvmd_cpu.csv setup.csv raw.csv cases.csv sizes.csv streamq.csv wire.csv; do
        [ ! -e "$d/$f" ] || cp "$d/$f" "$D/char/$n/"
    done
done
cp "$src/info" "$D/"
for f in matrix.csv summary.csv summary.md cells.md goal.csv goal.md matrix.png; do [ ! -s "$src/$f" ] || cp "$src/$f" "$D/$f"; done
