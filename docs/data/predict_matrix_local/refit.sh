#!/bin/bash
# The local matrices E and E2 priced again with PP,2's g taken from the three
# smallest sizes of the quick study (26880-107520 bytes; hrel fit --summary
# median on those rows of char/local-ROUTE/raw.csv), all else as run
# (docs/predict.md, "Fresh local matrices"). Prints each set's replay
# summary rows and, per cell, the replay's error as run and so priced.
# usage: refit.sh       (run from anywhere; writes nothing here)
set -eu
. "$(dirname "$0")/common.sh"
for s in E E2; do
    cp -r "$H/$s" "$t/$s"
    for r in daemon direct; do
        c=$t/$s/char/local-$r
        awk -F, '/^#/ || $1 == "pattern" || $3 <= 110000' "$c/raw.csv" >"$t/raw_$r.csv"
        g=$("$HREL" fit "$t/raw_$r.csv" --csv --no-files --summary median | awk -F, '$1 == "PP" && $2 == 2 { print $3 }')
        echo "# $s $r: PP,2 as run: $(awk -F, '$1 == "PP" && $2 == 2 { print "g_use " $10 " (" $9 ")" }' "$c/fit.csv"); from the three smallest sizes: g $g"
        awk -F, -v OFS=, -v g="$g" '$1 == "PP" && $2 == 2 { $9 = "fit"; $10 = g; $11 = 0 } 1' "$c/fit.csv" >"$c/fit.new"
        mv "$c/fit.new" "$c/fit.csv"
    done
    "$ROOT/experiments/predict_matrix.sh" --reprice --run "$t/$s" --platforms local >/dev/null 2>&1
    side_by_side "$H/$s" "$t/$s" "as run" "small-size g" "$s"
done
