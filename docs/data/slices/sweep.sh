#!/bin/bash
# Time slices instead of processor sharing (tried, not kept; docs/predict.md, "Time
# slices for the computing ranks"). From a checkout with slices.patch applied and built
# (git apply docs/data/slices/slices.patch && make), run from the repository root:
#   docs/data/slices/sweep.sh > docs/data/slices/slices.txt
# Reprices copies of the stored local matrices H and I (no new runs) with
# HREL_SLICE=TICK,SLICE (the kernel's tick, a slice) and HREL_SLICE_NOKEEP (every
# computation waits at the queue's end, even one that did not wait since its last),
# and prints the replay's summary rows and its error per cell (against the untraced
# median, %; D/ the direct route, d/ the daemon route).
set -e
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one() {   # one MATRIX TAG SLICE NOKEEP
    rm -rf "$tmp/$2"
    cp -r "$root/docs/data/predict_matrix_local/$1" "$tmp/$2"
    (if [ -n "$3" ]; then export HREL_SLICE=$3; fi
     if [ -n "$4" ]; then export HREL_SLICE_NOKEEP=1; fi
     "$root/experiments/predict_matrix.sh" --reprice --run "$tmp/$2" --platforms local \
         > "$tmp/$2.log" 2>&1)
    echo "== matrix $1, slices: ${3:-none (processor sharing)}${4:+, no core kept}"
    grep "| replay |" "$tmp/$2.log" | grep -v "| all |"
    awk -F, '$5=="replay"{printf "%s/%s %s  ", $3=="daemon"?"d":"D", $2, $10} END{print ""}' \
        "$tmp/$2/matrix.csv"
}
echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) + slices.patch"
for m in H I; do
    one $m ${m}0 "" ""
    for s in 0.004,0.00075 0.004,0.0015 0.004,0.003; do one $m ${m}s "$s" ""; done
    for s in 0.004,0.0015 0.004,0.003; do one $m ${m}n "$s" 1; done
done
