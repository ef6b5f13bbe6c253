#!/bin/bash
# hitc's runs against its slave's (rank 1's) thread CPU time over the run:
# the sum of msgs.csv's gap_cpu_s. usage: cpu_by_run.sh [DIR]  (DIR/runK/)
D=${1:-$(dirname "$0")/hitc}
for r in "$D"/run*/; do
    awk -F, -v r="$(basename "$r")" -v t="$(cat "$r/time")" \
        '!/^#/ && $1 == 1 && $10 != "" && $10 != "gap_cpu_s" { c += $10 }
         END { printf "%s run %.4f s, rank 1 gap CPU %.4f s\n", r, t, c }' "$r/msgs.csv"
done
