# fft_error.gp -- error percentage of the FFT predictions against p (like
# figure 11 of 002): Error = 100 (actual - model) / actual (formula 18), per
# platform and algorithm (M-step FFT colours 1-5, divide-and-conquer 6-10);
# solid the formula model, dashed the MPM of the traces.
#
# Usage: gnuplot -e "tables='A/table.csv B/table.csv'; names='local lan-utp'; out='fft_error.png'" plots/fft_error.gp

if (!exists("tables") && ARGC >= 1) tables = ARG1
if (!exists("names") && ARGC >= 2) names = ARG2
if (!exists("out") && ARGC >= 3) out = ARG3
if (!exists("tables")) tables = "table.csv"
if (!exists("names")) names = tables
if (!exists("out")) out = "fft_error.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 600
load plotdir."/common.gp"

set datafile separator ","
set logscale x 2
load plotdir."/procs_axis.gp"   # x range and tics: the p of the runs present
set xlabel "number of processors p"
set ylabel "error (%) = 100 (actual - model) / actual"
set key outside right top vertical Left reverse width 2
if (with_title) set title "FFT prediction error (002 formula 18)"
set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead ls 21   # the zero line
sel(a, col) = (strcol(1) eq a) ? column(col) : NaN
nt = words(tables)
plot for [i = 1:nt] word(tables, i) every ::1 using 3:(sel("mstep", 9)) \
         with linespoints ls (30 + i) dt 1 pt 7 title word(names, i)." M-step model", \
     for [i = 1:nt] word(tables, i) every ::1 using 3:(sel("mstep", 11)) \
         with linespoints ls (30 + i) dt 2 pt 6 title word(names, i)." M-step MPM", \
     for [i = 1:nt] word(tables, i) every ::1 using 3:(sel("ccm", 9)) \
         with linespoints ls (30 + i) dt 1 pt 5 title word(names, i)." divide-and-conquer model", \
     for [i = 1:nt] word(tables, i) every ::1 using 3:(sel("ccm", 11)) \
         with linespoints ls (30 + i) dt 2 pt 4 title word(names, i)." divide-and-conquer MPM"
