#!/bin/bash
# run.sh OUT [ROUNDS] [PLATFORM]: hrel_stencil -p 3 -i 40 -w 10 (lan-coax-wire-5's held-out
# stencil3) on PLATFORM (default lan-coax-wire), every run in a fresh virtual machine, the
# variants of inner.sh interleaved U T L per round (default 4 rounds); rows in OUT/rows.csv
set -u
out=${1:?OUT}; n=${2:-4}; plat=${3:-lan-coax-wire}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd); here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"; out=$(cd "$out" && pwd)
[ -s "$out/rows.csv" ] || echo "variant,wall_s,big_datagrams,collisions,deferrals" >"$out/rows.csv"
echo "# $(date -u +%FT%TZ) commit $(git -C "$ROOT" rev-parse --short HEAD) $plat $n rounds" >>"$out/log"
for r in $(seq 1 "$n"); do
  for v in U T L; do
    "$ROOT/hostfiles/platform.sh" run "$plat" --no-probe -- "$here/inner.sh" "$v" "$out" -- \
        "$ROOT/bin/LINUX64/hrel_stencil" -p 3 -i 40 -w 10 >>"$out/log" 2>&1 || echo "round $r $v failed" >>"$out/log"
    tail -n 1 "$out/rows.csv"
  done
done
