# fig_compare.gp -- g per pattern and pooled, side by side across platforms
# (the cross-architecture view of 000 tables 2-12). A dot plot: one row per
# pattern, one marker per platform on a log axis of g (platforms differ by
# decades). Dots need no baseline, so the log axis misleads nobody the way bars
# from an arbitrary bottom would. No title: captions go into the report and LaTeX.
#
# Usage: gnuplot -e "dat='DIR/compare.dat'; out='fig_compare.png'" plots/fig_compare.gp
#    or: gnuplot -c plots/fig_compare.gp DIR/compare.dat fig_compare.pdf
# The data come from `hrel compare RUN... -o DIR` (experiments/compare.sh).

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "compare.dat"
if (!exists("out")) out = "fig_compare.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }

# a log scale shows only positive g: a fit on noisy data can give g <= 0,
# which is left out of the bars (the tables still show it)
pos(x) = (x > 0) ? x : NaN
stats dat using (pos($3)) nooutput
n = STATS_blocks
gmin = STATS_min
gmax = STATS_max
# the pattern columns and their labels come from the data (hrel compare
# writes them from the pattern registry)
stats dat using 1 nooutput
kmax = STATS_max
width = 1000
height = 150 + 45 * (kmax + 1)
load plotdir."/common.gp"

plat(i) = system(sprintf("awk '/^\"/ {k++; if (k == %d) {gsub(/\"/, \"\"); print; exit}}' %s", i + 1, dat_sh))
# platforms a little apart within a pattern's row, so equal g do not hide each other
dy = (n > 1) ? 0.5 / (n - 1) : 0
row(k, i) = k + (i - (n - 1) / 2.0) * dy
set logscale x
set format x "10^{%L}"
set xrange [gmin / 2 : gmax * 2]
set yrange [kmax + 0.7 : -0.7]
set xlabel "g (s/byte), all processor counts"
unset ylabel
set grid xtics ytics
set key outside top center horizontal Left reverse
plot for [i=0:n-1] dat index i using (pos($3)):(row($1, i)) with points ls (31 + i % 8) ps 1.0 title plat(i), \
     for [i=0:n-1] dat index i using (NaN):1:ytic(stringcolumn(2) eq "ALL" ? "pooled" : stringcolumn(2)) notitle
