# predict_models.sh -- the models predict.sh reports, and its two tables, in one
# place (sourced by experiments/predict.sh and experiments/predict_matrix.sh).
#
#   hrel_predict_models HREL SRC FIT ERRBASE SAY MEDIUM SETUP RATIO PVMD [PLACE...]
#     runs every model on the trace folder SRC (trace.csv, msgs.csv) with the fit
#     FIT; fills the arrays preds (NAME=SECONDS) and refused ("NAME: first line
#     of its error", kept in ERRBASE_NAME.err; said on stderr as "SAY: NAME
#     refused: ..." when SAY is not empty). MEDIUM, SETUP and RATIO are the
#     replay's; PVMD is empty or "G_WIRE WIRE RTT_TRACED RTT_UNTRACED" for the
#     daemon route packet by packet (replay_pvmd, replay_pvmd_fresh); PLACE are
#     the replay's placement options (--hosts N or --hosts-from MSGS), if any.
#   hrel_predict_public
#     drops the internal variants (replay_nomedium, replay_nosetup,
#     replay_pvmd_fresh: what the matrix compares the models with) from preds.
#   hrel_predict_recommend SUMMARY PLATFORM ROUTE
#     the model to trust among preds: the one with the smallest median |error|
#     against the untraced runs on cells of PLATFORM (an emulated platform the
#     matrix did not run: its LANs rows) and ROUTE in the validation matrix's
#     SUMMARY (docs/data/predict_matrix/summary.csv, own traces); sets rec_model,
#     rec_s (its prediction), rec_why (the error it reached there, or that the
#     platform was not validated: then the replay).
#   hrel_predict_tables HREL OUT OUT_UNTRACED TIMES UTIMES [COMMENT...]
#     writes predict.csv-style tables of preds against the traced runs TIMES
#     (OUT, with the COMMENT lines and the refusals first) and against the
#     untraced runs UTIMES (OUT_UNTRACED). Status 1 if a table could not be made.
hrel_predict_models() {
    local hrel=$1 src=$2 fit=$3 errbase=$4 say=$5 medium=$6 setup=$7 ratio=$8 pvmd=$9
    local gw wm rtr rtu
    shift 9
    preds=() refused=()
    _pm() {   # _pm NAME hrel-model-args...
        local name=$1 out; shift
        if out=$("$hrel" model "$@" 2>"${errbase}_$name.err" | tail -n 1 | sed -n 's/^total //p') &&
           [ -n "$out" ]; then
            preds+=("$name=$out")
        else
            refused+=("$name: $(head -n 1 "${errbase}_$name.err")")
            [ -z "$say" ] || echo "$say: $name refused: $(head -n 1 "${errbase}_$name.err")" >&2
        fi
    }
    # BSPWB and MPM need the M-steps the import inferred: where it could form
    # none (it said why in import.err) they refuse with that reason
    if [ -f "$src/trace.csv" ]; then
        _pm bspwb bspwb "$src/trace.csv" --fit "$fit"
        _pm mpm mpm "$src/trace.csv" --fit "$fit"
    else
        local why name
        why=$(sed -n 's/^hrel trace: no M-steps, no trace.csv ([^)]*): //p' "$src/import.err" 2>/dev/null | head -n 1)
        for name in bspwb mpm; do
            refused+=("$name: no M-steps in this trace${why:+: $why}")
            [ -z "$say" ] || echo "$say: $name refused: no M-steps in this trace${why:+: $why}" >&2
        done
    fi
    _pm replay replay "$src/msgs.csv" --fit "$fit" --medium "$medium" --cpu-ratio "$ratio" --setup "$setup" "$@"
    _pm replay_nomedium replay "$src/msgs.csv" --fit "$fit" --medium none --cpu-ratio "$ratio" --setup "$setup" "$@"
    _pm replay_nosetup replay "$src/msgs.csv" --fit "$fit" --medium "$medium" --cpu-ratio "$ratio" "$@"
    if [ -n "$pvmd" ]; then
        read -r gw wm rtr rtu <<<"$pvmd"
        _pm replay_pvmd replay "$src/msgs.csv" --medium "$medium" --daemon "$gw" --wire "$wm" \
            --rtt0 "$rtr" --cpu-ratio "$ratio" "$@"
        _pm replay_pvmd_fresh replay "$src/msgs.csv" --medium "$medium" --daemon "$gw" --wire "$wm" \
            --rtt0 "$rtu" --cpu-ratio "$ratio" "$@"
    fi
}

hrel_predict_public() {
    local p keep=()
    for p in "${preds[@]}"; do
        case "${p%%=*}" in replay_nomedium|replay_nosetup|replay_pvmd_fresh) ;; *) keep+=("$p") ;; esac
    done
    preds=("${keep[@]}")
}

hrel_predict_recommend() {
    local summary=$1 platform=$2 route=$3 p name best="" berr="" bcells="" scope row
    rec_model="" rec_s="" rec_why=""
    for scope in "$platform" LANs; do
        [ -s "$summary" ] || break
        [ "$scope" = LANs ] && { [ "$platform" = local ] || [ ! -f "$HREL_ROOT/hostfiles/$platform.platform" ]; } && break
        for p in "${preds[@]}"; do
            name=${p%%=*}
            row=$(awk -F, -v pl="$scope" -v r="$route" -v m="$name"                 '$1 == pl && $2 == "same" && $3 == r && $4 == m { print $6 "," $5; exit }' "$summary")
            [ -n "$row" ] || continue
            if [ -z "$best" ] || awk -v a="${row%%,*}" -v b="$berr" 'BEGIN { exit !(a + 0 < b + 0) }'; then
                best=$name berr=${row%%,*} bcells=${row#*,}
            fi
        done
        [ -n "$best" ] && { rec_why="its median |error| on $bcells $route-route cells of $scope in the validation matrix: $berr %"; break; }
    done
    if [ -z "$best" ]; then
        best=replay
        case " ${preds[*]} " in *" replay="*) ;; *) best=${preds[0]%%=*} ;; esac
        rec_why="$platform with the $route route is not in the validation matrix"
    fi
    rec_model=$best
    for p in "${preds[@]}"; do [ "${p%%=*}" = "$best" ] && rec_s=${p#*=}; done
}

hrel_predict_tables() {
    local hrel=$1 out=$2 outu=$3 times=$4 utimes=$5 r
    shift 5
    { for r in "$@"; do echo "$r"; done
      for r in "${refused[@]}"; do echo "# refused: $r"; done
      "$hrel" trace table --measured "$times" --untraced "$utimes" "${preds[@]}"; } >"$out" &&
    { echo "# the same predictions against the median of the untraced runs"
      for r in "$@"; do case "$r" in "# recommended: "*) echo "$r" ;; esac; done
      for r in "${refused[@]}"; do echo "# refused: $r"; done
      "$hrel" trace table --measured "$utimes" "${preds[@]}"; } >"$outu"
}
