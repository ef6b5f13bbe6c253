# predict_matrix.gp -- the validation matrix at a glance: every cell's predicted
# run time against its measured one (median of the untraced runs), for the
# message-level replay (with the platform's medium) and MPM, on the cell's own
# platform (filled) and from a trace recorded on one host (open). The solid
# line is a perfect prediction, the dashed ones +-10 %, the dotted +-15 %.
# Input: matrix.csv of experiments/predict_matrix.sh (platform,cell,route,
# source,model,predicted_s,measured_s,untraced_s,err_pct,err_untraced_pct,...).
#
# Usage: gnuplot -c plots/predict_matrix.gp matrix.csv matrix.png
dat = ARG1
out = ARG2
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 800
height = 720
load plotdir."/common.gp"
set datafile separator ","
set logscale xy
set format x "%g"
set format y "%g"
set xtics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)
set ytics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)
set xlabel "measured run time, median of the untraced runs (s)"
set ylabel "predicted run time (s)"
set key top left
set grid
if (with_title) set title "Predicted against measured, every cell of the matrix"
sel(m, s, v) = (strcol(5) eq m && strcol(4) eq s) ? v : NaN
# one range for both axes, from every time in the file (predicted and measured)
isrow(v) = (strcol(5) eq "replay" || strcol(5) eq "mpm") ? v : NaN
stats dat using (isrow($6)) name "P" nooutput
stats dat using (isrow($8)) name "M" nooutput
lo = (P_min < M_min ? P_min : M_min) / 1.4
hi = (P_max > M_max ? P_max : M_max) * 1.4
set xrange [lo:hi]
set yrange [lo:hi]
set size ratio -1
plot x title "exact" lc rgb "black" lw 1, \
     1.1*x notitle dt 2 lc rgb "gray40", 0.9*x title "+-10 %" dt 2 lc rgb "gray40", \
     1.15*x notitle dt 3 lc rgb "gray60", 0.85*x title "+-15 %" dt 3 lc rgb "gray60", \
     dat using (sel("replay", "same", $8)):6 with points pt 7 lc rgb "#1f77b4" title "replay, own trace", \
     dat using (sel("replay", "local", $8)):6 with points pt 6 lc rgb "#1f77b4" title "replay, local trace", \
     dat using (sel("mpm", "same", $8)):6 with points pt 5 lc rgb "#d62728" title "MPM, own trace", \
     dat using (sel("mpm", "local", $8)):6 with points pt 4 lc rgb "#d62728" title "MPM, local trace"
