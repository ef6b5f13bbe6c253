# hyper_tc.gp -- figures like 11, 12 and 14 of papers/003: measured
# completion time T_c of one pattern against message size (median of the
# repetitions, bars from the fastest to the slowest), the hyperbolic-model
# prediction, and the plain linear model alpha + beta x fitted to the same
# medians; log-log.
#
# Usage: gnuplot -e "dat='DIR/hyper_BT_p8.dat'; out='hyper_BT_p8.png'" plots/hyper_tc.gp
#    or: gnuplot -c plots/hyper_tc.gp DIR/hyper_BT_p8.dat hyper_BT_p8.pdf
# Reads one data file of `hrel hyper plotdata`: block 0 the measurements
# (msg_bytes median_s min_s max_s hyperbolic_s linear_s reps), block 1 both
# models on a dense grid (msg_bytes hyperbolic_s linear_s); its "# title:"
# line names the case.

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "hyper_BT_p2.dat"
if (!exists("out")) out = "hyper_tc.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 640
load plotdir."/common.gp"

ttl = system("sed -n 's/^# title: //p' ".dat_sh." | head -n 1")
if (with_title) set title "T_c: ".ttl." -- measured vs hyperbolic vs linear"
set logscale xy
set xlabel "message size x (bytes)"
set ylabel "completion time T_c (s)"
set format y "10^{%L}"
set format x "10^{%L}"
set key top left
plot dat index 0 using 1:2:3:4 with yerrorbars ls 41 title "measured (median, min..max)", \
     dat index 1 using 1:2 with lines ls 42 lw 2 title "hyperbolic a^2/(a+bx)+bx", \
     dat index 1 using 1:3 with lines ls 21 lw 2 title "linear {/Symbol a}+{/Symbol b}x"
unset output
