#!/bin/bash
# test_paper.sh -- experiments/paper.sh (make paper): two runs (one with a space
# in its path) become one paper.tex with each run's tables and figures and the
# side-by-side comparison; with pdflatex present it compiles without errors or
# overfull boxes. Bad input: one line and a non-zero exit.
. "$(dirname "$0")/common.sh"
PS=$ROOT/experiments/paper.sh
FIX=$ROOT/tests/e2e/data
check_not "no run: refused" "$PS" --out "$T/p0" "$T/none"
"$PS" --out "$T/p0" "$T/none" 2> "$T/err0"
check "no run: one line naming it" test "$(wc -l < "$T/err0")" = 1
mkdir -p "$T/a" "$T/b c"
check_not "run without tables.tex: refused" "$PS" --out "$T/p0" "$T/a"
check_not "unknown option refused" "$PS" --bogus
# two small runs (the by-hand case of test_fit_cli) through report.sh
for d in "$T/a" "$T/b c"; do
    {
        echo "# platform: by-hand"
        echo "pattern,procs,h,msg_bytes,rep,seconds"
        for i in 1 2 3; do
            echo "E,2,${i}00,${i}00,0,$i.0"
            echo "E,4,${i}00,${i}00,0,$i.2"
            echo "PP,2,${i}00,${i}00,0,$i.5"
        done
    } > "$d/raw.csv"
done
check "report a" "$ROOT/experiments/report.sh" "$T/a"
check "report b c" "$ROOT/experiments/report.sh" "$T/b c"
# the report's presentation (issue 15): error measures defined, captions, paper sizes
check "report defines MaxErr" grep -q '<dt>MaxErr (%)</dt>' "$T/a/report.html"
check "report defines AvErr" grep -q '<dt>AvErr (%)</dt>' "$T/a/report.html"
check "report gives us and MB/s" grep -q 'MB/s' "$T/a/report.html"
check "figures have captions" test "$(grep -c '<figcaption>' "$T/a/report.html")" -ge 2
check "single-column PDF made" test -s "$T/a/fig_T_1col.pdf"
"$PS" --out "$T/p" "$T/a" "$T/b c" > "$T/out" 2> "$T/err"
check "paper.tex written" test -s "$T/p/paper.tex"
check "each run's tables" grep -q 'input{run2-tables}' "$T/p/paper.tex"
check "figures included" grep -q 'includegraphics.*run1-fig_T' "$T/p/paper.tex"
check "side-by-side comparison" grep -q 'per pattern and pooled, per platform' "$T/p/paper.tex"
check_not "no run path in LaTeX code" grep -qF "$T" "$T/p/paper.tex"
if command -v pdflatex >/dev/null 2>&1; then
    check "paper.pdf compiled" test -s "$T/p/paper.pdf"
    check "one line on the terminal" test "$(wc -l < "$T/out")" = 1
    check_not "no overfull box" grep -q '^Overfull' "$T/p/paper.log"
fi
finish
