#!/bin/bash
# idle_curve.sh [OUT]: a process's start-up CPU after the machine idled S seconds.
# execcpu (built here from execcpu.c) sleeps S, then fork+execs PROGRAM and reads the
# child's CPU time (user + system, wait4's rusage) and its minor page faults; 10 times
# for each S. PROGRAM is hrel_farm with a bad option: exec, the dynamic loader (libpvm3,
# libc, ...), libc's start and the usage message's exit, no PVM call.
# Output (OUT, default idle_curve.txt): per S the median, min and max CPU (us) and faults.
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
out=${1:-$here/idle_curve.txt}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
gcc -std=c99 -Wall -Wextra -O2 -o "$t/execcpu" "$here/execcpu.c"
{
echo "# idle_curve.sh $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, commit $(git -C "$root" rev-parse --short HEAD)"
echo "# pause_s runs cpu_median_us cpu_min_us cpu_max_us minflt_median"
for round in 1 2; do
  for p in 0 0.005 0.02 0.05 0.2 1; do
    "$t/execcpu" 10 "$p" "$root/bin/LINUX64/hrel_farm" -Z 2>/dev/null | sort -n |
      awk -v p=$p -v r=$round '{c[NR]=$1; f[NR]=$2} END{printf "%-6s %2d %6d %6d %6d %4d   (round %d)\n", p, NR, c[int((NR+1)/2)], c[1], c[NR], f[int((NR+1)/2)], r}'
  done
done
} >"$out"
cat "$out"
