#!/bin/bash
# matrix_summary.sh -- the summary of one or several validation matrices
# (experiments/predict_matrix.sh's matrix.csv): per platform, source, route and
# model, the median and maximum |error| % over every cell of every matrix given,
# against the untraced and the traced medians. Route "all" pools a platform's
# routes; platform "LANs" pools every emulated platform (all but local).
#
# Usage: experiments/matrix_summary.sh [-o FILE] MATRIX...
#   MATRIX    a matrix folder (its matrix.csv is read) or a matrix.csv file
#   -o FILE   write FILE (default: standard output)
#
# Output (summary.csv, what hrel predict's recommended line reads; lib/model/recommend.h):
#   # matrix_summary: UTC time, commit
#   # from: K matrices: the files read
#   platform,source,route,model,cells,median_abs_err_untraced_pct,
#   max_abs_err_untraced_pct,median_abs_err_traced_pct,max_abs_err_traced_pct,
#   sets,p90_abs_err_untraced_pct
# cells counts a cell once per matrix it is in; sets is how many of the matrices
# gave rows to that line; p90 is the 90th percentile of the untraced |errors|
# (nearest rank). Rows are sorted by platform, route, source (same first), model.
# Exit 1 with one line on bad input (a missing matrix, a file without
# matrix.csv's header, a row with another number of fields).
set -u -o pipefail
die() { echo "matrix_summary: $1" >&2; exit "${2:-1}"; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HEAD="platform,cell,route,source,model,predicted_s,measured_s,untraced_s,err_pct,err_untraced_pct,overhead_pct,big_datagrams_untraced,big_datagrams_traced"
out="" files=()
while [ $# -gt 0 ]; do
    case "$1" in
        -o) [ $# -ge 2 ] || die "-o needs a file" 2; out=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option '$1' (--help)" 2 ;;
        *) f=$1; [ -d "$f" ] && f=$f/matrix.csv
           [ -s "$f" ] || die "'$1': no matrix.csv there"
           [ "$(head -n 1 "$f")" = "$HEAD" ] || die "'$f': not a matrix.csv (its first line is not predict_matrix.sh's header)"
           files+=("$f"); shift ;;
    esac
done
[ ${#files[@]} -gt 0 ] || die "give one or more matrices (--help)" 2
commit=$(git -C "$ROOT" rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$ROOT" status --porcelain --untracked-files=no -- lib experiments 2>/dev/null)" ] ||
    commit="$commit with uncommitted changes to lib/ or experiments/"

body=$(awk -F, -v OFS=, '
    FNR == 1 { set++; next }
    NF != 13 { printf "matrix_summary: %s:%d: %d fields, matrix.csv has 13\n", FILENAME, FNR, NF > "/dev/stderr"; bad = 1; exit 1 }
    { add($1, $4, $3, $5, $10, $9); add($1, $4, "all", $5, $10, $9)
      if ($1 != "local") { add("LANs", $4, $3, $5, $10, $9); add("LANs", $4, "all", $5, $10, $9) } }
    function add(p, s, r, m, u, t,   k) { k = p SUBSEP s SUBSEP r SUBSEP m; n[k]++
        if (!((k, set) in seen)) { seen[k, set] = 1; sets[k]++ }
        eu[k, n[k]] = (u < 0 ? -u : u); et[k, n[k]] = (t < 0 ? -t : t) }
    function sorted(a, k, m, v,   i, j, t) { for (i = 1; i <= m; i++) v[i] = a[k, i]
        for (i = 2; i <= m; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t } }
    function med(a, k, m,   v) { sorted(a, k, m, v); return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }
    function p90(a, k, m,   v, r) { sorted(a, k, m, v); r = int(0.9 * m); if (r < 0.9 * m) r++; return v[r] }
    function mx(a, k, m,   i, x) { x = 0; for (i = 1; i <= m; i++) if (a[k, i] > x) x = a[k, i]; return x }
    END { if (bad) exit 1
          for (k in n) { split(k, f, SUBSEP)
              printf "%s,%s,%s,%s,%d,%.1f,%.1f,%.1f,%.1f,%d,%.1f\n", f[1], f[2], f[3], f[4], n[k], med(eu, k, n[k]),
                     mx(eu, k, n[k]), med(et, k, n[k]), mx(et, k, n[k]), sets[k], p90(eu, k, n[k]) } }
' "${files[@]}") || exit 1
{ echo "# matrix_summary: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $commit"
  echo "# from: ${#files[@]} matri$([ ${#files[@]} -eq 1 ] && echo x || echo ces): ${files[*]}"
  echo "platform,source,route,model,cells,median_abs_err_untraced_pct,max_abs_err_untraced_pct,median_abs_err_traced_pct,max_abs_err_traced_pct,sets,p90_abs_err_untraced_pct"
  [ -z "$body" ] || printf '%s\n' "$body" | sort -t, -k1,1 -k3,3 -k2,2r -k4,4; } |
    if [ -n "$out" ]; then cat >"$out" || die "cannot write '$out'"; else cat; fi
