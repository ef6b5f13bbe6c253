#!/bin/bash
# idle_curve.sh [--probes] [OUT]: a process's start-up CPU after the machine idled S seconds.
# execcpu (built here from execcpu.c) sleeps S, then fork+execs PROGRAM and reads the
# child's CPU time (user + system, wait4's rusage) and its minor page faults. PROGRAM is
# hrel_farm with a bad option: exec, the dynamic loader (libpvm3, libc, ...), libc's start
# and the usage message's exit, no PVM call. Two rounds, the variants interleaved.
#   (default)  10 starts for each S from 0 to 1 s; OUT default idle_curve.txt
#   --probes   6 starts after 2 s of idle with nothing, with 8 or 64 MB of fresh memory
#              written (execcpu -t) or 5 or 50 ms spun (-s) before the fork, and back to
#              back; OUT default idle_probes.txt
# Output: per variant the median, min and max CPU (us) and the median of the faults.
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
probes=0 mode=""; [ "${1:-}" = --probes ] && { probes=1 mode=" --probes"; shift; }
if [ $probes = 1 ]; then
    out=${1:-$here/idle_probes.txt} n=6 variants=("0:" "2:" "2:-t 8" "2:-t 64" "2:-s 5" "2:-s 50")
else
    out=${1:-$here/idle_curve.txt} n=10 variants=("0:" "0.005:" "0.02:" "0.05:" "0.2:" "1:")
fi
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
gcc -std=c99 -Wall -Wextra -O2 -o "$t/execcpu" "$here/execcpu.c"
{
echo "# idle_curve.sh$mode $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, commit $(git -C "$root" rev-parse --short HEAD)"
echo "# variant (pause_s, execcpu options) runs cpu_median_us cpu_min_us cpu_max_us minflt_median"
for round in 1 2; do
    for v in "${variants[@]}"; do
        p=${v%%:*} o=${v#*:}
        # shellcheck disable=SC2086
        "$t/execcpu" $o "$n" "$p" "$root/bin/LINUX64/hrel_farm" -Z 2>/dev/null | sort -n |
            awk -v v="$p ${o}" -v r=$round '{c[NR]=$1; f[NR]=$2}
                END{printf "%-12s %2d %6d %6d %6d %4d   (round %d)\n", v, NR, c[int((NR+1)/2)], c[1], c[NR], f[int((NR+1)/2)], r}'
    done
done
} >"$out"
cat "$out"
