#!/bin/bash
# reprice.sh: the six local direct-route cells of this folder (5 + 5 runs each, 2026-11-26
# about 12:17-12:20 UTC, predict_matrix.sh --platforms local --cells
# stencil-d,farm-d,fft,fftccm,psrs,demo16 --runs 5 with char_poll3 as local-direct) priced
# again with each characterisation char_*/ (quick studies of the direct route right after
# the runs: char_poll4..6 with the benchmark's receivers polling, char_block4..6 blocking,
# interleaved; docs/data/pvm_examples/quick_poll_block.sh). Prints per characterisation
# the replay's median / max |error| against the traced and the untraced medians and each
# cell's error against the untraced median (%, positive = predicted short).
set -u
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
for c in "$HERE"/char_*/; do
    c=${c%/}; n=${c##*/char_}
    T=$(mktemp -d)
    mkdir -p "$T/m" && cp -r "$HERE/cells" "$HERE/summary.csv" "$HERE/matrix.csv" "$T/m/"
    "$ROOT/experiments/predict_matrix.sh" --reprice --run "$T/m" --char "$c" --platforms local >"$T/log" 2>&1 ||
        { echo "$n: reprice failed: $(tail -n 1 "$T/log")"; rm -rf "$T"; continue; }
    echo "$n g=$(grep '^PP,2,' "$c/local-direct/fit.csv" | cut -d, -f3) $(grep '^| local | direct | same | replay |' "$T/m/summary.md" | cut -d'|' -f7,8) :: $(grep '^local,' "$T/m/matrix.csv" | grep ',direct,' | grep ',replay,' | cut -d, -f2,10 | tr '\n' ' ')"
    rm -rf "$T"
done
