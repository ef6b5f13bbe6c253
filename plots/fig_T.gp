# fig_T.gp -- figure (a): T(h) per pattern, log-log, one panel per pattern: the
# summary time averaged over processor counts with the spread of all single
# repetitions (min..max over every processor count) and the fitted L + g*h.
#
# Usage: gnuplot -e "dat='DIR/fit_T.dat'; out='fig_T.png'" plots/fig_T.gp
#    or: gnuplot -c plots/fig_T.gp DIR/fit_T.dat fig_T.pdf
# Reads dat and, beside it, fit_Tline.dat (both written by `hrel fit`).

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "fit_T.dat"
if (!exists("out")) out = "fig_T.png"
_j = strlen(dat)
while (_j > 0 && dat[_j:_j] ne "/") { _j = _j - 1 }
if (_j > 0) { linefile = dat[1:_j]."fit_Tline.dat" } else { linefile = "fit_Tline.dat" }
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }

stats dat using 1 nooutput
n = STATS_blocks
xlo = STATS_min / 1.6
xhi = STATS_max * 1.6
onecol = (strlen(out) > 9 && out[strlen(out)-8:] eq "_1col.pdf")
ncol = (n <= 3) ? n : (onecol ? 2 : 3)
nrow = int((n + ncol - 1) / ncol)
width = (ncol < 3) ? 900 : 420 * ncol
height = 360 * nrow + 60
load plotdir."/common.gp"

names = names_of(dat_sh)
unit = unit_of(dat_sh)
summ = summary_of(dat_sh)

set logscale xy
set format y "10^{%T}"
set xlabel sprintf("h-relation size h (%s)", unit)
set ylabel "time (s)"
set xrange [xlo:xhi]
load plotdir."/log_xtics.gp"
# no key: every panel draws the same two things (bars: measured spread, dashed:
# fitted L + g h); the caption says so, and no key can hide a bar
unset key
set multiplot layout nrow, ncol
do for [i = 0:n-1] {
    set title sprintf("pattern %s", word(names, i + 1))
    plot dat index i using 1:2:3:4 with yerrorbars ls pat_ls(word(names, i + 1)) title "measured", \
         linefile index i using 1:2 with lines ls 21 title "fit"
}
unset multiplot
