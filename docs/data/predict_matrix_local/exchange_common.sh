# Sourced by exchange.sh and exchange_size.sh (run from the checkout's root): a stored set
# priced again in a scratch copy, and the lines both print.
#   xc_reprice SRC DST SCRIPT [OPT...]  copy SRC to DST (unless DST exists: then DST as it
#                                       is), predict_matrix.sh --reprice it on local with
#                                       each OPT passed to hrel predict, matrix_goal.sh
#                                       into DST/goal; SCRIPT names the caller in an error
#   xc_report SET A B LA LB             the daemon replay's stencil and stencil2 errors and
#                                       the runs inside, A -> B, then the goal lines of A
#                                       (labelled LA) and B (LB)
xc_row() {   # DIR CELL: the daemon replay's err_untraced_pct in DIR's matrix.csv
    awk -F, -v c="$2" '$2 == c && $3 == "daemon" && $5 == "replay" { print $10 }' "$1/matrix.csv"
}
xc_inside() {   # DIR: the daemon replay's runs inside, of how many (goal.csv)
    awk -F, '$2 == "daemon" && $4 == "replay" { s += $15; n += $5 } END { print s " of " n }' \
        "$1/goal/goal.csv"
}
xc_goal() {   # DIR: matrix_goal.sh's daemon line, shortened
    sed -n 's/^.*goal: local daemon ([^)]*): //p' "$1/reprice.log"
}
xc_reprice() {
    local src=$1 dst=$2 who=$3 o opt=()
    shift 3
    for o in "$@"; do opt+=(--predict-opt "$o"); done
    [ -d "$dst" ] || cp -r "$src" "$dst"
    experiments/predict_matrix.sh --reprice --run "$dst" --platforms local "${opt[@]}" \
        >"$dst/reprice.log" 2>&1 || { echo "$who: repricing $src failed" >&2; exit 1; }
    experiments/matrix_goal.sh -o "$dst/goal" "$dst" >/dev/null 2>&1
}
xc_report() {
    local s=$1 a=$2 b=$3
    echo "$s: stencil $(xc_row "$a" stencil) -> $(xc_row "$b" stencil), stencil2 $(xc_row "$a" stencil2) -> $(xc_row "$b" stencil2); runs inside $(xc_inside "$a") -> $(xc_inside "$b")"
    echo "   $4 $(xc_goal "$a")"
    echo "   $5 $(xc_goal "$b")"
}
