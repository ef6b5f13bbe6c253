#!/bin/bash
# keep.sh SRC DST: keep a predict.sh run folder SRC (a matrix cell or a held-out
# program) in docs/data as DST: the files its numbers come from and that
# predict_matrix.sh --reprice and reprice_wire.sh read (predict*.csv,
# hrel_predict.txt, the characterisation files it was priced with, its net.csv,
# platform/), and the trace it was predicted from as predicting_msgs.csv. The
# runs' raw folders (run1.., vms/) stay out: they are large and nothing here reads them.
set -eu
src=$1 dst=$2
mkdir -p "$dst"
for f in predict.csv predict_untraced.csv hrel_predict.txt calibration.csv fit.csv \
         lifecycle.csv net.csv pvmd_cpu.csv pvmd_state.csv setup.csv sizes.csv streamq.csv wire.csv; do
    [ -e "$src/$f" ] && cp "$src/$f" "$dst/"
done
[ -d "$src/platform" ] && cp -r "$src/platform" "$dst/"
from=$(sed -n 's/^# predicted_from: //p' "$src/predict.csv")
cp "$from/msgs.csv" "$dst/predicting_msgs.csv"
