#!/bin/bash
# PVM's own examples (Debian pvm-examples) through predict.sh on local, as a
# user runs them (docs/predict.md, "The route a program asks for").
# usage: run.sh OUT    (OUT/NAME: each program's predict.sh run folder)
# The daemon-route programs with matrix D's local characterisation and 5 + 5
# runs; timing as a user gets it: no --fit, no --route (3 + 3 runs).
. "$(dirname "$0")/common.sh"
printf '4\n' >"$O/four.txt"
one() { n=$1; shift; "$ROOT/experiments/predict.sh" --platform local "$@" >"$O/$n.log" 2>&1; echo "$n rc=$?"; }
one master1 --runs 5 --fit "$F" --run "$O/master1" --stdin "$O/four.txt" -- /usr/bin/master1
one spmd --runs 5 --fit "$F" --run "$O/spmd" -- /usr/bin/spmd
one hitc --runs 5 --fit "$F" --run "$O/hitc" -- /usr/bin/hitc
one timing --runs 5 --fit "$F" --run "$O/timing" -- /usr/bin/timing
one gexample --runs 5 --fit "$F" --run "$O/gexample" --stdin "$O/gex.txt" -- /usr/bin/gexample
one timing_auto --runs 3 --run "$O/timing_auto" -- /usr/bin/timing
