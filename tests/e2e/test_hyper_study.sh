#!/bin/bash
# End-to-end test of experiments/hyper_study.sh: the five experiments of 003 on
# a private local pvmd, the parameter estimation and the figures, one command.
. "$(dirname "$0")/common.sh"
"$ROOT/experiments/hyper_study.sh" --run "$T/h" -- -q -p 2,4 -s 1,64,4096 -r 3 >"$T/out" 2>&1
rc=$?
check "hyper_study.sh exits 0 (got $rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || show_tail "hyper_study.sh failed" "$T/out"
for pat in PAIRS BT SB RED NB; do
    check "rows for $pat" test "$(grep -c "^$pat," "$T/h/raw.csv")" -eq 18
done
check "parameters written" grep -q '^aC,' "$T/h/hyper_params.csv"
check "one PNG per pattern and p (10)" test "$(ls "$T/h/hyper/"*.png 2>/dev/null | wc -l)" -eq 10
check "one PDF per pattern and p (10)" test "$(ls "$T/h/hyper/"*.pdf 2>/dev/null | grep -vc '_1col\.pdf$')" -eq 10
check "and its single-column PDF (10)" test "$(ls "$T/h/hyper/"*_1col.pdf 2>/dev/null | wc -l)" -eq 10
check "no report of the h-relation kind (--no-report)" test ! -e "$T/h/report.html"
# issue 15: the LogP figure (003 section 6) from this run's fitted blocks
check "LogP data written, its parameters from the fit" grep -q '^# LogP from .*hyper_params.csv' "$T/h/logp.dat"
check "LogP ratio stays within [3/4, 1] (003 f. 18)" \
    awk '$1 ~ /^[0-9]+$/ && ($4 < 0.75 - 1e-9 || $4 > 1 + 1e-9) { bad = 1 } END { exit bad }' "$T/h/logp.dat"
check "LogP figure PNG" test -s "$T/h/logp.png"
check "LogP figure PDF" test -s "$T/h/logp.pdf"
"$ROOT/experiments/hyper_study.sh" --bogus >/dev/null 2>&1
check "unknown argument: exit 2" test $? -eq 2
finish
