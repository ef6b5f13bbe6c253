# figure.sh -- draw one figure in both formats (sourced by the experiment scripts).
#
#   . "$ROOT/experiments/figure.sh"
#   hrel_figure NAME OUTBASE ARG...   # gnuplot -c plots/NAME.gp ARG... OUTBASE.png, then .pdf
#
# The output file is the script's last argument; every path goes to gnuplot as an
# argument (-c), never as code. On failure: one line naming the script and the
# output on stderr, and status 1.
hrel_figure() {
    local name=$1 base=$2 ext; shift 2
    for ext in png pdf; do
        gnuplot -c "$ROOT/plots/$name.gp" "$@" "$base.$ext" 2>"$base.$ext.err" || {
            echo "$(basename "$0"): gnuplot failed on plots/$name.gp -> $base.$ext: $(head -n 1 "$base.$ext.err")" >&2
            rm -f "$base.$ext.err"; return 1; }
        rm -f "$base.$ext.err"
    done
}
