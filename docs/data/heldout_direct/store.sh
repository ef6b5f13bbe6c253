#!/bin/bash
# store.sh SRC DEST: keep what held_direct_price.sh needs of a held_direct.sh
# folder SRC in DEST: per program the files predict.sh priced with (fit, set-up,
# sizes, lifecycle, calibration, platform), its predict*.csv and hrel_predict.txt,
# and the traced run it predicted from in NAME/trace (msgs.csv, calibration.csv,
# calls.csv and the preload tracer's tev files); the quick study's small files in
# DEST/char (raw.csv included: its samples).
set -eu
src=${1:?usage: store.sh SRC DEST} dest=${2:?usage: store.sh SRC DEST}
mkdir -p "$dest/char"
for f in raw.csv fit.csv setup.csv sizes.csv lifecycle.csv calibration.csv pvmd_cpu.csv platform; do
    [ -e "$src/char/$f" ] && cp -r "$src/char/$f" "$dest/char/"
done
for d in "$src"/*/; do
    n=$(basename "$d")
    [ -s "$d/predict.csv" ] || continue
    mkdir -p "$dest/$n/trace"
    for f in calibration.csv fit.csv lifecycle.csv platform setup.csv sizes.csv pvmd_cpu.csv \
             predict.csv predict_untraced.csv hrel_predict.txt; do
        [ -e "$d/$f" ] && cp -r "$d/$f" "$dest/$n/"
    done
    r=$d/$(basename "$(sed -n 's/^# predicted_from: //p' "$d/predict.csv" | head -n 1)")
    cp "$r/msgs.csv" "$r/calibration.csv" "$r/calls.csv" "$dest/$n/trace/"
    cp -r "$r/tev" "$dest/$n/trace/"
done
