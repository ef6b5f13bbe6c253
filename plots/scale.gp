# scale.gp -- replay and import at scale (docs/scale.md): wall time of each stage
# against the trace's events, both axes logarithmic, one shape; the grey line is
# 1 M events per second (the goal of issue #24).
#
# Usage: gnuplot -c plots/scale.gp SCALE_SHAPE.dat OUT.(png|pdf) [SHAPE]
# The data come from experiments/bench_scale.sh (scale_SHAPE.dat: events, then one
# column of mean seconds per stage, named in its second comment line); SHAPE (for
# the title) defaults to ring.

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("shape") && ARGC >= 3) shape = ARG3
if (!exists("dat")) dat = "scale_ring.dat"
if (!exists("out")) out = "scale.png"
if (!exists("shape")) shape = "ring"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 600
load plotdir."/common.gp"

stats dat using 1 nooutput
xlo = STATS_min / 1.5
xhi = STATS_max * 1.5
set logscale xy
set xrange [xlo : xhi]
load plotdir."/log_xtics.gp"
set format y "%g"
set xlabel "events in the trace (msgs.csv rows)"
set ylabel "wall time (s)"
set key top left
if (with_title) set title sprintf("hrel at scale: %s traces, 16 ranks", shape)
stages = "import import-tev replay-none replay-port replay-bus daemon bspwb mpm"
plot for [k = 1:words(stages)] dat using 1:(column(k + 1)) with linespoints ls 40 + k title word(stages, k), \
     x / 1e6 with lines ls 21 title "1 M events/s"
