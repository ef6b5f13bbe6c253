# common.sh -- helpers for the end-to-end test scripts (sourced).
#
#   . "$(dirname "$0")/common.sh"
#   check "what" COMMAND...      one passed check if COMMAND succeeds, else one failed
#   check_not "what" COMMAND...  the reverse
#   show_tail "what" FILE        after a failed step: the last lines of its output
#   finish                       print "N passed, N failed"; exit status 1 if any failed
#
# Also sets ROOT, ARCH, BIN and a private scratch directory T (removed at exit),
# exports HREL_RESULTS=$T/results (the scripts' results/: the user's is never
# touched) and sources hostfiles/vm.sh (hrel_vm_start / hrel_vm_stop).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export HREL_ROOT=$ROOT
. "$ROOT/hostfiles/vm.sh"
ARCH=$PVM_ARCH
BIN=$ROOT/bin/$ARCH
T=$(mktemp -d "${HREL_TEST_TMP:-/tmp}/e2e.XXXXXX")
# the scripts' results/ (runs by default, results/latest, characterisations):
# this test's own, never the user's (experiments/platform_env.sh)
export HREL_RESULTS=$T/results
# the CPU calibration of the studies the tests run: a quarter of the work, one run
export HREL_CALIBRATE_ARGS=--quick
# and their pvmds' CPU time: one repetition, blocks of at most 50 ms
export HREL_PVMDCPU_ARGS="--reps 1 --seconds 0.05"
# and the wait behind a direct-route stream (platforms of two hosts or more): one
# repetition of 5 round trips a phase
export HREL_STREAMQ_ARGS="--reps 1 -r 5"
# and their task lifecycle (predict.sh's and the studies'): 10 repetitions back to back, not
# each after hrel_lifecycle's default 0.1 s of idle (test_lifecycle.sh checks that default)
export HREL_LIFECYCLE_ARGS="-r 10 --pause 0"
E2E_PASS=0; E2E_FAIL=0

check() {
    local what=$1; shift
    if "$@" >/dev/null 2>&1; then E2E_PASS=$((E2E_PASS + 1))
    else E2E_FAIL=$((E2E_FAIL + 1)); echo "FAIL $(basename "$0"): $what"; fi
}
check_not() {
    local what=$1; shift
    if "$@" >/dev/null 2>&1; then E2E_FAIL=$((E2E_FAIL + 1)); echo "FAIL $(basename "$0"): $what"
    else E2E_PASS=$((E2E_PASS + 1)); fi
}
# show_tail WHAT FILE: after a failed step, the last lines of what it printed,
# so a failure in CI says why and not only that
show_tail() {
    echo "  $(basename "$0"): $1, its last lines:"
    tail -n 8 "$2" 2>/dev/null | sed 's/^/  | /'
}
# pvmd processes (pids) whose private PVM_TMP lies under this checkout's .pvm/
our_pvmds() {
    local pid
    for pid in $(pgrep -x pvmd 2>/dev/null; pgrep -f '/pvm3/lib/pvmd' 2>/dev/null); do
        tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -q "^PVM_TMP=$ROOT/.pvm/" && echo "$pid"
    done | sort -u
}
# attach_vm_start: a virtual machine started the pvm-console way (the user's
# own, for --attach) from hostfiles/local in a private PVM_TMP under .pvm/;
# prints that directory. attach_vm_stop DIR halts it, kills what is left of
# it and removes DIR.
attach_vm_start() {
    local att
    mkdir -p "$ROOT/.pvm"
    att=$(mktemp -d "$ROOT/.pvm/attach.XXXXXX")
    (export PVM_TMP=$att HREL_ROOT=$ROOT; pvmd "$ROOT/hostfiles/local" >/dev/null 2>&1 </dev/null &)
    for _ in $(seq 1 100); do [ -e "$att/pvmd.$(id -u)" ] && break; sleep 0.1; done
    printf '%s\n' "$att"
}
attach_vm_stop() {
    local pid
    (echo halt | PVM_TMP=$1 timeout 10 pvm) >/dev/null 2>&1
    sleep 0.3
    for pid in $(pgrep -x pvmd) $(pgrep -f '/pvm3/lib/pvmd'); do
        tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qx "PVM_TMP=$1" && kill -9 "$pid"
    done
    rm -rf "$1"
}
# pids in the list $2 that are not in the list $1 (both newline-separated)
new_pids() { comm -13 <(echo "$1" | sort) <(echo "$2" | sort) | grep -v '^$'; }

finish() {
    hrel_vm_stop
    rm -rf "$T"
    echo "$(basename "$0" .sh): $E2E_PASS passed, $E2E_FAIL failed"
    [ "$E2E_FAIL" -eq 0 ]
}
trap 'hrel_vm_stop; rm -rf "$T"' EXIT
