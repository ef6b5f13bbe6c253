#!/bin/bash
# keep.sh OUT DEST [all]: what docs/data keeps of a run.sh / run2.sh output OUT, in DEST/NAME:
# the predict files, the characterisation the prediction used (fit, setup, calibration,
# lifecycle as charged), the runs' times, and the predicting trace (trace/msgs.csv with its
# calibration.csv), enough for reprice_lifecycle.sh to price it again. With `all`, every
# traced run's trace too (runK/msgs.csv, calibration.csv), for replay_all.sh.
set -eu
O=${1:?usage: keep.sh OUT DEST [all]} D=${2:?usage: keep.sh OUT DEST [all]} ALL=${3:-}
mkdir -p "$D"
[ -s "$O/summary.txt" ] && cp "$O/summary.txt" "$D/"
for r in "$O"/*/; do
    r=${r%/}; n=$(basename "$r")
    [ -s "$r/predict.csv" ] || continue
    mkdir -p "$D/$n/trace"
    for f in hrel_predict.txt predict.csv predict_untraced.csv fit.csv fit.src setup.csv calibration.csv \
             lifecycle.csv lifecycle.now sizes.csv; do
        [ -e "$r/$f" ] && cp "$r/$f" "$D/$n/"
    done
    for t in "$r"/untraced*.time "$r"/run*/time; do
        [ -e "$t" ] && echo "$(basename "$(dirname "$t")")/$(basename "$t") $(cat "$t")"
    done | sed "s|^$n/||" >"$D/$n/times.txt"
    src=$(sed -n 's/^# predicted_from: //p' "$r/predict.csv")
    cp "$src/msgs.csv" "$D/$n/trace/"
    [ -s "$src/calibration.csv" ] && cp "$src/calibration.csv" "$D/$n/trace/"
    echo "$src" >"$D/$n/trace/from"
    [ "$ALL" = all ] || continue
    for t in "$r"/run[0-9]*/msgs.csv; do
        k=$(basename "$(dirname "$t")"); mkdir -p "$D/$n/$k"
        cp "$t" "$D/$n/$k/"
        [ -s "$(dirname "$t")/calibration.csv" ] && cp "$(dirname "$t")/calibration.csv" "$D/$n/$k/"
    done
done
