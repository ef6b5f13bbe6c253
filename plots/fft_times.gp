# fft_times.gp -- model and actual times of a parallel FFT against p (like
# figures 9 and 10 of 002): per platform the measured median with min..max
# bars (solid), the formula prediction (dashed: 002 (15)-(17) for the M-step
# FFT, 001's CCM cost for the divide-and-conquer FFT) and the MPM prediction
# of the run's own traces (dotted).
#
# Usage: gnuplot -e "tables='A/table.csv B/table.csv'; names='local lan-utp'; algo='mstep'; out='fft_times_mstep.png'" plots/fft_times.gp
# tables: `hrel fft table` CSV files (algo,n,p,reps,actual_s,actual_min_s,
# actual_max_s,model_s,error_pct,mpm_s,mpm_error_pct); algo: mstep or ccm.

if (!exists("tables") && ARGC >= 1) tables = ARG1
if (!exists("names") && ARGC >= 2) names = ARG2
if (!exists("algo") && ARGC >= 3) algo = ARG3
if (!exists("out") && ARGC >= 4) out = ARG4
if (!exists("tables")) tables = "table.csv"
if (!exists("names")) names = tables
if (!exists("algo")) algo = "mstep"
if (!exists("out")) out = "fft_times_".algo.".png"
# the folder of this script, found without a shell (a path is never code)
_i = strlen(ARG0)
while (_i > 0 && ARG0[_i:_i] ne "/") { _i = _i - 1 }
if (_i > 1) { plotdir = ARG0[1:_i-1] } else { plotdir = (_i == 1) ? "/" : "." }
width = 900
height = 600
load plotdir."/common.gp"

set datafile separator ","
set logscale x 2
set logscale y
load plotdir."/procs_axis.gp"   # x range and tics: the p of the runs present
set xlabel "number of processors p"
set ylabel "time (s)"
set key outside right top vertical Left reverse width 2
if (with_title) set title (algo eq "mstep" ? "M-step FFT (002 figure 7)" : "divide-and-conquer FFT (001)") \
          ." : actual (solid), model (dashed), MPM of the trace (dotted)"
sel(col) = (strcol(1) eq algo) ? column(col) : NaN
nt = words(tables)
plot for [i = 1:nt] word(tables, i) every ::1 using 3:(sel(5)):(sel(6)):(sel(7)) \
         with yerrorlines ls (30 + i) dt 1 title word(names, i)." actual", \
     for [i = 1:nt] word(tables, i) every ::1 using 3:(sel(8)) \
         with linespoints ls (30 + i) dt 2 pt 6 title word(names, i)." model", \
     for [i = 1:nt] word(tables, i) every ::1 using 3:(sel(10)) \
         with linespoints ls (30 + i) dt 3 pt 4 title word(names, i)." MPM"
