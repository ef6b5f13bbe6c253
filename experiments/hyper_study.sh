#!/bin/bash
# hyper_study.sh -- the hyperbolic-model experiments of 003 in one command:
# PAIRS, BT, SB, RED and NB over message sizes 1 B .. 64 KB on a platform, then
# the CB parameter estimation (formulas 16-17) and the figures (measured T_c
# against the hyperbolic prediction and the plain alpha + beta x line).
#
# usage: experiments/hyper_study.sh [--platform NAME | --hostfile FILE | --attach]
#            [--out DIR] [--dry-run] [-- BENCH-ARGS...]
#
#   --dry-run  the benchmark's cases and estimated duration (study.sh --dry-run);
#              nothing is started or written
#
# Writes DIR/raw.csv (the benchmark rows), DIR/hyper_params.csv (hrel hyper fit),
# DIR/hyper_fit.txt, DIR/hyper/*.dat and one PNG and PDF per pattern and p, and
# DIR/logp.{dat,png,pdf}: LogP beside the hyperbolic model (003 section 6).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
HREL=$ROOT/bin/$ARCH/hrel
platform=local; run=""; extra=(); plat=(); dry=()
while [ $# -gt 0 ]; do
    case "$1" in
        --platform) platform=${2:?--platform needs a name}; plat+=("$1" "$2"); shift 2 ;;
        --hostfile) platform=$(basename "${2:?--hostfile needs a file}"); platform=${platform%.*}
                    plat+=("$1" "$2"); shift 2 ;;
        --attach) platform=attached; plat+=("$1"); shift ;;
        --run|--out|-o) run=${2:?$1 needs a directory}; shift 2 ;;
        --dry-run) dry=(--dry-run); shift ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        --) shift; extra=("$@"); break ;;
        *) echo "hyper_study.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$run" ] || run=${HREL_RESULTS:-$ROOT/results}/hyper-$platform-$(date -u +%Y%m%dT%H%M%SZ)
"$ROOT/experiments/study.sh" "${plat[@]}" --out "$run" --no-report ${dry[@]+"${dry[@]}"} -- \
    -P PAIRS,BT,SB,RED,NB -p 2,4,6,8 -s 1,4,16,64,256,1024,4096,16384,65536 "${extra[@]}" ||
    exit 1
[ ${#dry[@]} -eq 0 ] || exit 0   # the plan only
"$HREL" hyper fit "$run/raw.csv" -o "$run" >"$run/hyper_fit.txt" || exit 1
"$HREL" hyper plotdata "$run/raw.csv" --params "$run/hyper_params.csv" -o "$run/hyper" \
    >"$run/hyper_plotdata.txt" || exit 1
# one figure per data file (PNG and PDF)
. "$ROOT/experiments/figure.sh"
for dat in "$run"/hyper/hyper_*.dat; do
    [ -f "$dat" ] || { echo "hyper_study.sh: no hyper_*.dat in $run/hyper" >&2; exit 1; }
    hrel_figure hyper_tc "${dat%.dat}" "$dat" || exit 1
done
# LogP beside the hyperbolic model (003 section 6), for this platform's smallest
# message: its LogP parameters from the fitted blocks (docs/hyper.md)
"$HREL" hyper logp --params "$run/hyper_params.csv" --msg-bytes 1 --n 64 >"$run/logp.dat" || exit 1
hrel_figure logp "$run/logp" "$run/logp.dat" || exit 1
cat "$run/hyper_fit.txt"
echo "hyper_study.sh: parameters in $run/hyper_params.csv, figures in $run/hyper/"
