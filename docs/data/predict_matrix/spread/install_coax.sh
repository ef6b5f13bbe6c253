#!/bin/bash
# install_coax.sh: the spread of lan-coax, lan-coax-wire and lan-utp-wire beside the
# validation matrix's summary, where `hrel predict` looks for an emulated platform's
# spread/PLATFORM.csv by default (docs/predict.md, "An interval from the measured
# spread"). This matrix never ran those three; their own matrices
# (docs/data/predict_matrix_coax/lan-coax, lan-coax-wire and
# docs/data/predict_matrix_utpwire: 9 daemon-route cells, 5 untraced runs each) are
# priced again with this checkout's hrel (predict_matrix_coax/reprice.sh, in a
# scratch folder) and the spread.csv and coverage file that predict_matrix.sh
# --reprice writes are copied here, with a line saying so. Run from the checkout's
# root; run it again after a model change.
set -eu
H=docs/data/predict_matrix/spread
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
for p in lan-coax lan-coax-wire lan-utp-wire; do
    src=docs/data/predict_matrix_coax/$p
    [ "$p" = lan-utp-wire ] && src=docs/data/predict_matrix_utpwire
    docs/data/predict_matrix_coax/reprice.sh "$p" "$t/$p" "$src" >/dev/null
    for f in "$p.csv" "${p}_coverage.csv"; do
        { echo "# installed: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) by" \
               "$H/install_coax.sh from $src priced again" \
               "(the cell: lines below name its scratch copy)"
          cat "$t/$p/spread/$f"; } >"$H/$f"
    done
    echo "$p: $(grep '^daemon,replay_pvmd,' "$H/$p.csv")"
done
