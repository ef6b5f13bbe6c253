# log_xtics.gp -- tics of a logarithmic x axis at 1, 2 and 5 times each power of ten
# between xlo and xhi, labelled 20k, 500k, 1M (k = 1000): a study's sizes span about
# a decade and a half, where powers of ten alone leave one tic. Needs xlo, xhi.
set xtics ()
set format x "%g"
do for [_e = floor(log10(xlo)) : ceil(log10(xhi))] {
    do for [_m in "1 2 5"] {
        _v = real(_m) * 10.0 ** _e
        if (_v >= xlo && _v <= xhi) {
            _lab = (_v >= 1e6) ? sprintf("%gM", _v / 1e6) : (_v >= 1e3) ? sprintf("%gk", _v / 1e3) : sprintf("%g", _v)
            set xtics add (_lab _v)
        }
    }
}
