#!/bin/bash
# jitter_intervals.sh SET: per cell of the stored lan-coax set SET (S27, S28), the
# recommended replay_pvmd_shared's interval from pvmd's jitter alone (the 10th and 90th
# percentile of its 31 jittered replays: the set priced again in a scratch copy,
# predict_matrix.sh --reprice --predict-opt --spread --predict-opt none) beside the
# interval the set is priced with (its goal.csv, from the measured spread), and the
# untraced runs inside each; the union of the two is the spread's wherever the first
# lies inside the second. Run from the checkout's root; output: SET/jitter_intervals.txt.
set -eu
set=${1:?usage: jitter_intervals.sh SET}
here=docs/data/predict_matrix_lancoax/$set
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp -r "$here" "$t/set"
experiments/predict_matrix.sh --reprice --run "$t/set" --platforms lan-coax \
    --predict-opt --spread --predict-opt none >/dev/null
{
echo "cell,jitter_lo_s,jitter_hi_s,jitter_inside,spread_lo_s,spread_hi_s,spread_inside,jitter_inside_spread"
for c in "$t"/set/cells/lan-coax/*/; do
    n=$(basename "$c")
    python3 - "$n" "$c/predict_untraced.csv" "$(sed -n 's/^# untraced_runs_s: //p' "$c/predict.csv")" \
        "$(awk -F, -v n="$n" '$3 == n { print $13 " " $14 }' "$here/goal.csv")" <<'PY'
import csv, sys
n, f, runs, g = sys.argv[1], sys.argv[2], [float(x) for x in sys.argv[3].split(',')], sys.argv[4].split()
row = next(r for r in csv.DictReader(l for l in open(f) if not l.startswith('#'))
           if r['model'] == 'replay_pvmd_shared')
jl, jh, sl, sh = float(row['lo_s']), float(row['hi_s']), float(g[0]), float(g[1])
inside = lambda lo, hi: sum(lo <= u <= hi for u in runs)
print('%s,%.6g,%.6g,%d,%.6g,%.6g,%d,%s' % (n, jl, jh, inside(jl, jh), sl, sh, inside(sl, sh),
      'yes' if sl <= jl and jh <= sh else 'no'))
PY
done
} >"$here/jitter_intervals.txt"
cat "$here/jitter_intervals.txt"
