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
. "$here/exchange_common.sh"
{
echo "# exchange_size.sh, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD): E at 2 by message size (h / 2) against E read at h"
for s in "${sets[@]}"; do
    xc_reprice "$here/$s" "$t/$s.half" exchange_size.sh
    cp -r "$here/$s" "$t/$s.h"
    find "$t/$s.h" -name sizes.csv | while read -r f; do
        awk -F, -v OFS=, '/^#/ { print; next }
            $1 == "pattern" { if ($NF != "msg_bytes") { print $0 ",msg_bytes"; add = 1 } else print; next }
            { if (add) $0 = $0 "," $3; else if ($1 == "E") $NF = $3; print }' "$f" >"$f.new"
        mv "$f.new" "$f"
    done
    xc_reprice "$here/$s" "$t/$s.h" exchange_size.sh
    xc_report "$s" "$t/$s.h" "$t/$s.half" "E read at h:     " "E at h / 2:      "
done
} >"$here/exchange_size.txt"
cat "$here/exchange_size.txt"
