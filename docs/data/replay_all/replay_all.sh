#!/bin/bash
# Every traced run's trace priced, not only the median run's (docs/predict.md,
# "Every traced run priced"). For each predict.sh run folder given (a matrix's
# cells/PLATFORM/CELL that still holds its runK/ folders, or predict.sh --run
# DIRs), the recommended model's prediction from each runK/msgs.csv with that
# folder's characterisation (hrel predict as predict.sh calls it), against the
# median of the folder's untraced runs.
# usage: replay_all.sh DIR...    (one CSV line per folder on stdout:
#   cell,model,untraced_median_s,chosen_s,chosen_err_pct,median_s,median_err_pct,
#   min_s,max_s,runs_inside_min_max,runs,replays (;-separated))
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HREL=$ROOT/bin/LINUX64/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
med() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "cell,model,untraced_median_s,chosen_s,chosen_err_pct,median_s,median_err_pct,min_s,max_s,runs_inside_min_max,runs,replays"
for d in "$@"; do
    [ -s "$d/predict.csv" ] && [ -s "$d/hrel_predict.txt" ] || { echo "replay_all: $d: no predict.csv" >&2; continue; }
    model=$(sed -n '1s/^predicted: [^ ]* s (\([^;,]*\).*/\1/p' "$d/hrel_predict.txt")
    platform=$(sed -n 's/^# on: .*(platform \([^,]*\), .*/\1/p' "$d/hrel_predict.txt")
    route=$(sed -n 's/^# route: \([a-z]*\);.*/\1/p' "$d/predict.csv")
    runs=$(sed -n 's/^# untraced_runs_s: //p' "$d/predict.csv")
    umed=$(tr ',' '\n' <<<"$runs" | med)
    chosen=$(awk -F, -v m="$model" '$1 == m { print $2 }' "$d/predict.csv")
    reps=""
    for t in "$d"/run[0-9]*/msgs.csv; do
        [ -s "$t" ] || continue
        rm -rf "$tmp/o"; mkdir -p "$tmp/o"
        "$HREL" predict "$(dirname "$t")" --on "$d" --platform "$platform" --route "$route" --all-models \
            --hosts-from "$t" -o "$tmp/o" >"$tmp/out.txt" 2>"$tmp/err.txt" ||
            { echo "replay_all: $t: $(head -n 1 "$tmp/err.txt")" >&2; continue; }
        reps="$reps${reps:+;}$(awk -F, -v m="$model" '$1 == m { print $2 }' "$tmp/o/predict.csv")"
    done
    [ -n "$reps" ] || { echo "replay_all: $d: no runK/msgs.csv priced" >&2; continue; }
    rmed=$(tr ';' '\n' <<<"$reps" | med)
    lo=$(tr ';' '\n' <<<"$reps" | sort -g | head -n 1) hi=$(tr ';' '\n' <<<"$reps" | sort -g | tail -n 1)
    inside=$(tr ',' '\n' <<<"$runs" | awk -v lo="$lo" -v hi="$hi" '$1 >= lo && $1 <= hi { n++ } END { print n + 0 }')
    awk -v OFS=, -v c="$(basename "$d")" -v m="$model" -v u="$umed" -v ch="$chosen" -v r="$rmed" \
        -v lo="$lo" -v hi="$hi" -v in_="$inside" -v n="$(tr ',' '\n' <<<"$runs" | wc -l)" -v reps="$reps" \
        'BEGIN { printf "%s,%s,%.6f,%.6f,%.1f,%.6f,%.1f,%.6f,%.6f,%d,%d,%s\n", c, m, u, ch, 100 * (u - ch) / u,
                 r, 100 * (u - r) / u, lo, hi, in_, n, reps }'
done
