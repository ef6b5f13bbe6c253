#!/bin/bash
# spawn_fast.sh: tried, not kept (docs/predict.md, "Enough runs to know the median"). The
# stored local matrices K-P priced again, once as stored and once with every cell's
# lifecycle.csv changed: the spawn of one task at its p25 (the fast mode, which 79 % of the
# traced programs' spawns of one task take: session25_figures.sh) instead of its median, the difference moved to
# spawn_start (so their sum, which is stable, stays). Prints each matrix's goal lines
# (experiments/matrix_goal.sh) both ways. Output: spawn_fast.txt. Run from anywhere.
set -eu
here=$(cd "$(dirname "$0")" && pwd) root=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fast() {   # fast LIFECYCLE.csv: spawn,1 at p25, spawn_start,1 + (median - p25), each where
    awk -F, -v OFS=, 'FNR == NR { if ($1 == "spawn" && $2 == 1) d[$3] = $5 - $6; next }
        $1 == "spawn" && $2 == 1 { $5 = sprintf("%.9f", $6) }
        $1 == "spawn_start" && $2 == 1 && ($3 in d) { $5 = sprintf("%.9f", $5 + d[$3]) }
        { print }' "$1" "$1" >"$1.new" && mv "$1.new" "$1"
}
for s in K L M N O P; do
    for v in stored fast; do
        cp -r "$here/$s" "$tmp/$s-$v"
        [ $v = stored ] || for f in "$tmp/$s-$v"/cells/local/*/lifecycle.csv; do fast "$f"; done
        "$root/experiments/predict_matrix.sh" --reprice --run "$tmp/$s-$v" --platforms local |
            sed -n "s/^predict_matrix: goal: local \([a-z]*\) (issue 21[^)]*): /$s $v \1: /p"
    done
done
