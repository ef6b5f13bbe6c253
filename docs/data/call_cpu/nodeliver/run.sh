#!/bin/bash
# run.sh (tried, not kept; session 22): on local's daemon route, the calls' own CPU as
# load (--call-cpu) with and without the messages within a host as load too. A scratch
# clone of this checkout gets nodeliver.patch (HREL_SCRATCH_NODELIVER=1: with --call-cpu
# on the daemon route, no delivery load) and is built; the stored local matrices H, I, J,
# K and L (H's, I's and J's predicting runs imported again) are priced three ways (no runs):
# default, --call-cpu, --call-cpu without the delivery load. Prints the replay's error
# (%, against the untraced median) per daemon-route cell in that order.
# usage (from the repository root): docs/data/call_cpu/nodeliver/run.sh > docs/data/call_cpu/nodeliver/run.txt
set -u
SRC=$(cd "$(dirname "$0")/../../../.." && pwd)
ROOT=$(mktemp -d); tmp=$(mktemp -d); trap 'rm -rf "$ROOT" "$tmp"' EXIT
git clone -q "$SRC" "$ROOT/c" && ROOT=$ROOT/c
(cd "$ROOT" && git apply "$SRC/docs/data/call_cpu/nodeliver/nodeliver.patch" && make >/dev/null 2>&1) ||
    { echo "run.sh: the scratch build failed" >&2; exit 1; }
echo "# run.sh: $(date -u +%FT%TZ), commit $(git -C "$SRC" rev-parse --short HEAD) + nodeliver.patch"
echo "# cell: replay error % by default, with --call-cpu, with --call-cpu and no delivery load"
for m in H I J K L; do
    cp -r "$SRC/docs/data/predict_matrix_local/$m" "$tmp/$m"
    # H, I and J imported again (their traces predate the calls' CPU); K's and L's
    # stored traces were imported by session 22's hrel and kept no tev files
    case $m in H|I|J) "$ROOT/docs/data/predict_matrix_local/reimport.sh" "$tmp/$m" >&2 ;; esac
    for v in default callcpu nodeliver; do
        cp -r "$tmp/$m" "$tmp/$m.$v"
        opt=(); [ $v != default ] && opt=(--predict-opt --call-cpu)
        if [ $v = nodeliver ]; then export HREL_SCRATCH_NODELIVER=1; else unset HREL_SCRATCH_NODELIVER; fi
        "$ROOT/experiments/predict_matrix.sh" --reprice --run "$tmp/$m.$v" --platforms local "${opt[@]}" >/dev/null 2>&1
    done
    unset HREL_SCRATCH_NODELIVER
    echo "== $m"
    for c in "$tmp/$m.default"/cells/local/*/; do
        n=$(basename "$c"); grep -q '(platform local, daemon route' "$c/hrel_predict.txt" || continue
        printf '%-10s' "$n"
        for v in default callcpu nodeliver; do
            printf ' %7s' "$(awk -F, '$1 == "replay" { print $4 }' "$tmp/$m.$v/cells/local/$n/predict_untraced.csv")"
        done
        echo
    done
done | tee "$tmp/rows"
awk '/^==/ { next } { for (k = 2; k <= 4; k++) { v = $k < 0 ? -$k : $k; a[k, ++n[k]] = v } }
     END { for (k = 2; k <= 4; k++) { m = 0; for (i = 1; i <= n[k]; i++) { w[i] = a[k, i]; if (w[i] > m) m = w[i] }
           for (i = 1; i <= n[k]; i++) for (j = i + 1; j <= n[k]; j++) if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
           printf "# %s: median %.1f, max %.1f over %d cells\n", k == 2 ? "default" : k == 3 ? "--call-cpu" : "--call-cpu, no delivery load",
                  n[k] % 2 ? w[(n[k] + 1) / 2] : (w[n[k] / 2] + w[n[k] / 2 + 1]) / 2, m, n[k] } }' "$tmp/rows"
