#!/bin/bash
# enrol_sets.sh: per stored local matrix (predict_matrix_local/K..X, Y = predict_matrix_2026-11-27,
# and any folder given as an argument), the medians over every local cell's traced runs of
# what a task's start cost (ms): rank 0 (started from the shell by hrel_timed) its start-up
# CPU (the trace's start row) and its enrolment call (pvm_mytid: wall and CPU); the spawned
# ranks' start-up CPU and enrolment call; the spawn of one task; and hrel_lifecycle's start_cpu
# and enrol (the farm cell's lifecycle.csv, measured back to back with the runs); and the
# characterisation's CPU calibration (int kernel, s; char/local-daemon and local-direct).
set -eu
here=$(cd "$(dirname "$0")" && pwd); data=$(cd "$here/.." && pwd)
med() { sort -g | awk '{a[NR]=$1} END{if(NR==0){print "nan"; exit} print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
sets=()
for s in K L M N O P Q R S T U V W X; do sets+=("$data/predict_matrix_local/$s"); done
sets+=("$data/predict_matrix_2026-11-27" "$@")
printf "%-22s %5s | %7s %7s %7s %9s | %7s %7s %7s | %7s %7s | %s\n" set runs start0 enrol0 enr0cpu "enr0>1ms" kstart kenrol spawn1 lc_scpu lc_enrol "int_s (daemon, direct)"
for d in "${sets[@]}"; do
    n=$(basename "$d"); [ "$n" = predict_matrix_2026-11-27 ] && n="Y (2026-11-27)"
    f=$(mktemp); g=$(mktemp); h=$(mktemp)
    for r in "$d"/cells/local/*/run*/msgs.csv; do
        awk -F, '$1==0&&$3=="start"{s=$10} $1==0&&$3=="enrol"{e=$8-$7; c=$12} END{print s*1e3, e*1e3, c*1e3}' "$r" >>"$f"
        awk -F, '$1>0&&$3=="start"{s[$1]=$10} $1>0&&$3=="enrol"{print s[$1]*1e3, ($8-$7)*1e3}' "$r" >>"$g"
        awk -F, '$3=="spawn" && $4 !~ /;/ {print ($8-$7)*1e3}' "$r" >>"$h"
    done
    printf "%-22s %5d | %7.2f %7.2f %7.2f %9d | %7.2f %7.2f %7.2f | %7.2f %7.2f | %s\n" "$n" "$(wc -l <"$f")" \
        "$(awk '{print $1}' "$f" | med)" "$(awk '{print $2}' "$f" | med)" "$(awk '{print $3}' "$f" | med)" \
        "$(awk '$2 > 1' "$f" | wc -l)" "$(awk '{print $1}' "$g" | med)" "$(awk '{print $2}' "$g" | med)" "$(med <"$h")" \
        $(awk -F, '$1=="start_cpu"{a=$5} $1=="enrol"{b=$5} END{print a*1e3, b*1e3}' "$d/cells/local/farm/lifecycle.csv") \
        "$(for r in daemon direct; do awk -F, '$3=="int"{printf "%.4f ", $4}' "$d/char/local-$r/calibration.csv"; done)"
    rm -f "$f" "$g" "$h"
done
