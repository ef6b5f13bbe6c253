#!/bin/bash
# psrs_study.sh -- the PSRS study on one platform, end to end (002 section 4.2).
#
# usage: experiments/psrs_study.sh (--fit FIT.csv | --raw RAW.csv)
#            [--platform NAME | --hostfile FILE | --attach]
#            [--out DIR] [--gl MODE] [--n N] [--procs LIST] [--reps R]
#            [--input LIST] [--quick] [--dry-run] [-- PSRS-ARGS...]
#
#   --fit FIT.csv    g and L: rows pattern,procs,g,L,r2,n of `hrel fit --csv`
#   --raw RAW.csv    ... or a raw.csv of the pattern study: the script fits it
#   --platform NAME  local (default: a private pvmd from hostfiles/local) or an
#                    emulated platform of hostfiles/platform.sh (lan-utp, ...)
#   --hostfile FILE  your own hostfile (a private virtual machine, halted at the end)
#   --attach         the virtual machine you already run (left running)
#   -o, --out DIR    results directory (default: results/psrs-<platform>-<UTC>);
#                    --run DIR is the same
#   --gl MODE        g/L of the formula prediction: pooled (default), steps
#                    (each step its pattern), or one of POA AO OA AA E PP
#   --n N            items (default 1048576, the seeds' size)
#   --procs LIST     processor counts (default 2-8)
#   --reps R         timed runs per P and input (default 5)
#   --input LIST     inputs (default uniform; the table and figures use the first)
#   --quick          N = 131072, P = 2-4, 2 repetitions (unless given)
#   --dry-run        print the steps and runs it would make; start and write nothing
#   PSRS-ARGS        passed to hrel_psrs (see bin/$PVM_ARCH/hrel_psrs --help)
#
# Order: (1) the constants B..J on this processor (hrel_psrs_constants, per P),
# (2) PSRS on the platform (hrel_psrs: psrs.csv and a trace per run), (3)
# `hrel model bspwb` on every run's own trace with the fit, (4) predicted
# beside actual (`hrel psrs compare`, formulas 19-25 and the traces) with the
# spread of the runs, per P and per M-step, (5) the figures psrs_total.png/.pdf
# (like figure 12 of 002) and psrs_steps.png/.pdf, and a closing note with the
# errors per P. The virtual machine is always halted at the end.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL_CALLER_PWD=$PWD    # relative paths in the options mean this directory
cd "$ROOT" || exit 1
fit=""; raw=""; gl=pooled; n=""; procs=""; reps=""; quick=0; dry=0
inputs=uniform
die() { echo "psrs_study.sh: $*" >&2; exit 1; }
HREL_PLAT_PROG=psrs_study.sh
. "$ROOT/experiments/platform_env.sh"
hrel_script_args "--fit=fit --raw=raw --gl=gl --n=n --procs=procs --reps=reps --input=inputs \
    --quick=quick:1 --dry-run=dry:1" "$@" || exit 2
run=$HREL_OUT; psrs_args=("${HREL_REST[@]}")
if [ "$quick" = 1 ]; then    # the preset, for the values not given
    : "${n:=131072}" "${procs:=2-4}" "${reps:=2}"
fi
: "${n:=1048576}" "${procs:=2-8}" "${reps:=5}"
[ -z "$fit" ] || fit=$(hrel_abs "$fit")
[ -z "$raw" ] || raw=$(hrel_abs "$raw")
platform=$HREL_PLAT_NAME
BIN=$ROOT/bin/$PVM_ARCH
for prog in hrel hrel_psrs hrel_psrs_constants; do
    [ -x "$BIN/$prog" ] || die "$BIN/$prog is not built: run make first"
done
[ -n "$fit" ] || [ -n "$raw" ] || die "give --fit FIT.csv (hrel fit --csv) or --raw RAW.csv for g and L"
[ -z "$fit" ] || [ -r "$fit" ] || die "cannot read fit file '$fit'"
[ -z "$raw" ] || [ -r "$raw" ] || die "cannot read raw file '$raw'"
[ -n "$run" ] || run="$HREL_RESULTS/psrs-$platform-$(date -u +%Y%m%dT%H%M%SZ)"
kind=${inputs%%,*}; [ "$inputs" = all ] && kind=uniform
if [ "$dry" = 1 ]; then   # the plan only: nothing started, nothing written
    echo "psrs_study.sh: --dry-run: the plan into $run (nothing is started or written)"
    echo "  g and L: ${fit:-hrel fit --csv of $raw}"
    echo "  (1) constants B..J on this processor: hrel_psrs_constants --procs $procs --n $n --input $kind"
    echo "  (2) PSRS on $platform ($HREL_PLAT_HOSTFILE): P=$procs, N=$n, input(s) $inputs, $reps timed runs each${psrs_args[*]:+, hrel_psrs ${psrs_args[*]}}"
    echo "  (3) predicted beside actual (hrel psrs compare --gl $gl), (4) figures psrs_total, psrs_steps"
    exit 0
fi
mkdir -p "$run" || die "cannot create '$run'"
run=$(cd "$run" && pwd)

# --- g and L ------------------------------------------------------------------
if [ -n "$raw" ]; then
    "$BIN/hrel" fit "$raw" --csv --no-files >"$run/fit.csv" || die "hrel fit failed on '$raw'"
else
    cp "$fit" "$run/fit.csv" || die "cannot copy '$fit'"
fi
fit=$run/fit.csv

# --- (1) constants first ---------------------------------------------------------
echo "psrs_study.sh: measuring the constants B..J for P=$procs, N=$n"
"$BIN/hrel_psrs_constants" --procs "$procs" --n "$n" --input "$kind" --out "$run" \
    || die "hrel_psrs_constants failed"

# --- (2) PSRS on the platform ---------------------------------------------------
args=(--procs "$procs" --n "$n" --input "$inputs" --reps "$reps" --out "$run" --quiet
      --platform "$platform" "${psrs_args[@]}")
echo "psrs_study.sh: running PSRS on $platform (P=$procs, N=$n, $reps runs each)"
HREL_PLAT_ON_SIGNAL='echo "psrs_study.sh: interrupted; runs so far are in $run/psrs.csv" >&2'
hrel_plat_prepare "$run/platform" || exit 1
hrel_plat_run "$BIN/hrel_psrs" --hostfile "$HREL_PLAT_HOSTFILE" "${args[@]}"
rc=$?
[ "$rc" -eq 125 ] && exit 1
[ "$rc" -eq 0 ] || die "hrel_psrs failed (exit $rc); runs so far are in $run/psrs.csv"

# --- (3) predicted beside actual (formulas 19-25, and BSPWB on every run's own trace) --------------------------------------------------
"$BIN/hrel" psrs compare "$run/psrs.csv" --input "$kind" --consts "$run/consts.csv" \
    --fit "$fit" --gl "$gl" --plot-data "$run" >"$run/psrs_compare.txt" \
    || die "hrel psrs compare failed"
"$BIN/hrel" psrs compare "$run/psrs.csv" --input "$kind" --consts "$run/consts.csv" \
    --fit "$fit" --gl "$gl" --csv >"$run/psrs_compare.csv"
if [ "$gl" != steps ]; then   # the per-pattern prediction too, when the fit has the patterns
    "$BIN/hrel" psrs compare "$run/psrs.csv" --input "$kind" --consts "$run/consts.csv" \
        --fit "$fit" --gl steps >"$run/psrs_compare_steps.txt" 2>/dev/null \
        || rm -f "$run/psrs_compare_steps.txt"
fi

# --- (4) figures ----------------------------------------------------------------------
if command -v gnuplot >/dev/null 2>&1; then
    # run inside the run directory, since the scripts take a LIST of data files
    # (split at spaces) and the run's own path may hold spaces
    . "$ROOT/experiments/figure.sh"
    (cd "$run" && hrel_figure psrs_total psrs_total psrs_total.dat @OUT@ "$platform" \
        "PSRS predicted vs actual: N=$n, $kind ($gl g/L)") || exit 1
    (cd "$run" && hrel_figure psrs_steps psrs_steps psrs_steps.dat) || exit 1
else
    echo "psrs_study.sh: gnuplot not found: no figures" >&2
fi

# --- closing note --------------------------------------------------------------------
{
    echo "PSRS study on $platform: N=$n, input $kind, P=$procs, $reps runs per P"
    echo "constants: $run/consts.csv; g/L: $gl rows of $fit"
    echo
    sed -n '/^procs  *N /,/^$/p' "$run/psrs_compare.txt"
    echo "formula_s: BSPWB of 002 formulas 19-25; trace_s: BSPWB (002 f. 5) on each run's"
    echo "trace with the same g/L; err = 100 (actual - model) / actual (002 f. 18)."
    echo
    if [ -f "$run/psrs_compare_steps.txt" ]; then
        echo "The same with each step's own pattern (g/L per pattern, hrel psrs compare --gl steps):"
        sed -n '/^procs  *N /,/^$/p' "$run/psrs_compare_steps.txt"
    fi
} | tee "$run/psrs_note.txt"
echo
echo "psrs_study.sh: results in $run (psrs.csv, trace_*.csv, psrs_compare.txt, psrs_total.png, psrs_steps.png)"
