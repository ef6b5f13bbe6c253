#!/bin/bash
# timeline_stencil2.sh: M's stencil2 (hrel_stencil -p 2 -i 30 -w 20, local, daemon route) as
# traced and as replayed, from its predicting run (run2) and the cell's own files
# (hrel predict --timeline); prints per rank the mean duration of its 16384-byte sends and
# receives, traced and replayed, and the run's end both ways. Output: timeline_stencil2.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd)
c=$here/M/cells/local/stencil2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel" predict "$c/run2" --on "$c" --hosts 1 --platform local \
    --timeline "$tmp/tl.csv" | head -n 1
awk -F, 'NR > 2 && ($3 == "send" || $3 == "recv") && $5 == 16384 {
             k = $1 " " $3; tr[k] += $8 - $7; rp[k] += $10 - $9; n[k]++ }
         NR > 2 && $3 == "end" { printf "rank %s ends: traced %.6f s, replayed %.6f s\n", $1, $8, $10 }
         END { for (k in n) printf "rank %s (%d): traced %.1f us, replayed %.1f us\n", k, n[k], 1e6 * tr[k] / n[k], 1e6 * rp[k] / n[k] }' \
    "$tmp/tl.csv" | sort
