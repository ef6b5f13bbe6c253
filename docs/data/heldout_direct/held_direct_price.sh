#!/bin/bash
# held_direct_price.sh OUT [HREL]: each program held_direct.sh ran into OUT (or
# store.sh kept there),
# priced by HREL (default this checkout's) from the traced run predict.sh
# predicted from, with each call's own CPU as load on the cores (hrel predict's
# default on the direct route) and without it (--no-call-cpu), against the
# median of its 5 untraced runs; then the median and largest |error| of both.
# Errors: (untraced median - predicted) / untraced median, %.
set -u
out=${1:?usage: held_direct_price.sh OUT [HREL]}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HREL=${2:-$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel}
replay() { "$HREL" predict "$1" --on "$2" --platform local --hosts 1 --route direct $3 2>/dev/null |
           sed -n 's/^replay,\([^,]*\).*/\1/p'; }
echo "# held_direct_price.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $out"
echo "# program | untraced runs s | untraced median s | replay s (error %), calls' CPU | without (--no-call-cpu)"
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
while IFS='|' read -r name prog; do
    d=$out/$name
    [ -s "$d/predict.csv" ] || { echo "$name: no predict.csv"; continue; }
    tr=$d/trace   # a stored set (store.sh), else the run predict.sh predicted from
    [ -d "$tr" ] || tr=$d/$(basename "$(sed -n 's/^# predicted_from: //p' "$d/predict.csv" | head -n 1)")
    m=$(sed -n 's/^# untraced_median_s: //p' "$d/predict.csv")
    runs=$(sed -n 's/^# untraced_runs_s: //p' "$d/predict.csv")
    a=$(replay "$tr" "$d" "") b=$(replay "$tr" "$d" --no-call-cpu)
    awk -v n="$name ($prog)" -v r="$runs" -v m="$m" -v a="$a" -v b="$b" 'BEGIN {
        ea = (m - a) / m * 100; eb = (m - b) / m * 100
        printf "%s | %s | %s | %s (%+.1f) | %s (%+.1f)\n", n, r, m, a, ea, b, eb
        printf "%.4f %.4f\n", (ea < 0 ? -ea : ea), (eb < 0 ? -eb : eb) > "/dev/stderr" }' 2>>"$tmp"
done <"$(dirname "$0")/programs.txt"
for c in 1 2; do
    sort -n -k$c,$c "$tmp" | awk -v c=$c -v w="$([ $c = 1 ] && echo "calls' CPU" || echo without)" \
        '{ v[NR] = $c } END { md = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
           printf "# %s: median / max |error| %.1f / %.1f %% over %d programs\n", w, md, v[NR], NR }'
done
