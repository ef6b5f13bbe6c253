#!/bin/bash
# store.sh SRC SET [CHAR]: keep the local matrix folder SRC (predict_matrix.sh
# --platforms local) here as SET: each cell's files through
# docs/data/share_emulated/keep.sh plus every traced run's trace (runK/msgs.csv
# and calibration.csv, for docs/data/replay_all/replay_all.sh), the
# characterisation it was priced with (CHAR, default SRC/char: fit.csv,
# raw.csv and the files beside them) in char/, the matrix's info and tables
# (goal.csv and goal.md where the matrix has them: experiments/matrix_goal.sh).
# Run from the checkout's root.
set -eu
src=$1 set=$2 char=${3:-$1/char}
D=docs/data/predict_matrix_local/$set
rm -rf "$D"; mkdir -p "$D/cells/local"
for c in "$src"/cells/local/*/; do
    n=$(basename "$c")
    docs/data/share_emulated/keep.sh "$c" "$D/cells/local/$n"
    docs/data/share_emulated/keep_runs.sh "$c" "$D/cells/local/$n"
done
for r in daemon direct; do
    mkdir -p "$D/char/local-$r"
    for f in calibration.csv fit.csv lifecycle.csv pvmd_cpu.csv setup.csv raw.csv cases.csv sizes.csv; do
        [ ! -e "$char/local-$r/$f" ] || cp "$char/local-$r/$f" "$D/char/local-$r/"
    done
done
cp "$src/info" "$D/"
for f in matrix.csv summary.csv summary.md cells.md; do cp "$src/$f" "$D/$f"; done
for f in goal.csv goal.md; do [ ! -s "$src/$f" ] || cp "$src/$f" "$D/$f"; done
