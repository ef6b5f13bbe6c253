#!/bin/bash
# test_quiet.sh -- a quiet terminal (issue 15): experiments/deps.sh --help prints
# usage without touching apt, and with apt failing (stubs) exits 0 for gfortran
# (optional) and 1 for a required package; an up-to-date `make` prints one line
# (the build's output is in .log/build.log).
. "$(dirname "$0")/common.sh"
"$ROOT/experiments/deps.sh" --help > "$T/help" 2>&1
check "deps.sh --help exits 0" "$ROOT/experiments/deps.sh" --help
check "deps.sh --help prints usage" grep -q '^Usage: experiments/deps.sh' "$T/help"
check_not "deps.sh --help runs no apt" grep -q 'installing' "$T/help"
check_not "deps.sh --bogus is refused" "$ROOT/experiments/deps.sh" --bogus
"$ROOT/experiments/deps.sh" --bogus 2> "$T/bogus"
check "deps.sh --bogus: one line naming the option" test "$(grep -c "unknown option '--bogus'" "$T/bogus")" = 1
# gfortran is optional: where apt cannot install it, one line says so and deps.sh
# exits 0 (stubs: every other package installed, apt failing as with no network)
mkdir -p "$T/stub"
printf '#!/bin/sh\n[ "$3" = gfortran ] && exit 1\necho "install ok installed"\n' >"$T/stub/dpkg-query"
printf '#!/bin/sh\necho "E: Unable to locate package $*"\nexit 100\n' >"$T/stub/apt-get"
chmod +x "$T/stub/dpkg-query" "$T/stub/apt-get"
PATH="$T/stub:$PATH" HREL_LOG_DIR="$T/log" "$ROOT/experiments/deps.sh" >"$T/opt.out" 2>"$T/opt.err"
check "deps.sh: gfortran that cannot be installed: exit 0" test $? = 0
check "deps.sh: ... said in one line, the Fortran examples skipped" \
    test "$(grep -c 'optional gfortran could not be installed (log: .*); the Fortran examples are skipped' "$T/opt.err")" = 1
printf '#!/bin/sh\n[ "$3" = pvm-dev ] && exit 1\necho "install ok installed"\n' >"$T/stub/dpkg-query"
PATH="$T/stub:$PATH" HREL_LOG_DIR="$T/log" "$ROOT/experiments/deps.sh" >"$T/req.out" 2>"$T/req.err"
check "deps.sh: a required package that cannot be installed: exit 1, FAILED said" \
    bash -c "[ $? = 1 ] && grep -q 'installing pvm-dev FAILED' '$T/req.err'"
make -s -C "$ROOT" all > "$T/make" 2>&1
check "make (up to date) succeeds" test $? = 0
check "make prints one line" test "$(wc -l < "$T/make")" = 1
check "make's line names the log" grep -q 'log: .log/build.log' "$T/make"
check "the build log exists" test -s "$ROOT/.log/build.log"
finish
