#!/bin/bash
# reprice_pause.sh MATRIX OUT LC.csv...: MATRIX's local cells priced again (no runs) with each
# LC.csv as every cell's lifecycle.csv, and as they are ("as_run"), each in a scratch copy by
# ../predict_matrix_local/exchange_common.sh's xc_reprice (predict_matrix.sh --reprice,
# matrix_goal.sh). OUT/NAME.csv: the goal.csv of each (NAME: as_run or the LC file's name);
# OUT/compare.txt: each cell's error (%, against its untraced median; ms under 20 ms) and each
# route's goal line.
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
m=${1:?usage: reprice_pause.sh MATRIX OUT LC.csv...}; out=${2:?}; shift 2
m=$(cd "$m" && pwd); mkdir -p "$out"; out=$(cd "$out" && pwd)
lcs=(); for lc in "$@"; do lcs+=("$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")"); done
cd "$root"
. docs/data/predict_matrix_local/exchange_common.sh
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
names=()
for lc in as_run ${lcs[@]+"${lcs[@]}"}; do
    n=$(basename "$lc" .csv); names+=("$n")
    cp -r "$m" "$t/$n"
    if [ "$lc" != as_run ]; then
        for d in "$t/$n"/cells/local/*/; do cp "$lc" "$d/lifecycle.csv"; done
    fi
    xc_reprice "$m" "$t/$n" reprice_pause
    cp "$t/$n/goal/goal.csv" "$out/$n.csv"
done
{
echo "# reprice_pause.sh ${m#"$root"/} with: ${names[*]} ($(date -u +%FT%TZ), commit $(git rev-parse --short HEAD))"
echo "# each cell: the replay's error % against the untraced median (ms in brackets)"
printf "%-7s %-10s %9s" route cell median_ms; for n in "${names[@]}"; do printf " %22s" "$n"; done; echo
awk -F, 'FNR==1{f++} FNR>2 && $1=="local" {k=$2" "$3; med[k]=$6; e[k,f]=sprintf("%7.2f (%6.2f)", $11, $12); keys[k]=1}
    END {for (k in keys) {split(k, a, " "); printf "%-7s %-10s %9.2f", a[1], a[2], med[k]*1e3;
         for (i=1; i<=f; i++) printf " %22s", e[k,i]; printf "\n"}}' $(for n in "${names[@]}"; do echo "$out/$n.csv"; done) | sort
for n in "${names[@]}"; do echo "== $n"; sed -n 's/^predict_matrix: goal: \(local .*\)$/\1/p' "$t/$n/reprice.log"; done
} >"$out/compare.txt"
cat "$out/compare.txt"
