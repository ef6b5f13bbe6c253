# msteps.gp -- M-step schedule like figure 1 of 002: per processor, bars of
# computation (white) and communication + waiting (dark) for every M-step, as
# measured (upper bar, "run") and as the MPM model schedules it (lower bar,
# "MPM": computation from Φ_{s-1,i}, then communication until Φ_{s,i}). Red
# triangles mark the MPM times Φ_{s,i}; dashed vertical lines the BSPWB times
# T_s of formula (5). Communication is often a sliver of a step, so a second
# panel below gives it its own axis: per M-step and processor, the time from the
# end of the computation to the end of the step, measured (dark squares) and as
# MPM schedules it (blue dots), in ms on a log axis, with their shares.
#
# Usage: gnuplot -e "dat='msteps.dat'; out='msteps.png'" plots/msteps.gp
#    or: gnuplot -c plots/msteps.gp msteps.dat msteps.pdf
# dat is written by: hrel model mpm TRACE.csv --g G --L L --plot-data msteps.dat
# (columns: rank step meas_start meas_wend meas_end mpm_start mpm_wend mpm_end
# bspwb_T; measured columns are NaN where the trace has no t_end).

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "msteps.dat"
if (!exists("out")) out = "msteps.png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }

stats dat using 1 nooutput
nproc = int(STATS_max) + 1
stats dat using 9 nooutput
tmax = STATS_max
stats dat using 5 nooutput
if (STATS_records > 0 && STATS_max > tmax) tmax = STATS_max
stats dat using 2 nooutput
nstep = int(STATS_max)
# communication + wait per (step, rank): measured and MPM, and their shares
stats dat using ($5 - $4) nooutput
comm_meas = STATS_records > 0 ? STATS_sum : NaN
stats dat using ($8 - $7) nooutput
comm_mpm = STATS_sum
width = 1000
height = 160 + 90 * nproc + 260
load plotdir."/common.gp"

if (with_title) set title "M-steps per processor: measured (run) and MPM schedule; ▲ Φ_{s,i} (MPM), dashed: BSPWB T_s"
set xlabel "time since the common start (s)"
set xrange [0:tmax * 1.05]
set yrange [-0.7:nproc - 0.3]
set ytics ()
do for [i = 0:nproc - 1] {
    set ytics add (sprintf("P%d run", i) i + 0.225, sprintf("P%d MPM", i) i - 0.225)
}
set grid noytics xtics
set key outside top center horizontal
set style fill solid 1.0 border lc rgb "black"

set multiplot
set lmargin 12   # both panels' axes start at the same x
top = 260.0 / height
set origin 0, top
set size 1, 1 - top
plot dat using (($3+$4)/2):($1+0.225):3:4:($1+0.05):($1+0.40) with boxxyerror \
         fc rgb "white" title "computation", \
     dat using (($4+$5)/2):($1+0.225):4:5:($1+0.05):($1+0.40) with boxxyerror \
         fc rgb "#333333" title "communication + wait (run)", \
     dat using (($6+$7)/2):($1-0.225):6:7:($1-0.40):($1-0.05) with boxxyerror \
         fc rgb "white" notitle, \
     dat using (($7+$8)/2):($1-0.225):7:8:($1-0.40):($1-0.05) with boxxyerror \
         fc rgb "#1f4e9c" title "communication (MPM)", \
     dat using 8:($1-0.225) with points pt 9 ps 1.6 lc rgb "#882255" title "Φ_{s,i} (MPM)", \
     dat using 9:(-0.6):(0):(nproc + 0.2) with vectors nohead dt 2 lw 1.5 lc rgb "#882255" \
         title "BSPWB T_s"

# the communication panel: x = step, the processors side by side within it
unset arrow
set origin 0, 0
set size 1, top
set xrange [0.5 : nstep + 0.5]
set autoscale y
set logscale y
set offsets 0, 0, graph 0.35, graph 0.25   # room for the key below, the label above
set format y "%g"
set xtics 1
set ytics auto
set grid ytics noxtics
set xlabel "M-step (processors 0.. left to right)"
set ylabel "comm. + wait (ms)"
set key inside bottom left horizontal
set label 1 sprintf("share of processor time: run %.3g%%, MPM %.3g%%", \
    100 * comm_meas / (nproc * tmax), 100 * comm_mpm / (nproc * tmax)) at graph 0.99, graph 0.92 right
# points on a log axis (a bar would need a baseline): every (step, processor)
xpos(step, rank) = step - 0.4 + 0.8 * (rank + 0.5) / nproc
pos(v) = v > 0 ? v : NaN
plot dat using (xpos($2, $1)):(pos(1000 * ($5 - $4))) with points pt 5 ps 1.2 lc rgb "#333333" \
         title "run", \
     dat using (xpos($2, $1)):(pos(1000 * ($8 - $7))) with points pt 7 ps 1.2 lc rgb "#1f4e9c" \
         title "MPM"
unset multiplot
