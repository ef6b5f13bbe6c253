# predict.gp -- a predicted program against its measurement, per M-step:
# the measured end of each step (largest t_end over ranks) and the end that
# BSPWB and MPM predict for it, from experiments/predict.sh's steps.csv
# (rows of `hrel model bspwb|mpm TRACE --csv`: model,step,rank,w_s,h_bytes,
# step_s,pred_s,measured_s,err_pct; the per-step rows have rank "all").
#
# Usage: gnuplot -c plots/predict.gp steps.csv predict.png
dat = ARG1
out = ARG2
plotdir = system("dirname '".ARG0."'")
width = 900
height = 540
load plotdir."/common.gp"
set datafile separator ","
set key top left
set xlabel "M-step"
set ylabel "end of step (s since the program's start)"
set title "Predicted against measured per M-step"
sel(m) = (strcol(1) eq m && strcol(3) eq "all") ? 1 : NaN
plot dat using ($2*sel("mpm")):8 with linespoints title "measured", \
     dat using ($2*sel("bspwb")):7 with linespoints title "BSPWB", \
     dat using ($2*sel("mpm")):7 with linespoints title "MPM"
