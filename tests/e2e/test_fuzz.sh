#!/bin/bash
# Short libFuzzer runs (3 s each) of every text reader (tests/fuzz/run.sh,
# issue 14 item 7): fails when any reader crashes, leaks, hangs or goes beyond
# 200 MB on a mutated input. `make fuzz` runs them longer.
. "$(dirname "$0")/common.sh"
cd "$ROOT" || exit 1
# the harnesses' temp files in a folder of this run only (TMPDIR): another
# checkout may fuzz at the same time in /tmp
mkdir -p "$T/tmp"
TMPDIR=$T/tmp tests/fuzz/run.sh 3 >"$T/out" 2>&1; rc=$?
for r in csv fitcsv raw trace msgtrace pvmtrace fftconst psrsconst hyper ccm tev; do
    check "fuzz $r: no crash, leak or limit exceeded" grep -q "^fuzz $r: ok" "$T/out"
done
[ "$rc" -eq 0 ] || cat "$T/out"
# the harness writes under TMPDIR: a TMPDIR that does not exist stops it
check "harness writes its input under TMPDIR" \
    bash -c '! TMPDIR="$1/missing" "$2"/.fuzz/fuzz_csv -runs=1 "$2"/tests/fuzz/corpus/csv/dup >/dev/null 2>&1' _ "$T" "$ROOT"
check "no hrel_fuzz.* temp file left by this run" test -z "$(ls -A "$T/tmp")"
finish
