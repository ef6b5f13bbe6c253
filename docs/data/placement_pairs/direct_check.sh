#!/bin/bash
# direct_check.sh: local's direct-route spread (spread/local_both_routes.csv, written by
# install_local.sh from matrices H, I and J) checked on the stored matrices K and L, which
# it never saw (experiments/spread.sh --coverage --check, each cell's recommended model).
# Why local.csv keeps only the daemon route's rows. Run from anywhere.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
S=$ROOT/docs/data/predict_matrix/spread/local_both_routes.csv
date -u +"# %FT%TZ at $(git -C "$ROOT" rev-parse --short HEAD): $(grep '^direct,replay,' "$S")"
for m in K L; do
    echo "# matrix $m"
    "$ROOT/experiments/spread.sh" --coverage --check "$S" "$ROOT/docs/data/predict_matrix_local/$m/cells/local" 2>&1 |
        awk -F, '/^#/ { print; next } $3 == "direct" || NR == 1'
done
