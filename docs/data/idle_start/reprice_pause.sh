#!/bin/bash
# reprice_pause.sh MATRIX OUT LC.csv...: MATRIX's local cells priced again (predict_matrix.sh
# --reprice, in a scratch copy; no runs) with each LC.csv as every cell's lifecycle.csv, and
# as they are ("as_run"). OUT/NAME.csv: matrix_goal.sh's goal.csv of each (NAME: as_run or
# the LC file's name); OUT/compare.txt: each cell's error (%, against its untraced median;
# ms under 20 ms) and each route's goal line.
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
m=${1:?usage: reprice_pause.sh MATRIX OUT LC.csv...}; out=${2:?}; shift 2
mkdir -p "$out"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
names=()
for lc in as_run "$@"; do
    n=$(basename "$lc" .csv); names+=("$n")
    c=$t/$n; mkdir -p "$c/cells"
    cp -r "$m/cells/local" "$c/cells/"; cp -r "$m/char" "$c/"
    cp "$m/info" "$c/" 2>/dev/null || true
    if [ "$lc" != as_run ]; then
        for d in "$c"/cells/local/*/; do cp "$lc" "$d/lifecycle.csv"; done
    fi
    "$root/experiments/predict_matrix.sh" --reprice --run "$c" --platforms local >"$t/$n.log" 2>&1 ||
        { echo "reprice_pause: repricing with $lc failed: $(tail -n 1 "$t/$n.log")" >&2; exit 1; }
    "$root/experiments/matrix_goal.sh" -o "$c/goal" "$c" >"$t/$n.goal" 2>&1 ||
        { echo "reprice_pause: matrix_goal.sh failed: $(tail -n 1 "$t/$n.goal")" >&2; exit 1; }
    cp "$c/goal/goal.csv" "$out/$n.csv"
done
{
echo "# reprice_pause.sh $m with: ${names[*]} ($(date -u +%FT%TZ), commit $(git -C "$root" rev-parse --short HEAD))"
echo "# each cell: the replay's error % against the untraced median (ms in brackets)"
printf "%-7s %-10s %9s" route cell median_ms; for n in "${names[@]}"; do printf " %22s" "$n"; done; echo
awk -F, 'FNR==1{f++} FNR>2 && $1=="local" {k=$2" "$3; med[k]=$6; e[k,f]=sprintf("%7.2f (%6.2f)", $11, $12); keys[k]=1}
    END {for (k in keys) {split(k, a, " "); printf "%-7s %-10s %9.2f", a[1], a[2], med[k]*1e3;
         for (i=1; i<=f; i++) printf " %22s", e[k,i]; printf "\n"}}' $(for n in "${names[@]}"; do echo "$out/$n.csv"; done) | sort
for n in "${names[@]}"; do echo "== $n"; grep -h "^local " "$t/$n.goal"; done
} >"$out/compare.txt"
cat "$out/compare.txt"
