#!/bin/bash
# paper.sh -- all tables and figures of a set of runs in one PDF a user can look
# at: each run's tables.tex and study figures (double-column PDFs, captions in
# LaTeX), and with two runs or more the side-by-side `hrel compare --latex` tables.
#
# Usage: experiments/paper.sh [--out DIR] RUN_DIR ...
#   RUN_DIR  a run directory after experiments/report.sh (tables.tex, fig_*.pdf);
#            none given: every results/*/ that has a tables.tex
#   --out DIR  where paper.tex and paper.pdf go (default results/paper)
# Needs pdflatex (make paper installs texlive-latex-base/-recommended); without
# it paper.tex is written and the script says so and fails. pdflatex's output
# goes to DIR/paper.log; the terminal gets one line.
set -u
die() { echo "paper.sh: $*" >&2; exit 1; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
out=$ROOT/results/paper
runs=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -o|--out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
        --out=*) out=${1#--out=}; shift ;;
        -*) die "unknown option '$1' (see --help)" ;;
        *) runs+=("$1"); shift ;;
    esac
done
if [ ${#runs[@]} -eq 0 ]; then
    for d in "$ROOT"/results/*/; do
        [ -f "$d/tables.tex" ] && runs+=("${d%/}")
    done
fi
[ ${#runs[@]} -gt 0 ] || die "no run directory with tables.tex (run make study, or experiments/report.sh RUN)"
for r in "${runs[@]}"; do
    [ -d "$r" ] || die "$r: not a directory"
    [ -f "$r/tables.tex" ] || die "$r/tables.tex: missing (run experiments/report.sh $r first)"
done
mkdir -p "$out" || die "$out: cannot create"
tex=$out/paper.tex
# files are copied under safe names: run paths never go into LaTeX code
latex_name() { printf '%s' "$1" | sed 's/[^A-Za-z0-9.-]/-/g'; }
{
    printf '%s\n' '\documentclass[10pt]{article}' '\usepackage[utf8]{inputenc}' \
        '\usepackage[margin=2cm]{geometry}' '\usepackage{booktabs}' '\usepackage{graphicx}' \
        '\begin{document}'
    i=0
    for r in "${runs[@]}"; do
        i=$((i + 1))
        name=$(latex_name "$(basename "$r")")
        cp "$r/tables.tex" "$out/run$i-tables.tex" || exit 1
        printf '\\section{Run %s}\n\\input{run%d-tables}\n\\clearpage\n' "$name" "$i"
        for fig in T gprocs pooled; do
            [ -f "$r/fig_$fig.pdf" ] || continue
            cp "$r/fig_$fig.pdf" "$out/run$i-fig_$fig.pdf" || exit 1
            case $fig in
                T) cap='Time $T(h)$ of each pattern against the $h$-relation size; bars: min..max of single repetitions over all processor counts; dashed: the fitted line $L + g h$.' ;;
                gprocs) cap='$g$ of each pattern for each number of processors $p$; bars: 95\,\% confidence interval of $g$.' ;;
                pooled) cap='Top: each pattern and $T_{\mathrm{average}}$ against the pooled line $L + g h$; bottom: deviation from the pooled line in \%.' ;;
            esac
            printf '\\begin{figure}[htbp]\n\\centering\n\\includegraphics[width=\\textwidth]{run%d-fig_%s}\n\\caption{Run %s. %s}\n\\end{figure}\n' \
                "$i" "$fig" "$name" "$cap"
        done
        printf '\\clearpage\n'
    done
    if [ ${#runs[@]} -ge 2 ]; then
        printf '\\section{Platforms side by side}\n'
        "$HREL" compare --latex "${runs[@]}" || exit 1
    fi
    printf '%s\n' '\end{document}'
} > "$tex" || die "$tex: cannot write"
command -v pdflatex >/dev/null 2>&1 || die "pdflatex: not installed (make paper installs it); $tex is written"
(cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error paper.tex > paper.out 2>&1 &&
    pdflatex -interaction=nonstopmode -halt-on-error paper.tex > paper.out 2>&1) ||
    die "pdflatex failed: $(grep -m1 '^!' "$out/paper.log"); log: $out/paper.log"
over=$(grep -c '^Overfull' "$out/paper.log")
[ "$over" -eq 0 ] || echo "paper.sh: warning: $over overfull box(es), see $out/paper.log" >&2
echo "paper: $out/paper.pdf (${#runs[@]} run(s))"
