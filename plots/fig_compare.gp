# fig_compare.gp -- g per pattern and pooled, side by side across platforms
# (the cross-architecture view of 000 tables 2-12). Bars: one cluster per
# pattern, one bar per platform; log scale, since platforms differ by decades.
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
height = 600
load plotdir."/common.gp"

plat(i) = system(sprintf("awk '/^\"/ {k++; if (k == %d) {gsub(/\"/, \"\"); print; exit}}' %s", i + 1, dat_sh))
bw = 0.8 / n
set style fill solid 0.85 border rgb "black"
set boxwidth bw
set logscale y
set format y "10^{%L}"
set yrange [gmin / 3 : gmax * 3]
set xrange [-0.6 : kmax + 0.6]
set xlabel "pattern"
set ylabel "g (s/byte)"
set title "g per pattern (all processor counts) and pooled, per platform"
set key outside right top vertical Left reverse
set grid ytics
plot for [i=0:n-1] dat index i using ($1 + (i - (n - 1) / 2.0) * bw):(pos($3)) with boxes ls (31 + i % 8) fc ls (31 + i % 8) title plat(i), \
     dat index 0 using 1:(NaN):xtic(stringcolumn(2) eq "ALL" ? "pooled" : stringcolumn(2)) notitle
