#!/bin/bash
# held_summary.sh MODEL DIR...: for each held-out program folder DIR (predict.sh's
# or keep.sh's), MODEL's prediction against the median of the untraced runs
# (predict_untraced.csv; + = predicted short) and how many of those runs lie in
# its 80 % interval (lo_s..hi_s); then the median / max |error| and the runs
# inside, pooled (issue 22's measures).
set -u
m=${1:?usage: held_summary.sh MODEL DIR...}; shift
rows=$(mktemp); trap 'rm -f "$rows"' EXIT
for d in "$@"; do
    d=${d%/}
    u=$(sed -n 's/^# untraced_runs_s: //p' "$d/predict.csv")
    awk -F, -v p="$(basename "$d")" -v m="$m" -v u="$u" '$1 == m {
        n = split(u, a, ","); k = 0
        for (i = 1; i <= n; i++) if ($5 != "" && a[i] >= $5 && a[i] <= $6) k++
        printf "%s %s %.4f s, untraced median %.4f s, %+.1f %%, interval %s..%s s holds %d of %d\n",
               p, m, $2, $3, $4, $5, $6, k, n }' "$d/predict_untraced.csv"
done >"$rows"
cat "$rows"
awk '{ e = $9 + 0; e = e < 0 ? -e : e; v[NR] = e; h += $(NF - 2); r += $NF }
    END { for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
          md = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "# %d programs: median / max |error| %.1f / %.1f %%; %d of %d runs inside the interval\n", NR, md, v[NR], h, r }' \
    "$rows"
