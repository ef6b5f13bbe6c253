# common.gp -- terminal, line styles and fonts shared by every hrel figure.
#
# Loaded by each figure script after it has set `out` (the output file) and,
# optionally, `width`/`height` in pixels of the PNG version. The extension of
# `out` picks the terminal: .pdf -> pdfcairo (for reports, vector), anything else
# -> pngcairo (for the screen). Both are in Debian's gnuplot-nox.
# Also defines: unit_of(Q), summary_of(Q) and names_of(Q), which read the
# "# unit: U" line, the summary and the block names (second field of each
# block's header line) that `hrel fit` writes into its data files. Q is a file
# as one shell word: dat_sh, the script's `dat` with every ' made '\'' and
# the whole in '...', so that no character of a path is ever shell code.

if (!exists("width")) width = 1000
if (!exists("height")) height = 700
# Paper sizes: a PDF is drawn at its printed size with 8-pt text, so every
# figure prints with the same font size: double-column width (7 in) by
# default, single-column width (3.4 in) when the output name ends in
# "_1col.pdf". The height keeps the width:height ratio of the PNG version.
if (strlen(out) > 4 && out[strlen(out)-3:] eq ".pdf") {
    pdfw = (strlen(out) > 9 && out[strlen(out)-8:] eq "_1col.pdf") ? 3.4 : 7.0
    set terminal pdfcairo enhanced color font "Sans,8" size pdfw, pdfw * height / width linewidth 1 pointscale 0.6
} else {
    set terminal pngcairo enhanced color font "Sans,11" size width, height linewidth 1.5
}
set output out
set encoding utf8
# No titles inside figures by default: captions go into the report and the LaTeX.
# `gnuplot -e "with_title=1" ...` puts a script's own title back (for a quick look).
if (!exists("with_title")) with_title = 0

# Pattern styles 1-11 (and 19 for an unknown name) come from the pattern
# registry through the generated plots/patterns.gp: pick them by NAME with
# pat_ls(name), never by position. Platforms (fig_compare) use 31-38, other
# series (measured/predicted, sizes, processor counts) 41-48: greys and dark
# tones with their own markers, so they never read as a pattern.
load plotdir."/patterns.gp"
set style line 31 lc rgb "#000000" pt 7  ps 1.0 lw 1.5 dt 1
set style line 32 lc rgb "#777777" pt 5  ps 1.0 lw 1.5 dt (6,3)
set style line 33 lc rgb "#BBBBBB" pt 9  ps 1.0 lw 1.5 dt (2,3)
set style line 34 lc rgb "#444444" pt 13 ps 1.0 lw 1.5 dt (8,3,2,3)
set style line 35 lc rgb "#999999" pt 11 ps 1.0 lw 1.5 dt (12,4)
set style line 36 lc rgb "#222222" pt 15 ps 1.0 lw 1.5 dt (4,2,4,2,10,2)
set style line 37 lc rgb "#666666" pt 6  ps 1.0 lw 1.5 dt 1
set style line 38 lc rgb "#AAAAAA" pt 4  ps 1.0 lw 1.5 dt (6,3)
set style line 41 lc rgb "#000000" pt 7  ps 1.0 lw 1.5 dt 1
set style line 42 lc rgb "#882255" pt 5  ps 1.0 lw 1.5 dt (6,3)
set style line 43 lc rgb "#117733" pt 9  ps 1.0 lw 1.5 dt (2,3)
set style line 44 lc rgb "#332288" pt 13 ps 1.0 lw 1.5 dt (8,3,2,3)
set style line 45 lc rgb "#777777" pt 11 ps 1.0 lw 1.5 dt (12,4)
set style line 46 lc rgb "#44AA99" pt 15 ps 1.0 lw 1.5 dt (4,2,4,2,10,2)
set style line 47 lc rgb "#AA4499" pt 6  ps 1.0 lw 1.5 dt 1
set style line 48 lc rgb "#999933" pt 4  ps 1.0 lw 1.5 dt (6,3)
set style line 20 lc rgb "black" lw 2.5 dt 1            # pooled fit
set style line 21 lc rgb "#555555" lw 1 dt 2           # fitted line of a pattern / zero line
set grid lc rgb "#dddddd" lw 1
set border lw 1
set key box opaque samplen 2 spacing 1.1

if (exists("dat")) {
    dat_sh = "'"
    _k = 1
    while (_k <= strlen(dat)) { _c = dat[_k:_k]; dat_sh = dat_sh.((_c eq "'") ? "'\\''" : _c); _k = _k + 1 }
    dat_sh = dat_sh."'"
}
unit_of(q) = system("sed -n 's/^# unit: //p' ".q." | head -n 1")
summary_of(q) = system("sed -n 's/^# summary: //p' ".q." | head -n 1")
names_of(q) = system("awk '$1 == \"h\" || $1 == \"procs\" { print $2 }' ".q)
unit_one(u) = (u eq "bytes") ? "byte" : (u eq "words") ? "word" : "unit"
