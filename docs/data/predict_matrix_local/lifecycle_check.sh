#!/bin/bash
# Matrix E's daemon-route cells priced from their stored predicting trace with
# the lifecycle measured with the runs (as run) and with the trace's own start,
# spawn and exit (--no-lifecycle), beside the traced and untraced medians
# (docs/predict.md, "Fresh local matrices"). Output on stdout.
set -eu
H=$(cd "$(dirname "$0")" && pwd)
HREL=$H/../../../bin/LINUX64/hrel
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
med() { tr ',' '\n' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "cell,traced_median_s,untraced_median_s,replay_s,replay_no_lifecycle_s"
for c in exit1 farm groups poll short stdin; do
    d=$H/E/cells/local/$c
    r() { "$HREL" predict "$d/predicting_msgs.csv" --on "$d" --platform local --route daemon \
              --hosts-from "$d/predicting_msgs.csv" -o "$t" "$@" | awk -F, '$1 == "replay" { print $2 }'; }
    echo "$c,$(sed -n 's/^# measured_runs_s: //p' "$d/predict.csv" | med),$(sed -n 's/^# untraced_runs_s: //p' "$d/predict.csv" | med),$(r),$(r --no-lifecycle)"
done
