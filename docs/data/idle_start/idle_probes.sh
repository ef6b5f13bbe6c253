#!/bin/bash
# idle_probes.sh [OUT]: after 2 s of idle, does writing fresh memory (execcpu -t MB) or spinning
# in the parent (-s MS) before the fork bring a start's CPU back down? 6 starts of hrel_farm
# (as idle_curve.sh) for each variant, the variants interleaved in 2 rounds; the back to back
# start (no sleep) for reference. Output (OUT, default idle_probes.txt): median, min, max CPU (us).
set -eu
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
out=${1:-$here/idle_probes.txt}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
gcc -std=c99 -Wall -Wextra -O2 -o "$t/execcpu" "$here/execcpu.c"
{
echo "# idle_probes.sh $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, commit $(git -C "$root" rev-parse --short HEAD)"
echo "# variant runs cpu_median_us cpu_min_us cpu_max_us"
for round in 1 2; do
  for v in "0:" "2:" "2:-t 8" "2:-t 64" "2:-s 5" "2:-s 50"; do
    p=${v%%:*} o=${v#*:}
    # shellcheck disable=SC2086
    "$t/execcpu" $o 6 "$p" "$root/bin/LINUX64/hrel_farm" -Z 2>/dev/null | sort -n |
      awk -v v="sleep $p s ${o:-(nothing)}" -v r=$round '{c[NR]=$1} END{printf "%-24s %d %6d %6d %6d   (round %d)\n", v, NR, c[int((NR+1)/2)], c[1], c[NR], r}'
  done
done
} >"$out"
cat "$out"
