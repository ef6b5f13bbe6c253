#!/bin/bash
# reprice.sh PLATFORM OUT: price the stored cells of PLATFORM (lan-coax or
# lan-coax-wire) again with this checkout's hrel, in a copy OUT laid out as a
# matrix folder (OUT/cells/PLATFORM/CELL, OUT/char), each cell given the
# characterisation's calibration.csv and lifecycle.csv (the cells keep neither;
# with them the code the cells were priced by gives their stored predictions
# exactly); then experiments/predict_matrix.sh --reprice. Run from the
# checkout's root; the runs stay the cells' own.
set -eu
p=$1 out=$2
D=docs/data/predict_matrix_coax/$p
rm -rf "$out"; mkdir -p "$out/cells" "$out/char"
cp -r "$D/cells" "$out/cells/$p"; cp -r "$D/char/." "$out/char/"; cp "$D/info" "$out/"
for c in "$out/cells/$p"/*/; do
    cp "$out/char/$p-daemon/calibration.csv" "$out/char/$p-daemon/lifecycle.csv" "$c"
done
experiments/predict_matrix.sh --reprice --run "$out" --platforms "$p"
