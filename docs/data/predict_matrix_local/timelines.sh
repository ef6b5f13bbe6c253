#!/bin/bash
# The timelines docs/predict.md quotes ("Where psrs's replay parts from its run",
# and matrix I's exit1): hrel predict --timeline on the stored predicting runs,
# each cell's own characterisation files. Writes OUT/NAME.csv (the timelines) and
# prints the rows the text cites and exit1's time per message.
# usage: timelines.sh OUT
set -eu
H=$(cd "$(dirname "$0")" && pwd)
HREL=$H/../../../bin/LINUX64/hrel
O=${1:?usage: timelines.sh OUT}; mkdir -p "$O"
tl() {   # tl NAME CELL ROUTE: the cell's predicting run
    local r; r=run$(sed -n 's/^# predicted_from: .*run//p' "$2/predict.csv")
    echo "== $1 ($r): $("$HREL" predict "$2/$r" --on "$2" --hosts 1 --platform local --route "$3" \
        --timeline "$O/$1.csv" | head -n 1)"
}
row() { awk -F, -v r="$2" 'NR > 2 && $2 == r { printf "  row %s rank %s %s %s %s B: traced %.4f-%.4f, replayed %.4f-%.4f\n", $2, $1, $3, $4, $5, $7, $8, $9, $10 }' "$O/$1.csv"; }
tl psrs_H "$H/H/cells/local/psrs" direct
for r in 6 21 22 25 26 27 64 112 113 114 115; do row psrs_H $r; done
tl psrs_G "$H/G/cells/local/psrs" direct
for r in 25 26 27 116; do row psrs_G $r; done
tl exit1_I "$H/I/cells/local/exit1" daemon
# rank 0 sends and receives in turn: from its first send to its last, per message
awk -F, 'NR > 2 && $1 == 0 && ($3 == "send" || $3 == "recv") { n++ }
    NR > 2 && $1 == 0 && $3 == "send" { k++; if (k == 1) { a = $7; b = $9 } x = $7; y = $9; m = n }
    END { printf "  rank 0: %d messages; from its first send to its last, %.1f us a message traced, %.1f replayed\n",
          n, (x - a) / (m - 1) * 1e6, (y - b) / (m - 1) * 1e6 }' "$O/exit1_I.csv"
