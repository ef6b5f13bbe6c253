#!/bin/bash
# ab.sh DIR...: every program of the stored folders DIR priced twice by hrel predict's
# replay with the same inputs: as hrel predict prices by default (the line through the
# spawn of 1 and of K tasks, every child from k 1's spawn_start) and with --spawn-every-k
# (every k of a spawn lifecycle.csv measured and the first child's start: "A spawn of k
# tasks", docs/predict.md). A check: the default equals the price of the lifecycle.csv
# with the rows of k between 1 and the largest and spawn_first taken out (a line that
# differs ends in '!'). DIR is an examples
# pass (DIR/PROGRAM/trace/msgs.csv as kept, or as run: the run hrel_predict.txt names)
# or a local matrix (DIR/cells/local/CELL/predicting_msgs.csv, its run's
# calibration.csv). Each line: the program, its spawns
# (tasks per pvm_spawn), the untraced runs' median and both predictions (ms), and
# both errors (ms and %; positive: predicted short). A closing line per DIR, and one
# over every DIR: the median |error| % both ways.
set -eu
H=$(cd "$(dirname "$0")/../../.." && pwd)/bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
: >"$tmp/all"
price() {   # price MSGS ON ROUTE [OPT]: the replay's prediction, s
    "$H" predict "$1" --on "$2" --platform local --route "$3" --hosts-from "$1" --all-models ${4:-} |
        awk -F, '$1 == "replay" && NF >= 2 && $2 ~ /^[0-9]/ { print $2; exit }'
}
strip() {   # strip IN OUT: lifecycle.csv without k between 1 and the largest, nor spawn_first
    awk -F, '!/^#/ && ($1 == "spawn" || $1 == "spawn_start") && $2 > 1 && $2 > K[$1 "," $3] { K[$1 "," $3] = $2 }
             { l[NR] = $0 } END { for (i = 1; i <= NR; i++) { split(l[i], f, ",");
                 if (l[i] !~ /^#/ && f[1] == "spawn_first") continue;
                 if (l[i] !~ /^#/ && (f[1] == "spawn" || f[1] == "spawn_start") && f[2] > 1 && f[2] < K[f[1] "," f[3]]) continue;
                 print l[i] } }' "$1" >"$2"
}
for D in "$@"; do
    echo "# $D"
    printf '%-10s %-8s %9s %9s %9s %14s %14s\n' program spawns untraced default every_k err_default err_every_k
    : >"$tmp/errs"
    if [ -d "$D/cells/local" ]; then set -- "$D"/cells/local/*/; else set -- "$D"/*/; fi
    for c in "$@"; do
        c=${c%/}; name=$(basename "$c")
        [ -f "$c/lifecycle.csv" ] && [ -f "$c/predict_untraced.csv" ] || continue
        rm -rf "$tmp/on" "$tmp/tr"; mkdir -p "$tmp/tr"; cp -r "$c" "$tmp/on"
        if [ -f "$c/predicting_msgs.csv" ]; then
            cp "$c/predicting_msgs.csv" "$tmp/tr/msgs.csv"
            r=$(sed -n 's|^# trace: .*/\(run[0-9]*\)[/ ].*|\1|p' "$c/hrel_predict.txt" | head -n 1)
            cp "$c/$r/calibration.csv" "$tmp/tr/"
        elif [ -d "$c/trace" ]; then
            cp "$c/trace/msgs.csv" "$c/trace/calibration.csv" "$tmp/tr/"
        else   # a pass's working folder: the run its prediction used
            r=$(sed -n 's|^# trace: \([^ ]*\) .*|\1|p' "$c/hrel_predict.txt" | head -n 1)
            cp "$r/msgs.csv" "$r/calibration.csv" "$tmp/tr/"
        fi
        route=$(sed -n 's/^# route: \([a-z]*\),.*/\1/p' "$c/predict_untraced.csv" | head -n 1)
        med=$(sed -n 's/^# measured_runs_s: //p' "$c/predict_untraced.csv" | tr ',' '\n' | sort -g |
              awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
        spawns=$(awk -F, '$3 == "spawn" { n = split($4, a, ";"); s = s (s ? "+" : "") n } END { print s ? s : "-" }' "$tmp/tr/msgs.csv")
        new=$(price "$tmp/tr/msgs.csv" "$tmp/on" "$route" --spawn-every-k)
        old=$(price "$tmp/tr/msgs.csv" "$tmp/on" "$route")
        strip "$c/lifecycle.csv" "$tmp/on/lifecycle.csv"
        chk=$(price "$tmp/tr/msgs.csv" "$tmp/on" "$route")
        awk -v n="$name" -v s="$spawns" -v m="$med" -v o="$old" -v w="$new" -v c="$chk" -v f="$tmp/errs" 'BEGIN {
            eo = 100 * (m - o) / m; ew = 100 * (m - w) / m
            printf "%-10s %-8s %9.3f %9.3f %9.3f %+6.2f %+6.1f%% %+6.2f %+6.1f%%%s\n", n, s, 1e3 * m, 1e3 * o, 1e3 * w,
                1e3 * (m - o), eo, 1e3 * (m - w), ew, c == o ? "" : " !"
            printf "%g %g\n", eo < 0 ? -eo : eo, ew < 0 ? -ew : ew >> f }'
    done
    sort -g -k1,1 "$tmp/errs" | awk '{ a[NR] = $1 } END { printf "median |error|: default %.1f %%", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
    sort -g -k2,2 "$tmp/errs" | awk '{ a[NR] = $2 } END { printf ", --spawn-every-k %.1f %%\n", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
    cat "$tmp/errs" >>"$tmp/all"
done
sort -g -k1,1 "$tmp/all" | awk '{ a[NR] = $1 } END { printf "# every DIR, %d programs: median |error|: default %.1f %%", NR, (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
sort -g -k2,2 "$tmp/all" | awk '{ a[NR] = $2 } END { printf ", --spawn-every-k %.1f %%\n", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
