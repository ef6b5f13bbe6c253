#!/bin/bash
# compare.sh BEFORE AFTER DIR...: price each stored daemon-route cell or
# held-out folder DIR (predict.csv, predicting_msgs.csv) again with two hrel
# commands, BEFORE and AFTER (paths to an hrel binary), as
# experiments/predict_matrix.sh --reprice does (the cell's calibration, set-up,
# lifecycle and pvmd CPU; fit.csv, sizes.csv and wire.csv from the folder, else
# from the matrix's char/PLATFORM-daemon/), and print per folder the
# recommended model's (MODEL=NAME: that model's) prediction against the median of the untraced runs
# (+ = predicted short) and the untraced runs inside its 80 % interval:
#   dir,platform,model,untraced_median_s,before_s,before_err_pct,before_in,after_s,after_err_pct,after_in,runs
# Writes nothing into DIR. Folders on the direct route are skipped.
set -u
before=${1:?usage: compare.sh BEFORE AFTER DIR...}; after=${2:?}; shift 2
price() {   # price HREL DIR PLATFORM OUT
    local hrel=$1 dir=$2 plat=$3 out=$4 on char f times utimes rtr rtu pvmd=()
    on=$out/on; mkdir -p "$on/platform" "$out/p"
    char=$(cd "$dir/../../../char/$plat-daemon" 2>/dev/null && pwd) || char=""
    for f in calibration setup lifecycle pvmd_cpu fit sizes wire; do
        if [ -s "$dir/$f.csv" ]; then cp "$dir/$f.csv" "$on/"
        elif [ -n "$char" ] && [ -s "$char/$f.csv" ]; then cp "$char/$f.csv" "$on/"; fi
    done
    [ -s "$on/fit.csv" ] || { echo "compare: $dir: no fit.csv (nor $dir/../../../char/$plat-daemon/fit.csv)" >&2; return 1; }
    if [ -d "$dir/platform" ]; then cp "$dir"/platform/* "$on/platform/"
    else cp "$(dirname "$0")/../../../hostfiles/$plat" "$(dirname "$0")/../../../hostfiles/$plat.platform" "$on/platform/"; fi
    times=$(sed -n 's/^# measured_runs_s: //p' "$dir/predict.csv")
    utimes=$(sed -n 's/^# untraced_runs_s: //p' "$dir/predict.csv")
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$dir/predict.csv")
    [ -z "${rtu:-}" ] || pvmd=(--rtt0 "$rtr" --rtt0-fresh "$rtu")
    "$hrel" predict "$dir/predicting_msgs.csv" --on "$on" --platform "$plat" --route daemon --all-models \
        --hosts-from "$dir/predicting_msgs.csv" "${pvmd[@]}" --measured "$times" --untraced "$utimes" \
        -o "$out/p" >"$out/out.txt" 2>&1 || { echo "compare: $dir: $(tail -n 1 "$out/out.txt")" >&2; return 1; }
}
row() {   # row PREDICT_UNTRACED.csv MODEL: pred,err,inside (its "measured" runs are the untraced ones)
    awk -F, -v m="$2" '/^# measured_runs_s: / { n = split(substr($0, 20), u, ",") }
        $1 == m { k = 0; for (i = 1; i <= n; i++) if ($5 != "" && u[i] + 0 >= $5 && u[i] + 0 <= $6) k++
                  printf "%.6f,%s,%d", $2, $4, k }' "$1"
}
echo "dir,platform,model,untraced_median_s,before_s,before_err_pct,before_in,after_s,after_err_pct,after_in,runs"
for dir in "$@"; do
    dir=${dir%/}
    grep -q '^# route: daemon' "$dir/predict.csv" 2>/dev/null || continue
    [ -s "$dir/predicting_msgs.csv" ] || { echo "compare: $dir: no predicting_msgs.csv" >&2; continue; }
    plat=$(sed -n 's/^# platform: \([^ ]*\).*/\1/p' "$dir/predict.csv")
    tmp=$(mktemp -d)
    if price "$before" "$dir" "$plat" "$tmp/b" && price "$after" "$dir" "$plat" "$tmp/a"; then
        m=${MODEL:-$(sed -n 's/^# recommended: \([^ ]*\).*/\1/p' "$tmp/a/p/predict_untraced.csv")}
        med=$(sed -n 's/^# untraced_median_s: //p' "$dir/predict.csv")
        [ -n "$med" ] || med=$(awk -F, -v m="$m" '$1 == m { print $3 }' "$tmp/a/p/predict_untraced.csv")
        n=$(sed -n 's/^# untraced_runs_s: //p' "$dir/predict.csv" | awk -F, '{ print NF }')
        echo "$dir,$plat,$m,$med,$(row "$tmp/b/p/predict_untraced.csv" "$m"),$(row "$tmp/a/p/predict_untraced.csv" "$m"),$n"
    fi
    rm -rf "$tmp"
done
