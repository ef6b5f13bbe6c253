#!/bin/bash
# install_coax.sh: the spread of lan-coax, lan-coax-wire and lan-utp-wire beside the
# validation matrix's summary, where `hrel predict` looks for an emulated platform's
# spread/PLATFORM.csv by default (docs/predict.md, "An interval from the measured
# spread"). This matrix never ran those three; their own matrices
# (docs/data/predict_matrix_coax/lan-coax, lan-coax-wire and
# docs/data/predict_matrix_utpwire: 9 daemon-route cells, 5 untraced runs each) are
# priced again with this checkout's hrel (predict_matrix_coax/reprice.sh, in a
# scratch folder) and the spread.csv and coverage file that predict_matrix.sh
# --reprice writes are copied here, with a line saying so. lan-coax's spread pools its
# 15-run matrix S27 too (docs/data/predict_matrix_lancoax/S27, priced again the same
# way): 180 runs of 18 cells, where the 5-run set alone had seen none of the ring's
# storms (docs/predict.md, "tc's HTB as Linux charges it"). Run from the checkout's
# root; run it again after a model change.
set -eu
H=docs/data/predict_matrix/spread
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
for p in lan-coax lan-coax-wire lan-utp-wire; do
    src=docs/data/predict_matrix_coax/$p
    [ "$p" = lan-utp-wire ] && src=docs/data/predict_matrix_utpwire
    docs/data/predict_matrix_coax/reprice.sh "$p" "$t/$p" "$src" >/dev/null
    if [ "$p" = lan-coax ]; then   # pooled with S27: the spread and its coverage again
        more=docs/data/predict_matrix_lancoax/S27
        cp -r "$more" "$t/S27"
        experiments/predict_matrix.sh --reprice --run "$t/S27" --platforms "$p" >/dev/null
        src="$src and $more"
        experiments/spread.sh -o "$t/$p/spread/$p.csv" "$t/$p/cells/$p" "$t/S27/cells/$p"
        experiments/spread.sh --coverage "$t/$p/cells/$p" "$t/S27/cells/$p" >"$t/$p/spread/${p}_coverage.csv"
    fi
    for f in "$p.csv" "${p}_coverage.csv"; do
        { echo "# installed: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) by" \
               "$H/install_coax.sh from $src priced again" \
               "(the cell: lines below name its scratch copy)"
          cat "$t/$p/spread/$f"; } >"$H/$f"
    done
    echo "$p: $(grep '^daemon,replay_pvmd,' "$H/$p.csv")"
done
