#!/bin/bash
# compare.sh -- the cross-platform table and figure: g and L per pattern and
# pooled, one column (bar) per platform, from runs that have been reported.
#
# usage: experiments/compare.sh [-o DIR] RUN_DIR [RUN_DIR ...]
#        experiments/compare.sh [-o DIR] --latest
#
# --latest takes, for every platform found in results/*/raw.csv (its
# "# platform:" line), the newest run that has a fit.csv and h-relation rows.
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
    -h|--help|"") sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; [ -n "${1:-}" ]; exit $? ;;
    -o) out=${2:?-o needs a directory}; shift 2 ;;
esac
if [ "${1:-}" = --latest ]; then
    # newest run per platform (directory names end in a UTC time stamp, so
    # modification time decides); only runs with a fit and h-relation rows
    runs=$(for d in $(ls -dt "$ROOT"/results/*/ 2>/dev/null); do
               d=${d%/}
               [ -f "$d/fit.csv" ] && [ -f "$d/raw.csv" ] || continue
               grep -q '^ALL,all,' "$d/fit.csv" || continue
               p=$(sed -n 's/^# platform: //p' "$d/raw.csv" | head -n 1)
               [ -n "$p" ] && echo "$p $d"
           done | awk '!seen[$1]++ {print $2}')
    [ -n "$runs" ] || { echo "compare.sh: no reported runs under results/" >&2; exit 1; }
    set -- $runs
fi
[ $# -ge 1 ] || { echo "compare.sh: no run directories" >&2; exit 2; }
[ -x "$HREL" ] || { echo "compare.sh: $HREL missing (run make)" >&2; exit 1; }
[ -n "$out" ] || out=$ROOT/results/compare-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out" || exit 1
"$HREL" compare "$@" -o "$out" >"$out/compare.txt" || exit 1
"$HREL" compare "$@" --csv >"$out/compare.csv" || exit 1
"$HREL" compare "$@" --latex >"$out/compare.tex" || exit 1
for ext in png pdf; do
    gnuplot -c "$ROOT/plots/fig_compare.gp" "$out/compare.dat" "$out/fig_compare.$ext" ||
        { echo "compare.sh: gnuplot failed on fig_compare.$ext" >&2; exit 1; }
done
cat "$out/compare.txt"
echo "compare.sh: table and figure in $out"
