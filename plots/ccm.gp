# ccm.gp -- where a Collective Computing Model (001) program spends its time: the
# supersteps of its critical path, left to right in the order they run, each a
# stacked bar of computation W, division cost T_g and communication T_f(P, h).
# The bars add up to the CCM total; the label under each names its kind, depth in
# the division tree (d) and processors (p).
#
# Usage: gnuplot -c plots/ccm.gp CCM_PATH.dat OUT.(png|pdf)
# The data come from `hrel model ccm FILE|--fft ... --plot-data CCM_PATH.dat`.

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "ccm_path.dat"
if (!exists("out")) out = "ccm_path.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 520
load plotdir."/common.gp"

if (with_title) set title "CCM critical path: computation, division, communication per superstep"
set style data histograms
set style histogram rowstacked
set style fill solid 0.9 border rgb "black"
set boxwidth 0.7
set ylabel "time (s)"
set xlabel "superstep on the critical path (kind, depth d, processors p)"
set yrange [0:*]
set xtics rotate by -30 left
set key outside top center horizontal samplen 1.5 width -2
set grid ytics
label(k, d, p) = sprintf("%s d%d p%d", k, d, p)
plot dat using 5:xtic(label(strcol(3), column(2), column(4))) lc rgb "black" dt 1 fc rgb "#DDDDDD" title "computation W", \
     ''  using 6 lc rgb "black" dt 1 fc rgb "#332288" title "division T_g", \
     ''  using 7 lc rgb "black" dt 1 fc rgb "#882255" title "communication T_f(P, h)"
