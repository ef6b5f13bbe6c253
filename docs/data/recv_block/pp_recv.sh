#!/bin/bash
# PP at 2 processors on the local direct route with the receivers polling
# (hrel_bench's default where each rank has a cpu: pvm_nrecv in a loop) and
# blocking (--recv block: pvm_trecv, as a PVM program's pvm_recv waits), in
# ROUNDS fresh virtual machines, the two orders alternating
# (docs/predict.md, "The receive a program makes").
# usage: pp_recv.sh [ROUNDS] [OUTDIR]   (default 3; OUTDIR keeps each raw.csv)
# Prints PP,2's median per size (us) of each run.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/LINUX64
R=${1:-3}
O=${2:-}
. "$ROOT/docs/data/predict_matrix_local/ppvm.sh"
ppvm_init
bench() {   # bench ROUND LABEL ARGS...
    local r=$1 l=$2; shift 2
    rm -rf "$d/o"; mkdir -p "$d/o"
    "$B/hrel_bench" -q --quick -P PP --route direct "$@" -o "$d/o" >/dev/null 2>&1 ||
        { echo "$l: hrel_bench failed"; return; }
    echo "$l: $(med "$d/o/raw.csv")"
    [ -z "$O" ] || { mkdir -p "$O/r$r-$l"; cp "$d/o/raw.csv" "$O/r$r-$l/"; }
}
echo "# pp_recv.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, rounds $R"
echo "# label: size:median_us ... (hrel_bench --quick -P PP, 2 processors, direct route)"
for r in $(seq "$R"); do
    vm
    echo "# round $r"
    if [ $((r % 2)) = 1 ]; then
        bench "$r" poll; bench "$r" block --recv block
    else
        bench "$r" block --recv block; bench "$r" poll
    fi
    halt
done
