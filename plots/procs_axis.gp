# procs_axis.gp -- an x axis of processor counts that follows the runs present
# (no empty p = 8 column when 8 was not run). Loaded by the FFT figures after
# `set datafile separator ","` and `set logscale x 2`; needs `tables` (words:
# CSV files with a header line and p in column 3). Sets the x range from the
# smallest to the largest p present and a tic at each power of two between.
_pmin = 1e300
_pmax = 0
do for [_f in tables] {
    stats _f every ::1 using 3 nooutput
    if (STATS_min < _pmin) { _pmin = STATS_min }
    if (STATS_max > _pmax) { _pmax = STATS_max }
}
set xrange [_pmin / 1.25 : _pmax * 1.25]
set xtics ()
do for [_k = 0:20] {
    _v = 2 ** _k
    if (_v >= _pmin && _v <= _pmax) { set xtics add (sprintf("%d", _v) _v) }
}
