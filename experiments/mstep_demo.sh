#!/bin/bash
# mstep_demo.sh -- figure 1 of 002 on a real virtual machine, in one command:
# run hrel_mstep_demo (imbalanced two-M-step schedule), predict its trace with
# MPM and BSPWB, draw the M-step figure and say which model came closer.
#
# usage: experiments/mstep_demo.sh [--platform NAME | --hostfile FILE | --attach]
#            [--out DIR] [--fit FIT.csv | --raw RAW.csv | --g G --L L] [--op sum|max]
#            [-- DEMO-ARGS...]
#
#   --platform NAME  local (default: one host) or an emulated platform
#   --hostfile FILE  your own hostfile (a private virtual machine, halted at the end)
#   --attach         the virtual machine you already run (left running)
#   -o, --out DIR    output directory (default results/mstep-<UTC time>); --run DIR
#                    is the same
#   --fit FIT.csv   g and L from `hrel fit --csv` output (the trace names pattern E)
#   --raw RAW.csv   fit RAW.csv first (hrel fit --csv) and use that
#   --g G --L L     one g (s/byte) and L (s) for every step
#                   (default: --raw results/latest/raw.csv if it exists, else g = L = 0)
#   DEMO-ARGS       passed to hrel_mstep_demo (--heavy S --light S --bytes N --procs P ...)
#
# Writes DIR/trace.csv, DIR/fit.csv (if fitted), DIR/mpm.txt, DIR/bspwb.txt,
# DIR/msteps.dat and DIR/msteps.png. The pvmd is always halted at the end.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL_CALLER_PWD=$PWD    # relative paths in the options mean this directory
cd "$ROOT" || exit 1
fit=""; raw=""; g=""; L=""; op=sum
HREL_PLAT_PROG=mstep_demo.sh
. "$ROOT/experiments/platform_env.sh"
hrel_script_args "--fit=fit --raw=raw --g=g --L=L --op=op" "$@" || exit 2
run=$HREL_OUT; demo_args=("${HREL_REST[@]}")
[ -z "$fit" ] || fit=$(hrel_abs "$fit")
[ -z "$raw" ] || raw=$(hrel_abs "$raw")
HREL="$ROOT/bin/$PVM_ARCH/hrel"
DEMO="$ROOT/bin/$PVM_ARCH/hrel_mstep_demo"
for b in "$HREL" "$DEMO"; do
    [ -x "$b" ] || { echo "mstep_demo.sh: $b is not built: run make first" >&2; exit 1; }
done
if [ -n "$g$L" ] && { [ -z "$g" ] || [ -z "$L" ]; }; then
    echo "mstep_demo.sh: give both --g and --L" >&2; exit 2
fi
if [ -z "$fit$raw$g" ]; then
    if [ -r "$HREL_RESULTS/latest/raw.csv" ]; then raw=$HREL_RESULTS/latest/raw.csv
    else g=0; L=0; echo "mstep_demo.sh: no --fit/--raw/--g/--L and no results/latest/raw.csv: communication priced at g = L = 0" >&2
    fi
fi
[ -n "$run" ] || run="$HREL_RESULTS/mstep-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$run" || exit 1

hrel_plat_prepare "$run/platform" || exit 1
hrel_plat_run "$DEMO" -o "$run" "${demo_args[@]}" || exit 1

if [ -n "$raw" ]; then
    "$HREL" fit "$raw" --csv >"$run/fit.csv" || exit 1
    fit="$run/fit.csv"
fi
if [ -n "$fit" ]; then params=(--fit "$fit"); else params=(--g "$g" --L "$L"); fi
for m in mpm bspwb; do
    extra=(); [ "$m" = mpm ] && extra=(--plot-data "$run/msteps.dat")
    "$HREL" model "$m" "$run/trace.csv" "${params[@]}" --op "$op" "${extra[@]}" >"$run/$m.txt" || exit 1
    "$HREL" model "$m" "$run/trace.csv" "${params[@]}" --op "$op" --csv >"$run/$m.csv" || exit 1
done
if command -v gnuplot >/dev/null 2>&1; then
    # PNG for the screen, PDFs (double and single column) for papers
    . "$ROOT/experiments/figure.sh"
    hrel_figure msteps "$run/msteps" "$run/msteps.dat" || exit 1
fi
# the total rows of the CSV outputs: model,total,all,...,pred_s,measured_s,err_pct
total_row() { awk -F, '$2 == "total" {print $7, $8, $9}' "$run/$1.csv"; }
read -r mpm meas mpm_err < <(total_row mpm)
read -r bspwb _ bspwb_err < <(total_row bspwb)
echo "trace: $run/trace.csv   g/L: ${fit:-g=$g L=$L}"
echo "measured total: $meas s"
echo "MPM   total:    $mpm s   (error $mpm_err %)"
echo "BSPWB total:    $bspwb s   (error $bspwb_err %)"
awk -v a="$mpm_err" -v b="$bspwb_err" 'BEGIN { if (a < 0) a = -a; if (b < 0) b = -b
    print (a < b ? "MPM is closer to the measured time than BSPWB" : "BSPWB is as close or closer than MPM") }'
[ -f "$run/msteps.png" ] && echo "figure: $run/msteps.png"
exit 0
