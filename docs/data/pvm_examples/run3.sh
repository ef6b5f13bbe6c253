#!/bin/bash
# Three more of PVM's examples (Debian pvm-examples) through predict.sh on local, as a
# user runs them, with matrix D's local daemon-route characterisation, the lifecycle
# measured with the runs (predict.sh's default) and 5 + 5 runs each, or HREL_EXAMPLES_RUNS (docs/predict.md,
# "More of PVM's examples on local"). inherit1 spawns inherit2 (message contexts); ge 3
# is a group example of 3 tasks (barrier, broadcast, multicast); tjl joins and leaves
# groups (one task and the group server).
# usage: run3.sh OUT    (OUT/NAME: each program's predict.sh run folder;
#                        OUT/summary.txt: one line per program)
. "$(dirname "$0")/common.sh"
one() {
    n=$1; shift
    "$ROOT/experiments/predict.sh" --platform local --runs "$R" --fit "$F" --timeout 60s --run "$O/$n" "$@" \
        >"$O/$n.log" 2>&1
    echo "$n rc=$? $(awk -F, '$1 == "replay" { print "replay", $2, "s, untraced median", $3, "s,", $4, "%" }' \
        "$O/$n/predict_untraced.csv" 2>/dev/null)" | tee -a "$O/summary.txt"
}
one inherit1 -- /usr/bin/inherit1
one ge -- /usr/bin/ge 3
one tjl -- /usr/bin/tjl
