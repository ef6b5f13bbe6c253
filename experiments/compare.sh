#!/bin/bash
# compare.sh -- the cross-platform table and figure: g and L per pattern and
# pooled, one column (bar) per platform, from runs that have been reported.
#
# usage: experiments/compare.sh [-o DIR] RUN_DIR [RUN_DIR ...]
#
# Each RUN_DIR is a study run (make study PLATFORM=...) with its fit.csv (run
# experiments/report.sh RUN_DIR first if it has none). Writes into DIR (default
# results/compare-<UTC time>): compare.txt, compare.csv, compare.tex,
# compare.dat and fig_compare.png / .pdf.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
HREL=$ROOT/bin/$ARCH/hrel
out=""
case "${1:-}" in
    -h|--help|"") sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; [ -n "${1:-}" ]; exit $? ;;
    -o) out=${2:?-o needs a directory}; shift 2 ;;
esac
[ $# -ge 1 ] || { echo "compare.sh: no run directories" >&2; exit 2; }
[ -x "$HREL" ] || { echo "compare.sh: $HREL missing (run make)" >&2; exit 1; }
[ -n "$out" ] || out=$ROOT/results/compare-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out" || exit 1
"$HREL" compare "$@" -o "$out" >"$out/compare.txt" || exit 1
"$HREL" compare "$@" --csv >"$out/compare.csv" || exit 1
"$HREL" compare "$@" --latex >"$out/compare.tex" || exit 1
for ext in png pdf; do
    gnuplot -e "dat='$out/compare.dat'; out='$out/fig_compare.$ext'" "$ROOT/plots/fig_compare.gp" ||
        { echo "compare.sh: gnuplot failed on fig_compare.$ext" >&2; exit 1; }
done
cat "$out/compare.txt"
echo "compare.sh: table and figure in $out"
