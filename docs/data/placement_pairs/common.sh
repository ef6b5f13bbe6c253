# Sourced by this folder's scripts: H (hrel), trace_of DIR (the predicting trace of a
# stored predict.sh folder: predicting_msgs.csv of a matrix cell, trace/msgs.csv of a
# pvm_examples folder, else hrel_predict.txt's '# trace:'), first_pairs DIR (the later_s
# of setup.csv's first virtual machine, one a line, seconds).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
H=$ROOT/bin/LINUX64/hrel
trace_of() {
    if [ -s "$1/predicting_msgs.csv" ]; then echo "$1/predicting_msgs.csv"
    elif [ -s "$1/trace/msgs.csv" ]; then echo "$1/trace/msgs.csv"
    else sed -n 's/^# trace: \([^ ]*\) .*/\1/p' "$1/hrel_predict.txt"; fi
}
first_pairs() { sed '/^# pairs of the runs/,$d' "$1/setup.csv" | grep -E '^[0-9]+,[0-9]+,' | cut -d, -f6; }
# a local daemon-route folder with what pricing needs
is_local_daemon() {
    [ -s "$1/hrel_predict.txt" ] && [ -s "$1/setup.csv" ] && [ -s "$1/predict_untraced.csv" ] &&
        grep -q '^# route: daemon' "$1/hrel_predict.txt" && grep -q 'platform local' "$1/hrel_predict.txt" &&
        head -n 1 "$1/setup.csv" | grep -q 'route daemon'
}
# price DIR [hrel predict options]: the replay's prediction, s, from a scratch copy of
# DIR's characterisation (setup.csv from $SETUP when set)
# charz_copy DIR ON: DIR's characterisation files into the scratch folder ON
charz_copy() {
    local f
    for f in fit.csv calibration.csv lifecycle.csv sizes.csv pvmd_cpu.csv setup.csv; do
        [ -e "$1/$f" ] && cp "$1/$f" "$2/"
    done
    [ -d "$1/platform" ] && cp -r "$1/platform" "$2/"
    return 0
}
price() {
    local d=$1 on; shift
    on=$(mktemp -d)
    charz_copy "$d" "$on"
    cp "${SETUP:-$d/setup.csv}" "$on/setup.csv"
    "$H" predict "$(trace_of "$d")" --on "$on" --hosts 1 --platform local --route daemon "$@" 2>/dev/null |
        sed -n 's/^predicted: \([0-9.e-]*\) s.*/\1/p'
    rm -rf "$on"
}
untraced_median() { awk -F, '$1 == "replay" { print $3 }' "$1/predict_untraced.csv"; }
err_pct() { awk -v u="$1" -v p="$2" 'BEGIN { printf "%.1f", 100 * (u - p) / u }'; }
# the untraced runs' seconds, one a line: kept times.txt, predict.sh's untracedK.time,
# or predict.csv's '# untraced_runs_s:' line (a stored matrix cell)
untraced_runs() {
    if [ -s "$1/times.txt" ]; then awk '$1 ~ /^untraced/ { print $2 }' "$1/times.txt"
    elif ls "$1"/untraced*.time >/dev/null 2>&1; then cat "$1"/untraced*.time
    else sed -n 's/^# untraced_runs_s: //p' "$1/predict.csv" | tr ',' '\n'; fi
}
