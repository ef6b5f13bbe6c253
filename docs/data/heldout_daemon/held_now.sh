#!/bin/bash
# held_now.sh OUT PLATFORM CHAR [LIST]: the six held-out daemon-route programs of
# programs.txt (or of LIST, the same form) on PLATFORM with this checkout's code, predict.sh --fresh-vm
# --all-models --runs 5, priced with the characterisation CHAR (a quick study's
# folder: its fit.csv and the files beside it); one folder per program in OUT.
# A program with a predict.csv is kept (an interrupted sweep resumes).
set -u
out=${1:?OUT}; plat=${2:?PLATFORM}; char=${3:?CHAR}; list=${4:-$(dirname "$0")/programs.txt}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/${PVM_ARCH:-LINUX64}
mkdir -p "$out"
while IFS='|' read -r name prog; do
    d=$out/$name
    [ -s "$d/predict.csv" ] && continue
    echo "$(date -u +%T) $plat $name"
    # shellcheck disable=SC2086
    "$ROOT/experiments/predict.sh" --platform "$plat" --route daemon --fit "$char/fit.csv" \
        --fresh-vm --all-models --runs 5 --run "$d" -- $B/$prog >"$d.log" 2>&1 ||
        echo "  failed: $(tail -n 1 "$d.log")"
done <"$list"
echo done
