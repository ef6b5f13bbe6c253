#!/bin/bash
# reprice_held.sh DIR...: price each held-out folder DIR (kept by keep.sh) again
# with this checkout's hrel, as reprice_wire.sh does, keeping predict.sh's own
# files as as_run_predict*.csv (KEEP_AS=NAME: NAME_predict*.csv) and writing the
# new prices into predict.csv and predict_untraced.csv (their comment lines kept,
# a '# repriced:' line added). Run from the checkout's root.
set -eu
H=bin/${PVM_ARCH:-LINUX64}/hrel
k=${KEEP_AS:-as_run}
for dir in "$@"; do
    for f in predict predict_untraced; do
        [ -s "$dir/${k}_$f.csv" ] || cp "$dir/$f.csv" "$dir/${k}_$f.csv"
    done
    on=$(mktemp -d)
    cp "$dir"/calibration.csv "$dir"/setup.csv "$dir"/lifecycle.csv "$dir"/pvmd_cpu.csv "$dir"/fit.csv "$on/" 2>/dev/null || true
    cp -r "$dir/platform" "$on/platform"; mkdir -p "$on/out"
    b=$dir/${k}_predict.csv
    plat=$(sed -n 's/^# platform: \([^ ]*\).*/\1/p' "$b")
    times=$(sed -n 's/^# measured_runs_s: //p' "$b"); utimes=$(sed -n 's/^# untraced_runs_s: //p' "$b")
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$b")
    tr=$dir/predicting_msgs.csv
    "$H" predict "$tr" --on "$on" --platform "$plat" --route daemon --all-models --hosts-from "$tr" \
        --rtt0 "$rtr" --rtt0-fresh "$rtu" --measured "$times" --untraced "$utimes" -o "$on/out" >"$on/out.txt" 2>&1 ||
        { echo "reprice_held: $dir: $(tail -n 1 "$on/out.txt")" >&2; rm -rf "$on"; exit 1; }
    for f in predict predict_untraced; do
        { grep '^#' "$dir/${k}_$f.csv" | grep -v '^# repriced:'
          echo "# repriced: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) (hrel predict on the stored trace; the runs are the folder's)"
          grep -v '^#' "$on/out/$f.csv"; } >"$dir/$f.csv"
    done
    rm -rf "$on"
done
