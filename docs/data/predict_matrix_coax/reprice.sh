#!/bin/bash
# reprice.sh PLATFORM OUT [SRC]: price the stored cells of PLATFORM (lan-coax or
# lan-coax-wire; SRC, default docs/data/predict_matrix_coax/PLATFORM: another platform's
# stored matrix of the same form, SRC/cells/CELL, SRC/char, SRC/info, as
# docs/data/predict_matrix_utpwire for lan-utp-wire) again with this checkout's hrel,
# in a copy OUT laid out as a matrix folder (OUT/cells/PLATFORM/CELL, OUT/char), each
# cell without its own calibration.csv and lifecycle.csv given the characterisation's
# (the coax cells keep neither; with them the code the cells were priced by gives
# their stored predictions exactly); then experiments/predict_matrix.sh --reprice.
# Run from the checkout's root; the runs stay the cells' own.
set -eu
p=$1 out=$2
D=${3:-docs/data/predict_matrix_coax/$p}
rm -rf "$out"; mkdir -p "$out/cells" "$out/char"
cp -r "$D/cells" "$out/cells/$p"; cp -r "$D/char/." "$out/char/"; cp "$D/info" "$out/"
for c in "$out/cells/$p"/*/; do
    for f in calibration lifecycle; do
        [ -s "$c/$f.csv" ] || cp "$out/char/$p-daemon/$f.csv" "$c"
    done
done
experiments/predict_matrix.sh --reprice --run "$out" --platforms "$p"
