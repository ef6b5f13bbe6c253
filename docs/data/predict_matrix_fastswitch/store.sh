#!/bin/bash
# store.sh SRC SET: keep the fast-switch matrix folder SRC (predict_matrix.sh
# --platforms fast-switch) here as SET: each cell's files through
# docs/data/share_emulated/keep.sh, the quick study's files in char/, the
# matrix's own tables and info; then price its cells again with this checkout
# (predict_matrix.sh --reprice: replay_pvmd_shared where the run predates it).
# Run from the checkout's root.
set -eu
src=$1 set=$2
D=docs/data/predict_matrix_fastswitch/$set
rm -rf "$D"; mkdir -p "$D/cells/fast-switch" "$D/char/fast-switch-daemon"
for c in "$src"/cells/fast-switch/*/; do
    docs/data/share_emulated/keep.sh "$c" "$D/cells/fast-switch/$(basename "$c")"
done
for f in calibration.csv fit.csv lifecycle.csv pvmd_cpu.csv pvmd_state.csv setup.csv; do
    cp "$src/char/fast-switch-daemon/$f" "$D/char/fast-switch-daemon/"
done
grep '^#' "$src/char/fast-switch-daemon/raw.csv" >"$D/char/fast-switch-daemon/raw_header.txt"
cp "$src/info" "$D/"
for f in matrix.csv summary.csv cells.md; do cp "$src/$f" "$D/as_run_$f"; done
experiments/predict_matrix.sh --reprice --run "$D" --platforms fast-switch >/dev/null
