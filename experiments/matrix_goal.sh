#!/bin/bash
# matrix_goal.sh -- the goals of issues 21 and 22 checked on a validation matrix
# (experiments/predict_matrix.sh), from its cells' own files: each cell's
# recommended model against the median of its untraced runs, with that median's
# 95 % confidence interval, so a reader sees how well the runs pin the target.
#
# Usage: experiments/matrix_goal.sh [--first K] [-o DIR] MATRIX
#   MATRIX     a matrix folder (MATRIX/cells/PLATFORM/CELL/predict_untraced.csv)
#   --first K  only each cell's first K untraced runs (what a matrix of K runs
#              would have measured; the predictions stay the cell's)
#   -o DIR     write DIR/goal.csv and DIR/goal.md (default: standard output, the CSV
#              then the summary lines)
#
# Per cell (its own trace, not a cross-platform prediction): the model of its
# '# recommended:' line, the untraced runs of '# measured_runs_s:', their median and
# the distribution-free 95 % interval of the median (order statistics j and n+1-j,
# j the largest with 1 - 2 P(B <= j-1) >= 0.95, B ~ Bin(n, 1/2); with 5 runs the
# whole range, 93.75 %), the error (median - predicted) / median, and the runs
# inside the model's 80 % interval (lo_s..hi_s of predict_untraced.csv).
# Per platform and route, the goal that applies:
#   issue 21 (local, either route; the emulated platforms' direct route): cells of
#     20 ms or more within 10 % median and 15 % max |error|, cells under 20 ms
#     within 2 ms;
#   issue 22 (the emulated platforms' daemon route): every cell within 20 % (15 %
#     on fast-switch) and at least 80 % of the untraced runs inside the 80 % interval.
# A cell whose recommended model was refused counts as a miss ('refused:'). Exit 0
# whatever the verdicts; 1 with one line on bad input (no cells, a cell without
# runs or without its '# recommended:' line).
set -u -o pipefail
die() { echo "matrix_goal: $1" >&2; exit "${2:-1}"; }
first=0 out="" m=""
while [ $# -gt 0 ]; do
    case "$1" in
        --first) [ $# -ge 2 ] || die "--first needs a number" 2
                 case "$2" in ''|*[!0-9]*|0) die "--first '$2': give a whole number of runs, 1 or more" 2 ;; esac
                 first=$2; shift 2 ;;
        -o) [ $# -ge 2 ] || die "-o needs a folder" 2; out=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option '$1' (--help)" 2 ;;
        *) [ -z "$m" ] || die "one matrix folder only ('$m' and '$1')" 2; m=$1; shift ;;
    esac
done
[ -n "$m" ] || die "give a matrix folder (--help)" 2
[ -d "$m/cells" ] || die "'$m': no cells/ folder (not a predict_matrix.sh matrix)"
cells=$(ls -d "$m"/cells/*/*/ 2>/dev/null | sort)
[ -n "$cells" ] || die "'$m/cells': no cell folders"

# one row per cell
rows=$(for d in $cells; do
    d=${d%/}; f=$d/predict_untraced.csv
    [ -s "$f" ] || continue
    # the route: predict_untraced.csv's '# route:' line, else (a matrix priced again
    # from before that line) predict.csv's, as predict_matrix.sh reads it
    r0=$(sed -n 's/^# route: \([a-z]*\)[;,].*/\1/p' "$d/predict.csv" 2>/dev/null | head -n 1)
    awk -F, -v plat="$(basename "$(dirname "$d")")" -v c="$(basename "$d")" -v first="$first" -v f="$f" -v route="$r0" '
        function die(s) { printf "matrix_goal: %s: %s\n", f, s > "/dev/stderr"; exit 1 }
        /^# recommended: / { split(substr($0, 16), w, " "); model = w[1]; next }
        /^# route: / { split(substr($0, 10), w, "[ ,;]"); route = w[1]; next }
        /^# measured_runs_s: / { n = split(substr($0, 20), r, ","); next }
        /^#/ || $1 == "model" { next }
        { pred[$1] = $2; lo[$1] = $5; hi[$1] = $6 }
        END {
            if (!n) die("no untraced runs (# measured_runs_s:)")
            if (model == "") die("no '\''# recommended:'\'' line")
            if (first > 0 && first < n) n = first
            for (i = 1; i <= n; i++) v[i] = r[i] + 0
            for (i = 2; i <= n; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
            med = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
            # P(B <= k) for B ~ Bin(n, 1/2), cumulated term by term
            cdf[-1] = 0; term = 2 ^ -n; for (k = 0; k <= n; k++) { cdf[k] = cdf[k - 1] + term; term = term * (n - k) / (k + 1) }
            j = 1; while (j + 1 <= int((n + 1) / 2) && 1 - 2 * cdf[j] >= 0.95) j++
            if (!(model in pred)) {   # refused: the cell misses its goal
                printf "%s,%s,%s,%s,%d,%.6f,%.6f,%.6f,%.4f,refused,-,-,-,-,-\n", plat, route, c, model, n, med,
                       v[j], v[n + 1 - j], 1 - 2 * cdf[j - 1]
                exit 0
            }
            pv = pred[model] + 0; e = (med - pv) / med
            inside = 0
            if (lo[model] != "" && hi[model] != "")
                for (i = 1; i <= n; i++) inside += (v[i] >= lo[model] && v[i] <= hi[model])
            else inside = "-"
            printf "%s,%s,%s,%s,%d,%.6f,%.6f,%.6f,%.4f,%.6f,%.2f,%.3f,%s,%s,%s\n", plat, route, c, model, n, med,
                   v[j], v[n + 1 - j], 1 - 2 * cdf[j - 1], pred[model], 100 * e, 1e3 * (med - pv),
                   lo[model] == "" ? "-" : lo[model], hi[model] == "" ? "-" : hi[model], inside
        }' "$f" || exit 1
done) || exit 1
[ -n "$rows" ] || die "'$m/cells': no cell with predict_untraced.csv"

header="platform,route,cell,model,runs,median_s,ci_lo_s,ci_hi_s,ci_level,predicted_s,err_pct,err_ms,lo_s,hi_s,inside"
# the verdict per platform and route
summary=$(printf '%s\n' "$rows" | awk -F, '
    { k = $1 "," $2; if (!(k in n)) order[++nk] = k; n[k]++
      if ($10 == "refused") { refused[k] = refused[k] " " $3; next }
      e = $11 < 0 ? -$11 : $11; ms = $12 < 0 ? -$12 : $12
      big = $6 >= 0.02; cell[k, n[k]] = $3; ee[k, n[k]] = e; se[k, n[k]] = $11; em[k, n[k]] = ms; bg[k, n[k]] = big
      if ($15 != "-") { runs[k] += $5; inside[k] += $15 } }
    function med(a, k, m,   i, j, t, v, c) { c = 0
        for (i = 1; i <= m; i++) if (bg[k, i]) v[++c] = a[k, i]
        for (i = 2; i <= c; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
        nb = c; return c == 0 ? 0 : (c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2) }
    END {
        for (o = 1; o <= nk; o++) { k = order[o]; split(k, pr, ","); plat = pr[1]; route = pr[2]
            misses = ""; ok = 1; mx = 0
            if (plat != "local" && route == "daemon") {
                lim = plat == "fast-switch" ? 15 : 20
                for (i = 1; i <= n[k]; i++) { if (ee[k, i] > mx) mx = ee[k, i]
                    if (ee[k, i] > lim) { ok = 0; misses = misses sprintf(" %s %+.1f %%", cell[k, i], se[k, i]) } }
                share = runs[k] ? 100 * inside[k] / runs[k] : 0
                if (share < 80 || k in refused) ok = 0
                printf "%s %s (issue 22: every cell within %d %%, 80 %% of the runs inside the interval): %d cells, largest |error| %.1f %%, runs inside %d of %d (%.0f %%)%s: %s\n",
                       plat, route, lim, n[k], mx, inside[k], runs[k], share, (misses == "" ? "" : "; over:" misses) (k in refused ? "; refused:" refused[k] : ""), ok ? "met" : "missed"
            } else {
                m = med(ee, k, n[k])
                for (i = 1; i <= n[k]; i++) {
                    if (bg[k, i]) { if (ee[k, i] > mx) mx = ee[k, i]; if (ee[k, i] > 15) { ok = 0; misses = misses sprintf(" %s %.1f %%", cell[k, i], ee[k, i]) } }
                    else if (em[k, i] > 2) { ok = 0; misses = misses sprintf(" %s %.2f ms", cell[k, i], em[k, i]) } }
                if (m > 10 || k in refused) ok = 0
                printf "%s %s (issue 21: 20 ms or more within 10 %% median, 15 %% max; under 20 ms within 2 ms): %d cells (%d of 20 ms or more), median / max |error| %.1f / %.1f %%%s: %s\n",
                       plat, route, n[k], nb, m, mx, (misses == "" ? "" : "; over:" misses) (k in refused ? "; refused:" refused[k] : ""), ok ? "met" : "missed"
            } } }')
if [ -n "$out" ]; then
    mkdir -p "$out" || die "cannot make '$out'"
    note=""; [ "$first" = 0 ] || note=", first $first untraced runs"
    { echo "# matrix_goal.sh $m$note"
      echo "$header"; printf '%s\n' "$rows"; } >"$out/goal.csv" || die "cannot write '$out/goal.csv'"
    { echo "| platform | route | cell | model | runs | untraced median s (95 % interval) | predicted s | error % | runs inside the 80 % interval |"
      echo "|---|---|---|---|---|---|---|---|---|"
      printf '%s\n' "$rows" | awk -F, '{ printf "| %s | %s | %s | %s | %d | %.4f (%.4f–%.4f) | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8,
          $10 == "refused" ? "refused" : sprintf("%.4f", $10), $10 == "refused" ? "—" : sprintf("%+.1f", $11), $15 == "-" ? "—" : $15 " of " $5 }'
      echo
      printf '%s\n' "$summary" | sed 's/^/- /'; } >"$out/goal.md" || die "cannot write '$out/goal.md'"
    printf '%s\n' "$summary"
else
    echo "$header"; printf '%s\n' "$rows"; printf '%s\n' "$summary" | sed 's/^/# /'
fi
