#!/bin/bash
# exchange_size.sh [SET...]: a stored local set (default W) priced twice by this checkout in
# a scratch copy: as stored (E at 2 indexed by its messages' size, msg_bytes = h / 2: commit
# 62f07d3) and with every sizes.csv's E rows read at h (msg_bytes set to h: how session 29's
# commits 0129888-0efc5dd read E, each exchange priced at E with messages of half its size).
# Per set: the daemon route's stencil and stencil2 against the untraced median (err %,
# + = predicted short), matrix_goal.sh's daemon line and the runs inside, both ways.
# Run from the checkout's root; output: docs/data/predict_matrix_local/exchange_size.txt.
set -eu
here=docs/data/predict_matrix_local
sets=("$@"); [ ${#sets[@]} -gt 0 ] || sets=(W)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
row() { awk -F, -v c="$2" '$2 == c && $3 == "daemon" && $5 == "replay" { print $10 }' "$1/matrix.csv"; }
inside() { awk -F, '$2 == "daemon" && $4 == "replay" { s += $15; n += $5 } END { print s " of " n }' "$1/goal/goal.csv"; }
goal() { sed -n 's/^.*goal: local daemon ([^)]*): //p' "$1/reprice.log"; }
{
echo "# exchange_size.sh, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD): E at 2 by message size (h / 2) against E read at h"
for s in "${sets[@]}"; do
    for v in half h; do
        cp -r "$here/$s" "$t/$s.$v"
        if [ "$v" = h ]; then
            find "$t/$s.$v" -name sizes.csv | while read -r f; do
                awk -F, -v OFS=, '/^#/ { print; next }
                    $1 == "pattern" { if ($NF != "msg_bytes") { print $0 ",msg_bytes"; add = 1 } else print; next }
                    { if (add) $0 = $0 "," $3; else if ($1 == "E") $NF = $3; print }' "$f" >"$f.new"
                mv "$f.new" "$f"
            done
        fi
        experiments/predict_matrix.sh --reprice --run "$t/$s.$v" --platforms local >"$t/$s.$v/reprice.log" 2>&1 ||
            { echo "exchange_size.sh: repricing $s failed" >&2; exit 1; }
        experiments/matrix_goal.sh -o "$t/$s.$v/goal" "$t/$s.$v" >/dev/null 2>&1
    done
    echo "$s: stencil $(row "$t/$s.h" stencil) -> $(row "$t/$s.half" stencil), stencil2 $(row "$t/$s.h" stencil2) -> $(row "$t/$s.half" stencil2); runs inside $(inside "$t/$s.h") -> $(inside "$t/$s.half")"
    echo "   E read at h:      $(goal "$t/$s.h")"
    echo "   E at h / 2:       $(goal "$t/$s.half")"
done
} >"$here/exchange_size.txt"
cat "$here/exchange_size.txt"
