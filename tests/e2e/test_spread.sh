#!/bin/bash
# End-to-end test of experiments/spread.sh (the measured spread of run times
# around the models, for hrel predict's 80 % interval) on hand-made predict.sh
# run folders: the percentiles worked out by hand, the leave-one-program-out
# coverage and --check, --exclude, -o, and the bad inputs. No PVM.
# Prints "N passed, N failed".
set -u
ROOT=${HREL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
S=$ROOT/experiments/spread.sh
T=$(mktemp -d "${HREL_TEST_TMP:-/tmp}/spread.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
check() { local name=$1; shift; if "$@"; then ok; else bad "$name"; fi; }

# five programs, four untraced runs each; replay_pvmd's ratios run / prediction
# are 0.60 + 0.04 k, k = 0..19, program j taking k = j, j+5, j+10, j+15;
# mpm predicts twice as long (ratios halved)
cell() {   # cell DIR PLATFORM PRED K0
    local d=$1 runs="" k
    mkdir -p "$d"
    for k in $4 $(($4 + 5)) $(($4 + 10)) $(($4 + 15)); do
        runs="$runs${runs:+,}$(awk -v p="$3" -v k="$k" 'BEGIN { printf "%.6f", p * (0.60 + 0.04 * k) }')"
    done
    printf '# program: p\n# platform: %s (replay medium port, 2 hosts)\n# route: daemon; g and L: f\nmodel,predicted_s,measured_s,err_pct,lo_s,hi_s\n' "$2" >"$d/predict.csv"
    { echo "# the same predictions against the median of the untraced runs"
      echo "# recommended: replay_pvmd (test)"
      echo "# measured_runs_s: $runs"
      echo "model,predicted_s,measured_s,err_pct,lo_s,hi_s"
      echo "mpm,$(awk -v p="$3" 'BEGIN { printf "%.6f", 2 * p }'),1,0,,"
      echo "replay_pvmd,$3,1,0,,"
      echo "bspwb,0,1,0,,"; } >"$d/predict_untraced.csv"
}
P=$T/cells/pt
cell "$P/a" pt 1.0 0; cell "$P/b" pt 2.0 1; cell "$P/c" pt 0.5 2; cell "$P/d" pt 4.0 3; cell "$P/e" pt 1.0 4

# 1. percentiles: n = 20, q10 the 2nd (0.64), q90 the 19th (1.32) of the sorted
# ratios (split-conformal ranks floor(0.1 x 21), ceil(0.9 x 21)), the median
# (0.96 + 1.00) / 2
"$S" "$P" >"$T/o" 2>"$T/e"; rc=$?
check "exit 0 (got $rc: $(head -n 1 "$T/e"))" [ "$rc" -eq 0 ]
check "header" grep -qx 'route,model,programs,runs,q10,q50,q90' "$T/o"
check "replay_pvmd: 5 programs, 20 runs, 0.64 / 0.98 / 1.32 (got $(grep replay_pvmd "$T/o"))" \
    grep -qx 'daemon,replay_pvmd,5,20,0.6400,0.9800,1.3200' "$T/o"
check "mpm: ratios halved (got $(grep ',mpm,' "$T/o"))" grep -qx 'daemon,mpm,5,20,0.3200,0.4900,0.6600' "$T/o"
check "a model predicting 0 s has no row" bash -c "! grep -q bspwb '$T/o'"
check "metadata: platform, cells" sh -c "grep -qx '# platform: pt' '$T/o' && [ \$(grep -c '^# cell: ' '$T/o') -eq 5 ]"
# the folders one by one give the same
"$S" "$P/a" "$P/b" "$P/c" "$P/d" "$P/e" >"$T/o2" 2>&1
check "run folders one by one: the same rows" diff <(grep -v '^#' "$T/o") <(grep -v '^#' "$T/o2")
# -o
"$S" -o "$T/sp.csv" "$P" >"$T/o3" 2>&1
check "-o: the file and one line" sh -c "grep -q '^daemon,replay_pvmd,' '$T/sp.csv' && grep -q '^spread: $T/sp.csv (2 rows, 5 run folders of pt)' '$T/o3'"
# --exclude a: 16 runs; rank floor(1.7) = 1 -> 0.64, ceil(15.3) = 16 -> 1.36
"$S" --exclude a "$P" >"$T/o4" 2>&1
check "--exclude: 4 programs, 16 runs, 0.64 / 1.36 (got $(grep replay_pvmd "$T/o4"))" \
    grep -qE '^daemon,replay_pvmd,4,16,0.6400,[0-9.]+,1.3600$' "$T/o4"

# 2. coverage, leave one program out: a's runs (0.60 0.80 1.00 1.20) against the
# others' 0.64 .. 1.36: 3 inside; e's (0.76 0.96 1.16 1.36) against 0.60 .. 1.32:
# 3; b, c, d: 4 each -> 18 of 20
"$S" --coverage "$P" >"$T/c" 2>"$T/ce"; rc=$?
check "coverage: exit 0 (got $rc: $(head -n 1 "$T/ce"))" [ "$rc" -eq 0 ]
check "coverage: a's row (got $(grep ',a,' "$T/c"))" grep -qx 'pt,a,daemon,replay_pvmd,1.000000,0.640000,1.360000,4,3' "$T/c"
check "coverage: d's row, interval scaled by its prediction" grep -qx 'pt,d,daemon,replay_pvmd,4.000000,2.400000,5.440000,4,4' "$T/c"
check "coverage: 18 of 20" grep -qx '# inside: 18 of 20 runs (90 %)' "$T/c"
# --check: a's interval from the whole spread (0.64 .. 1.32): 0.80 1.00 1.20 inside
"$S" --coverage --check "$T/sp.csv" "$P/a" >"$T/c2" 2>&1
check "--check: a against the given spread (got $(grep ',a,' "$T/c2"))" grep -qx 'pt,a,daemon,replay_pvmd,1.000000,0.640000,1.320000,4,3' "$T/c2"
# --model: mpm's interval in every cell, not the recommended model's: a's mpm
# predicts 2.0, its spread 0.32 .. 0.66 -> 0.64 .. 1.32: 0.80 1.00 1.20 inside
"$S" --coverage --model mpm --check "$T/sp.csv" "$P/a" >"$T/c3" 2>&1
check "--model: a's mpm row (got $(grep ',a,' "$T/c3"))" grep -qx 'pt,a,daemon,mpm,2.000000,0.640000,1.320000,4,3' "$T/c3"

# 3. bad input: one line, exit 1
bad_input() {   # bad_input NAME WANTED ARGS...
    local name=$1 want=$2; shift 2
    "$S" "$@" >"$T/bo" 2>"$T/be"; rc=$?
    check "$name: non-zero exit (got $rc)" [ "$rc" -ne 0 ]
    check "$name: one line (got $(wc -l <"$T/be"))" [ "$(wc -l <"$T/be")" -eq 1 ]
    check "$name: says '$want' (got: $(cat "$T/be"))" grep -qF -- "$want" "$T/be"
}
bad_input "no folders" "give the predict.sh run folders"
bad_input "no such folder" "$T/none: no such folder" "$T/none"
mkdir -p "$T/empty"
bad_input "not a run folder" "neither a predict.sh run folder (predict.csv) nor a folder of them" "$T/empty"
cp -r "$P/a" "$T/nou"; rm "$T/nou/predict_untraced.csv"
bad_input "no untraced runs" "no predict_untraced.csv (predict.sh's untraced runs" "$T/nou"
cell "$T/other/x" qq 1.0 0
bad_input "two platforms" "is of platform qq, the others of pt: a spread is one platform's" "$P" "$T/other/x"
bad_input "too few runs" "no route and model has 30 runs of 3 programs" --min-runs 30 "$P"
bad_input "--min-runs not a number" "--min-runs and --min-programs take a whole number" --min-runs x "$P"
cp -r "$P/a" "$T/badrun"; sed -i 's/^# measured_runs_s: .*/# measured_runs_s: 1,x,2/' "$T/badrun/predict_untraced.csv"
bad_input "a run time not seconds" "run time 'x' is not seconds" "$T/badrun"
bad_input "unknown option" "unknown option '--frob'" --frob "$P"
bad_input "--model without --coverage" "--model goes with --coverage" --model mpm "$P"
bad_input "--check unreadable" "cannot read --check file" --coverage --check "$T/none.csv" "$P"
"$S" --help >"$T/h"; check "--help" grep -q 'split-conformal' "$T/h"
# the arithmetic underneath: hrel trace spread
H=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
printf 'route,model,program,run_s,predicted_s\ndaemon,m,a,2,1\ndaemon,m,a,3,1\ndaemon,m,b,1,2\n' >"$T/r.csv"
check "hrel trace spread: ratios 2, 3, 0.5 -> 0.5 / 2 / 3, 2 programs, 3 runs" \
    bash -c "[ \"\$('$H' trace spread --min-runs 3 --min-programs 2 '$T/r.csv')\" = 'daemon,m,2,3,0.5000,2.0000,3.0000' ]"
check "hrel trace spread: too few runs, no row" bash -c "[ -z \"\$('$H' trace spread '$T/r.csv')\" ]"
printf 'route,model,program,run_s\ndaemon,m,a,2\n' >"$T/r2.csv"
"$H" trace spread "$T/r2.csv" >/dev/null 2>"$T/e2"; rc=$?
check "hrel trace spread: a missing column, exit 1, one line naming it (got $rc: $(cat "$T/e2"))" \
    bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e2') -eq 1 ] && grep -q predicted_s '$T/e2'"
printf 'route,model,program,run_s,predicted_s\ndaemon,m,a,0,1\n' >"$T/r3.csv"
"$H" trace spread "$T/r3.csv" >/dev/null 2>"$T/e3"; rc=$?
check "hrel trace spread: a run of 0 s refused (got $rc: $(cat "$T/e3"))" \
    bash -c "[ $rc -eq 1 ] && grep -q 'r3.csv:2: run_s must be > 0' '$T/e3'"

echo "test_spread: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
