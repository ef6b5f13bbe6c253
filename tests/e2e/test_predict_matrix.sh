#!/bin/bash
# test_predict_matrix.sh -- experiments/predict_matrix.sh end to end on one
# cell of the local platform (a given fit, one run), its tables and figure,
# resuming, and its bad inputs (one line, non-zero exit, nothing left running).
. "$(dirname "$0")/common.sh"
M=$ROOT/experiments/predict_matrix.sh
before=$(our_pvmds)
mkdir -p "$T/char/local-daemon"
{ echo 'pattern,procs,g,L,r2,n'; printf '%s,all,1e-9,5e-5,1,3\n' E PP OA POA AO AA ALL; } >"$T/char/local-daemon/fit.csv"
"$M" --platforms local --cells stencil2 --runs 1 --char "$T/char" --run "$T/m" >"$T/m.out" 2>"$T/m.err"
check "one local cell: exits 0 ($(tail -n 1 "$T/m.err"))" [ $? -eq 0 ]
check "last line names the matrix" [ "$(tail -n 1 "$T/m.out")" = "predict_matrix: $T/m" ]
check "the cell's predict.csv" grep -qx 'model,predicted_s,measured_s,err_pct,lo_s,hi_s' "$T/m/cells/local/stencil2/predict.csv"
check "matrix.csv header" grep -qx 'platform,cell,route,source,model,predicted_s,measured_s,untraced_s,err_pct,err_untraced_pct,overhead_pct,big_datagrams_untraced,big_datagrams_traced' "$T/m/matrix.csv"
check "matrix.csv: replay row of the cell with numbers" \
    grep -qE '^local,stencil2,daemon,same,replay,[0-9.]+,[0-9.]+,[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,nan,nan$' "$T/m/matrix.csv"
check "matrix.csv: five models" bash -c "[ \$(grep -c '^local,stencil2,' '$T/m/matrix.csv') -eq 5 ]"
check "summary.csv: one cell per model" grep -qE '^local,same,daemon,replay,1,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,1,[0-9.]+$' "$T/m/summary.csv"
check "summary.md table" grep -q '^| local | daemon | same | replay | 1 |' "$T/m/summary.md"
check "cells.md: the cell with its models" grep -qE "^\| local \| stencil2 \| daemon \| same \| [0-9.]+ \| [0-9.]+ \|.*\| [0-9.]+ \([+-][0-9.]+\) \| — \| — \| — \|$" "$T/m/cells.md"
check "one cell of one run: no spread (too few runs), said" grep -q '^predict_matrix: no spread for local: no route and model has 10 runs of 3 programs' "$T/m.err"
check "info: commit and load" bash -c "grep -q '^# commit: ' '$T/m/info' && grep -q '^# load average at start: ' '$T/m/info'"
check "info: the runs per cell" grep -q '^# platforms: local; runs per cell (traced, and as many untraced): local 1, --fresh-vm$' "$T/m/info"
check "goal.csv: the cell against its untraced median" grep -qE '^local,daemon,stencil2,replay,1,[0-9.]+,' "$T/m/goal.csv"
check "goal.md and the printed verdict: the local daemon route" \
    bash -c "grep -q '^- local daemon (issue 21: ' '$T/m/goal.md' && grep -qE '^predict_matrix: goal: local daemon \(issue 21: .*: (met|missed)$' '$T/m.out'"
if command -v gnuplot >/dev/null 2>&1; then
    check "figure: predicted against measured (PNG, PDF)" bash -c "[ -s '$T/m/matrix.png' ] && [ -s '$T/m/matrix.pdf' ]"
fi
# resume: a finished cell is kept, not run again
stamp=$(stat -c %Y "$T/m/cells/local/stencil2/predict.csv")
"$M" --platforms local --cells stencil2 --runs 1 --char "$T/char" --run "$T/m" >"$T/m2.out" 2>&1
check "rerun exits 0" [ $? -eq 0 ]
check "rerun keeps the finished cell" [ "$(stat -c %Y "$T/m/cells/local/stencil2/predict.csv")" = "$stamp" ]
check_not "rerun runs nothing" grep -q 'predict.sh --route' "$T/m2.out"
check "rerun keeps the first run's info and adds its own" bash -c "[ \$(grep -c '^# commit: ' '$T/m/info') -eq 2 ] && grep -q '^# resumed:' '$T/m/info'"
check "no pvmd left" [ -z "$(new_pids "$before" "$(our_pvmds)")" ]

# a cell's program runs in DIR/cwd/PLATFORM/CELL: demo16 (hrel_mstep_demo) writes
# trace.csv into its working directory, which is not the caller's
mkdir -p "$T/char/local-direct" "$T/caller"
cp "$T/char/local-daemon/fit.csv" "$T/char/local-direct/fit.csv"
(cd "$T/caller" && "$M" --platforms local --cells demo16 --runs 1 --char "$T/char" --run "$T/m") >"$T/m4.out" 2>"$T/m4.err"
check "demo16: exits 0 ($(tail -n 1 "$T/m4.err"))" [ $? -eq 0 ]
check "demo16: its trace.csv in the cell's working folder" [ -s "$T/m/cwd/local/demo16/trace.csv" ]
check "demo16: nothing written where the matrix was started" [ -z "$(ls -A "$T/caller")" ]
check "no pvmd left after demo16" [ -z "$(new_pids "$before" "$(our_pvmds)")" ]

# --reprice: nothing runs; the cell priced again by this hrel (the same model:
# the same replay number), a '# repriced:' line, the tables again
rep_before=$(grep '^replay,' "$T/m/cells/local/stencil2/predict.csv")
"$M" --reprice --platforms local --cells stencil2 --char "$T/char" --run "$T/m" >"$T/m3.out" 2>"$T/m3.err"
check "--reprice exits 0 ($(tail -n 1 "$T/m3.err"))" [ $? -eq 0 ]
check_not "--reprice runs nothing" grep -q 'predict.sh --route' "$T/m3.out"
check "--reprice: the cell says it was priced again" grep -q '^# repriced: ' "$T/m/cells/local/stencil2/predict.csv"
check "--reprice: the same model gives the same replay row" \
    test "$(grep '^replay,' "$T/m/cells/local/stencil2/predict.csv")" = "$rep_before"
check "--reprice: the runs are kept" grep -q '^# untraced_runs_s: ' "$T/m/cells/local/stencil2/predict.csv"
check "--reprice: info says so" grep -q '^# repriced: ' "$T/m/info"
check "--reprice: matrix.csv again" grep -qE '^local,stencil2,daemon,same,replay,' "$T/m/matrix.csv"
# --reprice under another summary: the cell's recommended line is the new one
{ echo 'platform,source,route,model,cells,median_abs_err_untraced_pct'
  echo 'local,same,daemon,replay,9,50.0'; echo 'local,same,daemon,mpm,9,1.5'; } >"$T/sum_mpm.csv"
"$M" --reprice --platforms local --cells stencil2 --char "$T/char" --run "$T/m" \
    --predict-opt --matrix --predict-opt "$T/sum_mpm.csv" >"$T/m3b.out" 2>&1
check "--reprice: the recommended line is this hrel's (mpm under the new summary)" \
    bash -c "[ \$(grep -c '^# recommended:' '$T/m/cells/local/stencil2/predict_untraced.csv') -eq 1 ] && grep -q '^# recommended: mpm (its median |error| on 9 daemon-route cells of local in the validation matrix: 1.5 %' '$T/m/cells/local/stencil2/predict_untraced.csv'"
check "--reprice: the goal check follows it" grep -qE '^local,daemon,stencil2,mpm,' "$T/m/goal.csv"
# --reprice where no cell of the platform is: one line, exit 1, the matrix left as it was
sum=$(md5sum <"$T/m/matrix.csv")
"$M" --reprice --platforms lan-utp --char "$T/char" --run "$T/m" >/dev/null 2>"$T/m4.err"; rc=$?
check "--reprice finding no cell: exit 1 (got $rc)" [ "$rc" -eq 1 ]
check "--reprice finding no cell: says so in one line" \
    eval "[ \$(wc -l <'$T/m4.err') -eq 1 ] && grep -q 'no cell of lan-utp under' '$T/m4.err'"
check "--reprice finding no cell: matrix.csv untouched" test "$(md5sum <"$T/m/matrix.csv")" = "$sum"
check "no pvmd left after --reprice" [ -z "$(new_pids "$before" "$(our_pvmds)")" ]
# offline_check.sh --reprice needs a finished check
mkdir -p "$T/noff"
"$ROOT/experiments/offline_check.sh" --reprice --run "$T/noff" >"$T/noff.out" 2>"$T/noff.err"
rc=$?
check "offline_check --reprice on a folder with no check: exit 1, one line" \
    bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/noff.err') -eq 1 ] && grep -q 'no offline.csv' '$T/noff.err'"
# the offline check's figure from the shipped check (docs/data/offline_check_fresh)
if command -v gnuplot >/dev/null 2>&1; then
    . "$ROOT/experiments/figure.sh"
    hrel_figure offline_check "$T/offfig" "$ROOT/docs/data/offline_check_fresh/offline_fig.csv" 2>"$T/offfig.err"
    check "offline_check figure: PNG and PDFs drawn ($(head -n 1 "$T/offfig.err"))" \
        bash -c "[ -s '$T/offfig.png' ] && [ -s '$T/offfig.pdf' ] && [ -s '$T/offfig_1col.pdf' ]"
fi
check "offline_check --help names --fresh-vm" bash -c "'$ROOT/experiments/offline_check.sh' --help | grep -q -- --fresh-vm"

# bad input: one line each, exit 2
for bad in "--cells nosuch" "--platforms nosuch" "--runs 0" "--frob"; do
    # shellcheck disable=SC2086
    "$M" $bad --run "$T/bad" >"$T/bad.out" 2>"$T/bad.err"
    rc=$?
    check "bad input '$bad': exit 2, one line" bash -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/bad.err') -eq 1 ]"
done
finish
