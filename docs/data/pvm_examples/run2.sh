#!/bin/bash
# More of PVM's own examples (Debian pvm-examples) through predict.sh on local,
# as a user runs them, with matrix D's local daemon-route characterisation and
# 5 + 5 runs each, or HREL_EXAMPLES_RUNS (docs/predict.md, "The task lifecycle" and "PVM's examples").
# usage: run2.sh OUT    (OUT/NAME: each program's predict.sh run folder;
#                        OUT/summary.txt: one line per program)
. "$(dirname "$0")/common.sh"
printf '4\n20\n' >"$O/rsg.txt"
one() {
    n=$1; shift
    "$ROOT/experiments/predict.sh" --platform local --runs "$R" --fit "$F" --run "$O/$n" "$@" \
        >"$O/$n.log" 2>&1
    echo "$n rc=$? $(awk -F, '$1 == "replay" { print "replay", $2, "s, untraced median", $3, "s,", $4, "%" }' \
        "$O/$n/predict_untraced.csv" 2>/dev/null)" | tee -a "$O/summary.txt"
}
one hello -- /usr/bin/hello.pvm
one fmaster1 -- /usr/bin/fmaster1
one trsg --stdin "$O/rsg.txt" -- /usr/bin/trsg
one frsg --stdin "$O/rsg.txt" -- /usr/bin/frsg
one fgexample --stdin "$O/gex.txt" -- /usr/bin/fgexample
one gexamp -- /usr/bin/gexamp 4
one thb -- /usr/bin/thb 3
one tst -- /usr/bin/tst
one tjf -- /usr/bin/tjf
one joinleave -- /usr/bin/joinleave 200
