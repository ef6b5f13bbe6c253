#!/bin/bash
# study.sh -- run the h-relation pattern study on one platform, end to end.
#
# usage: experiments/study.sh [--platform NAME] [--run DIR] [--quick] [-- BENCH-ARGS...]
#
#   --platform NAME  local (default: one host, a private pvmd started from
#                    hostfiles/local) or an emulated platform known to
#                    hostfiles/platform.sh (lan-utp, lan-coax, fast-switch, ...)
#   --run DIR        results directory (default: results/<platform>-<UTC time>)
#   --quick          a short study: sizes 6720,26880,107520, fixed 20 repetitions
#   --no-report      stop after the measurements (no tables, figures, report)
#   BENCH-ARGS       passed to hrel_bench (see bin/$PVM_ARCH/hrel_bench --help)
#
# Writes DIR/raw.csv (one row per timed repetition) and DIR/cases.csv, then the
# tables, figures and report of the run, and, once runs of two or more
# platforms exist, the cross-platform comparison in results/compare/.
# The virtual machine is always halted at the end, also on failure and Ctrl-C;
# rows measured before an interruption stay in raw.csv.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
platform=local; run=""; quick=0; report=1; bench_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --platform) platform=${2:?--platform needs a name}; shift 2 ;;
        --run) run=${2:?--run needs a directory}; shift 2 ;;
        --quick) quick=1; shift ;;
        --no-report) report=0; shift ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --) shift; bench_args=("$@"); break ;;
        *) echo "study.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
. "$ROOT/hostfiles/vm.sh"
BENCH="$ROOT/bin/$PVM_ARCH/hrel_bench"
if [ ! -x "$BENCH" ]; then
    echo "study.sh: $BENCH is not built: run make first" >&2; exit 1
fi
[ -n "$run" ] || run="results/$platform-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$run" || exit 1
run=$(cd "$run" && pwd)
quick_args=()
[ "$quick" -eq 1 ] && quick_args=(--sizes 6720,26880,107520 --reps 20)

bench_pid=""
# On Ctrl-C or kill: stop the benchmark, halt the virtual machine, keep the rows.
on_signal() {
    [ -n "$bench_pid" ] && kill "$bench_pid" 2>/dev/null && wait "$bench_pid" 2>/dev/null
    echo "study.sh: interrupted; rows measured so far are in $run/raw.csv" >&2
    exit 130
}
trap on_signal INT TERM
if [ "$platform" = local ]; then
    trap 'hrel_vm_stop' EXIT
    hrel_vm_start "$ROOT/hostfiles/local" || exit 1
    # in the background so that a signal reaches the trap at once (wait is interruptible)
    "$BENCH" --platform local --hostfile hostfiles/local -o "$run" \
        "${quick_args[@]}" "${bench_args[@]}" &
    bench_pid=$!
    wait "$bench_pid"
    rc=$?
    bench_pid=""
    hrel_vm_stop
    trap - EXIT
else
    if [ ! -x "$ROOT/hostfiles/platform.sh" ]; then
        echo "study.sh: platform '$platform' needs hostfiles/platform.sh, which is missing" >&2
        exit 1
    fi
    "$ROOT/hostfiles/platform.sh" run "$platform" -- "$BENCH" --platform "$platform" \
        --hostfile "hostfiles/$platform" -o "$run" "${quick_args[@]}" "${bench_args[@]}" &
    bench_pid=$!
    wait "$bench_pid"
    rc=$?
    bench_pid=""
fi
if [ "$rc" -ne 0 ]; then
    echo "study.sh: the benchmark failed (exit $rc); rows measured so far are in $run/raw.csv" >&2
    exit "$rc"
fi
ln -sfn "$run" "$ROOT/results/latest"
echo "study.sh: raw measurements in $run/raw.csv"
if [ "$report" -eq 1 ] && [ -x "$ROOT/experiments/report.sh" ]; then
    "$ROOT/experiments/report.sh" "$run" || exit 1
    # once two platforms have reported runs: the cross-platform table and figure
    nplat=$(grep -h '^# platform: ' "$ROOT"/results/*/raw.csv 2>/dev/null | sort -u | wc -l)
    if [ "$nplat" -ge 2 ]; then
        if "$ROOT/experiments/compare.sh" -o "$ROOT/results/compare" --latest >/dev/null; then
            echo "study.sh: cross-platform table and figure in results/compare/"
        else   # the run itself is complete; the comparison is an extra
            echo "study.sh: the cross-platform comparison failed (above); this run is complete" >&2
        fi
    fi
fi
