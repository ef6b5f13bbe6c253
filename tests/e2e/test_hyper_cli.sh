#!/bin/bash
# End-to-end tests of `hrel hyper` (no virtual machine needed): fit on
# synthetic n-disjoint-pairs rows made with the ICASE values of papers/003
# section 4 (a_c = 345.60 us, b_c = 0.92 us/B, a = 859.52 us, b = 1.42 us/B),
# predict from the options and from the fitted file (the paper's 11-processor
# broadcast and reduction), reduce a graph file, the LogP bounds, plot data
# and figures, and the error lines of bad input.
. "$(dirname "$0")/common.sh"
H=$BIN/hrel

# --- synthetic PAIRS: T(x; 2a + n a_c, max(b, n b_c)), n = 1..6, 1 B .. 64 KB
awk 'BEGIN {
    a = 859.52e-6; b = 1.42e-6; ac = 345.60e-6; bc = 0.92e-6;
    print "# suite: test_hyper_cli"; print "pattern,procs,h,msg_bytes,rep,seconds";
    for (n = 1; n <= 6; n++) for (x = 1; x <= 65536; x *= 4) {
        A = 2 * a + n * ac; B = (b > n * bc) ? b : n * bc;
        t = A * A / (A + B * x) + B * x;
        for (r = 0; r < 3; r++) printf "PAIRS,%d,%d,%d,%d,%.9e\n", 2 * n, x, x, r, t * (1 + 0.001 * (r - 1));
    } }' >"$T/raw.csv"

"$H" hyper fit "$T/raw.csv" -o "$T" >"$T/fit.out" 2>"$T/fit.err"
check "fit exits 0" test $? -eq 0
val() { awk -F, -v k="$1" '$1 == k { print $2 }' "$2"; }
near() { awk -v g="$1" -v w="$2" -v r="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= r * w) }'; }
check "fit: aW = 859.52 us ($(val aW "$T/hyper_params.csv"))" near "$(val aW "$T/hyper_params.csv")" 859.52e-6 1e-4
check "fit: bW = 1.42 us/B ($(val bW "$T/hyper_params.csv"))" near "$(val bW "$T/hyper_params.csv")" 1.42e-6 1e-4
check "fit: aC = 345.60 us ($(val aC "$T/hyper_params.csv"))" near "$(val aC "$T/hyper_params.csv")" 345.60e-6 1e-4
check "fit: bC = 0.92 us/B ($(val bC "$T/hyper_params.csv"))" near "$(val bC "$T/hyper_params.csv")" 0.92e-6 1e-4
check "fit: stdout is the same parameter file" cmp -s "$T/fit.out" "$T/hyper_params.csv"
check "fit: six per-n lines" test "$(grep -cE '^# +[1-6] ' "$T/fit.out")" -eq 6

# --- predict: the paper's 11 processors; aW = 1, aC = 1000, aL = 1e6 ---------
P="--aW 1 --bW 0.1 --aC 1000 --bC 1 --aL 1e6"
tc() { "$H" hyper predict "$@" | awk '$1 == "T_c" { print $2 }'; }
check "BT 11, x = 0: 8aW + 3aC + 3aL" near "$(tc BT --procs 11 --size 0 $P)" 3003008 1e-12
check "RED 11, x = 0: 19aW + 4aC + 4aL" near "$(tc RED --procs 11 --size 0 $P)" 4004019 1e-12
check "BT 15 (height 3), x = 0: 3(3aW + aC + aL)" near "$(tc BT --procs 15 --size 0 $P)" 3003009 1e-12
check "SB 11, x = 0: 11aW + aC + aL" near "$(tc SB --procs 11 --size 0 $P)" 1001011 1e-12
b=$("$H" hyper predict BT --procs 11 --size 1 $P | awk '$1 == "b" { print $2 }')
check "BT 11 b = 2max(bC,bW) + max(2bC,bW) + 2max(3bC,bW) = 10 ($b)" near "$b" 10 1e-12
out=$("$H" hyper predict PAIRS --procs 6 --size 1000 --params "$T/hyper_params.csv")
A=$(awk 'BEGIN { print 2 * 859.52e-6 + 3 * 345.60e-6 }'); B=2.76e-6
want=$(awk -v A="$A" -v B="$B" 'BEGIN { printf "%.9e", A * A / (A + B * 1000) + B * 1000 }')
check "PAIRS n = 3 from the fitted file: formula 16" near "$(echo "$out" | awk '$1 == "T_c" { print $2 }')" "$want" 1e-4
check "PAIRS prints T_s and T_r" test "$(echo "$out" | grep -cE '^T_(s|r|r_min) ')" -eq 3
check "NB 16, K 4: a = 2K aW + KN aC + aL" near "$("$H" hyper predict NB --procs 16 --neighbours 4 --size 0 $P | awk '$1 == "a" { print $2 }')" 1064008 1e-12
check "--aW on the line overrides --params" near "$("$H" hyper predict PAIRS --procs 2 --size 0 --params "$T/hyper_params.csv" --aW 0 | awk '$1 == "a" { print $2 }')" 345.60e-6 1e-4

# --- reduce: figure 7 of the paper --------------------------------------------
cat >"$T/fig7.graph" <<'G'
# processes 1 and 3 send to 4, process 2 sends to 5, one shared network
block CB1 a=1 b=0.1
block CB2 a=2 b=0.2
block CB3 a=3 b=0.3
block CB4 a=4 b=0.4
block CB5 a=5 b=0.5
block C   a=10 b=0.01
message m1 size=100 path=CB1,C,CB4
message m2 size=300 path=CB2,C,CB5
message m3 size=50  path=CB3,C,CB4
reduce m1
G
line=$("$H" hyper reduce "$T/fig7.graph" --size 0)
check "reduce figure 7: a = a1 + 3a_c + 2a4 = 39 ($line)" near "$(echo "$line" | awk '{ print $3 }')" 39 1e-12
check "reduce figure 7: b = b4 (x1+x3)/x1 = 0.6" near "$(echo "$line" | awk '{ print $5 }')" 0.6 1e-12
check "reduce --size prints T" test "$(echo "$line" | awk '{ print $6 }')" = T

# --- logp ---------------------------------------------------------------------
"$H" hyper logp --L 5e-6 --o 2e-6 --g 4e-6 --n 1000 >"$T/logp.out"
check "logp: a = 2o + L" near "$(awk '$1 == "a" { print $2 }' "$T/logp.out")" 9e-6 1e-12
check "logp: b = max(g, o)" near "$(awk '$1 == "b" { print $2 }' "$T/logp.out")" 4e-6 1e-12
check "logp: every ratio in [3/4, 1]" awk '$1 ~ /^[0-9]+$/ && ($4 < 0.75 || $4 > 1) { bad = 1 } END { exit bad }' "$T/logp.out"

# --- plot data and figures --------------------------------------------------------
awk -F, 'NR <= 2 || $2 == 2 || $2 == 4' "$T/raw.csv" >"$T/raw2.csv"
sed 's/^PAIRS,2,/BT,2,/' "$T/raw.csv" | grep -E '^(#|pattern|BT)' >>"$T/raw2.csv"
"$H" hyper plotdata "$T/raw2.csv" --params "$T/hyper_params.csv" -o "$T/plots" >"$T/plot.out"
check "plotdata exits 0" test $? -eq 0
check "plotdata: PAIRS p2, p4 and BT p2 files" test -s "$T/plots/hyper_PAIRS_p2.dat" -a -s "$T/plots/hyper_PAIRS_p4.dat" -a -s "$T/plots/hyper_BT_p2.dat"
check "plotdata: 7 columns, 9 sizes" test "$(awk '!/^#/ && NF == 7' "$T/plots/hyper_PAIRS_p4.dat" | wc -l)" -eq 9
check "plotdata: hyperbolic fits the synthetic data within 1%" \
    awk '!/^#/ && NF == 7 { d = ($5 - $2) / $2; if (d < 0) d = -d; if (d > 0.01) bad = 1 } END { exit bad }' "$T/plots/hyper_PAIRS_p4.dat"
if command -v gnuplot >/dev/null 2>&1; then
    for dat in "$T"/plots/hyper_*.dat; do
        gnuplot -c "$ROOT/plots/hyper_tc.gp" "$dat" "${dat%.dat}.png" >>"$T/gp.out" 2>&1
    done
    check "hyper_tc.gp renders every figure" test -s "$T/plots/hyper_PAIRS_p2.png" -a -s "$T/plots/hyper_PAIRS_p4.png" -a -s "$T/plots/hyper_BT_p2.png"
    gnuplot -e "dat='$T/plots/hyper_BT_p2.dat'; out='$T/bt.pdf'" "$ROOT/plots/hyper_tc.gp" >/dev/null 2>&1
    check "hyper_tc.gp writes a PDF" test -s "$T/bt.pdf"
fi

# --- help and errors: one line naming the problem, non-zero exit ----------------
check "hrel hyper --help exits 0" "$H" hyper --help
check "hrel hyper predict --help exits 0" "$H" hyper predict --help
printf 'pattern,procs,h,msg_bytes,rep,seconds\nPAIRS,2,1,1,0,0.1\nPAIRS,4,1,1,0,oops\n' >"$T/bad.csv"
"$H" hyper fit "$T/bad.csv" 2>"$T/e1"; rc=$?
check "fit bad row: non-zero exit" test $rc -ne 0
check "fit bad row: names file:line ($(cat "$T/e1"))" grep -q "bad.csv:3:" "$T/e1"
check "fit bad row: one line" test "$(wc -l <"$T/e1")" -eq 1
printf 'block W a=1 b=1\nmessage m path=W,X\n' >"$T/bad.graph"
"$H" hyper reduce "$T/bad.graph" 2>"$T/e2"; rc=$?
check "reduce unknown block: exit 1 and file:line ($(cat "$T/e2"))" test $rc -eq 1 -a "$(grep -c 'bad.graph:2:.*unknown block' "$T/e2")" -eq 1
"$H" hyper predict BT --procs 11 --size 1 --aW 1 2>"$T/e3"; rc=$?
check "predict missing parameter: exit 2, names it" test $rc -eq 2 -a "$(grep -c 'bW missing' "$T/e3")" -eq 1
"$H" hyper predict PAIRS --procs 5 --size 1 $P 2>"$T/e4"; rc=$?
check "predict odd PAIRS: exit 1" test $rc -eq 1 -a "$(grep -c 'even' "$T/e4")" -eq 1
printf 'param,value\naW,1\nbogus,2\n' >"$T/badp.csv"
"$H" hyper predict SB --procs 4 --size 1 --params "$T/badp.csv" 2>"$T/e5"; rc=$?
check "bad params file: exit 1 and file:line" test $rc -eq 1 -a "$(grep -c 'badp.csv:3:.*bogus' "$T/e5")" -eq 1
check_not "unknown subcommand fails" "$H" hyper frob
check_not "predict unknown pattern fails" "$H" hyper predict XX --procs 4 --size 1 $P
check_not "plotdata without -o fails" "$H" hyper plotdata "$T/raw.csv" $P
finish
