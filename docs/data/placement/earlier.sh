#!/bin/bash
# The first three joinleave folders of "Where the scheduler puts the pvmd"
# (docs/predict.md), as they were run by hand (2026-11-26, session 19, 20:36-20:38 UTC):
# jl_same under `taskset -c 0` (one core for everything), jl_free1 and jl_free2 free;
# matrix D's local daemon-route characterisation, 5 + 5 runs. Kept in earlier/ by
# ../pvm_examples/keep.sh OUT earlier all.
# usage: earlier.sh OUT
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
O=${1:?usage: earlier.sh OUT}
F=$ROOT/docs/data/predict_matrix_lcnow/char/local-daemon/fit.csv
export PVM_ALLOW_ROOT=yes
mkdir -p "$O"
taskset -c 0 "$ROOT/experiments/predict.sh" --platform local --runs 5 --fit "$F" --run "$O/jl_same" \
    -- /usr/bin/joinleave 200 >"$O/jl_same.log" 2>&1
for i in 1 2; do
    "$ROOT/experiments/predict.sh" --platform local --runs 5 --fit "$F" --run "$O/jl_free$i" \
        -- /usr/bin/joinleave 200 >"$O/jl_free$i.log" 2>&1
done
