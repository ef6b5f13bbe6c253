#!/bin/bash
# The sanitizer build of hrel (make check SANITIZE=1): everything compiled with
# AddressSanitizer (+ LeakSanitizer) and UndefinedBehaviorSanitizer into its own
# object and binary folders ($ARCH-san/, bin/$ARCH-san/: the normal build is left
# alone), then the unit tests and the end-to-end tests of the `hrel` command that
# need no virtual machine, run on those binaries. Any sanitizer report (a report
# file under the run's scratch folder) counts as a failure and its first lines are
# printed. Ends with "N passed, N failed".
#
# Usage: tests/sanitize.sh [NAME-FILTER]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
BASE=${PVM_ARCH:-$("$PVM_ROOT/lib/pvmgetarch" 2>/dev/null || echo LINUX64)}
SAN=$BASE-san
filter=${1:-}
case "$filter" in -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
# the e2e tests of the analysis command alone (no pvmd)
E2E="test_fit_cli test_compare test_hyper_cli test_hrel_predict"

mkdir -p "$ROOT/.log" "$ROOT/$SAN"
log=$ROOT/.log/sanitize-build.log
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
if ! (cd "$ROOT/$SAN" && AIMK_SRC=$ROOT make -f "$PVM_ROOT/conf/$BASE.def" \
        -f "$ROOT/Makefile.aimk" PVM_ARCH="$SAN" CC="gcc $flags") >"$log" 2>&1; then
    grep -E 'error|Error' "$log" | head -n 20 >&2
    echo "sanitize: build FAILED; full log: $log" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
echo "sanitize: built $SAN (ASan+LSan+UBSan; log: $log)"

reports=$(mktemp -d "${TMPDIR:-/tmp}/hrel-san.XXXXXX") || exit 1
trap 'rm -rf "$reports"' EXIT
export ASAN_OPTIONS="detect_leaks=1:log_path=$reports/asan"
export UBSAN_OPTIONS="print_stacktrace=1"
pass=0; fail=0
add() {   # add the closing line "N passed, N failed" of $1
    local line
    line=$(grep -oE '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    [ -n "$line" ] || { fail=$((fail + 1)); return; }
    pass=$((pass + ${line%% passed*}))
    fail=$((fail + $(echo "$line" | sed -E 's/.*passed, ([0-9]+) failed/\1/')))
}
out=$reports/out
# run.sh with ARGS on the sanitized binaries; print its lines, the sanitizer
# lines of the outputs it kept (UBSan aborts the program: -fno-sanitize-recover)
run() {
    local kept
    PVM_ARCH=$SAN "$ROOT/tests/run.sh" "$@" >"$out" 2>&1
    grep -E 'FAIL|passed, [0-9]+ failed' "$out" | grep -v '^[0-9]'
    kept=$(sed -n 's/^(outputs of this run kept in \(.*\))$/\1/p' "$out")
    [ -n "$kept" ] && grep -rhE 'runtime error|ERROR: (Address|Leak)Sanitizer' "$kept" | head -n 5 |
        sed 's/^/    /'
    add "$out"
}
run --unit "$filter"
for t in $E2E; do
    case "$t" in *"$filter"*) run --e2e "$t" ;; esac
done
for r in "$reports"/asan.*; do
    [ -f "$r" ] || continue
    fail=$((fail + 1))
    echo "FAIL sanitizer report $(basename "$r"):"
    head -n 12 "$r" | sed 's/^/    /'
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
