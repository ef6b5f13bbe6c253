#!/bin/bash
# PVM's group-server examples through predict.sh on local, free (the scheduler
# places the pvmd, the group server and the tasks on the 2 cores as it likes) and
# pinned (predict.sh started under `taskset -c 0`: its virtual machines, the
# group server and every task inherit core 0), one program after the other,
# matrix D's local daemon-route characterisation, 5 + 5 runs each
# (docs/predict.md, "Where the scheduler puts the pvmd").
# usage: pinned.sh OUT     (OUT/NAME-free, OUT/NAME-pinned: predict.sh's run
#                           folders; OUT/summary.txt: one line per run)
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
O=${1:?usage: pinned.sh OUT}
mkdir -p "$O"
F=$ROOT/docs/data/predict_matrix_lcnow/char/local-daemon/fit.csv
export PVM_ALLOW_ROOT=yes
one() {
    n=$1 how=$2; shift 2
    pre=(); [ "$how" = pinned ] && pre=(taskset -c 0)
    "${pre[@]}" "$ROOT/experiments/predict.sh" --platform local --runs 5 --fit "$F" \
        --run "$O/$n-$how" -- "$@" >"$O/$n-$how.log" 2>&1
    echo "$n $how rc=$? $(awk -F, '$1 == "replay" { print "replay", $2, "s, untraced median", $3, "s,", $4, "%" }' \
        "$O/$n-$how/predict_untraced.csv" 2>/dev/null) runs $(sed -n 's/^# measured_runs_s: //p' \
        "$O/$n-$how/predict_untraced.csv" 2>/dev/null)" | tee -a "$O/summary.txt"
}
for p in "joinleave /usr/bin/joinleave 200" "tjf /usr/bin/tjf" "thb /usr/bin/thb 3" \
         "gexamp /usr/bin/gexamp 4" "tst /usr/bin/tst"; do
    set -- $p
    one "$1" free "${@:2}"
    one "$1" pinned "${@:2}"
done
