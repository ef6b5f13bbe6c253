# logp.gp -- the LogP model beside the hyperbolic model (003 section 6): for n
# consecutive small messages, T_LogP(n) = a + (n-1) b and T_hyp(n) = T(n-1; a, b)
# with a = 2o + L, b = max(g, o) (left), and their ratio T_hyp/T_LogP, which stays
# within [3/4, 1] (003 formula 18), with the sending-time ratio 1 - (n-1)/n^2
# (formula 19) (right).
#
# Usage: gnuplot -c plots/logp.gp LOGP.dat OUT.(png|pdf)
# The data are the output of `hrel hyper logp --L L --o O --g G --n N`.

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "logp.dat"
if (!exists("out")) out = "logp.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
# side by side in a double column, one above the other in a single column
narrow = strlen(out) > 9 && out[strlen(out)-8:] eq "_1col.pdf"
width = 1000
height = narrow ? 1100 : 420
load plotdir."/common.gp"

num(c) = valid(1) ? column(c) : NaN   # the "a" and "b" lines are not rows
if (narrow) { set multiplot layout 2, 1 } else { set multiplot layout 1, 2 }
set xlabel "consecutive messages n"
set ylabel "time (s)"
set logscale x
set key top left
plot dat using (num(1)):(num(3)) with linespoints ls 41 title "LogP", \
     ''  using (num(1)):(num(2)) with linespoints ls 42 title "hyperbolic"
set ylabel "ratio"
set yrange [0.7:1.02]
set key bottom right
set arrow 1 from graph 0, first 0.75 to graph 1, first 0.75 nohead ls 21
set label 1 "3/4 (003 f. 18, 19)" at graph 0.98, first 0.735 right
plot dat using (num(1)):(num(4)) with linespoints ls 41 title "T_{hyp} / T_{LogP}", \
     ''  using (num(1)):(num(5)) with linespoints ls 43 title "T_{s,hyp} / T_{s,LogP}"
unset multiplot
