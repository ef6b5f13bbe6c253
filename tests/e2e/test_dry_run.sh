#!/bin/bash
# End-to-end tests of --dry-run in the study scripts (no virtual machine): study.sh
# --dry-run prints the benchmark's plan and estimate and starts and writes
# nothing; the estimate takes the platform's newest characterisation in results/
# (HREL_RESULTS: this test's own) case by case, worked by hand below, and
# without one a default that fits the platform (one host is no 10 Mbit/s LAN);
# hyper_study.sh, fft_study.sh and psrs_study.sh take --dry-run too.
# Prints "N passed, N failed".
. "$(dirname "$0")/common.sh"
S=$ROOT/experiments/study.sh
X=$ROOT/experiments
before=$(our_pvmds)
mkdir -p "$HREL_RESULTS"
nres() { ls -A "$HREL_RESULTS" | wc -l; }

# --- --help lists it; bad input still refused -----------------------------------
"$S" --help >"$T/help.out" 2>&1
check "study.sh --help lists --dry-run" grep -q -- '--dry-run' "$T/help.out"
for s in hyper_study fft_study psrs_study; do
    "$X/$s.sh" --help >"$T/help.out" 2>&1
    check "$s.sh --help lists --dry-run" grep -q -- '--dry-run' "$T/help.out"
done

# --- no characterisation: a default for the platform ------------------------------
n0=$(nres)
"$S" --dry-run -- -P PP -p 2 -s 6720,26880 >"$T/d0.out" 2>&1; rc=$?
check "study.sh --dry-run: exit 0 (got $rc: $(tail -n 1 "$T/d0.out"))" test "$rc" -eq 0
check "dry run: the two cases" test "$(grep -c '^PP,2,' "$T/d0.out")" -eq 2
check "dry run: an estimated duration" grep -qE '^# 2 cases to run .*estimated [0-9]+:[0-9]{2}:[0-9]{2}' "$T/d0.out"
check "dry run: no 'raw measurements' line" test -z "$(grep 'raw measurements' "$T/d0.out")"
check "dry run: nothing written in results/" test "$(nres)" -eq "$n0"
check "dry run: no pvmd started" test -z "$(new_pids "$before" "$(our_pvmds)")"
check "dry run, one host: says there is no characterisation" \
    grep -q "^study.sh: --dry-run: no characterisation of local in $HREL_RESULTS: estimate for one host" "$T/d0.out"
check "dry run, one host: the loopback's g and L, not 10 Mbit/s" \
    grep -q '^# estimate per repetition: L + g\*h from g 4e-09 s/byte, L 0.0002 s' "$T/d0.out"
# (20 + 2) x (2e-4 + 4e-9 x 6720) + 0.02 = 0.025 s
check "dry run, one host: PP 2 6720 at 20 reps is 0.025 s" grep -qx 'PP,2,6720,6720,20,0.025' "$T/d0.out"
"$S" --dry-run --platform lan-utp -- -P PP -p 2 -s 6720 >"$T/d1.out" 2>&1
check "dry run, lan-utp: its 10 Mbit/s links (g 8e-07)" \
    grep -q '^# estimate per repetition: L + g\*h from g 8e-07 s/byte, L 0.001 s' "$T/d1.out"
"$S" --dry-run --platform fast-switch -- -P PP -p 2 -s 6720 >"$T/d2.out" 2>&1
check "dry run, fast-switch: its 1 Gbit/s links (g 8e-09)" \
    grep -q '^# estimate per repetition: L + g\*h from g 8e-09 s/byte, L 0.001 s' "$T/d2.out"

# --- a characterisation: each case as it went there -------------------------------
# three runs in results/: an older one of local, the newest of local, and a newer
# one of another platform (ignored); results/latest a link to the older
mkrun() {   # DIR PLATFORM REPS MEAN_S VOID_REPS MARGIN_S
    mkdir -p "$1"
    printf '# platform: %s\npattern,procs,h,msg_bytes,rep,seconds\n' "$2" >"$1/raw.csv"
    printf 'pattern,procs,h,msg_bytes,reps,mean_s,void_reps,margin_s\nPP,2,6720,6720,%s,%s,%s,%s\n' \
        "$3" "$4" "$5" "$6" >"$1/cases.csv"
    printf 'pattern,procs,g,L,r2,n\nPP,all,1e-6,0.01,1,3\n' >"$1/fit.csv"
}
mkrun "$HREL_RESULTS/local-old" local 400 0.1 0 0.1
mkrun "$HREL_RESULTS/local-new" local 100 0.0015 3 0.0005
mkrun "$HREL_RESULTS/lan-utp-newer" lan-utp 400 0.1 0 0.1
touch -d '2 hours ago' "$HREL_RESULTS/local-old"
touch -d '1 hour ago' "$HREL_RESULTS/local-new"
ln -sfn "$HREL_RESULTS/local-old" "$HREL_RESULTS/latest"
n0=$(nres)
"$S" --dry-run -- -P PP -p 2 -s 6720,26880 >"$T/d3.out" 2>&1; rc=$?
check "dry run, characterised: exit 0 (got $rc)" test "$rc" -eq 0
check "dry run, characterised: the newest of local is named" \
    grep -qx "study.sh: --dry-run: estimate from the newest characterisation of local, $HREL_RESULTS/local-new" "$T/d3.out"
# measured there: (100 reps + 3 voided + 2 warm-ups) x (0.0015 + 0.0005 margin) + 0.02 = 0.230 s
check "dry run, characterised: PP 2 6720 as measured (100 reps, 0.230 s)" grep -qx 'PP,2,6720,6720,100,0.230' "$T/d3.out"
# not measured there: its fit.csv at the minimum: 22 x (0.01 + 1e-6 x 26880) + 0.02 = 0.831 s
check "dry run, characterised: PP 2 26880 from its fit.csv (0.831 s)" grep -qx 'PP,2,26880,26880,20,0.831' "$T/d3.out"
check "dry run, characterised: the total says how many were measured" \
    grep -q "^# 2 cases to run (0 finished ones skipped), estimated 0:00:01; 1 of them as measured in $HREL_RESULTS/local-new, the others at the minimum" "$T/d3.out"
check "dry run, characterised: nothing written" test "$(nres)" -eq "$n0"
"$S" --dry-run -- -P PP -p 2 -s 6720 -r 7 >"$T/d4.out" 2>&1
# fixed repetitions: (7 + 3 + 2) x 0.002 + 0.02 = 0.044 s
check "dry run, characterised, -r 7: the fixed count (0.044 s)" grep -qx 'PP,2,6720,6720,7,0.044' "$T/d4.out"
"$BIN/hrel_bench" --dry-run -P PP -p 2 -s 6720 --estimate-from "$T/none" >"$T/d5.out" 2>"$T/d5.err"; rc=$?
check "hrel_bench --estimate-from a directory without cases.csv: exit 1" test "$rc" -eq 1
check "... one line naming it" eval "[ \$(wc -l <'$T/d5.err') -eq 1 ] && grep -q '^hrel_bench: --estimate-from: $T/none/cases.csv: ' '$T/d5.err'"

# --- the other study scripts ---------------------------------------------------------
n0=$(nres)
"$X/hyper_study.sh" --dry-run -- -p 2 -s 1,64 >"$T/h.out" 2>&1; rc=$?
check "hyper_study.sh --dry-run: exit 0 (got $rc: $(tail -n 1 "$T/h.out"))" test "$rc" -eq 0
check "hyper_study.sh --dry-run: its cases planned" test "$(grep -c '^\(PAIRS\|BT\|SB\|RED\|NB\),2,' "$T/h.out")" -eq 10
printf 'pattern,procs,g,L,r2,n\nPP,all,1e-8,1e-4,1,3\nE,all,1e-8,1e-4,1,3\n' >"$T/fit.csv"
"$X/fft_study.sh" --dry-run --fit "$T/fit.csv" --n 1024 --procs 1,2 >"$T/f.out" 2>&1; rc=$?
check "fft_study.sh --dry-run: exit 0 (got $rc: $(tail -n 1 "$T/f.out"))" test "$rc" -eq 0
check "fft_study.sh --dry-run: the runs planned" grep -q 'runs: algorithms mstep,ccm x P=1,2, N=1024' "$T/f.out"
"$X/fft_study.sh" --dry-run --bench --n 1024 --procs 1,2 >"$T/fb.out" 2>&1; rc=$?
check "fft_study.sh --dry-run --bench: exit 0 and the benchmark's plan" \
    eval "[ $rc -eq 0 ] && grep -q '^ *# [0-9]* cases to run' '$T/fb.out'"
"$X/psrs_study.sh" --dry-run --fit "$T/fit.csv" --quick >"$T/p.out" 2>&1; rc=$?
check "psrs_study.sh --dry-run: exit 0 (got $rc: $(tail -n 1 "$T/p.out"))" test "$rc" -eq 0
check "psrs_study.sh --dry-run: the runs planned" grep -q 'P=2-4, N=131072' "$T/p.out"
check "the other scripts' dry runs: nothing written" test "$(nres)" -eq "$n0"
check "the other scripts' dry runs: no pvmd started" test -z "$(new_pids "$before" "$(our_pvmds)")"
finish
