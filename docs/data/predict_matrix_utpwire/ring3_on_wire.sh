#!/bin/bash
# ring3_on_wire.sh [HREL]: the held-out ring's lan-utp trace
# (docs/data/heldout_daemon/lan-utp/ring3, recorded on tc's links) priced with
# `hrel predict --on` lan-utp-wire's characterisation (char/ here); HREL defaults
# to this checkout's. Prints the prediction line and the replay rows. Run from the
# checkout's root.
set -eu
H=${1:-bin/${PVM_ARCH:-LINUX64}/hrel}
on=$(mktemp -d); trap 'rm -rf "$on"' EXIT
cp docs/data/predict_matrix_utpwire/char/lan-utp-wire-daemon/* "$on/"
mkdir -p "$on/platform"; cp hostfiles/lan-utp-wire hostfiles/lan-utp-wire.platform "$on/platform/"
T=docs/data/heldout_daemon/lan-utp/ring3/predicting_msgs.csv
"$H" predict "$T" --on "$on" --platform lan-utp-wire --route daemon --hosts-from "$T" |
    grep -E '^predicted|^replay_pvmd,|^replay,|^# on:'
