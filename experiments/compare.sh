#!/bin/bash
# compare.sh -- the cross-platform table and figure: g and L per pattern and
# pooled, one column (bar) per platform, from runs that have been reported.
#
# usage: experiments/compare.sh [-o|--out DIR] RUN_DIR [RUN_DIR ...]
#        experiments/compare.sh [-o|--out DIR] --latest
#
# --latest takes, for every platform found in results/*/raw.csv (its
# "# platform:" line), the newest run that has a fit.csv and h-relation rows
# (results/ here and below: the directory HREL_RESULTS names, if set).
# Each RUN_DIR is a study run (make study PLATFORM=...) with its fit.csv (run
# experiments/report.sh RUN_DIR first if it has none). Writes into DIR (default
# results/compare-<UTC time>): compare.txt, compare.csv, compare.tex,
# compare.dat and fig_compare.png / .pdf.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
HREL=$ROOT/bin/$ARCH/hrel
RESULTS=${HREL_RESULTS:-$ROOT/results}   # results/, or where HREL_RESULTS says
out="" latest=0 runs=()
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; }
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        -o|--out) [ $# -ge 2 ] && [ -n "$2" ] || { echo "compare.sh: $1 needs a directory" >&2; exit 2; }
                  out=$2; shift 2 ;;
        --out=*) out=${1#*=}; shift ;;
        --latest) latest=1; shift ;;
        --) shift; runs+=("$@"); break ;;
        -*) echo "compare.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) runs+=("$1"); shift ;;
    esac
done
if [ "$latest" -eq 1 ]; then
    # newest run per platform (directory names end in a UTC time stamp, so
    # modification time decides); only runs with a fit and h-relation rows.
    # Names may hold spaces: one directory per line, read whole.
    seen=" "
    while IFS= read -r d; do
        d=${d%/}
        [ -f "$d/fit.csv" ] && [ -f "$d/raw.csv" ] || continue
        grep -q '^ALL,all,' "$d/fit.csv" || continue
        p=$(sed -n 's/^# platform: //p' "$d/raw.csv" | head -n 1)
        [ -n "$p" ] || continue
        case "$seen" in *" $p "*) continue ;; esac
        seen="$seen$p "
        runs+=("$d")
    done < <(ls -dt "$RESULTS"/*/ 2>/dev/null)
    [ ${#runs[@]} -gt 0 ] || { echo "compare.sh: no reported runs under $RESULTS/" >&2; exit 1; }
fi
set -- ${runs[@]+"${runs[@]}"}
[ $# -ge 1 ] || { echo "compare.sh: no run directories" >&2; exit 2; }
[ -x "$HREL" ] || { echo "compare.sh: $HREL missing (run make)" >&2; exit 1; }
[ -n "$out" ] || out=$RESULTS/compare-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out" || exit 1
"$HREL" compare "$@" -o "$out" >"$out/compare.txt" || exit 1
"$HREL" compare "$@" --csv >"$out/compare.csv" || exit 1
"$HREL" compare "$@" --latex >"$out/compare.tex" || exit 1
. "$ROOT/experiments/figure.sh"
hrel_figure fig_compare "$out/fig_compare" "$out/compare.dat" || exit 1
cat "$out/compare.txt"
echo "compare.sh: table and figure in $out"
