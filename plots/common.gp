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
if (strlen(out) > 4 && out[strlen(out)-3:] eq ".pdf") {
    # 150 px per inch: a 1000 px PNG becomes a 6.7 inch PDF, text and points
    # scaled to look as in the PNG
    set terminal pdfcairo enhanced color font "Sans,8" size width/150.0, height/150.0 linewidth 1 pointscale 0.6
} else {
    set terminal pngcairo enhanced color font "Sans,11" size width, height linewidth 1.5
}
set output out
set encoding utf8

# One colour and point type per block; blocks follow hrel's canonical pattern
# order (E PP OA POA AO AA, then the others), the same in every data file.
set style line 1  lc rgb "#1f77b4" pt 7  ps 1.0 lw 1.5
set style line 2  lc rgb "#d62728" pt 5  ps 1.0 lw 1.5
set style line 3  lc rgb "#2ca02c" pt 9  ps 1.2 lw 1.5
set style line 4  lc rgb "#9467bd" pt 11 ps 1.2 lw 1.5
set style line 5  lc rgb "#ff7f0e" pt 13 ps 1.2 lw 1.5
set style line 6  lc rgb "#8c564b" pt 15 ps 1.1 lw 1.5
set style line 7  lc rgb "#e377c2" pt 4  ps 1.0 lw 1.5
set style line 8  lc rgb "#7f7f7f" pt 6  ps 1.0 lw 1.5
set style line 9  lc rgb "#bcbd22" pt 8  ps 1.0 lw 1.5
set style line 10 lc rgb "#17becf" pt 10 ps 1.0 lw 1.5
set style line 11 lc rgb "#393b79" pt 12 ps 1.0 lw 1.5
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
