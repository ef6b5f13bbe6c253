# fig_gprocs.gp -- figure (b): g per pattern against the number of processors
# (the curves of figures 2-6 of 002), with 95% confidence bars where a pattern
# has three or more sizes. A perfect h-relation machine shows one horizontal line.
#
# Usage: gnuplot -e "dat='DIR/fit_gprocs.dat'; out='fig_gprocs.png'" plots/fig_gprocs.gp
#    or: gnuplot -c plots/fig_gprocs.gp DIR/fit_gprocs.dat fig_gprocs.pdf

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "fit_gprocs.dat"
if (!exists("out")) out = "fig_gprocs.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }

stats dat using 1 nooutput
n = STATS_blocks
pmin = STATS_min
pmax = STATS_max
stats dat using 2 nooutput
gmin = STATS_min
gmax = STATS_max
gpad = (gmax > gmin) ? 0.25 * (gmax - gmin) : 0.1 * abs(gmax) + 1e-12
width = 900
height = 600
load plotdir."/common.gp"

names = names_of(dat_sh)
unit = unit_of(dat_sh)

set xlabel "number of processors p"
set ylabel sprintf("g (s/%s)", unit_one(unit))
set format y "%.2h"
set xrange [pmin - 0.5 : pmax + 0.5]
# The y range follows the g values, not the confidence bars: with few sizes the
# bars can be far longer than the spread of g and would flatten every curve.
# y autoscales over the confidence bars too: every bar stays inside the frame
set autoscale y
set offsets 0, 0, graph 0.05, graph 0.05
# Patterns sit side by side around each p so that their bars do not overlap.
dx(i) = 0.06 * (i - (n - 1) / 2.0)
set xtics 1
if (pmax - pmin > 12) set xtics 2
set key outside right top vertical Left reverse width 2
ci(x) = (x == x) ? x : 0
plot for [i = 0:n-1] dat index i using ($1 + dx(i)):2:(ci($3)) with yerrorlines ls pat_ls(word(names, i + 1)) \
     title word(names, i + 1)
