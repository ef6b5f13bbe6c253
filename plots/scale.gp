# scale.gp -- replay and import at scale (docs/scale.md): wall time of each stage
# against the trace's events, both axes logarithmic, one shape's runs; the grey
# line is 1 M events per second (the goal of issue #24). Every run is a point, so
# repetitions show their spread.
#
# Usage: gnuplot -c plots/scale.gp SCALE.csv OUT.(png|pdf) [SHAPE]
# The data come from experiments/bench_scale.sh (scale.csv); SHAPE defaults to ring.

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("shape") && ARGC >= 3) shape = ARG3
if (!exists("dat")) dat = "scale.csv"
if (!exists("out")) out = "scale.png"
if (!exists("shape")) shape = "ring"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 600
load plotdir."/common.gp"

set datafile separator ","
stats dat using 2 nooutput
xlo = STATS_min
xhi = STATS_max
set logscale xy
set xrange [xlo / 1.5 : xhi * 1.5]
load plotdir."/log_xtics.gp"
set format y "%g"
set xlabel "events in the trace (msgs.csv rows)"
set ylabel "wall time (s)"
set key top left
if (with_title) set title sprintf("hrel at scale: %s traces, 16 ranks", shape)
stages = "import replay-none replay-port replay-bus daemon bspwb mpm"
sel(k) = (strcol(1) eq shape && strcol(3) eq word(stages, k)) ? column(5) : NaN
plot for [k = 1:words(stages)] dat using 2:(sel(k)) with linespoints ls 40 + k title word(stages, k), \
     x / 1e6 with lines ls 21 title "1 M events/s"
