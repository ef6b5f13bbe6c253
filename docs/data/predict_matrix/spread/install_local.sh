#!/bin/bash
# install_local.sh: local's daemon-route spread beside the validation matrix's summary,
# where `hrel predict` looks for spread/local.csv by default (docs/predict.md, "A
# program's own start-up, and L's draws"). Three local matrices of this project's
# machine (docs/data/predict_matrix_local/H, I and J: 10 daemon-route cells, 5
# untraced runs each) are priced again with this checkout's hrel (predict_matrix.sh
# --reprice, in a scratch folder), and experiments/spread.sh takes the ratios of all
# 150 runs; only the daemon route's rows are kept (H's and I's stored traces predate
# the calls' CPU, which the direct route prices). local_coverage.csv: each cell's
# interval from the other cells (leave one program out). It is this machine's
# spread: on another machine, run spread.sh on its own predict.sh folders.
# Run from the checkout's root; run it again after a model change.
set -eu
H=docs/data/predict_matrix/spread
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cells=()
for m in H I J; do
    cp -r "docs/data/predict_matrix_local/$m" "$t/$m"
    experiments/predict_matrix.sh --reprice --run "$t/$m" --platforms local >"$t/$m.log" 2>&1 ||
        { echo "install_local: repricing $m failed: $(tail -n 1 "$t/$m.log")" >&2; exit 1; }
    for c in "$t/$m"/cells/local/*/; do
        grep -q '(platform local, daemon route' "$c/hrel_predict.txt" 2>/dev/null && cells+=("${c%/}")
    done
done
experiments/spread.sh -o "$t/local.csv" "${cells[@]}" >/dev/null
experiments/spread.sh --coverage "${cells[@]}" >"$t/local_coverage.csv" 2>/dev/null || true
line="# installed: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) by $H/install_local.sh from docs/data/predict_matrix_local/H, I and J priced again (the cell: lines below name its scratch copy); daemon route only"
{ echo "$line"; grep -v '^direct,' "$t/local.csv"; } >"$H/local.csv"
{ echo "$line"; cat "$t/local_coverage.csv"; } >"$H/local_coverage.csv"
echo "local: $(grep '^daemon,replay,' "$H/local.csv")"
tail -n 1 "$H/local_coverage.csv"
