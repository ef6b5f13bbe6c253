#!/bin/bash
# daemon_KL.sh: the stored local matrices K and L (session 22) priced again (no runs) by
# predict_matrix.sh --reprice as they are and with the calls' CPU on the daemon route too
# (--predict-opt --call-cpu; tried in session 21 on H and I, not the default). Prints the
# replay's error per daemon-route cell against the untraced median (%), both ways.
# usage (from the repository root): docs/data/call_cpu/daemon_KL.sh > docs/data/call_cpu/daemon_KL.txt
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "# daemon_KL.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD)"
for m in K L; do
    for v in default callcpu; do
        cp -r "$ROOT/docs/data/predict_matrix_local/$m" "$tmp/$m.$v"
        opt=(); [ $v = callcpu ] && opt=(--predict-opt --call-cpu)
        "$ROOT/experiments/predict_matrix.sh" --reprice --run "$tmp/$m.$v" --platforms local "${opt[@]}" \
            >"$tmp/$m.$v.log" 2>&1 || { echo "# $m $v: reprice failed"; tail -n 3 "$tmp/$m.$v.log"; }
    done
    echo "== matrix $m: cell, replay error % as it is, with --call-cpu"
    for c in "$tmp/$m.default"/cells/local/*/; do
        n=$(basename "$c")
        grep -q '(platform local, daemon route' "$c/hrel_predict.txt" || continue
        a=$(awk -F, '$1 == "replay" { print $4 }' "$c/predict_untraced.csv")
        b=$(awk -F, '$1 == "replay" { print $4 }' "$tmp/$m.callcpu/cells/local/$n/predict_untraced.csv")
        printf '%-10s %7s %7s\n' "$n" "$a" "$b"
    done | tee "$tmp/$m.rows"
    awk '{ a = $2 < 0 ? -$2 : $2; b = $3 < 0 ? -$3 : $3; A[NR] = a; B[NR] = b; n = NR }
         END { printf "median / max: %.1f / %.1f as it is, %.1f / %.1f with --call-cpu\n", med(A, n), mx(A, n), med(B, n), mx(B, n) }
         function mx(v, n,   i, m) { m = 0; for (i = 1; i <= n; i++) if (v[i] > m) m = v[i]; return m }
         function med(v, n,   i, j, t, w) { for (i = 1; i <= n; i++) w[i] = v[i]
             for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
             return n % 2 ? w[(n + 1) / 2] : (w[n / 2] + w[n / 2 + 1]) / 2 }' "$tmp/$m.rows"
done
