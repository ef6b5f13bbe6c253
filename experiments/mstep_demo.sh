#!/bin/bash
# mstep_demo.sh -- figure 1 of 002 on a real virtual machine, in one command:
# run hrel_mstep_demo (imbalanced two-M-step schedule), predict its trace with
# MPM and BSPWB, draw the M-step figure and say which model came closer.
#
# usage: experiments/mstep_demo.sh [--run DIR] [--hostfile FILE]
#            [--fit FIT.csv | --raw RAW.csv | --g G --L L] [--op sum|max] [-- DEMO-ARGS...]
#
#   --run DIR       output directory (default results/mstep-<UTC time>)
#   --hostfile F    PVM hostfile (default hostfiles/local: one host)
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
cd "$ROOT" || exit 1
run=""; hostfile=hostfiles/local; fit=""; raw=""; g=""; L=""; op=sum; demo_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --run) run=${2:?--run needs a directory}; shift 2 ;;
        --hostfile) hostfile=${2:?--hostfile needs a file}; shift 2 ;;
        --fit) fit=${2:?--fit needs a file}; shift 2 ;;
        --raw) raw=${2:?--raw needs a file}; shift 2 ;;
        --g) g=${2:?--g needs a number}; shift 2 ;;
        --L) L=${2:?--L needs a number}; shift 2 ;;
        --op) op=${2:?--op needs sum or max}; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --) shift; demo_args=("$@"); break ;;
        *) echo "mstep_demo.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
. "$ROOT/hostfiles/vm.sh"
HREL="$ROOT/bin/$PVM_ARCH/hrel"
DEMO="$ROOT/bin/$PVM_ARCH/hrel_mstep_demo"
for b in "$HREL" "$DEMO"; do
    [ -x "$b" ] || { echo "mstep_demo.sh: $b is not built: run make first" >&2; exit 1; }
done
if [ -n "$g$L" ] && { [ -z "$g" ] || [ -z "$L" ]; }; then
    echo "mstep_demo.sh: give both --g and --L" >&2; exit 2
fi
if [ -z "$fit$raw$g" ]; then
    if [ -r results/latest/raw.csv ]; then raw=results/latest/raw.csv
    else g=0; L=0; echo "mstep_demo.sh: no --fit/--raw/--g/--L and no results/latest/raw.csv: communication priced at g = L = 0" >&2
    fi
fi
[ -n "$run" ] || run="results/mstep-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$run" || exit 1

trap 'hrel_vm_stop' EXIT
trap 'exit 130' INT TERM
hrel_vm_start "$hostfile" || exit 1
"$DEMO" -o "$run" "${demo_args[@]}" || exit 1
hrel_vm_stop
trap - EXIT

if [ -n "$raw" ]; then
    "$HREL" fit "$raw" --csv >"$run/fit.csv" || exit 1
    fit="$run/fit.csv"
fi
if [ -n "$fit" ]; then params=(--fit "$fit"); else params=(--g "$g" --L "$L"); fi
"$HREL" model mpm "$run/trace.csv" "${params[@]}" --op "$op" --plot-data "$run/msteps.dat" \
    >"$run/mpm.txt" || exit 1
"$HREL" model bspwb "$run/trace.csv" "${params[@]}" --op "$op" >"$run/bspwb.txt" || exit 1
if command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "dat='$run/msteps.dat'; out='$run/msteps.png'" plots/msteps.gp || exit 1
fi
mpm=$(sed -n 's/^total //p' "$run/mpm.txt")
bspwb=$(sed -n 's/^total //p' "$run/bspwb.txt")
meas=$(sed -n 's/^# measured total \([^ ]*\) s.*/\1/p' "$run/mpm.txt")
echo "trace: $run/trace.csv   g/L: ${fit:-g=$g L=$L}"
echo "measured total: $meas s"
echo "MPM   total:    $mpm s   ($(sed -n 's/^# measured total.*error \(.*\)/\1/p' "$run/mpm.txt"))"
echo "BSPWB total:    $bspwb s   ($(sed -n 's/^# measured total.*error \(.*\)/\1/p' "$run/bspwb.txt"))"
awk -v m="$meas" -v a="$mpm" -v b="$bspwb" 'BEGIN {
    da = a - m; if (da < 0) da = -da; db = b - m; if (db < 0) db = -db
    print (da < db ? "MPM is closer to the measured time than BSPWB" : "BSPWB is as close or closer than MPM") }'
[ -f "$run/msteps.png" ] && echo "figure: $run/msteps.png"
exit 0
