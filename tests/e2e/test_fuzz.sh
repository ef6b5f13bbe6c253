#!/bin/bash
# Short libFuzzer runs (3 s each) of every text reader (tests/fuzz/run.sh,
# issue 14 item 7): fails when any reader crashes, leaks, hangs or goes beyond
# 200 MB on a mutated input. `make fuzz` runs them longer.
. "$(dirname "$0")/common.sh"
cd "$ROOT" || exit 1
# temp files of this run only: another checkout may fuzz at the same time
before=$(ls -d /tmp/hrel_fuzz.* 2>/dev/null | sort)
tests/fuzz/run.sh 3 >"$T/out" 2>&1; rc=$?
for r in csv fitcsv raw trace msgtrace pvmtrace fftconst psrsconst hyper ccm; do
    check "fuzz $r: no crash, leak or limit exceeded" grep -q "^fuzz $r: ok" "$T/out"
done
[ "$rc" -eq 0 ] || cat "$T/out"
after=$(ls -d /tmp/hrel_fuzz.* 2>/dev/null | sort)
check "no /tmp/hrel_fuzz.* left by this run" test -z "$(comm -13 <(echo "$before") <(echo "$after") | grep .)"
finish
