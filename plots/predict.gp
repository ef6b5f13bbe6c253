# predict.gp -- a predicted program against its measurement, per M-step:
# the measured end of each step (largest t_end over ranks) and the end that
# BSPWB and MPM predict for it. Inputs are the per-step rows (rank "all") of
# `hrel model bspwb|mpm TRACE --csv` (model,step,rank,w_s,h_bytes,step_s,
# pred_s,measured_s,err_pct), one file per model, as experiments/predict.sh
# writes them (steps_bspwb.csv, steps_mpm.csv).
#
# Usage: gnuplot -c plots/predict.gp steps_bspwb.csv steps_mpm.csv predict.png
bsp = ARG1
mpm = ARG2
out = ARG3
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 540
load plotdir."/common.gp"
set datafile separator ","
set key top left
set xlabel "M-step"
set ylabel "end of step (s since the program's start)"
if (with_title) set title "Predicted against measured per M-step"
plot mpm using 2:8 with linespoints title "measured", \
     bsp using 2:7 with linespoints title "BSPWB", \
     mpm using 2:7 with linespoints title "MPM"
