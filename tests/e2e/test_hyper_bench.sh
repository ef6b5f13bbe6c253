#!/bin/bash
# End-to-end test of the hyperbolic-model experiments of papers/003 on a real
# local pvmd: hrel_bench runs PAIRS, BT, SB, RED and NB (message sizes as h,
# byte checks on every message), the rows follow the raw.csv contract, and
# `hrel hyper fit` / `plotdata` accept them.
. "$(dirname "$0")/common.sh"

hrel_vm_start "$ROOT/hostfiles/local" || { echo "FAIL: cannot start pvmd"; echo "0 passed, 1 failed"; exit 1; }

out=$T/hyp/raw.csv
"$BIN/hrel_bench" -q -P PAIRS,BT,SB,RED,NB -p 2,4 -s 1,64,4096 -r 3 -w 1 \
    --hostfile hostfiles/local -o "$(dirname "$out")" 2>"$T/hyp.err"
rc=$?
check "hyperbolic patterns run (exit $rc: $(head -c 300 "$T/hyp.err"))" test $rc -eq 0
check "header line as in the contract" grep -qx 'pattern,procs,h,msg_bytes,rep,seconds' "$out"
for pat in PAIRS BT SB RED NB; do
    n=$(grep -c "^$pat,[24]," "$out")
    check "$pat: 2 p x 3 sizes x 3 reps = 18 rows (got $n)" test "$n" -eq 18
done
bad=$(awk -F, '!/^#/ && $1 != "pattern" && ($3 != $4 || $6 <= 0 || $6 > 10)' "$out" | wc -l)
check "h = msg_bytes and times positive ($bad bad rows)" test "$bad" -eq 0
check "sizes 1, 64 and 4096 bytes" test "$(awk -F, '$1 == "BT" { print $4 }' "$out" | sort -un | tr '\n' ' ')" = "1 64 4096 "
check_not "odd processor count refused for PAIRS" "$BIN/hrel_bench" -q -P PAIRS -p 3 -s 1 -r 1 -o "$T/odd"

# the analysis accepts what the instrument wrote
"$BIN/hrel" hyper fit "$out" -o "$T" >"$T/fit.out" 2>"$T/fit.err"
rc=$?
check "hrel hyper fit on measured PAIRS (exit $rc: $(cat "$T/fit.err"))" test $rc -eq 0
check "fit wrote all five parameters" test "$(grep -cE '^(aW|bW|aC|bC|aL),' "$T/hyper_params.csv")" -eq 5
"$BIN/hrel" hyper plotdata "$out" --params "$T/hyper_params.csv" -o "$T/plots" >"$T/plot.out" 2>"$T/plot.err"
check "plotdata on measured rows" test $? -eq 0
check "one data file per pattern and p (10)" test "$(ls "$T/plots"/hyper_*.dat | wc -l)" -eq 10
sed 's/^/  # /' "$T/fit.out" "$T/plot.out"
finish
