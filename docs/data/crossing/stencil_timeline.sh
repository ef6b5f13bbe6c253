#!/bin/bash
# stencil_timeline.sh -- where the replay parts from stencil-d's run on lan-utp's
# direct route: hrel predict --timeline on matrix S33's stencil-d cell (its
# stored predicting trace, run3, and characterisation files), rank 1's halo
# sends and receives of 16 KB from its 20th to its 31st, traced and as the
# replay runs them. Writes stencil_timeline.txt here. Runs nothing on a platform.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
C=docs/data/predict_matrix_2026-11-28/cells/lan-utp/stencil-d
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$ROOT"
"$ROOT/bin/LINUX64/hrel" predict "$C/predicting_msgs.csv" --on "$C" --platform lan-utp --route direct \
    --hosts-from "$C/predicting_msgs.csv" --timeline "$T/tl.csv" >"$T/out" 2>&1
{ echo "# stencil_timeline.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD); $C"
  echo "# $(head -n 1 "$T/out")"
  echo "kind,row,peer,traced_t0,traced_t1,replay_t0,replay_t1"
  grep -v '^#' "$T/tl.csv" | awk -F, '$1 == 1 && $5 == 16384 { n++; if (n >= 20 && n <= 31) print $3 "," $2 "," $4 "," $7 "," $8 "," $9 "," $10 }'; } >"$HERE/stencil_timeline.txt"
cat "$HERE/stencil_timeline.txt"
