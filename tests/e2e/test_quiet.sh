#!/bin/bash
# test_quiet.sh -- a quiet terminal (issue 15): experiments/deps.sh --help prints
# usage without touching apt; an up-to-date `make` prints one line (the build's
# output is in .log/build.log).
. "$(dirname "$0")/common.sh"
"$ROOT/experiments/deps.sh" --help > "$T/help" 2>&1
check "deps.sh --help exits 0" "$ROOT/experiments/deps.sh" --help
check "deps.sh --help prints usage" grep -q '^Usage: experiments/deps.sh' "$T/help"
check_not "deps.sh --help runs no apt" grep -q 'installing' "$T/help"
check_not "deps.sh --bogus is refused" "$ROOT/experiments/deps.sh" --bogus
"$ROOT/experiments/deps.sh" --bogus 2> "$T/bogus"
check "deps.sh --bogus: one line naming the option" test "$(grep -c "unknown option '--bogus'" "$T/bogus")" = 1
make -s -C "$ROOT" all > "$T/make" 2>&1
check "make (up to date) succeeds" test $? = 0
check "make prints one line" test "$(wc -l < "$T/make")" = 1
check "make's line names the log" grep -q 'log: .log/build.log' "$T/make"
check "the build log exists" test -s "$ROOT/.log/build.log"
finish
