#!/bin/bash
# keep_runs.sh SRC DST: keep every traced run's trace of the predict.sh run folder SRC in DST
# (runK/msgs.csv, its calibration.csv where there is one, and time), for the scripts that
# price every run again (docs/data/replay_all/replay_all.sh, idle_start/enrol_sets.sh).
set -eu
src=$1 dst=$2
for t in "$src"/run[0-9]*/msgs.csv; do
    [ -e "$t" ] || continue
    k=$(basename "$(dirname "$t")"); mkdir -p "$dst/$k"
    cp "$t" "$dst/$k/"
    [ ! -s "$(dirname "$t")/calibration.csv" ] || cp "$(dirname "$t")/calibration.csv" "$dst/$k/"
    cp "$(dirname "$t")/time" "$dst/$k/"
done
