#!/bin/bash
# reprice_held.sh DIR...: price each held-out predict.sh folder DIR again with this
# checkout's hrel (its stored predicting trace, characterisation files and runs, as
# predict_matrix.sh --reprice prices a cell; the spread hrel predict finds for the
# platform, or SPREAD=FILE); per folder the recommended model's prediction and 80 %
# interval against the untraced runs (+ = predicted short), then the pooled measures.
# Writes nothing into DIR. Run from the checkout's root.
set -u
H=$(pwd)/bin/${PVM_ARCH:-LINUX64}/hrel
rows=$(mktemp); trap 'rm -f "$rows"' EXIT
for dir in "$@"; do
    dir=${dir%/}; on=$(mktemp -d)
    cp "$dir"/calibration.csv "$dir"/setup.csv "$dir"/lifecycle.csv "$dir"/pvmd_cpu.csv "$dir"/fit.csv \
       "$dir"/sizes.csv "$on/" 2>/dev/null
    plat=$(sed -n 's/^# platform: \([^ ]*\).*/\1/p' "$dir/predict.csv")
    if [ -d "$dir/platform" ]; then cp -r "$dir/platform" "$on/platform"
    else mkdir -p "$on/platform"; cp "hostfiles/$plat" "hostfiles/$plat.platform" "$on/platform/"; fi
    mkdir -p "$on/out"
    times=$(sed -n 's/^# measured_runs_s: //p' "$dir/predict.csv")
    utimes=$(sed -n 's/^# untraced_runs_s: //p' "$dir/predict.csv")
    tr=$dir/predicting_msgs.csv
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$dir/predict.csv")
    sp=(); [ -z "${SPREAD:-}" ] || sp=(--spread "$SPREAD")
    if "$H" predict "$tr" --on "$on" --platform "$plat" --route daemon --hosts-from "$tr" \
        --rtt0 "$rtr" --rtt0-fresh "$rtu" "${sp[@]}" --measured "$times" --untraced "$utimes" -o "$on/out" >"$on/out.txt" 2>&1; then
        python3 - "$(basename "$dir")" "$(head -n 1 "$on/out.txt")" "$utimes" <<'PY' >>"$rows"
import sys
name, w, runs = sys.argv[1], sys.argv[2].split(), sorted(float(x) for x in sys.argv[3].split(','))
s, model, lo, hi = float(w[1]), w[3].strip('(,;'), float(w[7]), float(w[9])
n = len(runs); med = runs[n // 2] if n % 2 else (runs[n // 2 - 1] + runs[n // 2]) / 2
print('%s %s %.4f s [%.4f, %.4f], untraced median %.4f s, %+.1f %%, holds %d of %d' % (
    name, model, s, lo, hi, med, 100 * (med - s) / med, sum(lo <= u <= hi for u in runs), n))
PY
    else
        echo "reprice_held: $dir: $(tail -n 1 "$on/out.txt")" >&2
    fi
    rm -rf "$on"
done
cat "$rows"
python3 - "$rows" <<'PY'
import sys
e, h, r = [], 0, 0
for l in open(sys.argv[1]):
    w = l.split(); e.append(abs(float(w[-6]))); h += int(w[-3]); r += int(w[-1])
e.sort(); n = len(e)
if n:
    md = e[n // 2] if n % 2 else (e[n // 2 - 1] + e[n // 2]) / 2
    print('# %d programs: median / max |error| %.1f / %.1f %%; %d of %d runs inside the interval' % (n, md, e[-1], h, r))
PY
