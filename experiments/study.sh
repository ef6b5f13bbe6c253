#!/bin/bash
# study.sh -- run the h-relation pattern study on one platform, end to end.
#
# usage: experiments/study.sh [--platform NAME | --hostfile FILE | --attach]
#                             [--out DIR] [--quick] [--no-report] [--dry-run]
#                             [-- BENCH-ARGS...]
#
#   --platform NAME  local (default: one host, a private pvmd started from
#                    hostfiles/local) or an emulated platform known to
#                    hostfiles/platform.sh (lan-utp, lan-coax, fast-switch, ...)
#   --hostfile FILE  your own hostfile: a private virtual machine from it, halted
#                    at the end; the platform is named after the file
#   --attach         the virtual machine you already run (pvm console); left running
#   -o, --out DIR    results directory (default: results/<platform>-<UTC time>);
#                    --run DIR is the same
#   --quick          a short characterisation (hrel_bench --quick: sizes 26880..430080,
#                    5..30 repetitions per case stopping at 1% relative standard error
#                    of the median)
#   --no-report      stop after the measurements (no tables, figures, report)
#   --dry-run        print the cases and an estimated duration; start and write
#                    nothing. The estimate takes each case as it went in the
#                    platform's newest characterisation in results/ (a study or a
#                    --quick one: its repetitions, mean time and start margin),
#                    other cases from its fit.csv; with none, a default for the
#                    platform: one host the loopback (g 4e-9 s/byte, L 0.2 ms), an
#                    emulated LAN its link rate, otherwise 10 Mbit/s
#   BENCH-ARGS       passed to hrel_bench (see bin/$PVM_ARCH/hrel_bench --help)
#
# Writes DIR/raw.csv (one row per timed repetition) and DIR/cases.csv, then in
# the same virtual machine what a prediction needs besides g and L
# (experiments/platform_facts.sh): the CPU calibration of every host
# (DIR/calibration.csv), the route set-up on first contact (DIR/setup.csv) and
# the task lifecycle's costs (DIR/lifecycle.csv, hrel_lifecycle); then the
# tables, figures and report of the run, points results/latest at DIR, and, once
# runs of two or more platforms exist, the cross-platform comparison in
# results/compare/. results/ is the checkout's, or the directory HREL_RESULTS
# names (the tests use their own, so they never touch yours).
# The virtual machine is always halted at the end, also on failure and Ctrl-C;
# rows measured before an interruption stay in raw.csv.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL_CALLER_PWD=$PWD    # relative paths in the options mean this directory
cd "$ROOT" || exit 1
quick=0; report=1; dry=0
HREL_PLAT_PROG=study.sh
. "$ROOT/experiments/platform_env.sh"
hrel_script_args "--quick=quick:1 --no-report=report:0 --dry-run=dry:1" "$@" || exit 2
run=$HREL_OUT; bench_args=("${HREL_REST[@]}")
platform=$HREL_PLAT_NAME
BENCH="$ROOT/bin/$PVM_ARCH/hrel_bench"
if [ ! -x "$BENCH" ]; then
    echo "study.sh: $BENCH is not built: run make first" >&2; exit 1
fi
[ -n "$run" ] || run="$HREL_RESULTS/$platform-$(date -u +%Y%m%dT%H%M%SZ)"
quick_args=()
[ "$quick" -eq 1 ] && quick_args=(--quick)
if [ "$dry" -eq 1 ]; then   # the plan only: nothing started, nothing written
    hrel_plat_estimate
    echo "study.sh: --dry-run: $HREL_PLAT_EST_WHY"
    "$BENCH" --dry-run --platform "$platform" --hostfile "$HREL_PLAT_HOSTFILE" -o "$run" \
        "${HREL_PLAT_EST[@]}" "${quick_args[@]}" "${bench_args[@]}"
    exit $?
fi
mkdir -p "$run" || exit 1
run=$(cd "$run" && pwd)

HREL_PLAT_ON_SIGNAL='echo "study.sh: interrupted; rows measured so far are in $run/raw.csv" >&2'
trap 'eval "$HREL_PLAT_ON_SIGNAL"; exit 130' INT TERM
hrel_plat_prepare "$run/platform" || exit 1
# the benchmark, then in the same virtual machine what a prediction needs
# besides g and L (CPU calibration, route set-up: experiments/platform_facts.sh)
hrel_plat_run "$ROOT/experiments/platform_facts.sh" --after "$run" -- \
    "$BENCH" --platform "$platform" --hostfile "$HREL_PLAT_HOSTFILE" -o "$run" \
    "${quick_args[@]}" "${bench_args[@]}"
rc=$?
trap - INT TERM
[ "$rc" -eq 125 ] && exit 1   # no virtual machine: platform_env said why
if [ "$rc" -ne 0 ]; then
    echo "study.sh: the benchmark failed (exit $rc); rows measured so far are in $run/raw.csv" >&2
    exit "$rc"
fi
mkdir -p "$HREL_RESULTS" && ln -sfn "$run" "$HREL_RESULTS/latest"
echo "study.sh: raw measurements in $run/raw.csv"

if [ "$report" -eq 1 ] && [ -x "$ROOT/experiments/report.sh" ]; then
    # --quick fits the minimum of each case: TCP stalls (AO's incast on the
    # LANs) only ever add time, and in some cases more than half of a handful
    # of repetitions stall, which moves the mean and even the median; the
    # minimum stays the stall-free time (docs/characterise.md; NetPIPE too
    # reports the best of its trials)
    fit_args=()
    [ "$quick" -eq 1 ] && fit_args=(--summary min)
    "$ROOT/experiments/report.sh" "$run" "${fit_args[@]}" || exit 1
    # once two platforms have reported runs: the cross-platform table and figure
    nplat=$(grep -h '^# platform: ' "$HREL_RESULTS"/*/raw.csv 2>/dev/null | sort -u | wc -l)
    if [ "$nplat" -ge 2 ]; then
        if "$ROOT/experiments/compare.sh" -o "$HREL_RESULTS/compare" --latest >/dev/null; then
            echo "study.sh: cross-platform table and figure in $HREL_RESULTS/compare/"
        else   # the run itself is complete; the comparison is an extra
            echo "study.sh: the cross-platform comparison failed (above); this run is complete" >&2
        fi
    fi
fi
