#!/bin/bash
# inside.sh SET...: per stored local matrix SET (its goal.csv, experiments/matrix_goal.sh),
# the daemon-route untraced runs inside the recommended model's 80 % interval, summed over
# its cells; per examples pass ../pvm_examples/PASS (an argument with a '/'), the untraced
# runs inside the replay's interval, summed over its programs (docs/predict.md quotes
# them). Output: inside.txt
here=$(cd "$(dirname "$0")" && pwd)
for s in "$@"; do
    case "$s" in
    */*) for d in "$here/$s"/*/; do
             awk -F, '$1 == "replay" { lo = $5; hi = $6 } /^# measured_runs_s:/ { sub(/^# measured_runs_s: /, ""); m = $0 }
                 END { n = split(m, v, ","); for (i = 1; i <= n; i++) k += (v[i] >= lo && v[i] <= hi); print k + 0, n }' \
                 "$d/predict_untraced.csv"
         done | awk -v s="$s" '{ k += $1; n += $2 } END { printf "%s: %d of %d untraced runs inside the replay'"'"'s interval\n", s, k, n }' ;;
    *) awk -F, -v s="$s" '$2 == "daemon" && $15 != "-" { k += $15; n += $5 }
           END { printf "%s: %d of %d daemon-route runs inside the interval\n", s, k, n }' "$here/$s/goal.csv" ;;
    esac
done
