# fig_pooled.gp -- figure (c): every h-relation pattern against the pooled fit,
# the h-relation hypothesis at a glance. Top: T_P(h) of each pattern (averaged over
# processor counts), T_average and the pooled line L + g*h, log-log. Bottom: the
# deviation of each pattern from the pooled line in percent.
#
# Usage: gnuplot -e "dat='DIR/fit_pooled.dat'; out='fig_pooled.png'" plots/fig_pooled.gp
#    or: gnuplot -c plots/fig_pooled.gp DIR/fit_pooled.dat fig_pooled.pdf
# Reads dat and, beside it, fit_pooled_line.dat (both written by `hrel fit`).

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "fit_pooled.dat"
if (!exists("out")) out = "fig_pooled.png"
_j = strlen(dat)
while (_j > 0 && dat[_j:_j] ne "/") { _j = _j - 1 }
if (_j > 0) { linefile = dat[1:_j]."fit_pooled_line.dat" } else { linefile = "fit_pooled_line.dat" }
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }

stats dat using 1 nooutput
n = STATS_blocks
xlo = STATS_min / 1.4
xhi = STATS_max * 1.4
width = 1000
height = 850
load plotdir."/common.gp"

names = names_of(dat_sh)
unit = unit_of(dat_sh)
np = n - 1          # the last block is T_average

set multiplot layout 2, 1
set lmargin 12
set rmargin 20
set key outside right top vertical
set logscale x
set xrange [xlo:xhi]
load plotdir."/log_xtics.gp"
set key Left reverse width 2
set xlabel sprintf("h-relation size h (%s)", unit)

set size 1, 0.6
set origin 0, 0.38
set logscale y
set format y "10^{%T}"
set ylabel "time (s)"
plot for [i = 0:np-1] dat index i using 1:2 with linespoints ls pat_ls(word(names, i + 1)) title word(names, i + 1), \
     dat index np using 1:2 with points pt 6 ps 2 lc rgb "black" title "T_{average}", \
     linefile index 0 using 1:2 with lines ls 20 title "pooled L+gh"

set size 1, 0.38
set origin 0, 0
unset logscale y
set format y "%g"
set ylabel "deviation from pooled fit (%)"
unset key    # one legend per figure: the top panel's
plot for [i = 0:np-1] dat index i using 1:3 with linespoints ls pat_ls(word(names, i + 1)) title word(names, i + 1), \
     0 with lines ls 21 notitle
unset multiplot
