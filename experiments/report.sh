#!/bin/bash
# report.sh -- turn one run directory into its report: fit tables (text, CSV,
# LaTeX), the three figure kinds (PNG and PDF) and RUN_DIR/report.html showing
# the run's metadata, tables and figures.
#
# Usage: experiments/report.sh RUN_DIR [hrel fit options, e.g. --unit words]
# Needs RUN_DIR/raw.csv, bin/$PVM_ARCH/hrel (make) and gnuplot.
# Writes into RUN_DIR: tables.txt tables.tex fit.csv fit_table_*.csv fit_tables.tsv fit_*.dat
#   fig_T, fig_gprocs, fig_pooled as .png, .pdf (double column), _1col.pdf; report.html
# Prints one line per problem on stderr and exits non-zero on the first one.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
HREL=$ROOT/bin/$ARCH/hrel
PLOTS=$ROOT/plots

die() { echo "report.sh: $*" >&2; exit 1; }

case "${1:-}" in
    -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    "") die "no run directory (usage: experiments/report.sh RUN_DIR)" ;;
esac
run=${1%/}; shift
[ -d "$run" ] || die "$run: no such directory"
[ -f "$run/raw.csv" ] || die "$run/raw.csv: missing (run the study first)"
[ -x "$HREL" ] || die "$HREL: missing (run make)"
command -v gnuplot >/dev/null 2>&1 || die "gnuplot: not installed (apt-get install gnuplot-nox)"

# --- tables -------------------------------------------------------------------
# one fit writes tables.txt, tables.tex, fit.csv and the plot data
"$HREL" fit "$run/raw.csv" --out "$run" "$@" > /dev/null 2> "$run/.fit.err" \
    || die "$(head -n 1 "$run/.fit.err")"
rm -f "$run/.fit.err"

# --- figures ------------------------------------------------------------------
# Figure (c) needs a pooled fit (two sizes or more of E PP OA POA AO AA).
figs="T gprocs pooled"
if grep -q '^ALL,all,nan' "$run/fit.csv"; then
    figs="T gprocs"
    rm -f "$run/fig_pooled.png" "$run/fig_pooled.pdf" "$run/fig_pooled_1col.pdf"
fi
# .png for the screen; .pdf at double-column and _1col.pdf at single-column
# width for papers (plots/common.gp: same 8-pt text in both)
for fig in $figs; do
    for suf in .png .pdf _1col.pdf; do
        # paths go in as arguments (gnuplot -c), never pasted into gnuplot code
        gnuplot -c "$PLOTS/fig_$fig.gp" "$run/fit_$fig.dat" "$run/fig_$fig$suf" \
            > "$run/.gp.err" 2>&1 || die "gnuplot fig_$fig$suf: $(grep -m1 -v '^$' "$run/.gp.err")"
        [ -s "$run/fig_$fig$suf" ] || die "$run/fig_$fig$suf: not produced"
    done
done
rm -f "$run/.gp.err"

# --- report.html --------------------------------------------------------------
esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }
# HTML table from a CSV file (no quoted fields: hrel's tables have none).
csv_html() {
    awk -F, '{ gsub(/&/, "\\&amp;"); gsub(/</, "\\&lt;"); gsub(/>/, "\\&gt;"); gsub(/\+-/, "\\&plusmn;") }
             NR == 1 { printf "<tr>"; for (i = 1; i <= NF; i++) printf "<th>%s</th>", $i; print "</tr>"; next }
             { printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", ($i == "nan" ? "&ndash;" : $i); print "</tr>" }' "$1"
}
{
    cat <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>hrel report: $(basename "$run" | esc)</title>
<style>
body { font-family: sans-serif; max-width: 1100px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 90%; }
th, td { border: 1px solid #bbb; padding: 2px 8px; text-align: right; }
th { background: #eee; } td:first-child, th:first-child { text-align: left; }
td { font-variant-numeric: tabular-nums; }
dl.defs dt { font-weight: bold; } dl.defs dd { margin-bottom: 4px; max-width: 60em; }
figcaption { max-width: 60em; font-size: 90%; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
img { max-width: 100%; border: 1px solid #ddd; } dt { font-weight: bold; float: left; width: 12em; }
.note { font-size: 85%; color: #555; }
</style></head><body>
<h1>hrel report: $(basename "$run" | esc)</h1>
<p>Generated $(date -u '+%Y-%m-%d %H:%M UTC') from <code>raw.csv</code> by
<code>experiments/report.sh</code> ($("$HREL" --version | esc)).</p>
HTML
    # run-level quality first (computed in C: hrel quality)
    if [ -f "$run/cases.csv" ]; then
        "$HREL" quality "$run" --html 2>/dev/null || echo '<p class="note">No quality summary: cases.csv unreadable.</p>'
    fi
    cat <<HTML
<h2>Run metadata</h2>
<dl>
HTML
    sed -n 's/^# *\([^:]*\): *\(.*\)$/\1\t\2/p' "$run/raw.csv" | esc |
        awk -F'\t' '{ printf "<dt>%s</dt><dd>%s</dd>\n", $1, $2 }'
    echo "<dt>fit</dt><dd>$(head -n 1 "$run/fit_tables.tsv" | sed 's/^# //' | esc)</dd>"
    echo "</dl>"
    cat <<HTML
<h2>Figures</h2>
<h3>(a) T(h) per pattern with spread and fitted line</h3>
<figure><img src="fig_T.png" alt="T(h) per pattern"><figcaption>Figure (a). Time T(h) of each
pattern against the h-relation size h: the summary over repetitions named in the fit line above,
averaged over processor counts; bars: min..max of single repetitions over all processor counts;
dashed: the fitted line L + g h. PDF: <a href="fig_T.pdf">double column</a>,
<a href="fig_T_1col.pdf">single column</a>.</figcaption></figure>
<h3>(b) g per pattern against the number of processors</h3>
<figure><img src="fig_gprocs.png" alt="g per pattern and processors"><figcaption>Figure (b). g of each
pattern for each number of processors p (least squares per processor count); bars: 95 %
confidence interval of g. PDF: <a href="fig_gprocs.pdf">double column</a>,
<a href="fig_gprocs_1col.pdf">single column</a>.</figcaption></figure>
<h3>(c) All patterns against the pooled fit</h3>
HTML
    if [ -f "$run/fig_pooled.png" ]; then
        echo '<figure><img src="fig_pooled.png" alt="patterns against pooled fit"><figcaption>Figure (c). Top: each pattern and T<sub>average</sub> (the mean over the patterns, 000 sec. 4, 002 formula 11) against the pooled line L + g h; bottom: deviation of each pattern from the pooled line in %. PDF: <a href="fig_pooled.pdf">double column</a>, <a href="fig_pooled_1col.pdf">single column</a>.</figcaption></figure>'
    else
        echo '<p class="note">No pooled fit: the run has fewer than two sizes of the h-relation patterns E PP OA POA AO AA.</p>'
    fi
    cat <<HTML
<h2>Tables</h2>
<dl class="defs">
<dt>MaxErr (%)</dt><dd>at one size h: 100 &middot; max<sub>i</sub> |T<sub>i</sub> &minus; (L + g h)| / min<sub>i</sub> T<sub>i</sub>, over the
times T<sub>i</sub> of the table's rows (the processor counts of one pattern in tables X.1; the pooled
patterns in table 11). Values above 100 % mean the spread at that size exceeds the smallest
time: at small h, where L dominates and L may even be negative.</dd>
<dt>AvErr (%)</dt><dd>at one size h: 100 &middot; mean<sub>i</sub> |T<sub>i</sub> &minus; (L + g h)| / mean<sub>i</sub> T<sub>i</sub>.</dd>
<dt>T<sub>average</sub></dt><dd>the mean over the pooled patterns of their times at size h (000 sec. 4, 002 formula 11).</dd>
<dt>r<sup>2</sup></dt><dd>coefficient of determination of the least-squares line L + g h (1 = every point on the line).</dd>
<dt>&plusmn; 95 %</dt><dd>half-width of the 95 % confidence interval of g or L.</dd>
<dt>flag</dt><dd>L&lt;0: negative fitted latency, kept as fitted; g&lt;0: negative slope.</dd>
<dt>units</dt><dd>g in s/byte: g &middot; 10<sup>6</sup> is &micro;s per byte and 1 / (g &middot; 10<sup>6</sup>) is MB/s
(g = 4.2&times;10<sup>&minus;7</sup> s/byte = 0.42 &micro;s/byte = 2.4 MB/s); L and times in s: &times; 10<sup>6</sup> for &micro;s.</dd>
</dl>
<p class="note">Also as text (<a href="tables.txt">tables.txt</a>), LaTeX
(<a href="tables.tex">tables.tex</a>) and CSV (<a href="fit.csv">fit.csv</a>,
<code>fit_table_*.csv</code>).</p>
HTML
    # the h-relation hypothesis and the held-out validation (CSV files of hrel fit)
    # (their verdict and summary lines are in the text above; the rows fold away)
    for f in hypothesis validation; do
        [ -f "$run/$f.csv" ] || continue
        echo "<details><summary>$f.csv: $(grep -vc '^#' "$run/$f.csv") lines (README: Data contracts)</summary>"
        echo "<table><caption>$f.csv</caption>"
        csv_html <(grep -v '^#' "$run/$f.csv")
        echo "</table></details>"
    done
    # Table order, captions and notes: fit_tables.tsv (written by hrel fit)
    grep -v '^#' "$run/fit_tables.tsv" | tail -n +2 | while IFS=$'\t' read -r name title note; do
        f="$run/fit_table_$name.csv"
        [ -f "$f" ] || continue
        echo "<table><caption>$(printf '%s' "$title" | esc)</caption>"
        csv_html "$f"
        echo "</table>"
        [ -n "$note" ] && echo "<p class=\"note\">$(printf '%s' "$note" | esc)</p>"
    done
    echo "</body></html>"
} > "$run/report.html" || die "$run/report.html: cannot write"
echo "report: $run/report.html"
