#!/bin/bash
# jitter_intervals.sh: per cell of this set, the recommended replay_pvmd_shared's
# interval from pvmd's jitter alone (hrel predict --spread none: the 10th and 90th
# percentile of its 31 jittered replays) beside the interval the set is priced with
# (goal.csv, from the measured spread), and the untraced runs inside each; the union of
# the two would be the spread's wherever the first lies inside the second. Run from the
# checkout's root; output: jitter_intervals.txt beside this script.
set -eu
here=docs/data/predict_matrix_lancoax/S28
H=bin/${PVM_ARCH:-LINUX64}/hrel
{
echo "cell,jitter_lo_s,jitter_hi_s,jitter_inside,spread_lo_s,spread_hi_s,spread_inside,jitter_inside_spread"
for c in "$here"/cells/lan-coax/*/; do
    c=${c%/}; n=$(basename "$c"); o=$(mktemp -d)
    mkdir -p "$o/on/platform"
    cp "$c"/calibration.csv "$c"/setup.csv "$c"/lifecycle.csv "$c"/pvmd_cpu.csv "$c"/sizes.csv "$o/on/" 2>/dev/null || true
    cp "$here/char/lan-coax-daemon/fit.csv" "$o/on/"
    cp hostfiles/lan-coax hostfiles/lan-coax.platform "$o/on/platform/"
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$c/predict.csv")
    line=$("$H" predict "$c/predicting_msgs.csv" --on "$o/on" --platform lan-coax --route daemon \
        --hosts-from "$c/predicting_msgs.csv" --rtt0 "$rtr" --rtt0-fresh "$rtu" --spread none -o "$o" | head -n 1)
    runs=$(sed -n 's/^# untraced_runs_s: //p' "$c/predict.csv")
    goal=$(awk -F, -v n="$n" '$3 == n { print $13 " " $14 }' "$here/goal.csv")
    python3 - "$n" "$line" "$runs" "$goal" <<'PY'
import sys
n, w, runs, g = sys.argv[1], sys.argv[2].split(), [float(x) for x in sys.argv[3].split(',')], sys.argv[4].split()
jl, jh, sl, sh = float(w[7]), float(w[9]), float(g[0]), float(g[1])
inside = lambda lo, hi: sum(lo <= u <= hi for u in runs)
print('%s,%.6g,%.6g,%d,%.6g,%.6g,%d,%s' % (n, jl, jh, inside(jl, jh), sl, sh, inside(sl, sh),
      'yes' if sl <= jl and jh <= sh else 'no'))
PY
    rm -rf "$o"
done
} >"$here/jitter_intervals.txt"
cat "$here/jitter_intervals.txt"
