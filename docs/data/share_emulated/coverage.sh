#!/bin/bash
# coverage.sh: how many untraced runs fall inside the 80 % interval from the
# measured spread (experiments/spread.sh --coverage), for replay_pvmd and for
# replay_pvmd_shared: each fresh fast-switch matrix leaving one program out,
# and each held-out set against the spread of the matrix whose characterisation
# priced it (held-2: E, held-3 and held-4: F); then every set against the reference
# matrix's spread (docs/data/predict_matrix/spread/fast-switch.csv), the one
# hrel predict uses by default on fast-switch. Prints one '# inside:' line per case.
# Run from the checkout's root.
set -eu
S=experiments/spread.sh
M=docs/data/predict_matrix_fastswitch
H=docs/data/heldout_daemon
for model in replay_pvmd replay_pvmd_shared; do
    for s in E F; do
        echo "$model, matrix $s, leave one program out: $("$S" --coverage --model "$model" "$M/$s/cells/fast-switch" | tail -n 1)"
    done
    echo "$model, held-2 against E's spread: $("$S" --coverage --model "$model" --check "$M/E/spread/fast-switch.csv" "$H"/fast-switch-2/*/ | tail -n 1)"
    for s in 3 4; do
        echo "$model, held-$s against F's spread: $("$S" --coverage --model "$model" --check "$M/F/spread/fast-switch.csv" "$H"/fast-switch-$s/*/ | tail -n 1)"
    done
done
R=docs/data/predict_matrix/spread/fast-switch.csv
for model in replay_pvmd replay_pvmd_shared; do
    for s in E F; do
        echo "$model, matrix $s against the reference matrix's spread: $("$S" --coverage --model "$model" --check "$R" "$M/$s/cells/fast-switch" | tail -n 1)"
    done
    for s in 2 3 4; do
        echo "$model, held-$s against the reference matrix's spread: $("$S" --coverage --model "$model" --check "$R" "$H"/fast-switch-$s/*/ | tail -n 1)"
    done
done
