#!/bin/bash
# pool.sh -- the validation matrix's summary that hrel predict's recommended line
# reads (summary.csv here, lib/model/recommend.h), pooled over every stored matrix
# this checkout's hrel can price again, each priced again by it
# (experiments/predict_matrix.sh --reprice in a scratch copy: the predictions are
# this hrel's, the runs are those the matrix measured). Run from the checkout's
# root after a model change; about 6 minutes.
#
# Writes here:
#   pool/NAME.csv      each stored matrix's matrix.csv as this hrel prices it
#   pool/goals.txt     each one's goal verdicts (experiments/matrix_goal.sh), its cells
#                      recommended by the pooled summary (a second pricing)
#   pool/loso.txt      the recommendation per platform and route from the pool, and
#                      from the pool without each matrix in turn (is it in-sample?)
#   summary.csv        experiments/matrix_summary.sh over pool/*.csv
#
# pool.sh --variant NAME -- OPT...: the same matrices priced with hrel predict's OPT...
# too (e.g. --no-lifecycle: a part of the model left out), only their pooled summary,
# into ablation/NAME.csv (nothing else here changes; about 6 minutes).
#
# The matrices (docs/data/...; NAME: platforms):
SETS="local_K:predict_matrix_local/K:local
local_L:predict_matrix_local/L:local
local_M:predict_matrix_local/M:local
local_N:predict_matrix_local/N:local
local_O:predict_matrix_local/O:local
local_P:predict_matrix_local/P:local
local_Q:predict_matrix_local/Q:local
local_R:predict_matrix_local/R:local
local_S:predict_matrix_local/S:local
local_T:predict_matrix_local/T:local
local_U:predict_matrix_local/U:local
local_V:predict_matrix_local/V:local
local_W:predict_matrix_local/W:local
local_X:predict_matrix_local/X:local
local_Z:predict_matrix_local/Z:local
Y_2026-11-27:predict_matrix_2026-11-27:local,lan-utp,fast-switch
S33_2026-11-28:predict_matrix_2026-11-28:lan-utp
M_2026-11-26:predict_matrix_2026-11-26:local,lan-utp,fast-switch
lcnow:predict_matrix_lcnow:local,lan-utp,fast-switch
cpu:predict_matrix_cpu:local,fast-switch
lanutp_S20:predict_matrix_lanutp/S20:lan-utp
lanutp_S23:predict_matrix_lanutp/S23:lan-utp
lanutp_D1:predict_matrix_lanutp/D1:lan-utp
fastswitch_D1:predict_matrix_fastswitch/D1:fast-switch
fastswitch_E:predict_matrix_fastswitch/E:fast-switch
fastswitch_F:predict_matrix_fastswitch/F:fast-switch
fastswitch_G:predict_matrix_fastswitch/G:fast-switch
fastswitch_H:predict_matrix_fastswitch/H:fast-switch
fastswitch_I:predict_matrix_fastswitch/I:fast-switch
lancoax_S20:predict_matrix_lancoax/S20:lan-coax
lancoax_S27:predict_matrix_lancoax/S27:lan-coax
lancoax_S28:predict_matrix_lancoax/S28:lan-coax
lancoaxwire_S20:predict_matrix_lancoaxwire/S20:lan-coax-wire
utpwire:predict_matrix_utpwire:lan-utp-wire"
# Left out: predict_matrix_2026-11-23 and _2026-11-25a (3 runs a cell; their emulated
# cells have no calibration.csv) and predict_matrix_coax/* (no calibration.csv): this
# hrel cannot price them. predict_matrix_utpwire keeps its cells as cells/CELL; its
# scratch copy moves them to cells/lan-utp-wire/CELL.
set -u -o pipefail
H=docs/data/predict_matrix
variant="" popt=()
if [ "${1:-}" = --variant ]; then
    [ $# -ge 2 ] && [[ $2 =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "pool: --variant needs a name" >&2; exit 2; }
    variant=$2; shift 2; [ "${1:-}" != -- ] || shift
    [ $# -gt 0 ] || { echo "pool: --variant $variant: give hrel predict's options after --" >&2; exit 2; }
    for o in "$@"; do popt+=(--predict-opt "$o"); done
elif [ $# -gt 0 ]; then
    echo "pool: unknown argument '$1' (pool.sh, or pool.sh --variant NAME -- OPT...)" >&2; exit 2
fi
[ -x experiments/predict_matrix.sh ] || { echo "pool: run from the checkout's root" >&2; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT

# price every matrix again; PASS 1 for matrix.csv, 2 for the goals under the new summary
price() {   # price NAME FOLDER PLATFORMS
    rm -rf "${t:?}/$1"; cp -r "docs/data/$2" "$t/$1"
    if [ -d "$t/$1/cells" ] && [ ! -d "$t/$1/cells/${3%%,*}" ]; then   # cells/CELL
        mkdir "$t/$1/c" && mv "$t/$1/cells" "$t/$1/c/$3" && mv "$t/$1/c" "$t/$1/cells"
    fi
    experiments/predict_matrix.sh --platforms "$3" --reprice "${popt[@]}" --run "$t/$1" >"$t/$1.log" 2>&1 ||
        { echo "pool: pricing $2 again failed: $(tail -n 1 "$t/$1.log")" >&2; exit 1; }
}
n=0
if [ -n "$variant" ]; then
    mkdir -p "$H/ablation"
    while IFS=: read -r name folder plats; do
        price "$name" "$folder" "$plats"
        n=$((n + 1)); echo "pool: $variant: $n $name priced again" >&2
    done <<<"$SETS"
    experiments/matrix_summary.sh -o "$t/v.csv" $(while IFS=: read -r name _; do echo "$t/$name"; done <<<"$SETS") || exit 1
    { grep '^# matrix_summary:' "$t/v.csv"
      echo "# from: the $n matrices of $H/pool.sh priced again with hrel predict $* (pool.sh --variant $variant)"
      grep -v '^#' "$t/v.csv"; } >"$H/ablation/$variant.csv"
    echo "pool: $n matrices; $H/ablation/$variant.csv"
    exit 0
fi
mkdir -p "$H/pool"
while IFS=: read -r name folder plats; do
    price "$name" "$folder" "$plats"
    cp "$t/$name/matrix.csv" "$H/pool/$name.csv"
    n=$((n + 1)); echo "pool: $n $name priced again" >&2
done <<<"$SETS"
experiments/matrix_summary.sh -o "$H/summary.csv" "$H"/pool/*.csv || exit 1

# the goals of each matrix, its cells recommended by the new summary
{ echo "# pool.sh: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD): each stored matrix priced"
  echo "# again by this hrel, its cells recommended by $H/summary.csv; experiments/matrix_goal.sh's verdicts"
  while IFS=: read -r name folder plats; do
      price "$name" "$folder" "$plats"
      experiments/matrix_goal.sh -o "$t/$name" "$t/$name" | sed "s|^|$name: |"
  done <<<"$SETS"; } >"$H/pool/goals.txt" || exit 1

# the recommendation (recommend.c's rule: among the models a user gets without
# --all-models, the least median |error| of the platform's same-trace cells on the
# route, equal medians the lower 90th percentile) from the whole pool and without
# each matrix in turn
rec() {   # rec SUMMARY.csv: platform,route,model,cells,median,max,p90
    grep -v '^#' "$1" | awk -F, 'NR > 1 && $2 == "same" && $3 != "all" &&
        $4 !~ /^(replay_nomedium|replay_nosetup|replay_pvmd_fresh)$/ {
        k = $1 "," $3
        if (!(k in b) || $6 + 0 < e[k] || ($6 + 0 == e[k] && $11 + 0 < q[k])) {
            b[k] = $4; e[k] = $6 + 0; q[k] = $11 + 0; r[k] = $4 "," $5 "," $6 "," $7 "," $11 } }
        END { for (k in b) print k "," r[k] }' | sort
}
{ echo "# pool.sh: the recommended model per platform and route (least median |error| % of the"
  echo "# same-trace cells, equal medians the lower 90th percentile; internal variants left out),"
  echo "# from all $n matrices, then without each"
  echo "platform,route,model,cells,median_abs_err_pct,max_abs_err_pct,p90_abs_err_pct"
  rec "$H/summary.csv"
  echo; echo "left_out,platform,route,model (where it differs from the whole pool's)"
  while IFS=: read -r name folder plats; do
      experiments/matrix_summary.sh -o "$t/loso.csv" $(ls "$H"/pool/*.csv | grep -v "/$name.csv$") || exit 1
      awk -F, -v s="$name" 'NR == FNR { m[$1 "," $2] = $3; next }
          ($1 "," $2) in m && m[$1 "," $2] != $3 { print s "," $1 "," $2 "," $3 }' \
          <(rec "$H/summary.csv") <(rec "$t/loso.csv")
  done <<<"$SETS"; } >"$H/pool/loso.txt"
echo "pool: $n matrices; $H/summary.csv, $H/pool/goals.txt, $H/pool/loso.txt"
