# offline_check.gp -- issue 23's checks at a glance: for each program, its
# checks side by side (own trace on FROM, FROM's trace on the slow platform:
# cross-CPU, the what-if on FROM's characterisation against the fast
# platform, the fast platform's own trace), each check's untraced runs (grey
# dots) and the recommended model's prediction (filled: own trace, open:
# predicted without running there), all as ratios to that check's median
# untraced run. Dashed lines: +-10 % (the cross-CPU goal), dotted: +-15 %
# (the what-if goal).
# Input: offline_fig.csv of experiments/offline_check.sh
# (x,program,check,platform,model,kind,ratio).
#
# Usage: gnuplot -c plots/offline_check.gp offline_fig.csv offline.png
dat = ARG1
out = ARG2
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 1000
height = 560
load plotdir."/common.gp"
set datafile separator ","
stats dat using 1 name "X" nooutput
stats dat using 7 name "R" nooutput
lo = R_min < 0.8 ? R_min - 0.03 : 0.8
hi = R_max > 1.2 ? R_max + 0.03 : 1.2
set xrange [0:X_max + 1]
set yrange [lo:hi]
set ylabel "run time / median untraced run"
set grid ytics
set key outside bottom center horizontal
# each check's tic: "CHECK PLATFORM" (slanted); each program's name above its
# four checks (every row of an x gives the same tic text)
set xtics rotate by 30 right font ",8" nomirror
lab(x) = sprintf("%s %s", strcol(3) eq "same" ? "own trace," : strcol(3) . " ->", strcol(4))
sel(k, c, v) = (strcol(6) eq k && (c eq "" || (c eq "own" ? strcol(3) eq "same" : strcol(3) ne "same"))) ? v : NaN
name(x) = (int(x) - 5 * int(x / 5) == 1 && strcol(6) eq "predicted") ? strcol(2) : ""
set bmargin 9
if (with_title) set title "Predicting without running there: each check's runs and prediction"
plot 1 notitle lc rgb "black" lw 1, \
     1.1 notitle dt 2 lc rgb "gray40", 0.9 title "+-10 %" dt 2 lc rgb "gray40", \
     1.15 notitle dt 3 lc rgb "gray60", 0.85 title "+-15 %" dt 3 lc rgb "gray60", \
     dat using 1:(sel("run", "", $7)):xtic(lab($1)) with points pt 7 ps 0.5 lc rgb "gray50" title "untraced runs", \
     dat using 1:(sel("predicted", "own", $7)) with points pt 7 ps 1.4 lc rgb "#1f77b4" title "predicted, own trace", \
     dat using 1:(sel("predicted", "off", $7)) with points pt 6 ps 1.6 lw 2 lc rgb "#d62728" title "predicted without running there", \
     dat using ($1 + 1.5):(hi - 0.012 * (hi - lo) / 0.4):(name($1)) with labels font ",9" notitle
