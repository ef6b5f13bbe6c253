#!/bin/bash
# masters.sh DIR...: the start-up CPU (the start row's gap_cpu_s, ms) of the program
# started from the shell (rank 0) in each traced run of kept pvm_examples folders
# (keep.sh ... all) or predict.sh folders: one line a program.
for d in "$@"; do
    d=${d%/}; [ -d "$d" ] || continue; printf '%-12s' "$(basename "$d")"
    for m in "$d"/run[0-9]*/msgs.csv; do
        [ -s "$m" ] && awk -F, '/^#/ || /^rank/ { next } $1 == 0 && $3 == "start" { printf " %.2f", 1e3 * $10 }' "$m"
    done
    echo
done
