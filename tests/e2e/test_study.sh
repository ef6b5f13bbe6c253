#!/bin/bash
# End-to-end tests of the study command: a short study ends in raw.csv and the
# report; an interrupted study keeps its rows and leaves no pvmd; bad input.
. "$(dirname "$0")/common.sh"
S=$ROOT/experiments/study.sh
before=$(our_pvmds)
# the user's results/latest (the link, or its absence) before the study
user_latest=$(readlink "$ROOT/results/latest" 2>/dev/null || echo none)

# --- a short study, end to end ------------------------------------------------
# (sizes 16 x apart: g well above the noise of 5 repetitions, so the pooled g is positive)
"$S" --run "$T/short" --quick -- -q -P PP,AA -p 2 --coll-procs 4 -s 6720,107520 -r 5 >"$T/short.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || tail -n 5 "$T/short.out" | sed 's/^/  short study said: /'   # for the log
check "short study exits 0 (got $rc)" test "$rc" -eq 0
check "raw.csv with rows" test "$(grep -c '^PP,2,' "$T/short/raw.csv")" -eq 10
check "platform local in the metadata" grep -q '^# platform: local' "$T/short/raw.csv"
check "hostfile in the metadata" grep -q '^# hostfile: hostfiles/local' "$T/short/raw.csv"
if [ -x "$ROOT/experiments/report.sh" ]; then
    check "report.html written" test -s "$T/short/report.html"
    check "fit CSV follows the contract header" grep -q '^pattern,procs,g,L,r2,n' "$T/short/fit.csv"
    check "--quick fits the minimum of each case" grep -q "summary min" "$T/short/tables.txt"
    check "--quick: the quality summary heads the report" grep -q "<div class=\"quality\">" "$T/short/report.html"
fi
# what hrel predict needs besides g and L (experiments/platform_facts.sh)
check "calibration.csv: three kernels of the one host" \
    test "$(grep -cE '^[^#,]+,[0-9]+,(int|fp|mem),[0-9.]+,' "$T/short/calibration.csv")" -eq 3
check "setup.csv: the route set-up on first contact" grep -q '^# median_setup_s ' "$T/short/setup.csv"
check "setup.csv measured on the study's route (direct)" grep -q 'route direct' "$T/short/setup.csv"
check "one host: no pvmd_state.csv (no other pvmd to estimate)" test ! -e "$T/short/pvmd_state.csv"
check "pvmd_cpu.csv: one host: the local blocks only (HREL_PVMDCPU_ARGS: one repetition)" \
    eval "[ \$(grep -c '^local,0,' '$T/short/pvmd_cpu.csv') -eq 6 ] && ! grep -q '^remote,' '$T/short/pvmd_cpu.csv'"
check "pvmd_cpu.csv: its local line" grep -qE '^# local_frag_s [0-9.e-]+$' "$T/short/pvmd_cpu.csv"
"$ROOT/bin/$ARCH/hrel" predict "$ROOT/tests/data/hrel_predict_pingpong.csv" --on "$T/short" >"$T/hp.out" 2>&1
check "hrel predict takes the study as a characterisation ($(tail -n 1 "$T/hp.out"))" \
    grep -q '^predicted: ' "$T/hp.out"
check "no pvmd of the study left running" test -z "$(new_pids "$before" "$(our_pvmds)")"
# a study of one host's daemon route: platform_facts.sh measures the round trips 4 more
# times in its virtual machine (15 pairs), so hrel predict gives the replay the interval
# of the placement draws
mkdir -p "$T/dfacts"
printf '# platform: local\n# routing: daemon\npattern,procs,h,msg_bytes,rep,seconds\n' >"$T/dfacts/raw.csv"
cp "$T/short/fit.csv" "$T/dfacts/"
HREL_CALIBRATE_ARGS=--quick HREL_PVMDCPU_ARGS="--reps 1 --seconds 0.05" \
    "$ROOT/experiments/platform_facts.sh" --platform local --run "$T/dfacts" >"$T/dfacts.out" 2>&1
check "one host, daemon route: setup.csv with 4 more measurements (15 pairs), said ($(tail -n 1 "$T/dfacts.out"))" \
    bash -c "[ \$(grep -cE '^[0-9]+,[0-9]+,' '$T/dfacts/setup.csv') -eq 15 ] && grep -q '^# pairs measured again in this virtual machine .*: 1 2 3 4 of 4 more measurements below' '$T/dfacts/setup.csv'"
"$ROOT/bin/$ARCH/hrel" predict "$ROOT/tests/data/hrel_predict_pingpong.csv" --on "$T/dfacts" --spread none >"$T/dhp.out" 2>&1
check "... hrel predict: the replay's interval from the placement draws ($(head -n 1 "$T/dhp.out"))" \
    bash -c "grep -q \"^# interval: replay's from the placement draws (no spread: what the placement moves only): .* of setup.csv's 15 8-byte round trips\" '$T/dhp.out' && grep -qE '^replay,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+$' '$T/dhp.out'"
check "no pvmd of platform_facts left running" test -z "$(new_pids "$before" "$(our_pvmds)")"
# results/latest is the user's: a test's study points the test's own at its run
check "the user's results/latest untouched by a test's study" \
    test "$(readlink "$ROOT/results/latest" 2>/dev/null || echo none)" = "$user_latest"
check "HREL_RESULTS/latest points at the study's run" test "$(readlink "$HREL_RESULTS/latest")" = "$T/short"

# --- interrupted: rows kept, virtual machine halted ----------------------------
"$S" --run "$T/int" -- -q -P PP -p 2 -s 6720 -r 1000000 >"$T/int.out" 2>&1 &
spid=$!
for _ in $(seq 1 150); do
    n=$(grep -c '^PP,2,' "$T/int/raw.csv" 2>/dev/null); [ "${n:-0}" -gt 50 ] && break; sleep 0.1
done
kill -TERM "$spid"
for _ in $(seq 1 100); do kill -0 "$spid" 2>/dev/null || break; sleep 0.1; done
check_not "interrupted study has stopped within 10 s" kill -0 "$spid"
kill -9 "$spid" 2>/dev/null
wait "$spid"; rc=$?
check "interrupted study exits 130 (got $rc)" test "$rc" -eq 130
check "interrupted study says where the rows are" grep -q 'rows measured so far are in' "$T/int.out"
n=$(grep -c '^PP,2,' "$T/int/raw.csv" 2>/dev/null)
check "interrupted study kept its rows (${n:-0})" test "${n:-0}" -gt 50
check "every kept row is complete" test -z "$(grep '^PP' "$T/int/raw.csv" | awk -F, 'NF != 6')"
sleep 0.3
check "no pvmd left running after the interrupt" test -z "$(new_pids "$before" "$(our_pvmds)")"

# --- bad input ---------------------------------------------------------------
"$S" --frobnicate >"$T/bad.out" 2>&1
check "unknown argument: exit 2" test $? -eq 2
"$S" --run "$T/bad" -- -P XY >"$T/bad2.out" 2>&1
check "bad benchmark argument: non-zero exit" test $? -ne 0
check "... with the benchmark's one line" grep -q "unknown pattern 'XY'" "$T/bad2.out"
finish
