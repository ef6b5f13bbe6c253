#!/bin/bash
# runs.sh: how the goal's own measure firms up with more untraced runs per cell:
# noise_floor.py --runs K (K = 5, 9, 15, 25) on the untraced runs of K, L and M pooled, and
# on those of K, L, M, N, O and P (N, O and P: 15 runs a cell); the share of draws of a whole
# matrix that meet issue 21's goal, for a model at the pooled medians and for each set's
# own predictions. Output: noise_floor_runs.txt (docs/predict.md, "Enough runs to know the
# median")
cd "$(dirname "$0")" || exit 1
for sets in "K L M" "K L M N O P"; do
    for k in 5 9 15 25; do
        echo "## sets $sets, draws of $k untraced runs"
        # shellcheck disable=SC2086  # the sets are words
        python3 noise_floor.py --runs "$k" $sets | sed -n '/^# the share/,$p'
    done
done
