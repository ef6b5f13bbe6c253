#!/bin/bash
# End-to-end test of the M-step instrumentation: hrel_mstep_demo on a private
# local pvmd writes a valid trace (bytes and partners recorded from the real
# sends and receives, w from the bracketed work), hrel model reads it, MPM is
# closer to the measured time than BSPWB, and the figure data plots.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
. hostfiles/vm.sh
HREL=bin/$PVM_ARCH/hrel
DEMO=bin/$PVM_ARCH/hrel_mstep_demo
TMP=${HREL_TEST_TMP:-$ROOT/tests/tmp}/mstep_demo
rm -rf "$TMP"; mkdir -p "$TMP"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL test_mstep_demo: $1"; }
check() { if eval "$2"; then ok; else no "$1"; fi; }

# options, without a virtual machine
check "--help exits 0" "$DEMO --help >/dev/null"
$DEMO --bytes 7 >"$TMP/o" 2>"$TMP/e"; rc=$?
check "bad --bytes exits 2" "[ $rc -eq 2 ]"
check "bad --bytes: one line naming the option" "[ \$(wc -l <'$TMP/e') -eq 1 ] && grep -q -- '--bytes' '$TMP/e'"

trap 'hrel_vm_stop' EXIT
if ! hrel_vm_start hostfiles/local; then
    no "pvmd starts"; echo "$pass passed, $fail failed"; exit 1
fi
vmpid=$HREL_VM_PID; vmtmp=$PVM_TMP
timeout 120 $DEMO -o "$TMP" --heavy 0.2 --light 0.02 --bytes 8192 --timeout 30 \
    >"$TMP/demo.out" 2>&1; rc=$?
hrel_vm_stop
trap - EXIT
check "demo exits 0" "[ $rc -eq 0 ]"
[ $rc -eq 0 ] || cat "$TMP/demo.out"
check "our pvmd halted and its PVM_TMP removed" "! kill -0 $vmpid 2>/dev/null && [ ! -d '$vmtmp' ]"

T="$TMP/trace.csv"
check "trace written" "[ -s '$T' ]"
check "header per the contract (+ pattern)" \
    "grep -qx 'rank,step,w_seconds,in_bytes,out_bytes,partners,t_end,pattern' '$T'"
rows=$(grep -c '^[0-9]' "$T")
check "8 rows (4 ranks x 2 steps)" "[ '$rows' = 8 ]"
# bytes and partners from the actual messages: 1024 doubles = 8192 bytes each way
check "in/out bytes 8192 on every row" \
    "awk -F, '/^[0-9]/ && (\$4 != 8192 || \$5 != 8192) { bad = 1 } END { exit bad }' '$T'"
check "partners: step 1 i^1, step 2 i^2" \
    "awk -F, '/^[0-9]/ { i = \$1; if (\$2 == 1) want = (i % 2 == 0) ? i + 1 : i - 1;
        else want = (int(i / 2) % 2 == 0) ? i + 2 : i - 2; if (\$6 != want) bad = 1 } END { exit bad }' '$T'"
check "w of heavy ranks 0.2..0.3 s, light 0.02..0.1 s" \
    "awk -F, '/^[0-9]/ { heavy = ((\$2 == 1) == (int(\$1 / 2) % 2 == 0)); w = \$3;
        if (heavy && (w < 0.2 || w > 0.3)) bad = 1; if (!heavy && (w < 0.02 || w > 0.1)) bad = 1 }
        END { exit bad }' '$T'"
check "t_end after the work and increasing per rank" \
    "awk -F, '/^[0-9]/ { if (\$7 < \$3) bad = 1; if (\$2 == 2 && \$7 < 0.22) bad = 1;
        if (\$2 == 1) e[\$1] = \$7; else if (\$7 <= e[\$1]) bad = 1 } END { exit bad }' '$T'"
check "every row names pattern E" "[ \$(grep -c ',E\$' '$T') -eq 8 ]"

# the model reads it; MPM closer than BSPWB
$HREL model mpm "$T" --g 1e-9 --L 1e-4 --plot-data "$TMP/msteps.dat" >"$TMP/mpm.txt" 2>&1; rc1=$?
$HREL model bspwb "$T" --g 1e-9 --L 1e-4 >"$TMP/bspwb.txt" 2>&1; rc2=$?
check "hrel model mpm and bspwb read the trace" "[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]"
mpm=$(sed -n 's/^total //p' "$TMP/mpm.txt")
bspwb=$(sed -n 's/^total //p' "$TMP/bspwb.txt")
meas=$(sed -n 's/^# measured total \([^ ]*\) s.*/\1/p' "$TMP/mpm.txt")
echo "measured $meas s, MPM $mpm s, BSPWB $bspwb s"
check "last line is 'total <seconds>'" "tail -n 1 '$TMP/mpm.txt' | grep -qE '^total [0-9.e+-]+\$'"
check "MPM closer to the measured time than BSPWB" \
    "awk -v m='$meas' -v a='$mpm' -v b='$bspwb' 'BEGIN { da = a - m; db = b - m;
        if (da < 0) da = -da; if (db < 0) db = -db; exit !(m > 0 && da < db) }'"
check "plot data: 8 rows of 9 columns" \
    "[ \$(awk '!/^#/ && NF == 9' '$TMP/msteps.dat' | wc -l) -eq 8 ]"
if command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "dat='$TMP/msteps.dat'; out='$TMP/msteps.png'" plots/msteps.gp >"$TMP/gp.out" 2>&1
    check "plots/msteps.gp draws the figure" "[ -s '$TMP/msteps.png' ]"
    gnuplot -c plots/msteps.gp "$TMP/msteps.dat" "$TMP/msteps.pdf" >"$TMP/gp.out" 2>&1
    check "plots/msteps.gp draws the PDF (paper size)" "grep -aq 'MediaBox \\[ 0 0 504 ' '$TMP/msteps.pdf'"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
