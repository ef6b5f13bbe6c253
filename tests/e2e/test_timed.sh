#!/bin/bash
# End-to-end test of bin/$PVM_ARCH/hrel_timed (predict.sh's clock around a
# run): the wall time written, the exit status passed on, the time limit
# (TERM, then KILL), a signal's status, a program that cannot be started, and
# bad usage. No PVM. Prints "N passed, N failed".
set -u
ROOT=${HREL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
TM=$ROOT/bin/$ARCH/hrel_timed
T=$(mktemp -d "${HREL_TEST_TMP:-/tmp}/timed.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
check() { local name=$1; shift; if "$@"; then ok; else bad "$name"; fi; }
wall() { sed -n 's/^wall_s \([0-9.]*\)$/\1/p' "$1"; }
between() { awk -v v="${1:-x}" -v a="$2" -v b="$3" 'BEGIN { exit !(v ~ /^[0-9.]+$/ && v >= a && v <= b) }'; }

"$TM" -o "$T/w1" -- sleep 0.3 >"$T/o1" 2>&1; rc=$?
check "sleep 0.3: exit 0 (got $rc)" [ "$rc" -eq 0 ]
check "sleep 0.3: wall_s between 0.3 and 3 (got $(wall "$T/w1"))" between "$(wall "$T/w1")" 0.3 3
check "sleep 0.3: nothing printed" [ ! -s "$T/o1" ]
"$TM" -o "$T/w2" -- sh -c 'echo out; echo err >&2; exit 3' >"$T/o2" 2>"$T/e2"; rc=$?
check "exit 3 passed on (got $rc)" [ "$rc" -eq 3 ]
check "the program's output and errors are its own" sh -c "[ \"\$(cat '$T/o2')\" = out ] && [ \"\$(cat '$T/e2')\" = err ]"
check "standard input inherited" sh -c "echo hi | '$TM' -o '$T/w3' -- sh -c 'read x; [ \"\$x\" = hi ]'"
# the time limit: TERM after -t (124), the group too
"$TM" -o "$T/w4" -t 0.3 -- sh -c "sleep 30 & echo \$! >'$T/child'; wait" >/dev/null 2>&1; rc=$?
check "-t 0.3 on a 30 s program: exit 124 (got $rc)" [ "$rc" -eq 124 ]
check "-t 0.3: wall_s between 0.3 and 5 (got $(wall "$T/w4"))" between "$(wall "$T/w4")" 0.3 5
sleep 0.2
# (ended: gone, or a zombie its new parent has not reaped yet)
ended() { local st; st=$(ps -o stat= -p "$1" 2>/dev/null); [ -z "$st" ] || [ "${st#Z}" != "$st" ]; }
check "-t: the program's group ended too (its background sleep)" ended "$(cat "$T/child")"
# a program that ignores TERM: KILL -k later (137)
"$TM" -o "$T/w5" -t 0.2 -k 0.3 -- sh -c 'trap "" TERM; sleep 30' >/dev/null 2>&1; rc=$?
check "TERM ignored: KILL after -k, exit 137 (got $rc)" [ "$rc" -eq 137 ]
check "TERM ignored: wall_s between 0.5 and 5 (got $(wall "$T/w5"))" between "$(wall "$T/w5")" 0.5 5
"$TM" -o "$T/w6" -- sh -c 'kill -USR1 $$' >/dev/null 2>&1; rc=$?
check "ended by SIGUSR1: exit 138 (got $rc)" [ "$rc" -eq 138 ]
"$TM" -o "$T/w7" -- "$T/no-such-program" >/dev/null 2>"$T/e7"; rc=$?
check "no such program: exit 127 (got $rc)" [ "$rc" -eq 127 ]
check "no such program: one line naming it" sh -c "[ \$(wc -l <'$T/e7') -eq 1 ] && grep -q 'cannot run .*no-such-program' '$T/e7'"
usage() {   # usage NAME WANTED ARGS...
    local name=$1 want=$2; shift 2
    "$TM" "$@" >/dev/null 2>"$T/eu"; rc=$?
    check "$name: exit 125 (got $rc)" [ "$rc" -eq 125 ]
    check "$name: one line (got $(wc -l <"$T/eu"))" [ "$(wc -l <"$T/eu")" -eq 1 ]
    check "$name: says '$want' (got: $(cat "$T/eu"))" grep -qF -- "$want" "$T/eu"
}
usage "no -o" "give the file for the time: -o FILE" -- true
usage "no program" "no PROGRAM after --" -o "$T/w8" --
usage "bad -t" "-t needs seconds >= 0" -o "$T/w8" -t x -- true
usage "unknown option" "unknown option" -o "$T/w8" -z 1 -- true
usage "unwritable -o" "cannot write '$T/none/w'" -o "$T/none/w" -- true
"$TM" --help >"$T/h"; check "--help" grep -q 'fork to waitpid' "$T/h"

echo "test_timed: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
