#!/bin/bash
# store.sh SRC SET [PLATFORM]: keep the matrix folder SRC of one emulated platform
# (predict_matrix.sh --platforms PLATFORM, default fast-switch) as SET: in this
# folder for fast-switch, else in ../predict_matrix_PLATFORM (dashes dropped):
# each cell's files through docs/data/share_emulated/keep.sh, the quick study's
# files in char/, the matrix's own tables and info; then price its cells again
# with this checkout (predict_matrix.sh --reprice: replay_pvmd_shared where the
# run predates it). Run from the checkout's root.
set -eu
src=$1 set=$2 plat=${3:-fast-switch}
D=docs/data/predict_matrix_$(tr -d "-" <<<"$plat")/$set
rm -rf "$D"; mkdir -p "$D/cells/$plat"
for c in "$src"/cells/"$plat"/*/; do
    docs/data/share_emulated/keep.sh "$c" "$D/cells/$plat/$(basename "$c")"
done
for r in daemon direct; do   # the routes the matrix characterised
    [ -d "$src/char/$plat-$r" ] || continue
    mkdir -p "$D/char/$plat-$r"
    for f in calibration.csv fit.csv lifecycle.csv pvmd_cpu.csv pvmd_state.csv setup.csv sizes.csv; do
        [ ! -e "$src/char/$plat-$r/$f" ] || cp "$src/char/$plat-$r/$f" "$D/char/$plat-$r/"
    done
    grep '^#' "$src/char/$plat-$r/raw.csv" >"$D/char/$plat-$r/raw_header.txt"
    cp "$src/char/$plat-$r/raw.csv" "$D/char/$plat-$r/"   # the samples (from set I on)
done
cp "$src/info" "$D/"
for f in matrix.csv summary.csv cells.md; do cp "$src/$f" "$D/as_run_$f"; done
experiments/predict_matrix.sh --reprice --run "$D" --platforms "$plat" >/dev/null
