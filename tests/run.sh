#!/bin/bash
# Run every hrel test: unit tests of lib/ (no PVM), then end-to-end tests on a
# private local pvmd. Prints each program's own lines and ends with the total
# "N passed, N failed". Exit status non-zero if anything failed.
#
# Usage: tests/run.sh [--unit|--e2e] [NAME-FILTER]
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
export HREL_ROOT=$ROOT PVM_ARCH=$ARCH
# a scratch directory of this run only (runs may overlap); kept if a test fails
mkdir -p "$ROOT/tests/tmp"
export HREL_TEST_TMP
HREL_TEST_TMP=$(mktemp -d "$ROOT/tests/tmp/run.XXXXXX") || exit 1
# the scripts' results/ during the tests: never the user's (each e2e test sets
# its own in tests/e2e/common.sh; this covers any other); the user's
# results/latest is checked unchanged at the end
export HREL_RESULTS=$HREL_TEST_TMP/results
latest_before=$(readlink "$ROOT/results/latest" 2>/dev/null || echo none)
which=all; filter=""
for a in "$@"; do
    case "$a" in
        --unit) which=unit ;; --e2e) which=e2e ;;
        -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) filter=$a ;;
    esac
done

pass=0; fail=0
# Add the counts of a program's closing line "... N passed, N failed".
count() {   # $1 = output file, $2 = exit status, $3 = name
    local line p f
    line=$(grep -oE '[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $3: no closing line (exit $2)"; fail=$((fail + 1)); return
    fi
    p=${line%% passed*}
    f=$(echo "$line" | sed -E 's/.*passed, ([0-9]+) failed/\1/')
    pass=$((pass + p)); fail=$((fail + f))
    if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "FAIL $3: exit status $2 with no failed check"; fail=$((fail + 1))
    fi
}

if [ "$which" != e2e ]; then
    for t in "$ROOT/$ARCH"/tests/test_*; do
        [ -x "$t" ] || continue
        name=$(basename "$t")
        case "$name" in *"$filter"*) ;; *) continue ;; esac
        out="$HREL_TEST_TMP/$name.out"
        (cd "$ROOT" && timeout 300 "$t") >"$out" 2>&1; rc=$?
        grep -v -E '^$' "$out" | grep -E 'FAIL|passed, [0-9]+ failed' | sed 's/^/  /'
        count "$out" "$rc" "$name"
    done
fi
if [ "$which" != unit ]; then
    for t in "$ROOT"/tests/e2e/test_*.sh; do
        [ -f "$t" ] || continue
        name=$(basename "$t" .sh)
        case "$name" in *"$filter"*) ;; *) continue ;; esac
        out="$HREL_TEST_TMP/$name.out"
        timeout 600 bash "$t" >"$out" 2>&1; rc=$?
        grep -E 'FAIL|passed, [0-9]+ failed' "$out" | sed 's/^/  /'
        count "$out" "$rc" "$name"
    done
fi
if [ "$which" != unit ]; then
    latest_after=$(readlink "$ROOT/results/latest" 2>/dev/null || echo none)
    if [ "$latest_after" = "$latest_before" ]; then pass=$((pass + 1))
    else
        echo "FAIL run.sh: the tests changed results/latest ($latest_before -> $latest_after)"
        fail=$((fail + 1))
    fi
fi
if [ "$fail" -eq 0 ]; then
    rm -rf "$HREL_TEST_TMP"; rmdir "$ROOT/tests/tmp" 2>/dev/null
else
    echo "(outputs of this run kept in $HREL_TEST_TMP)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
