#!/bin/bash
# Matrix folders priced again with a message at its size's time (sizes.csv,
# docs/predict.md "A message priced at its own size"): for each folder given
# (a local matrix with char/local-ROUTE/raw.csv), `hrel fit` writes sizes.csv
# from that raw.csv into a copy of it (the fit it writes beside is checked to
# equal the stored fit.csv), the copy is priced again (predict_matrix.sh
# --reprice), and each set's replay summary and per-cell errors are printed as
# stored and so priced. Writes nothing into the folders.
# usage: sizes.sh MATRIX...   (e.g. sizes.sh E E2 F2 ../predict_matrix_device; a
#        matrix with a sizes.csv in char/ already gets a fresh one all the same,
#        and its line copy none)
set -eu
. "$(dirname "$0")/common.sh"
for m in "$@"; do
    m=$(cd "$m" && pwd); s=$(basename "$m")
    rm -rf "$t/$s" "$t/${s}_0"; cp -r "$m" "$t/${s}_0"; cp -r "$m" "$t/$s"
    for r in daemon direct; do
        c=$t/$s/char/local-$r
        [ -s "$c/raw.csv" ] || { echo "sizes.sh: $m has no char/local-$r/raw.csv" >&2; exit 1; }
        mkdir -p "$t/fit"; "$HREL" fit "$c/raw.csv" -o "$t/fit" --csv >"$t/fit/fit.out"
        cmp -s <(grep -v '^#' "$t/fit/fit.out") <(grep -v '^#' "$c/fit.csv") ||
            echo "# $s $r: the stored fit.csv is not hrel fit's of its raw.csv (priced with the stored one)"
        cp "$t/fit/sizes.csv" "$c/"
        rm -f "$t/${s}_0/char/local-$r/sizes.csv"
        echo "# $s $r sizes.csv PP,2 medians: $(awk -F, '$1 == "PP" && $2 == 2 { printf "%s B %.3g s; ", $3, $6 }' "$c/sizes.csv")"
        echo "# $s $r sizes.csv PP,2 means: $(awk -F, '$1 == "PP" && $2 == 2 { printf "%s B %.3g s; ", $3, $5 }' "$c/sizes.csv")"
        rm -rf "$t/fit"
    done
    # both copies priced with this checkout, so that only sizes.csv differs
    "$ROOT/experiments/predict_matrix.sh" --reprice --run "$t/${s}_0" --platforms local >/dev/null 2>&1
    "$ROOT/experiments/predict_matrix.sh" --reprice --run "$t/$s" --platforms local >/dev/null 2>&1
    side_by_side "$t/${s}_0" "$t/$s" line sizes "$s"
done
