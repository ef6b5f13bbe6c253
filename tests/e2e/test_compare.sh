#!/bin/bash
# End-to-end test of `hrel compare` and experiments/compare.sh on two small fit
# CSVs written here (values chosen by hand), no virtual machine needed.
. "$(dirname "$0")/common.sh"
H=$BIN/hrel
mkdir -p "$T/a" "$T/b"
cat >"$T/a/fit.csv" <<'CSV'
pattern,procs,g,L,r2,n
E,all,2.0e-06,1.0e-03,0.99,5
E,2,1.9e-06,1.0e-03,0.99,5
PP,all,4.0e-06,2.0e-03,0.99,5
OA,all,1.0e-06,5.0e-03,0.99,5
ALL,all,3.0e-06,2.5e-03,0.99,5
CSV
printf '# platform: coax-test\npattern,procs,h,msg_bytes,rep,seconds\n' >"$T/a/raw.csv"
cat >"$T/b/fit.csv" <<'CSV'
pattern,procs,g,L,r2,n
E,all,1.0e-06,-1.0e-04,0.99,5
PP,all,nan,nan,nan,1
OA,all,5.0e-07,2.0e-04,0.99,5
ALL,all,8.0e-07,1.0e-04,0.99,5
CSV
"$H" compare "$T/a" utp-test="$T/b/fit.csv" >"$T/out.txt" 2>"$T/err.txt"
check "compare exits 0" test $? -eq 0
check "platform name from raw.csv metadata" grep -q 'coax-test' "$T/out.txt"
check "platform name from NAME=" grep -q 'utp-test' "$T/out.txt"
check "g of E on both platforms" grep -qE '^E +2\.0000e-06 +1\.0000e-06' "$T/out.txt"
check "a pattern not fitted shows -" grep -qE '^PP +4\.0000e-06 +-$' "$T/out.txt"
check "negative L kept" grep -qE '^E +1\.0000e-03 +-1\.0000e-04' "$T/out.txt"
check "fastest pattern per platform (OA on both)" grep -qE '^fastest +OA +OA' "$T/out.txt"
check "per-processor rows are not mixed in" test -z "$(grep '1.9000e-06' "$T/out.txt")"
# issue 14: "=PATH" (no name) and "NAME=" (no path) are refused with one line
for a in "=$T/b/fit.csv" "named="; do
    "$H" compare "$T/a" "$a" >/dev/null 2>"$T/eq.err"; rc=$?
    check "compare '$a' refused (exit $rc)" [ "$rc" -ne 0 ]
    check "compare '$a': one line naming it" [ "$(wc -l <"$T/eq.err")" -eq 1 ]
    check "compare '$a': says NAME=PATH" grep -q "'$a': NAME=PATH needs a name" "$T/eq.err"
done
"$H" compare "$T/a" "$T/b" --csv >"$T/out.csv"
check "--csv header" test "$(head -n 1 "$T/out.csv")" = "platform,pattern,g,L"
check "--csv rows (4 + 3 fitted)" test "$(tail -n +2 "$T/out.csv" | wc -l)" -eq 7
"$ROOT/experiments/compare.sh" -o "$T/cmp" "$T/a" "$T/b" >/dev/null 2>&1
check "compare.sh exits 0" test $? -eq 0
for f in compare.txt compare.csv compare.tex compare.dat fig_compare.png fig_compare.pdf; do
    check "compare.sh wrote $f" test -s "$T/cmp/$f"
done
# issue 15: the papers' per-size tables side by side (000 E.1 .. AA.1, 11) from each
# run's fit_table_*.csv; a platform without the file gets dashes
printf 'h (bytes),Time p=8 (s),T avg over p (s),MaxErr (%%),procs\n6720,0.0001,0.00008,26.43,4\n26880,0.0003,0.000227,17.78,4\n' \
    >"$T/a/fit_table_E.1.csv"
"$H" compare "$T/a" "$T/b" --latex >"$T/sbs.tex" 2>"$T/sbs.err"
check "latex with a per-size table: exit 0" test $? -eq 0
check "E.1 side by side: the platform's two columns" grep -qF '\multicolumn{2}{c}{coax-test}' "$T/sbs.tex"
check "E.1 row 6720 as the papers print it (0.000080, 26.43), the other platform dashed" \
    grep -qE '^6720 & 0\.000080 & 26\.43 & -- & --' "$T/sbs.tex"
check "no per-size table where no run has its file (PP.1)" test -z "$(grep 'PP\.1' "$T/sbs.tex")"
# issue 15: two runs of one platform are told apart (were "local / local")
mkdir -p "$T/a2"; cp "$T/a/fit.csv" "$T/a/raw.csv" "$T/a2/"
"$H" compare "$T/a" "$T/a2" --csv >"$T/two.csv"
check "two runs of one platform: named by their run folders" \
    test "$(cut -d, -f1 "$T/two.csv" | sort -u | tr '\n' ' ')" = "coax-test (a) coax-test (a2) platform "
"$H" compare "$T/a" "$T/a" --csv >"$T/same.csv"
check "the same run twice: numbered" \
    test "$(cut -d, -f1 "$T/same.csv" | sort -u | tr '\n' ' ')" = "coax-test #1 coax-test #2 platform "
"$ROOT/experiments/compare.sh" -o "$T/cmp2" "$T/a" "$T/a2" >/dev/null 2>&1
check "the figure's labels are the distinct names" grep -q '^"coax-test (a2)"$' "$T/cmp2/compare.dat"
check "fig_compare is a dot plot (no bars from a baseline)" grep -q 'with points' "$ROOT/plots/fig_compare.gp"
check_not "fig_compare has no title baked in" grep -q '^set title' "$ROOT/plots/fig_compare.gp"
# a fit on noisy data can give g <= 0: the log-scale figure leaves it out, not fails
printf '# hrel compare\n"noisy"\n# idx pattern g L\n0 E -1e-9 1e-4\n1 PP 2e-9 1e-4\n' >"$T/neg.dat"
gnuplot -e "dat='$T/neg.dat'; out='$T/neg.png'" "$ROOT/plots/fig_compare.gp" >/dev/null 2>&1
check "figure with a negative g still renders" test -s "$T/neg.png"
printf 'pattern,procs,g,L\nE,all,abc,1\n' >"$T/bad.csv"
"$H" compare "$T/bad.csv" >/dev/null 2>"$T/bad.err"
check "non-numeric g: exit 1" test $? -eq 1
check "... one line with file and line" grep -q 'bad.csv:2: column g' "$T/bad.err"
"$H" compare "$T/nonexistent" >/dev/null 2>"$T/none.err"
check "missing input: exit 1 with a message" grep -q 'cannot open' "$T/none.err"
"$H" compare --frob >/dev/null 2>&1
check "unknown option: exit 2" test $? -eq 2
finish
