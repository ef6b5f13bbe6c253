#!/bin/bash
# End-to-end test of `hrel fit` and experiments/report.sh (no PVM needed): exit
# codes, the one-line FILE:LINE errors on malformed raw.csv, the --csv contract
# on a small file worked out by hand (see test_fit.c, test_small_by_hand), the
# data files, and a full report on synthetic seed-shaped data.
# Prints "N passed, N failed".
set -u
ROOT=${HREL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
HREL=$ROOT/bin/$ARCH/hrel
T=$(mktemp -d "${HREL_TEST_TMP:-/tmp}/fit_cli.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# check NAME COND...: run the condition, count it
check() { local name=$1; shift; if "$@"; then ok; else bad "$name"; fi; }

# expect_error NAME FILE-TEXT WANTED-SUBSTRING
expect_error() {
    printf '%b' "$2" > "$T/$1.csv"
    "$HREL" fit "$T/$1.csv" --no-files > "$T/out" 2> "$T/err"; rc=$?
    check "$1: non-zero exit (got $rc)" [ "$rc" -ne 0 ]
    check "$1: one line on stderr" [ "$(wc -l < "$T/err")" -eq 1 ]
    check "$1: message has '$3' (got: $(cat "$T/err"))" grep -qF -- "$3" "$T/err"
    check "$1: nothing on stdout" [ ! -s "$T/out" ]
}

H="pattern,procs,h,msg_bytes,rep,seconds"
expect_error nocol "# platform: x\n#\npattern,procs,h,msg_bytes,seconds\nE,2,100,50,1.0\n" \
    "nocol.csv:3: missing column 'rep'"
expect_error nonnum "$H\nE,2,100,50,0,1.0\nE,2,200,100,0,two\n" \
    "nonnum.csv:3: column seconds: 'two' is not a number"
expect_error unknown "$H\nE,2,100,50,0,1.0\n\nZZ,2,100,50,0,1.0\n" \
    "unknown.csv:4: unknown pattern 'ZZ'"
expect_error shortrow "$H\nE,2,100,50,0\n" "shortrow.csv:2:"
expect_error negative "$H\nE,2,100,50,0,-0.5\n" "negative.csv:2: column seconds"
expect_error norows "# a: b\n$H\n" "norows.csv: no data rows"
# a line needs two sizes: one size is refused with the pattern named (was rows of nan, exit 0)
expect_error onesize "$H\nPP,2,6720,6720,0,0.001\nPP,2,6720,6720,1,0.0011\nPP,4,6720,6720,0,0.002\n" \
    "onesize.csv: pattern PP has one size (6720 bytes): a fit needs at least two sizes per pattern"
expect_error onesize2 "$H\nE,2,100,50,0,1.0\nE,2,200,100,0,2.0\nAA,4,400,67,0,3.0\n" \
    "onesize2.csv: pattern AA has one size (400 bytes): a fit needs at least two sizes per pattern"
mkdir -p "$T/one" && cp "$T/onesize.csv" "$T/one/raw.csv"
"$HREL" fit "$T/one/raw.csv" > /dev/null 2>&1; rc=$?
check "onesize with files: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "onesize with files: no fit.csv written" [ ! -e "$T/one/fit.csv" ]
"$HREL" fit "$T/nosuch.csv" > /dev/null 2> "$T/err"; rc=$?
check "missing file: exit 1" [ "$rc" -eq 1 ]
check "missing file named" grep -q "nosuch.csv" "$T/err"

# --- usage --------------------------------------------------------------------
"$HREL" fit --help > "$T/out" 2>&1; rc=$?
check "--help exit 0" [ "$rc" -eq 0 ]
check "--help mentions --csv" grep -q -- "--csv" "$T/out"
"$HREL" fit > /dev/null 2>&1; check "no input: exit 2" [ $? -eq 2 ]
"$HREL" fit x.csv --bogus > /dev/null 2> "$T/err"; rc=$?
check "unknown option: exit 2" [ "$rc" -eq 2 ]
check "unknown option named" grep -q -- "--bogus" "$T/err"
"$HREL" fit x.csv --unit parsecs > /dev/null 2>&1; check "bad unit: exit 2" [ $? -eq 2 ]
"$HREL" fit x.csv --summary mode > /dev/null 2>&1; check "bad summary: exit 2" [ $? -eq 2 ]

# --- the small case by hand ---------------------------------------------------
# E p=2: 1.0 2.0 3.0, p=4: 1.2 2.2 3.2 at h = 100 200 300 -> g 0.01, L 0.1;
# PP p=2: 1.5 2.5 3.5 -> L 0.5; pooled T_average 1.3 2.3 3.3 -> g 0.01, L 0.3.
mkdir -p "$T/good"
{
    echo "# platform: by-hand"
    echo "$H"
    for i in 1 2 3; do
        echo "E,2,${i}00,${i}00,0,$i.0"
        echo "E,4,${i}00,${i}00,0,$i.2"
        echo "PP,2,${i}00,${i}00,0,$i.5"
    done
} > "$T/good/raw.csv"
"$HREL" fit "$T/good/raw.csv" --csv > "$T/good/fit.out" 2> "$T/err"; rc=$?
check "good file: exit 0 (stderr: $(cat "$T/err"))" [ "$rc" -eq 0 ]
check "csv header exact" [ "$(head -n 1 "$T/good/fit.out")" = "pattern,procs,g,L,r2,n,g_ci95,L_ci95,use,g_use,L_use" ]
check "csv: 6 rows + header" [ "$(wc -l < "$T/good/fit.out")" -eq 7 ]
row() { grep "^$1,$2," "$T/good/fit.out"; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 + 1e-6 * (b < 0 ? -b : b)) }'; }
field() { echo "$1" | cut -d, -f"$2"; }
check "E,all g = 0.01" near "$(field "$(row E all)" 3)" 0.01
check "E,all L = 0.1" near "$(field "$(row E all)" 4)" 0.1
check "E,4 L = 0.2" near "$(field "$(row E 4)" 4)" 0.2
check "PP,all L = 0.5" near "$(field "$(row PP all)" 4)" 0.5
check "ALL,all g = 0.01" near "$(field "$(row ALL all)" 3)" 0.01
check "ALL,all L = 0.3" near "$(field "$(row ALL all)" 4)" 0.3
check "ALL,all n = 3" [ "$(field "$(row ALL all)" 6)" = 3 ]
check "ALL,all g_ci95 of an exact line ~ 0" near "$(field "$(row ALL all)" 7)" 0
check "hypothesis.csv carries the provenance" grep -q "^# hrel_commit: " "$T/good/hypothesis.csv"
check "validation.csv written with its header" grep -qx "pattern,procs,h,measured_s,predicted_s,err_pct,held_out" "$T/good/validation.csv"
check "validation: E at p=4, h=300 predicted from the sizes below" grep -q "^E,4,300,.*,size$" "$T/good/validation.csv"
check "pooled is the last row" [ "$(tail -n 1 "$T/good/fit.out" | cut -d, -f1,2)" = "ALL,all" ]
check "hypothesis.csv written with its header" grep -qx "question,pattern,procs,n,g,g_ci95,ratio,ratio_ci95,differs,F,df1,df2,p_value,verdict" "$T/good/hypothesis.csv"
check "hypothesis.csv: the all-pattern test row" grep -q "^patterns,ALL,all,9,.*,differ$" "$T/good/hypothesis.csv"
for f in fit_T.dat fit_Tline.dat fit_gprocs.dat fit_pooled.dat fit_pooled_line.dat \
         fit_table_E.1.csv fit_table_pi2.csv fit_table_11.csv fit_table_12.csv; do
    check "data file $f written next to the input" [ -s "$T/good/$f" ]
done
# sizes.csv (lib/model/sizecost.h): each case's mean, median and minimum
check "sizes.csv written with its header" grep -qx "pattern,procs,h,n,mean_s,median_s,min_s,msg_bytes" "$T/good/sizes.csv"
check "sizes.csv: one row per pattern, procs and h (9)" [ "$(grep -vc -e '^#' -e '^pattern' "$T/good/sizes.csv")" -eq 9 ]
check "sizes.csv: PP,2 at h=200, one repetition of 2.5 s" grep -qE '^PP,2,200,1,2\.50*e\+00,2\.50*e\+00,2\.50*e\+00,200$' "$T/good/sizes.csv"
check "sizes.csv names its source" grep -qx "# source: $T/good/raw.csv" "$T/good/sizes.csv"
{ echo "# platform: by-hand"; echo "$H"; echo "PP,2,100,100,0,1.0"; echo "PP,2,100,100,1,2.0"; echo "PP,2,100,100,2,6.0"
  echo "PP,2,200,200,0,2.0"; echo "PP,2,200,200,1,2.0"; echo "E,2,200,100,0,3.0"; echo "E,2,400,200,0,5.0"; } > "$T/three.csv"
"$HREL" fit "$T/three.csv" --csv -o "$T/three" > /dev/null
check "sizes.csv: E,2's messages at raw.csv's msg_bytes (h 200: 100 bytes)" grep -qE '^E,2,200,1,3\.0*e\+00,3\.0*e\+00,3\.0*e\+00,100$' "$T/three/sizes.csv"
check "sizes.csv: mean 3, median 2, min 1 of three repetitions" grep -qE '^PP,2,100,3,3\.0*e\+00,2\.0*e\+00,1\.0*e\+00,100$' "$T/three/sizes.csv"
"$HREL" fit "$T/good/raw.csv" > "$T/good/tables.txt"
# Table 11 by hand at h = 100: AvErr = 100*0.2/1.3 = 15.38, MaxErr = 100*0.2/1.1 = 18.18
check "table 11 AvErr/MaxErr at h=100" grep -qE '^ *100 +2 +1\.3 +15\.38 +18\.18$' "$T/good/tables.txt"
check "E.1 MaxErr at h=100 is 10.00" grep -qE '^ *100 +1\.2 +1\.1 +10\.00 +2$' "$T/good/tables.txt"
"$HREL" fit "$T/good/raw.csv" --latex --no-files > "$T/good/tables.tex"
check "latex tables" [ "$(grep -c '\\begin{tabular}' "$T/good/tables.tex")" -eq 6 ]
check "latex escapes %" grep -q 'MaxErr (\\%)' "$T/good/tables.tex"
mkdir -p "$T/o"
"$HREL" fit "$T/good/raw.csv" --csv -o "$T/o/sub" > /dev/null
check "-o DIR receives the data files" [ -s "$T/o/sub/fit_T.dat" ]
"$HREL" fit "$T/good/raw.csv" --csv --unit words --no-files > "$T/w.out"
check "--csv stays per byte under --unit words (the contract's one unit)" near "$(grep '^ALL,' "$T/w.out" | cut -d, -f3)" 0.01
"$HREL" fit "$T/good/raw.csv" --unit words --no-files > "$T/wt.out"
check "--unit words: the tables show g per word = 4 x g per byte" grep -qE 'g .*4\.0*E-02|4\.0*E-02' "$T/wt.out"

# --- the report on synthetic seed-shaped data ---------------------------------
mkdir -p "$T/run"
"$ROOT/tests/data/make_seed_raw.sh" UTP 5 > "$T/run/raw.csv"
"$ROOT/experiments/report.sh" "$T/run" > "$T/rep.out" 2>&1; rc=$?
check "report.sh exit 0 ($(head -n 1 "$T/rep.out"))" [ "$rc" -eq 0 ]
for f in report.html tables.txt tables.tex fit.csv fig_T.png fig_T.pdf fig_gprocs.png \
         fig_gprocs.pdf fig_pooled.png fig_pooled.pdf; do
    check "report: $f" [ -s "$T/run/$f" ]
done
check "report.html shows metadata" grep -q "synthetic-UTP" "$T/run/report.html"
check "report.html has the figures" [ "$(grep -c '<img src="fig_' "$T/run/report.html")" -eq 3 ]
check "report.html has 9 tables + hypothesis and validation" [ "$(grep -c "<table>" "$T/run/report.html")" -eq 11 ]
check "report.html shows hypothesis.csv" grep -q "<caption>hypothesis.csv" "$T/run/report.html"
check "PNG is a PNG" bash -c "head -c 4 '$T/run/fig_T.png' | grep -q PNG"
"$ROOT/experiments/report.sh" "$T/none" > /dev/null 2> "$T/err"; rc=$?
check "report.sh on a missing dir: non-zero" [ "$rc" -ne 0 ]
check "report.sh: one line" [ "$(wc -l < "$T/err")" -eq 1 ]
mkdir -p "$T/badrun"; printf '%b' "$H\nE,2,1,1,0,x\n" > "$T/badrun/raw.csv"
"$ROOT/experiments/report.sh" "$T/badrun" > /dev/null 2> "$T/err"; rc=$?
check "report.sh on bad raw.csv: non-zero" [ "$rc" -ne 0 ]
check "report.sh passes the FILE:LINE message" grep -q "raw.csv:2: column seconds" "$T/err"

# A run without h-relation patterns: no pooled fit, report without figure (c).
mkdir -p "$T/odd"
printf '%b' "$H\nNB,4,100,100,0,0.5\nNB,4,200,200,0,0.9\nBT,4,100,100,0,0.3\nBT,4,200,200,0,0.5\n" > "$T/odd/raw.csv"
"$ROOT/experiments/report.sh" "$T/odd" > /dev/null 2> "$T/err"; rc=$?
check "report without pooled fit: exit 0 ($(head -n 1 "$T/err"))" [ "$rc" -eq 0 ]
check "no pooled figure" [ ! -e "$T/odd/fig_pooled.png" ]
check "report says why" grep -q "No pooled fit" "$T/odd/report.html"
check "pooled row is nan" grep -q "^ALL,all,nan,nan,nan,0,nan,nan,none,nan,nan$" "$T/odd/fit.csv"

rm -rf "$T"
echo "test_fit_cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
