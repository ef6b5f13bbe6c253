#!/bin/bash
# run_compare.sh BEFORE_HREL AFTER_HREL > compare.csv: every stored daemon-route
# cell and held-out folder of the tc-shaped switched platforms (lan-utp,
# fast-switch) priced by both builds (compare.sh; MODEL=NAME: that model, else
# the one the validation matrix recommends).
set -u
cd "$(dirname "$0")/.." || exit 1
exec tbf_ports/compare.sh "$1" "$2" heldout_daemon/lan-utp-5/* heldout_daemon/lan-utp-23/* heldout_daemon/fast-switch-[2345]/* \
    predict_matrix_lanutp/S20/cells/lan-utp/* predict_matrix/cells/lan-utp/* \
    predict_matrix/cells/fast-switch/* predict_matrix_lcnow/cells/lan-utp/* \
    predict_matrix_lcnow/cells/fast-switch/* predict_matrix_2026-11-26/cells/lan-utp/* \
    predict_matrix_2026-11-26/cells/fast-switch/* predict_matrix_fastswitch/[EFG]/cells/fast-switch/*
