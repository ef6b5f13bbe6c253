#!/bin/bash
# test_matrix_summary.sh -- experiments/matrix_summary.sh pooling two hand-made
# matrices (medians, maxima, 90th percentiles and set counts worked out below)
# and its bad inputs (recommend.c's use of it: tests/unit/test_predict_parts.c).
. "$(dirname "$0")/common.sh"
S=$ROOT/experiments/matrix_summary.sh
H="platform,cell,route,source,model,predicted_s,measured_s,untraced_s,err_pct,err_untraced_pct,overhead_pct,big_datagrams_untraced,big_datagrams_traced"
row() {   # row PLATFORM CELL ROUTE MODEL ERR_UNTRACED ERR_TRACED
    echo "$1,$2,$3,same,$4,0.1,0.1,0.1,$6,$5,1.0,nan,nan"
}
mkdir -p "$T/a" "$T/b"
# matrix a: local daemon replay -2, +4, -10; mpm 20 on one cell; lan-utp daemon replay_pvmd +6
{ echo "$H"
  row local s daemon replay -2 -1; row local f daemon replay 4 3; row local r daemon replay -10 -9
  row local s daemon mpm 20 20
  row lan-utp s daemon replay_pvmd 6 5; } >"$T/a/matrix.csv"
# matrix b: local daemon replay +1, -30; local direct replay 3; lan-utp daemon replay_pvmd -8
{ echo "$H"
  row local s daemon replay 1 2; row local f daemon replay -30 -25
  row local d direct replay 3 3
  row lan-utp s daemon replay_pvmd -8 -7; } >"$T/b/matrix.csv"
"$S" -o "$T/sum.csv" "$T/a" "$T/b/matrix.csv" 2>"$T/err"
check "two matrices (a folder, a file): exits 0 ($(head -n 1 "$T/err"))" [ $? -eq 0 ]
check "metadata: when, commit, the files read" bash -c "grep -q '^# matrix_summary: .*, commit ' '$T/sum.csv' && grep -q '^# from: 2 matrices: $T/a/matrix.csv $T/b/matrix.csv$' '$T/sum.csv'"
check "header with sets and p90" grep -qx 'platform,source,route,model,cells,median_abs_err_untraced_pct,max_abs_err_untraced_pct,median_abs_err_traced_pct,max_abs_err_traced_pct,sets,p90_abs_err_untraced_pct' "$T/sum.csv"
# local daemon replay |errors| 1 2 4 10 30: median 4, max 30, p90 rank ceil(4.5) = 5: 30;
# traced 1 2 3 9 25: median 3; from both matrices
check "local daemon replay: 5 cells of 2 matrices, median 4, max 30, p90 30" \
    grep -qx 'local,same,daemon,replay,5,4.0,30.0,3.0,25.0,2,30.0' "$T/sum.csv"
check "a model in one matrix only: sets 1" grep -qx 'local,same,daemon,mpm,1,20.0,20.0,20.0,20.0,1,20.0' "$T/sum.csv"
# local all: replay |errors| 1 2 3 4 10 30: median 3.5, p90 rank ceil(5.4) = 6: 30
check "route all pools both routes" grep -qx 'local,same,all,replay,6,3.5,30.0,3.0,25.0,2,30.0' "$T/sum.csv"
# lan-utp daemon replay_pvmd 6 and 8: median 7; LANs pools the emulated ones, not local
check "lan-utp from both matrices" grep -qx 'lan-utp,same,daemon,replay_pvmd,2,7.0,8.0,6.0,7.0,2,8.0' "$T/sum.csv"
check "LANs: the emulated platforms only" grep -qx 'LANs,same,daemon,replay_pvmd,2,7.0,8.0,6.0,7.0,2,8.0' "$T/sum.csv"
check_not "LANs without local's replay" grep -q '^LANs,same,daemon,replay,' "$T/sum.csv"
check "rows sorted by platform, route, model" bash -c "grep -v '^#' '$T/sum.csv' | tail -n +2 | cut -d, -f1 | uniq | tr '\n' ' ' | grep -qx 'LANs lan-utp local '"
# one matrix (what predict_matrix.sh writes for its own): sets 1
"$S" "$T/a" >"$T/one.csv"
check "one matrix: sets 1" grep -qx 'local,same,daemon,replay,3,4.0,10.0,3.0,9.0,1,10.0' "$T/one.csv"
# bad input: one line, non-zero exit
"$S" "$T/nosuch" >/dev/null 2>"$T/bad1"; rc=$?
check "a missing matrix: exit 1, one line naming it" bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/bad1') -eq 1 ] && grep -q \"'$T/nosuch': no matrix.csv there\" '$T/bad1'"
printf 'a,b\n1,2\n' >"$T/x.csv"
"$S" "$T/x.csv" >/dev/null 2>"$T/bad2"; rc=$?
check "not a matrix.csv: exit 1, one line" bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/bad2') -eq 1 ] && grep -q 'not a matrix.csv' '$T/bad2'"
{ echo "$H"; echo "local,s,daemon,same,replay,0.1"; } >"$T/short.csv"
"$S" "$T/short.csv" >/dev/null 2>"$T/bad3"; rc=$?
check "a short row: exit 1, naming the line" bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/bad3') -eq 1 ] && grep -q 'short.csv:2: 6 fields' '$T/bad3'"
"$S" >/dev/null 2>"$T/bad4"; rc=$?
check "no matrix given: exit 2" [ $rc -eq 2 ]
"$S" --help >"$T/help" 2>&1
check "--help says the columns" grep -q 'p90_abs_err_untraced_pct' "$T/help"
finish
