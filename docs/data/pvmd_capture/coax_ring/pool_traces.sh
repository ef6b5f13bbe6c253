#!/bin/bash
# pool_traces.sh [SET...]: lan-coax's ring (hrel_ring -n 4 -b 1024 -r 1000) priced from
# every traced run of a stored matrix (S27, S28: cells/lan-coax/ring/traced/runK, the 15
# traced runs' msgs.csv), not from the one predicting run. Each trace is priced by this
# checkout's hrel predict against the stored cell (its pvmd values, --spread none) with
# --replays: the 31 jittered replays of replay_pvmd_shared (the recommended model). Per
# set: each trace's replays in a storm (over 6 s; the fast mode takes 3.75-3.9 s), the
# pooled 465 replays' storm share, median, 10th and 90th percentile; the untraced runs in
# a storm; and the untraced runs inside the set's interval (goal.csv: the prediction
# times the measured spread), inside the pooled replays' 10th-90th percentile, and
# inside the union of the two. Run from the checkout's root; output: pool_traces.txt
# beside this script.
set -eu
here=docs/data/pvmd_capture/coax_ring
sets=("$@"); [ ${#sets[@]} -gt 0 ] || sets=(S27 S28)
H=bin/${PVM_ARCH:-LINUX64}/hrel
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
{
echo "# pool_traces.sh, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
for s in "${sets[@]}"; do
    C=docs/data/predict_matrix_lancoax/$s/cells/lan-coax/ring
    read -r rtt rttf < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\).*/\1 \2/p' "$C/predict.csv")
    : >"$t/$s.csv"
    per=""
    for r in "$C"/traced/run*/; do
        k=$(basename "$r"); mkdir -p "$t/$s/$k"
        zcat "$r/msgs.csv.gz" >"$t/$s/$k/msgs.csv"
        cp "$r/calibration.csv" "$t/$s/$k/"
        "$H" predict "$t/$s/$k" --on "$C" --platform lan-coax --route daemon \
            --hosts-from "$t/$s/$k/msgs.csv" --rtt0 "$rtt" --rtt0-fresh "$rttf" --spread none \
            --replays "$t/$s/$k/replays.csv" -o "$t/$s/$k" >/dev/null 2>"$t/$s/$k/err" ||
            { echo "pool_traces: $s $k: $(head -n 1 "$t/$s/$k/err")" >&2; exit 1; }
        awk -F, '$1 == "replay_pvmd_shared" { print $3 }' "$t/$s/$k/replays.csv" >>"$t/$s.csv"
        per="$per $k $(cat "$r/time" | awk '{ printf "%.2f", $1 }') s: $(awk -F, '$1 == "replay_pvmd_shared" && $3 > 6 { n++ } END { print n + 0 }' "$t/$s/$k/replays.csv");"
    done
    echo "$s: per traced run (its own time: its replays of 31 in a storm):$per"
    python3 - "$t/$s.csv" "$C/predict_untraced.csv" "docs/data/predict_matrix_lancoax/$s/goal.csv" "$s" <<'PY'
import sys
tot = sorted(float(x) for x in open(sys.argv[1]))
runs = [float(x) for x in next(l for l in open(sys.argv[2]) if l.startswith('# measured_runs_s:')).split(':')[1].split(',')]
g = next(l.split(',') for l in open(sys.argv[3]) if not l.startswith('#') and l.split(',')[2] == 'ring'
         and l.split(',')[3] == 'replay_pvmd_shared')
lo, hi = float(g[12]), float(g[13])
def q(v, p):   # linear between order statistics (R type 7, as hrel predict)
    x = p * (len(v) - 1); i = int(x); f = x - i
    return v[i] if i + 1 >= len(v) else v[i] * (1 - f) + v[i + 1] * f
pl, pm, ph = q(tot, .1), q(tot, .5), q(tot, .9)
ins = lambda a, b: sum(a <= u <= b for u in runs)
print('%s: pooled %d replays: %d in a storm (%.1f %%); median %.3f s, 10th-90th percentile %.3f-%.3f s'
      % (sys.argv[4], len(tot), sum(x > 6 for x in tot), 100.0 * sum(x > 6 for x in tot) / len(tot), pm, pl, ph))
print('%s: untraced runs %d, %d in a storm; inside the set\'s interval %.3f-%.3f s: %d; inside the pooled percentiles: %d; inside their union: %d'
      % (sys.argv[4], len(runs), sum(u > 6 for u in runs), lo, hi, ins(lo, hi), ins(pl, ph), ins(min(lo, pl), max(hi, ph))))
PY
done
} >"$here/pool_traces.txt"
cat "$here/pool_traces.txt"
