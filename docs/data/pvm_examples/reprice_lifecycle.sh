#!/bin/bash
# reprice_lifecycle.sh DIR STORED: each program kept in DIR (keep.sh) priced again by
# hrel predict from its predicting trace, on the route it was priced on, with three task
# lifecycles: the one measured with its runs (DIR/NAME/lifecycle.csv, predict.sh's default), STORED (a characterisation's
# lifecycle.csv), and none (the trace's own times); error = (untraced median - predicted) /
# untraced median, positive = predicted short. Prints one line per program, then the
# median |error| of each column.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
H=$ROOT/bin/LINUX64/hrel
D=${1:?usage: reprice_lifecycle.sh DIR STORED} LS=${2:?usage: reprice_lifecycle.sh DIR STORED}
printf '%-10s %10s %10s %7s %10s %7s %10s %7s\n' program untraced_s now_s err stored_s err none_s err
rows=$(for r in "$D"/*/; do
    r=${r%/}; n=$(basename "$r")
    [ -s "$r/trace/msgs.csv" ] || continue
    u=$(awk -F, '$1 == "replay" { print $3 }' "$r/predict_untraced.csv")
    route=$(sed -n 's/^# on: .*, \([a-z]*\) route, .*/\1/p' "$r/hrel_predict.txt")   # as priced
    on=$(mktemp -d)
    cp "$r/fit.csv" "$r/setup.csv" "$r/calibration.csv" "$on/"
    line="$n $u"
    for lc in now stored none; do
        rm -f "$on/lifecycle.csv"
        case $lc in now) cp "$r/lifecycle.csv" "$on/" ;; stored) cp "$LS" "$on/lifecycle.csv" ;; esac
        v=$("$H" predict "$r/trace/msgs.csv" --on "$on" --platform local --route "${route:-daemon}" \
              --hosts-from "$r/trace/msgs.csv" 2>/dev/null | sed -n 's/^predicted: \([0-9.e-]*\) s.*/\1/p')
        line="$line ${v:-nan} $(awk -v v="${v:-0}" -v u="$u" 'BEGIN { printf "%.1f", 100 * (u - v) / u }')"
    done
    rm -rf "$on"
    echo "$line" | awk '{ printf "%-10s %10.5f %10.5f %7s %10.5f %7s %10.5f %7s\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
done)
printf '%s\n' "$rows"
printf '%s\n' "$rows" | awk '{ for (c = 4; c <= 8; c += 2) { v = $c < 0 ? -$c : $c; a[c, NR] = v } n = NR }
    END { printf "median |error| %%: now %.1f, stored %.1f, none %.1f (%d programs)\n", med(a, 4, n), med(a, 6, n), med(a, 8, n), n }
    function med(a, c, n,   i, j, t, v) { for (i = 1; i <= n; i++) v[i] = a[c, i]
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'
