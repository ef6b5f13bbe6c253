#!/bin/bash
# End-to-end tests of PSRS on a real local pvmd: every input kind on 2, 3 and 4
# processors with N not divisible by P, the traces (7 steps, patterns, h of
# step 1), N = P*P, bad sizes (one-line errors), the constants program, and
# `hrel psrs predict|compare` on the run's own output; a killed worker.
. "$(dirname "$0")/common.sh"

# --- bad sizes: one line on stderr, non-zero exit, before any PVM work ------
bad_size() {   # $1 = what, $2 = expected text, rest = arguments
    local what=$1 want=$2; shift 2
    "$BIN/hrel_psrs" "$@" >"$T/bad.out" 2>"$T/bad.err"
    local rc=$?
    check "$what: non-zero exit" test "$rc" -ne 0
    check "$what: one line on stderr" test "$(wc -l <"$T/bad.err")" -eq 1
    check "$what: message names the problem" grep -qF "$want" "$T/bad.err"
}
bad_size "N < P*P" "N=15 is too small for P=4: PSRS needs N >= P*P = 16" --n 15 --procs 2-4
bad_size "N = 0" "bad item count '0'" --n 0
bad_size "N not a number" "bad item count 'lots'" --n lots
bad_size "P = 1" "bad processor list '1-4'" --procs 1-4
bad_size "unknown input" "bad --input 'random'" --input random
"$BIN/hrel_psrs_constants" --n 8 --procs 3 >/dev/null 2>"$T/cbad.err"
check "constants: N < P*P refused" test $? -ne 0
check "constants: one-line error" grep -qxF "hrel_psrs_constants: N=8 is too small for P=3: PSRS needs N >= P*P = 9" "$T/cbad.err"
check "hrel_psrs --help" "$BIN/hrel_psrs" --help
check "hrel psrs --help" "$BIN/hrel" psrs --help

hrel_vm_start "$ROOT/hostfiles/local" || { echo "FAIL: cannot start pvmd"; echo "0 passed, 1 failed"; exit 1; }

# --- every input kind on 2, 3, 4 processors, N = 1001 (odd, 1001 mod 3 = 2) --
out=$T/ok
"$BIN/hrel_psrs" --procs 2-4 --n 1001 --input all --reps 1 --warmup 1 --timeout 30 \
    --platform local --out "$out" >"$T/ok.out" 2>"$T/ok.err"
check "12 runs (3 P x 4 inputs) exit 0" test $? -eq 0
csv=$out/psrs.csv
check "header as documented" grep -qx 'procs,n,input,rep,seconds,sorted,count_ok,checksum_ok,max_items,trace' "$csv"
rows=$(grep -c '^[234],1001,' "$csv")
check "12 rows (got $rows)" test "$rows" -eq 12
for kind in uniform dup sorted reverse; do
    for p in 2 3 4; do
        check "P=$p $kind sorted, count and checksum ok" grep -q "^$p,1001,$kind,0,[0-9.e-]*,1,1,1," "$csv"
        tr=$out/trace_p${p}_${kind}_r0.csv
        check "P=$p $kind trace has 7 x $p rows" test "$(grep -c '^[0-9]*,[1-7],' "$tr")" -eq $((7 * p))
    done
done
check "progress lines say verified" test "$(grep -c 'verified' "$T/ok.out")" -eq 24
for key in suite date_utc platform hosts pvm_version routing encoding n item_bytes seed repetitions; do
    check "metadata has $key" grep -q "^# $key: " "$csv"
done
tr=$out/trace_p4_uniform_r0.csv
# rank 0 keeps 251 of 1001 items and sends 750 ints = 3000 bytes in step 1
check "step 1: rank 0 sends 3000 bytes (750 ints)" grep -q '^0,1,[0-9.e-]*,0,3000,,[0-9.]*,POA$' "$tr"
check "step 1: rank 3 receives 250 ints from 0" grep -q '^3,1,[0-9.e-]*,1000,0,0,[0-9.]*,POA$' "$tr"
check "step 2: rank 0 gathers 3 x 4 samples (48 bytes)" grep -q '^0,2,[0-9.e-]*,48,0,1;2;3,[0-9.]*,AO$' "$tr"
check "step 3: pivots multicast (OA, 12 bytes each)" grep -q '^2,3,[0-9.e-]*,12,0,0,[0-9.]*,OA$' "$tr"
check "step 4: all-to-all sizes" grep -q '^1,4,[0-9.e-]*,12,12,0;2;3,[0-9.]*,AA$' "$tr"
check "step 7: rank 0 gathers from 1, 2, 3" grep -q '^0,7,[0-9.e-]*,[0-9]*,0,1;2;3,[0-9.]*,AO$' "$tr"

# --- edge: N = P*P; and a larger N -----------------------------------------
"$BIN/hrel_psrs" --procs 4 --n 16 --input all --reps 1 --warmup 0 --quiet --out "$T/edge"
check "N = P*P = 16 on 4 processors, every input" test $? -eq 0 -a "$(grep -c '^4,16,.*,1,1,1,' "$T/edge/psrs.csv")" -eq 4
"$BIN/hrel_psrs" --procs 3 --n 100003 --input uniform,dup --reps 1 --quiet --out "$T/big"
check "N = 100003 on 3 processors, uniform and dup" test $? -eq 0 -a "$(grep -c '^3,100003,.*,1,1,1,' "$T/big/psrs.csv")" -eq 2

# --- the daemon route and XDR encoding sort correctly too ----------------------
"$BIN/hrel_psrs" --procs 3 --n 999 --input uniform --reps 1 --warmup 0 --quiet \
    --route daemon --encoding default --out "$T/xdr"
check "daemon route + XDR: verified" test $? -eq 0 -a "$(grep -c '^3,999,uniform,0,.*,1,1,1,' "$T/xdr/psrs.csv")" -eq 1
check "daemon route recorded" grep -q '^# routing: daemon' "$T/xdr/psrs.csv"

# --- constants and the comparison on the run's own output -------------------
"$BIN/hrel_psrs_constants" --procs 2-4 --n 1001 --reps 3 --out "$T"
check "constants program exit 0" test $? -eq 0
check "constants: header" grep -qx 'procs,n,B,C,D,E,F,H,I,J' "$T/consts.csv"
check "constants: 3 rows, all positive" test "$(awk -F, '/^[234],1001,/ { ok = 1; for (i = 3; i <= 10; i++) if (!($i > 0)) ok = 0; n += ok } END { print n + 0 }' "$T/consts.csv")" -eq 3
"$BIN/hrel" psrs compare "$csv" --input uniform --consts "$T/consts.csv" --g 1e-9 --L 5e-5 \
    --plot-data "$T/plot" >"$T/cmp.out" 2>"$T/cmp.err"
check "hrel psrs compare exit 0" test $? -eq 0
check "compare: a row per P" test "$(grep -cE '^[234] +1001 +1 ' "$T/cmp.out")" -eq 3
check "compare: 21 step rows" test "$(grep -cE '^[234] +[1-7] +(POA|AO|OA|AA) ' "$T/cmp.out")" -eq 21
check "compare: plot data" test -s "$T/plot/psrs_total.dat" -a -s "$T/plot/psrs_steps.dat"
"$BIN/hrel" psrs compare "$csv" --consts "$T/consts.csv" --g 1e-9 --L 5e-5 >/dev/null 2>"$T/cmp2.err"
check "compare: several inputs need --input (one line)" grep -q 'choose one (--input)' "$T/cmp2.err"
# the hand-worked case of tests/unit/test_psrs_model.c through the command line
printf 'procs,n,B,C,D,E,F,H,I,J\n4,1024,1e-8,2e-7,3e-8,4e-7,5e-8,6e-7,7e-8,8e-7\n' >"$T/hand.csv"
"$BIN/hrel" psrs predict --consts "$T/hand.csv" --n 1024 --procs 4 --g 1e-7 --L 1e-4 >"$T/hand.out"
check "predict: hand-worked T_7 = 0.00152628 s" grep -qx 'total 4 0.00152628' "$T/hand.out"

# --- a killed worker ends the run with one line naming it -------------------
"$BIN/hrel_psrs" --procs 2 --n 1M --reps 100000 --quiet --timeout 20 --out "$T/kill" 2>"$T/kill.err" &
dpid=$!
wpid=""
for _ in $(seq 1 100); do
    for pid in $(pgrep -f "$BIN/hrel_psrs --worker"); do
        if tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qx "PVM_TMP=$PVM_TMP"; then wpid=$pid; break; fi
    done
    [ -n "$wpid" ] && [ "$(grep -c '^2,' "$T/kill/psrs.csv" 2>/dev/null)" -ge 1 ] && break
    sleep 0.1
done
[ -n "$wpid" ] && kill -9 "$wpid"
wait "$dpid"
check "killed worker: driver exits non-zero" test $? -ne 0
check "killed worker: one line naming the task" grep -qE 'task t[0-9a-f]+ on host .* (exited|killed)|exited' "$T/kill.err"
sleep 0.5
left=""
for pid in $(pgrep -f "$BIN/hrel_psrs"); do
    tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qx "PVM_TMP=$PVM_TMP" && left="$left $pid"
done
check "no hrel_psrs task left behind ($left)" test -z "$left"

finish
