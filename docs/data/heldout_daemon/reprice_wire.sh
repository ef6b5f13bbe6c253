#!/bin/bash
# reprice_wire.sh HREL DIR...: price each held-out predict.sh folder DIR again
# with the hrel command HREL (e.g. an older build) from its stored predicting
# trace, characterisation files and runs, as predict_matrix.sh --reprice does
# for a matrix cell; prints per folder: name,replay_pvmd_s,err_pct (against the
# median of its untraced runs). Writes nothing into DIR. REPRICE_OPTS: more
# options for hrel predict (e.g. REPRICE_OPTS=--share-cpus).
set -u
hrel=$1; shift
echo "program,replay_pvmd_s,err_pct"
for dir in "$@"; do
    on=$(mktemp -d)
    cp "$dir"/calibration.csv "$dir"/setup.csv "$dir"/lifecycle.csv "$dir"/pvmd_cpu.csv "$dir"/fit.csv "$on/" 2>/dev/null
    cp -r "$dir/platform" "$on/platform"
    mkdir -p "$on/out"
    times=$(sed -n 's/^# measured_runs_s: //p' "$dir/predict.csv")
    utimes=$(sed -n 's/^# untraced_runs_s: //p' "$dir/predict.csv")
    tr=$dir/predicting_msgs.csv   # kept in docs/data, else the run folder's
    [ -s "$tr" ] || tr=$(sed -n 's/^# predicted_from: //p' "$dir/predict.csv")/msgs.csv
    plat=$(sed -n 's/^# platform: \([^ ]*\).*/\1/p' "$dir/predict.csv")
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$dir/predict.csv")
    "$hrel" predict "$tr" --on "$on" --platform "$plat" --route daemon --all-models --hosts-from "$tr" \
        --rtt0 "$rtr" --rtt0-fresh "$rtu" ${REPRICE_OPTS:-} --measured "$times" --untraced "$utimes" -o "$on/out" >"$on/out.txt" 2>&1 ||
        { echo "reprice_wire: $dir: $(tail -n 1 "$on/out.txt")" >&2; rm -rf "$on"; continue; }
    echo "$(basename "$dir"),$(sed -n 's/^replay_pvmd,\([^,]*\),[^,]*,\([^,]*\),.*/\1,\2/p' "$on/out/predict_untraced.csv")"
    rm -rf "$on"
done
