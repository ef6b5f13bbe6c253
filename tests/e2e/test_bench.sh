#!/bin/bash
# End-to-end tests of the pattern benchmark on a real local pvmd: every pattern
# on 2 and 4 processors, formula (4) in the rows, metadata, @ = max, fault
# injection (corrupted message, killed worker), bad arguments, console spawn.
. "$(dirname "$0")/common.sh"

hrel_vm_start "$ROOT/hostfiles/local" || { echo "FAIL: cannot start pvmd"; echo "0 passed, 1 failed"; exit 1; }

# --- every pattern, p = 2 and 4, three fixed repetitions -------------------
out=$T/all/raw.csv
"$BIN/hrel_bench" -q -P E,PP,OA,POA,AO,AA -p 2,4 -s 6720,26880 -r 3 -w 1 \
    --hostfile hostfiles/local -o "$(dirname "$out")" 2>"$T/all.err"
check "all patterns run (exit 0)" test $? -eq 0
check "header line as in the contract" grep -qx 'pattern,procs,h,msg_bytes,rep,seconds' "$out"
for key in suite date_utc platform hostfile hosts pvm_version routing encoding kernel cpu_model compiler hrel_commit op packet_unit repetitions timing complete; do
    check "metadata has $key" grep -q "^# $key: " "$out"
done
rows=$(grep -v '^#' "$out" | tail -n +2 | wc -l)
check "6 patterns x 2 p x 2 sizes x 3 reps = 72 rows (got $rows)" test "$rows" -eq 72
# formula (4) under @ = +: h = m_PP = 2 m_E = (p-1) m_OA|POA|AO = 2 (p-1) m_AA
bad=$(awk -F, '!/^#/ && NR > 1 && $1 != "pattern" {
        p = $2; d = ($1 == "PP") ? 1 : ($1 == "E") ? 2 : ($1 == "AA") ? 2 * (p - 1) : p - 1;
        if ($3 != $4 * d || $6 <= 0 || $6 > 10) print }' "$out" | wc -l)
check "h and msg_bytes follow formula (4), times positive ($bad bad rows)" test "$bad" -eq 0
for pat in E PP OA POA AO AA; do
    check "rows for $pat at p=2 and p=4" test "$(grep -c "^$pat,[24]," "$out")" -eq 12
done
check "reps numbered 0..2 (warm-ups not written)" test "$(grep -c '^PP,2,6720,6720,[012],' "$out")" -eq 3
check "cases.csv written beside raw.csv" test "$(grep -vc '^#' "$T/all/cases.csv")" -eq 25

# --- @ = max ----------------------------------------------------------------
"$BIN/hrel_bench" -q -P E,AA -p 4 -s 6720 -r 2 --op max -o "$T/max"
check "@ = max runs" test $? -eq 0
check "@ = max: m_E = h" grep -q '^E,4,6720,6720,' "$T/max/raw.csv"
check "@ = max: m_AA = h/(p-1)" grep -q '^AA,4,6720,2240,' "$T/max/raw.csv"
check "@ = max recorded" grep -q '^# op: max' "$T/max/raw.csv"

# --- other encodings and the daemon route give correct messages --------------
"$BIN/hrel_bench" -q -P PP,AA -p 2 -s 6720 -r 2 --encoding default --route daemon -o "$T/enc"
check "XDR encoding over the daemon route passes the byte checks" test $? -eq 0
check "route recorded" grep -q '^# routing: daemon' "$T/enc/raw.csv"
"$BIN/hrel_bench" -q -P POA -p 4 -s 6720 -r 2 --encoding raw -o "$T/raw"
check "raw encoding passes the byte checks" test $? -eq 0

# --- a corrupted message is detected, rows before it are kept ---------------
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720 -r 5 -w 0 --inject-corrupt 0:2 -o "$T/bad" 2>"$T/bad.err"
rc=$?
check "corruption ends the run with a non-zero exit" test "$rc" -eq 1
check "corruption named in one line" grep -q 'corrupted message from rank 0 in rep 2' "$T/bad.err"
check "the message names task and host" grep -q 'task t[0-9a-f]* on host' "$T/bad.err"
check "rows before the corruption kept (reps 0, 1)" test "$(grep -c '^PP,2,' "$T/bad/raw.csv")" -eq 2
check "no corrupted repetition written" test -z "$(grep '^PP,2,6720,6720,2,' "$T/bad/raw.csv")"

# --- a killed worker ends the run with its name; rows kept ------------------
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720 -r 1000000 --timeout 30 -o "$T/kill" 2>"$T/kill.err" &
bpid=$!
count_rows() { local n; n=$(grep -c "$1" "$2" 2>/dev/null); echo "${n:-0}"; }
for _ in $(seq 1 100); do [ "$(count_rows '^PP' "$T/kill/raw.csv")" -gt 20 ] && break; sleep 0.1; done
# our workers are children of our pvmd (other pvmds may run on the machine)
wpid=$(pgrep -P "$HREL_VM_PID" -f hrel_bworker | head -n 1)
[ -n "$wpid" ] && kill -9 "$wpid"
for _ in $(seq 1 100); do kill -0 "$bpid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$bpid" 2>/dev/null && kill "$bpid"
wait "$bpid"; rc=$?
check "killed worker: non-zero exit" test "$rc" -eq 1
check "killed worker: one line naming task and host" grep -qE 'task t[0-9a-f]+ on host [^ ]+ exited' "$T/kill.err"
check "killed worker: rows measured before are on disk" test "$(grep -c '^PP,2,' "$T/kill/raw.csv")" -gt 20
sleep 0.5
check "killed worker: no worker left running" test -z "$(pgrep -P "$HREL_VM_PID" -f hrel_bworker)"

# --- bad arguments: one line, exit 2 ----------------------------------------
bad_arg() {   # $1 = what, $2 = expected text, rest = args
    local what=$1 want=$2; shift 2
    "$BIN/hrel_bench" -o "$T/x" "$@" >"$T/arg.out" 2>"$T/arg.err"
    local rc=$?
    check "$what: exit 2 (got $rc)" test "$rc" -eq 2
    check "$what: one line naming it" test "$(wc -l <"$T/arg.err")" -eq 1 -a -n "$(grep -F -- "$want" "$T/arg.err")"
}
bad_arg "unknown pattern" "unknown pattern 'XY'" -P XY
bad_arg "odd processor count for pairs" "count 3 is odd" -P PP -p 3
bad_arg "size not divisible" "does not divide" -P AA -p 4 -s 1000
bad_arg "bad route" "--route" --route carrier-pigeon
bad_arg "bad number" "--sizes: '12x' is not a size in bytes" -s 12x
bad_arg "processor list with an empty item" "--procs: '2,,4' has an empty item" -p 2,,4
bad_arg "timeout nan" "--timeout: 'nan' is not a duration" --timeout nan
bad_arg "timeout inf" "--timeout" --timeout inf
bad_arg "max-lag nan" "--max-lag" --max-lag nan
bad_arg "output directory too long" "--out: directory name longer than" -o "$(printf "%01100d" 0)"
bad_arg "unknown option" "unknown option" --frobnicate
"$BIN/hrel_bench" --help >"$T/help.out"
check "--help exits 0 and documents options" grep -q -- '--patterns' "$T/help.out"

# --- spawn from the pvm console ---------------------------------------------
cons=$T/console/raw.csv; consdir=$T/console
{ echo "spawn -> hrel_bench -q -P PP -p 2 -s 6720 -r 3 -o $consdir"
  for _ in $(seq 1 100); do
      [ "$(count_rows '^PP,2,' "$cons")" -ge 3 ] && break; sleep 0.1
  done
  sleep 0.3; echo quit; } | pvm >"$T/console.out" 2>&1
check "spawn -> from the pvm console writes rows" test "$(grep -c '^PP,2,' "$cons" 2>/dev/null)" -eq 3

# --- no daemon: one line ------------------------------------------------------
saved=$PVM_TMP; mkdir -p "$T/nodaemon"
PVM_TMP=$T/nodaemon "$BIN/hrel_bench" -P PP -p 2 -r 1 -o "$T/nd" 2>"$T/nd.err"
check "no daemon: exit 1" test $? -eq 1
check "no daemon: says so" grep -q 'no PVM daemon answers' "$T/nd.err"
# issue 14: libpvm's "pvmd.UID: No such file" lines came before ours
nlib=$(grep -c '^libpvm' "$T/nd.err")
check "no daemon: one line ($(wc -l <"$T/nd.err"))" [ "$(wc -l <"$T/nd.err")" -eq 1 ]
check "no daemon: no libpvm line before ours ($nlib)" [ "$nlib" -eq 0 ]
for prog in hrel_psrs hrel_fft hrel_pingpong hrel_mstep_demo hrel_vmhosts; do
    PVM_TMP=$T/nodaemon timeout 20 "$BIN/$prog" >/dev/null 2>"$T/nd_$prog.err"; rc=$?
    own=$(grep -c "^$prog: " "$T/nd_$prog.err")
    check "no daemon: $prog exits non-zero (rc $rc)" [ "$rc" -ne 0 ]
    check "no daemon: $prog prints one line" [ "$(wc -l <"$T/nd_$prog.err")" -eq 1 ]
    check "no daemon: $prog's line is its own" [ "$own" -eq 1 ]
done
PVM_TMP=$saved

# --- bad hostfiles -------------------------------------------------------------
hrel_vm_stop
before=$(our_pvmds)
printf '* ep=$HREL_ROOT/bin/$PVM_ARCH bogus=3\n' >"$T/hf-bad-option"
printf '* ep=$HREL_ROOT/bin/$PVM_ARCH\nno-such-host.invalid\n' >"$T/hf-bad-host"
( hrel_vm_start "$T/hf-bad-option" ) 2>"$T/hf1.err"
check "hostfile with an unknown option fails" test $? -ne 0
check "... naming the option" grep -q 'unknown option "bogus=3"' "$T/hf1.err"
( hrel_vm_start "$T/hf-bad-host" ) 2>"$T/hf2.err"
check "hostfile with an unknown host fails" test $? -ne 0
check "... naming the host" grep -q 'no-such-host.invalid' "$T/hf2.err"
( hrel_vm_start "$T/no-such-file" ) 2>"$T/hf3.err"
check "missing hostfile fails with one line" test "$(wc -l <"$T/hf3.err")" -eq 1
check "no pvmd left by the failed starts" test -z "$(new_pids "$before" "$(our_pvmds)")"
finish
