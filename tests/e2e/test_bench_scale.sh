#!/bin/bash
# test_bench_scale.sh -- the scale benchmark of issue #24 (docs/scale.md) on tiny
# traces: hrel trace synth writes the three forms of a trace (msgs.csv, tracer text,
# task files) that import and replay accept and that give the same rows (the task
# files' import has an end row more per rank); experiments/bench_scale.sh writes one row
# per stage and run, the figures' data and figures, and --replot remakes them;
# bad arguments get one line. Behaviour, not speed. Ends with "N passed, N failed".
. "$(dirname "$0")/common.sh"
H=$BIN/hrel
X=$ROOT/experiments/bench_scale.sh

for shape in ring alltoall mw group; do
    check "synth $shape as msgs.csv" "$H" trace synth --shape "$shape" --events 3000 "$T/$shape.csv"
    if [ "$shape" = group ]; then
        check_not "synth group refuses the tracer text (no group calls there)" \
            "$H" trace synth --shape group --events 3000 --format pvm "$T/$shape.trc"
        check "group: barriers, bcasts and joins in msgs.csv" \
            awk -F, '$3 == "barrier" { b++ } $3 == "bcast" { c++ } $3 == "joingroup" { j++ }
                     $9 == "barrier" { ib++ } END { exit !(b > 0 && c > 0 && j == 15 && ib == 2 * b) }' "$T/group.csv"
    else
        check "synth $shape as tracer text" "$H" trace synth --shape "$shape" --events 3000 --format pvm "$T/$shape.trc"
        mkdir -p "$T/imp_$shape"
        check "import of the $shape tracer text" "$H" trace import "$T/$shape.trc" -o "$T/imp_$shape"
        check "$shape: the import's msgs.csv rows are the synthetic msgs.csv's" \
            cmp -s <(grep -v '^#' "$T/$shape.csv") <(grep -v '^#' "$T/imp_$shape/msgs.csv")
    fi
    check "synth $shape as task files" "$H" trace synth --shape "$shape" --events 3000 --format tev "$T/$shape.tev"
    check "$shape: one task file per rank" test "$(ls "$T/$shape.tev" | grep -c '\.tev$')" = 16
    mkdir -p "$T/impt_$shape"
    check "import of the $shape task files" "$H" trace import "$T/$shape.tev" -o "$T/impt_$shape"
    check "$shape: the task files' rows are the synthetic msgs.csv's and an end row per rank" \
        cmp -s <(grep -v '^#' "$T/$shape.csv") <(grep -v '^#' "$T/impt_$shape/msgs.csv" | grep -v ',end,')
    check "$shape: 16 end rows" test "$(grep -c ',end,' "$T/impt_$shape/msgs.csv")" = 16
    check "$shape replayed" "$H" model replay "$T/$shape.csv" --g 1e-9 --L 1e-5 --medium port --hosts 8
done
check "synth is deterministic" cmp -s <("$H" trace synth --events 500 -) <("$H" trace synth --events 500 -)
check_not "synth refuses an unknown shape" "$H" trace synth --shape star "$T/x.csv"
check_not "synth refuses one rank" "$H" trace synth -p 1 "$T/x.csv"

check "bench_scale.sh --help" "$X" --help
check_not "bench_scale.sh refuses --reps 0" "$X" --reps 0 -o "$T/b0"
check_not "bench_scale.sh --replot needs a scale.csv" "$X" --replot -o "$T/none"
check "bench_scale.sh on 2k-event traces" "$X" --sizes 2k --shapes ring,mw -r 2 -o "$T/b"
check "bench_scale.sh on a 2k-event group trace (no tracer text: no import stage)" \
    "$X" --sizes 2k --shapes group -o "$T/bg"
check "group: 7 stages, import-tev among them, import not" \
    awk -F, '!/^#/ && $1 == "group" { n++; if ($3 == "import") bad = 1; if ($3 == "import-tev") t = 1 }
             END { exit !(n == 7 && t && !bad) }' "$T/bg/scale.csv"
check "scale.csv: 2 shapes x 8 stages x 2 runs" test "$(grep -vc '^#\|^shape' "$T/b/scale.csv")" = 32
check "scale.csv: the task files' import is a stage" \
    awk -F, '$3 == "import-tev" { n++ } END { exit n != 4 }' "$T/b/scale.csv"
check "scale.csv: every run timed and measured" \
    awk -F, '!/^#/ && $1 != "shape" && !($5 > 0 && $6 > 0 && $7 > 0) { bad = 1 } END { exit bad }' "$T/b/scale.csv"
check "scale.csv: the daemon stage counts packets" \
    awk -F, '$3 == "daemon" && $9 > 0 { n++ } END { exit n != 4 }' "$T/b/scale.csv"
check "the traces are removed" test -z "$(ls -d "$T"/b/traces.* 2>/dev/null)"
if command -v gnuplot >/dev/null 2>&1; then
    for f in scale_ring.dat scale_mw.dat scale_ring.png scale_mw.pdf; do
        check "bench_scale.sh wrote $f" test -s "$T/b/$f"
    done
    rm -f "$T/b/scale_ring.png"
    check "--replot remakes the figures" "$X" --replot -o "$T/b"
    check "--replot wrote scale_ring.png again" test -s "$T/b/scale_ring.png"
    check "--replot left scale.csv alone" test "$(grep -vc '^#\|^shape' "$T/b/scale.csv")" = 32
fi
finish
