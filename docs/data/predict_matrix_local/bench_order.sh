#!/bin/bash
# Does PP at 2 processors on the local direct route depend on what the
# benchmark measured before it? (docs/predict.md, "Fresh local matrices")
# In one local virtual machine, ROUNDS rounds of: hrel_pingpong alone; hrel_bench
# -P PP -p 2; hrel_bench --quick with PP alone, with E then PP, with E then PP
# and glibc's mmap threshold fixed at 128 KiB (GLIBC_TUNABLES, in the pvmd's and
# so the workers' environment: a virtual machine of its own), and the whole
# quick sweep. Prints PP,2's median per size (us) of each.
# usage: bench_order.sh [ROUNDS]     (default 2; output on stdout)
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/LINUX64
R=${1:-2}
. "$(dirname "$0")/ppvm.sh"
ppvm_init
bench() {   # bench LABEL TUNABLE ARGS...
    local l=$1 tu=$2; shift 2
    rm -rf "$d/o"; mkdir -p "$d/o"
    GLIBC_TUNABLES=$tu "$B/hrel_bench" -q "$@" --route direct -o "$d/o" >/dev/null 2>&1 ||
        { echo "$l: hrel_bench failed"; return; }
    echo "$l: $(med "$d/o/raw.csv")"
}
echo "# bench_order.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, rounds $R"
echo "# label: size:median_us ... (PP at 2 processors, direct route)"
for r in $(seq "$R"); do
    vm
    echo "pingpong alone: $("$B/hrel_pingpong" -s 26880,53760,107520,215040,430080 -r 30 --route direct |
        awk -F, '!/^#/ && $1 ~ /^[0-9]/ { printf "%s:%.0f ", $1, $3 * 1e6 }')"
    bench "bench -P PP -p 2 -r 30" "" -P PP -p 2 -s 26880,53760,107520,215040,430080 -r 30
    bench "quick -P PP" "" --quick -P PP
    bench "quick -P E,PP" "" --quick -P E,PP
    bench "quick (all patterns)" "" --quick
    halt
    vm glibc.malloc.mmap_threshold=131072
    bench "quick -P E,PP, mmap threshold 128 KiB" glibc.malloc.mmap_threshold=131072 --quick -P E,PP
    halt
done
