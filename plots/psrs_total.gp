# psrs_total.gp -- PSRS predicted vs actual time against P, like figure 12 of
# 002: per platform the measured mean with min..max bars (spread), the BSPWB
# prediction of formulas 19-25 (dashed) and the BSPWB model on the runs' own
# traces (dotted).
#
# Usage: gnuplot -e "dat='psrs_total.dat'; out='psrs_total.png'" plots/psrs_total.gp
#    or: gnuplot -c plots/psrs_total.gp psrs_total.dat psrs_total.pdf
# Several platforms in one figure: dat='a/psrs_total.dat b/psrs_total.dat' and
# names='lan-utp lan-coax' (one name per file; default: the file names).
# dat is written by: hrel psrs compare RUNS.csv ... --plot-data DIR
# (columns: procs actual_mean_s actual_min_s actual_max_s formula_s
# trace_bspwb_s formula_err_pct bspwb_err_pct runs).

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("names") && ARGC >= 3) names = ARG3
if (!exists("title") && ARGC >= 4) title = ARG4
if (!exists("dat")) dat = "psrs_total.dat"
if (!exists("out")) out = "psrs_total.png"
if (!exists("names")) names = dat
if (!exists("title")) title = "PSRS predicted vs actual times"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
load plotdir."/common.gp"   # terminal from the extension of out, line styles

if (with_title) set title title noenhanced
set xlabel "processors P" offset 0,0.5
set bmargin 5 + 2 * words(dat)   # room for the key below
set ylabel "time (s)"
set xtics 1
set key below noenhanced
set offsets 0.3, 0.3, 0, 0
set yrange [0:*]
plot for [i = 1:words(dat)] word(dat, i) using 1:2:3:4 with yerrorlines ls (30 + i) lw 2 \
         title word(names, i)." actual (mean, min..max)", \
     for [i = 1:words(dat)] word(dat, i) using 1:5 with linespoints ls (30 + i) dt 2 pt 6 \
         title word(names, i)." BSPWB formulas 19-25", \
     for [i = 1:words(dat)] word(dat, i) using 1:6 with linespoints ls (30 + i) dt 3 pt 4 \
         title word(names, i)." BSPWB on own traces"
