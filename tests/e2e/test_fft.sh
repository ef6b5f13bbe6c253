#!/bin/bash
# End-to-end tests of the parallel FFTs on a real local pvmd: both algorithms
# on p = 1, 2, 4 (small N) give the reference transform, write runs rows and
# M-step traces that `hrel model mpm` and `hrel fft table` read; a too strict
# tolerance fails the run; bad N / p / options give one-line errors; the
# constants program writes its file.
. "$(dirname "$0")/common.sh"

hrel_vm_start "$ROOT/hostfiles/local" || { echo "FAIL: cannot start pvmd"; echo "0 passed, 1 failed"; exit 1; }

one_line() {   # $1 = expected text, rest = command
    local want=$1; shift
    "$@" >/dev/null 2>"$T/e.err" && return 1
    [ "$(wc -l <"$T/e.err")" -eq 1 ] && grep -q "$want" "$T/e.err"
}
runs=$T/runs.csv
N=1024
# --- both algorithms, p = 1, 2, 4 ----------------------------------------------
for algo in mstep ccm; do
    for p in 1 2 4; do
        "$BIN/hrel_fft" --algo $algo --n $N --procs $p --reps 2 --plan estimate --timeout 30 \
            --out "$T" >"$T/$algo$p.out" 2>"$T/$algo$p.err"
        check "$algo p=$p runs (exit 0)" test $? -eq 0
        check "$algo p=$p prints a line per repetition with its error" \
            test "$(grep -c "^$algo N=$N p=$p rep [01]: .* s, relative error" "$T/$algo$p.out")" -eq 2
    done
done
check "runs header" grep -qx 'algo,n,p,rep,seconds,relerr,trace' "$runs"
check "traces beside runs.csv are named relative to it" grep -q ',trace_ccm_p4_r1.csv$' "$runs"
check "runs metadata (platform, route, encoding, plan)" \
    bash -c "grep -q '^# routing: direct' '$runs' && grep -q '^# encoding: raw' '$runs' && grep -q '^# plan: estimate' '$runs'"
rows=$(grep -v '^#' "$runs" | tail -n +2 | wc -l)
check "2 algorithms x 3 p x 2 reps = 12 rows (got $rows)" test "$rows" -eq 12
bad=$(awk -F, '!/^#/ && $1 != "algo" { if (!($6 < 1e-12) || !($5 > 0)) print }' "$runs" | wc -l)
check "every relative error < 1e-12 and every time > 0 ($bad bad rows)" test "$bad" -eq 0
# traces: log2(p)+1 steps, one row per rank and step
tr=$T/trace_mstep_p4_r0.csv
check "M-step trace p=4 has 3 steps x 4 ranks" test "$(grep -v '^#' "$tr" | tail -n +2 | wc -l)" -eq 12
check "M-step step 1: rank 0 receives N/4 complex values (4096 bytes) from rank 1" grep -q '^0,1,[^,]*,4096,0,1,' "$tr"
check "M-step step 2: rank 2 sends N/2 values (8192 bytes) to rank 0" grep -q '^2,2,[^,]*,0,8192,,' "$tr"
check "M-step step 2: rank 0 hears from rank 2" grep -q '^0,2,[^,]*,8192,0,2,' "$tr"
tc=$T/trace_ccm_p4_r1.csv
check "D&C step 1: rank 3 swaps 256 values with rank 2" grep -q '^3,1,[^,]*,4096,4096,2,' "$tc"
check "D&C step 2: rank 3 swaps 512 values with rank 1" grep -q '^3,2,[^,]*,8192,8192,1,' "$tc"
check "patterns named (PP, E)" bash -c "grep -q ',PP$' '$tr' && grep -q ',E$' '$tc'"
"$BIN/hrel" model mpm "$tr" --g 1e-9 --L 1e-5 >"$T/mpm.out" 2>&1
check "hrel model mpm reads the FFT trace" grep -q '^total ' "$T/mpm.out"

# --- constants, predictions and the table -------------------------------------
"$BIN/hrel_fft_constants" --n $N --procs 1,2,4 --reps 3 --plan measure --wisdom "$T/w.wisdom" --out "$T"
check "hrel_fft_constants runs" test $? -eq 0
check "it writes FFTW wisdom" grep -q 'fftw_wisdom' "$T/w.wisdom"
(cd "$T" && "$BIN/hrel_fft" --algo ccm --n $N --procs 2 --reps 1 --wisdom w.wisdom --timeout 30 >/dev/null 2>"$T/w.err")
check "hrel_fft --wisdom (relative path) runs" test $? -eq 0
check "missing wisdom: one line" one_line "cannot read FFTW wisdom" "$BIN/hrel_fft" --n $N --procs 2 --wisdom "$T/none"
check "constants rows p=1,2,4,all" \
    test "$(grep -cE '^(1|2|4|all),1024,' "$T/consts.csv")" -eq 4
printf 'pattern,procs,g,L,r2,n\nALL,all,1e-9,5e-5,0.99,10\nPP,all,1e-9,4e-5,0.99,10\nE,all,2e-9,6e-5,0.99,10\n' >"$T/fit.csv"
"$BIN/hrel" fft table "$runs" --consts "$T/consts.csv" --fit "$T/fit.csv" >"$T/table.csv" 2>"$T/table.err"
check "hrel fft table runs" test $? -eq 0
check "table: 6 rows (algo x p) with reps 2" test "$(grep -cE '^(mstep|ccm),1024,[124],2,' "$T/table.csv")" -eq 6
check "table: MPM column filled from the traces" \
    test "$(awk -F, 'NR > 1 && $10 != "NaN" && $10 > 0' "$T/table.csv" | wc -l)" -eq 6

# per-step g, L of the M-step FFT, worked by hand (all constants 0, N=1024, p=4,
# 16 bytes): step 0 on 4 procs: 2e-3 + 2e-9*16*256 = 0.002008192; step 1 on 2 procs:
# 1e-3 + 1e-9*16*512 = 0.001008192; total 0.003016384. --gl-procs p: both steps
# with the p=4 row: 0.004 + 2e-9*16*768 = 0.004024576
printf 'p,n,m,D,Ds,F,R\nall,1024,,0,0,0,0\n' >"$T/zero.csv"
printf 'pattern,procs,g,L,r2,n\nPP,2,1e-9,1e-3,1,4\nPP,4,2e-9,2e-3,1,4\nALL,all,5e-9,5e-3,1,8\n' >"$T/fit2.csv"
check "predict: per-step fit rows (0.003016384)" \
    bash -c "'$BIN/hrel' fft predict --consts '$T/zero.csv' --fit '$T/fit2.csv' --n 1024 --procs 4 --algo mstep | grep -q ',0.00301638\$'"
check "predict: --gl-procs p (0.004024576)" \
    bash -c "'$BIN/hrel' fft predict --consts '$T/zero.csv' --fit '$T/fit2.csv' --n 1024 --procs 4 --algo mstep --gl-procs p | grep -q ',0.00402458\$'"

# --- a wrong result fails the run ---------------------------------------------
"$BIN/hrel_fft" --algo ccm --n $N --procs 2 --reps 1 --plan estimate --tol 1e-30 --timeout 30 >/dev/null 2>"$T/tol.err"
check "relative error above --tol fails the run" test $? -ne 0
check "... with one line naming the wrong result" \
    bash -c "test \$(wc -l <'$T/tol.err') -eq 1 && grep -q 'wrong result on rank' '$T/tol.err'"

# --- bad sizes and options: one line, non-zero exit ------------------------------
check "N=1000 rejected" one_line "N=1000 is not a power of two" "$BIN/hrel_fft" --n 1000 --procs 2
check "p=3 rejected" one_line "p=3 is not a power of two" "$BIN/hrel_fft" --n 1024 --procs 3
check "p > N rejected" one_line "p=16 exceeds N=8" "$BIN/hrel_fft" --n 8 --procs 16
check "bad algorithm rejected" one_line "algo: 'fast' is not one of mstep, ccm" "$BIN/hrel_fft" --algo fast
check "unknown option rejected" one_line "unknown option" "$BIN/hrel_fft" --frobnicate 1
check "constants: N=1000 rejected" one_line "N=1000 is not a power of two" "$BIN/hrel_fft_constants" --n 1000
check "hrel fft predict: missing --consts" one_line "consts" "$BIN/hrel" fft predict --g 1 --L 1
check "--help exits 0" "$BIN/hrel_fft" --help
check "constants --help exits 0" "$BIN/hrel_fft_constants" --help

mkdir -p "$T/nopvmd"
check "no pvmd: one line naming it" \
    env PVM_TMP="$T/nopvmd" bash -c "! '$BIN/hrel_fft' --n 1024 --procs 2 >/dev/null 2>'$T/np.err' && test \$(wc -l <'$T/np.err') -eq 1 && grep -q 'cannot reach a pvmd' '$T/np.err'"

# --- no task left behind ----------------------------------------------------------
sleep 0.3
check "no hrel_fft task left in the virtual machine" \
    bash -c "! (echo ps -a | timeout 5 pvm 2>/dev/null | grep -q hrel_fft)"
finish
