# psrs_steps.gp -- where the PSRS prediction misses: per processor count, a
# bar pair per M-step, measured step time (mean over traced runs; T_s - T_{s-1}
# with T_s the last t_end of step s) beside the BSPWB step time of formulas
# 19-25; labels "s:PATTERN". One panel per P.
#
# Usage: gnuplot -e "dat='psrs_steps.dat'; out='psrs_steps.png'" plots/psrs_steps.gp
#    or: gnuplot -c plots/psrs_steps.gp psrs_steps.dat psrs_steps.pdf
# dat is written by: hrel psrs compare RUNS.csv ... --plot-data DIR (one block
# per P; columns: step P actual_step_s predicted_step_s actual_w_s
# predicted_work_s err_pct). Set logy=1 for a logarithmic time axis.

if (!exists("dat") && ARGC >= 1) dat = ARG1
if (!exists("out") && ARGC >= 2) out = ARG2
if (!exists("dat")) dat = "psrs_steps.dat"
if (!exists("out")) out = "psrs_steps.png"
if (!exists("logy")) logy = 0
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }

stats dat using 2 nooutput
nb = STATS_blocks
ncol = (nb < 4) ? nb : 4
nrow = int((nb + ncol - 1) / ncol)
width = 420 * ncol
height = 360 * nrow + 40
load plotdir."/common.gp"   # terminal from the extension of out, line styles

set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border lc rgb "black"
set boxwidth 0.9
set xtics rotate by -45 scale 0 font ",9"
set ylabel "step time (s)"
set key top right font ",9"
if (logy) { set logscale y } else { set yrange [0:*] }
set offsets 0, 0, graph 0.2, 0   # headroom for the key above the tallest bar
set multiplot layout nrow, ncol title "PSRS per M-step: measured vs BSPWB (002 formulas 19-25)"
do for [b = 0:nb - 1] {
    stats dat index b using 2 nooutput
    set title sprintf("P = %d", int(STATS_min))
    # every ::1 skips the block's header line
    plot dat index b every ::1 using 3:xtic(1) ls 41 title "measured", \
         '' index b every ::1 using 4 ls 42 title "predicted"
}
unset multiplot
