#!/bin/bash
# lifecycle_pause.sh OUT [PAUSES] [ROUNDS]: hrel_lifecycle -r 10 (predict.sh's default) in fresh
# local virtual machines with each --pause of PAUSES (default "0 0.1 0.5"), the pauses
# interleaved, ROUNDS times (default 2). OUT/lc_P_R.csv: each file; OUT/summary.txt: the
# medians (ms) of the rows the replay charges.
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
out=${1:?usage: lifecycle_pause.sh OUT [PAUSES] [ROUNDS]}; pauses=${2:-0 0.1 0.5}; rounds=${3:-2}
mkdir -p "$out"
cd "$root"
. hostfiles/vm.sh
trap 'hrel_vm_stop' EXIT
for r in $(seq "$rounds"); do
    for p in $pauses; do
        hrel_vm_start hostfiles/local >/dev/null
        bin/LINUX64/hrel_lifecycle -r 10 --pause "$p" --platform local -o "$out/lc_${p}_$r.csv" \
            || { echo "lifecycle_pause: hrel_lifecycle --pause $p failed" >&2; exit 1; }
        hrel_vm_stop
    done
done
{
echo "# lifecycle_pause.sh $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD): medians in ms"
printf "%-6s %-5s %8s %8s %8s %8s %8s %8s %8s %8s\n" pause round enrol start_cpu spawn_cpu spawn1 sstart1 spawn3 sstart3 sfirst3
for r in $(seq "$rounds"); do
    for p in $pauses; do
        awk -F, -v p="$p" -v r="$r" '
            $1=="enrol" {a=$5} $1=="start_cpu" {b=$5} $1=="spawn_cpu" {c=$5}
            $1=="spawn" && $2==1 && $3=="local" {d=$5} $1=="spawn_start" && $2==1 && $3=="local" {e=$5}
            $1=="spawn" && $2==3 && $3=="local" {f=$5} $1=="spawn_start" && $2==3 && $3=="local" {g=$5}
            $1=="spawn_first" && $2==3 && $3=="local" {h=$5}
            END {printf "%-6s %-5s %8.2f %8.2f %8.2f %8.2f %8.2f %8.2f %8.2f %8.2f\n", p, r, a*1e3, b*1e3, c*1e3, d*1e3, e*1e3, f*1e3, g*1e3, h*1e3}' \
            "$out/lc_${p}_$r.csv"
    done
done
} >"$out/summary.txt"
cat "$out/summary.txt"
