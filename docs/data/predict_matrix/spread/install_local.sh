#!/bin/bash
# install_local.sh: local's daemon-route spread beside the validation matrix's summary,
# where `hrel predict` looks for spread/local.csv by default (docs/predict.md, "A
# program's own start-up, and L's draws"). Three local matrices of this project's
# machine (docs/data/predict_matrix_local/H, I and J: 10 daemon-route and 6
# direct-route cells, 5 untraced runs each), each cell's predicting run imported
# again from its kept tev files by this checkout (so the traces carry what the models
# now read: the start-up's and the calls' CPU), are priced again with this checkout's
# hrel (predict_matrix.sh --reprice, in a scratch folder), and experiments/spread.sh
# takes the ratios of all 240 runs, per route. local.csv keeps the daemon route's rows:
# the direct route's interval (its runs vary little, its predictions are off by a few
# per cent either way) held 37 of the 60 runs of matrices K and L, so local's direct
# route gets none. local_coverage.csv: each cell's interval from the other cells of its
# route (leave one program out), both routes; local_both_routes.csv: the spread of both
# routes (placement_pairs/direct_check.sh checks the direct route's on K and L). It is
# this machine's spread: on another machine, run spread.sh on its own predict.sh folders.
# Run from the checkout's root; run it again after a model change.
set -eu
H=docs/data/predict_matrix/spread
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
daemon=() direct=()
for m in H I J; do
    cp -r "docs/data/predict_matrix_local/$m" "$t/$m"
    docs/data/predict_matrix_local/reimport.sh "$t/$m" >&2 || { echo "install_local: importing $m failed" >&2; exit 1; }
    experiments/predict_matrix.sh --reprice --run "$t/$m" --platforms local >"$t/$m.log" 2>&1 ||
        { echo "install_local: repricing $m failed: $(tail -n 1 "$t/$m.log")" >&2; exit 1; }
    for c in "$t/$m"/cells/local/*/; do
        for r in daemon direct; do
            grep -q "(platform local, $r route" "$c/hrel_predict.txt" 2>/dev/null && eval "$r+=(\"\${c%/}\")"
        done
    done
done
experiments/spread.sh -o "$t/local.csv" "${daemon[@]}" "${direct[@]}" >/dev/null
{ experiments/spread.sh --coverage "${daemon[@]}"; experiments/spread.sh --coverage "${direct[@]}"; } \
    >"$t/local_coverage.csv" 2>/dev/null || true
line="# installed: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) by $H/install_local.sh from docs/data/predict_matrix_local/H, I and J, their predicting runs imported again and priced again (the cell: lines below name its scratch copy)"
{ echo "$line; the daemon route's rows"; grep -v '^direct,' "$t/local.csv"; } >"$H/local.csv"
{ echo "$line; both routes (not read by hrel predict: the direct route's check)"; cat "$t/local.csv"; } \
    >"$H/local_both_routes.csv"
{ echo "$line"; cat "$t/local_coverage.csv"; } >"$H/local_coverage.csv"
grep -E '^(daemon|direct),replay,' "$t/local.csv" | sed 's/^/local: /'
grep '^# inside' "$H/local_coverage.csv"
