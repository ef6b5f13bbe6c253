#!/bin/bash
# now.sh: lan-coax's and lan-coax-wire's stored matrices (9 cells each, 2026-11-26) priced
# again with this checkout (reprice.sh into a temporary folder): per cell replay_pvmd's
# prediction, the untraced median, the error (+ = predicted short) and the untraced runs
# inside its 80 % interval. Run from the checkout's root. Output: now.txt
set -eu
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "# now.sh, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
echo "platform,cell,predicted_s,untraced_median_s,err_untraced_pct,runs_inside,runs"
for p in lan-coax lan-coax-wire; do
    docs/data/predict_matrix_coax/reprice.sh "$p" "$tmp/$p" >/dev/null 2>&1
    for c in "$tmp/$p/cells/$p"/*/; do
        awk -F, -v p="$p" -v c="$(basename "$c")" '/^# measured_runs_s: / { m = split(substr($0, 20), u, ",") }
            $1 == "replay_pvmd" { k = 0; for (i = 1; i <= m; i++) if (u[i] + 0 >= $5 && u[i] + 0 <= $6) k++
                                  printf "%s,%s,%s,%s,%s,%d,%d\n", p, c, $2, $3, $4, k, m }' "$c/predict_untraced.csv"
    done
done
