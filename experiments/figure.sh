# figure.sh -- draw one figure at every size a report or paper needs (sourced by the
# experiment scripts).
#
#   . "$ROOT/experiments/figure.sh"
#   hrel_figure NAME OUTBASE ARG...
#
# runs gnuplot -c plots/NAME.gp ARG... three times, for OUTBASE.png (the screen),
# OUTBASE.pdf (double column, 7 in) and OUTBASE_1col.pdf (single column, 3.4 in; both
# with 8-pt text, plots/common.gp). The output file goes where an ARG is the word
# @OUT@, else last. Every path goes to gnuplot as an argument (-c), never as code.
# On failure: one line naming the script and the output on stderr, and status 1.
hrel_figure() {
    local name=$1 base=$2 out a args
    shift 2
    for out in "$base.png" "$base.pdf" "${base}_1col.pdf"; do
        args=()
        for a in "$@"; do [ "$a" = "@OUT@" ] && args+=("$out") || args+=("$a"); done
        case " $* " in *" @OUT@ "*) ;; *) args+=("$out") ;; esac
        gnuplot -c "$ROOT/plots/$name.gp" "${args[@]}" 2>"$out.err" || {
            echo "$(basename "$0"): gnuplot failed on plots/$name.gp -> $out: $(head -n 1 "$out.err")" >&2
            rm -f "$out.err"; return 1; }
        rm -f "$out.err"
    done
}
