#!/bin/bash
# timelines_s30.sh: the timeline figures session 30 quotes (docs/predict.md, "E at 2 by its
# messages' size"), each from a stored trace through `hrel predict --timeline`:
#  - V's stencil2 (run3): each rank's median compute gap (a receive's end to its next send);
#  - X's short (run6): rank 0's gap before its first receive, its CPU and whether it blocked
#    (msgs.csv's gap_cpu_s, gap_blocked);
#  - the 16-core host's exit1 (../predict_matrix_device/s30/dev30.tgz, run5): rank 0's
#    round trip (one 4096-byte send to the next), median, as traced and as replayed.
# Run from the checkout's root; output: timelines_s30.txt beside this script.
set -eu
here=docs/data/predict_matrix_local
HREL=bin/${PVM_ARCH:-LINUX64}/hrel
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
med() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
tl() {   # CELLDIR RUN OUT: the cell's replay of RUN, timeline into OUT
    "$HREL" predict "$1/$2" --on "$1" --hosts 1 --platform local --timeline "$3" >/dev/null
}
{
echo "# timelines_s30.sh, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
tl "$here/V/cells/local/stencil2" run3 "$t/s2.csv"
for r in 0 1; do
    echo "V stencil2 run3, rank $r: median gap before a 16384-byte send $(awk -F, -v r=$r 'NR > 2 && $1 == r {
        if ($3 == "send" && $5 == 16384 && prev == "recv") print 1e6 * ($7 - t1); prev = $3; t1 = $8 }' "$t/s2.csv" | med) us (traced)"
done
awk -F, '!/^#/ && $1 == 0 && $3 == "recv" && !done { printf "X short run6, rank 0: gap before its first receive %.2f ms, its CPU %.2f ms, blocked %s\n", 1e3 * ($7 - t1), 1e3 * $10, $11; done = 1 }
         !/^#/ && $1 == 0 { t1 = $8 }' "$here/X/cells/local/short/run6/msgs.csv"
tar xzf docs/data/predict_matrix_device/s30/dev30.tgz -C "$t"
tl "$t/dev30/m/cells/local/exit1" run5 "$t/e1.csv"
echo "device exit1 run5, rank 0: median round trip $(awk -F, 'NR > 2 && $1 == 0 && $3 == "send" && $5 == 4096 { if (n++) print 1e6 * ($7 - p); p = $7 }' "$t/e1.csv" | med) us traced, $(awk -F, 'NR > 2 && $1 == 0 && $3 == "send" && $5 == 4096 { if (n++) print 1e6 * ($9 - p); p = $9 }' "$t/e1.csv" | med) us replayed"
} >"$here/timelines_s30.txt"
cat "$here/timelines_s30.txt"
