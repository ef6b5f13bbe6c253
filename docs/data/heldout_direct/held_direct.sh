#!/bin/bash
# held_direct.sh OUT: programs of the local direct route that no model was tuned
# on (programs.txt: other sizes, counts and inputs of psrs, the stencil, the farm
# and the FFT than the validation matrix's and docs/data/startup_cpu's), with this
# checkout's code: a quick study of local --route direct into OUT/char (kept when
# there), then each program with predict.sh --platform local --route direct
# --fresh-vm --all-models --runs 5 priced by it; one folder per program in OUT. A
# program with a predict.csv is kept (an interrupted sweep resumes). Then
# held_direct_price.sh OUT prices each one with and without the calls' CPU.
set -u
out=${1:?usage: held_direct.sh OUT}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/${PVM_ARCH:-LINUX64}
mkdir -p "$out"
if [ ! -s "$out/char/fit.csv" ]; then
    echo "$(date -u +%T) quick study of local --route direct"
    "$ROOT/experiments/study.sh" --platform local --quick --no-report --run "$out/char" -- \
        --route direct >"$out/char.log" 2>&1 || { echo "the quick study failed: $out/char.log"; exit 1; }
    [ -s "$out/char/fit.csv" ] || "$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel" fit "$out/char/raw.csv" --csv \
        >"$out/char/fit.csv" || exit 1
fi
while IFS='|' read -r name prog; do
    d=$out/$name
    [ -s "$d/predict.csv" ] && continue
    echo "$(date -u +%T) local $name"
    # shellcheck disable=SC2086
    "$ROOT/experiments/predict.sh" --platform local --route direct --fit "$out/char/fit.csv" \
        --fresh-vm --all-models --runs 5 --run "$d" -- $B/$prog >"$d.log" 2>&1 ||
        echo "  failed: $(tail -n 1 "$d.log")"
done <"$(dirname "$0")/programs.txt"
echo done
