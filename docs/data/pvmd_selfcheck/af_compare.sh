#!/bin/bash
# af_compare.sh OUT.csv [AF [JF]]: every stored daemon-route folder of lan-utp and fast-switch
# (../tbf_ports/run_compare.sh's, and predict_matrix_lanutp/S23) priced by this checkout's hrel
# and by one built with jf_af.patch (pvmd's time per datagram times AF, default 0; pvmd's
# jitter JF times the 8-byte round trip, default the eighth); ../tbf_ports/summary.py OUT.csv
# summarises. Builds the patched hrel in a temporary clone (about a minute).
set -u
out=$(realpath -m "${1:?OUT.csv}"); af=${2:-0}; jf=${3:-0.125}
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
git clone -q "$root" "$tmp/c" && (cd "$tmp/c" && git apply "$here/jf_af.patch" && make -s >/dev/null 2>&1) ||
    { echo "af_compare: building the patched hrel failed" >&2; exit 1; }
cd "$here/.." || exit 1
HREL_AF=$af HREL_JF=$jf tbf_ports/compare.sh "$root/bin/LINUX64/hrel" "$tmp/c/bin/LINUX64/hrel" \
    heldout_daemon/lan-utp-5/* heldout_daemon/lan-utp-23/* heldout_daemon/fast-switch-[2345]/* \
    predict_matrix_lanutp/S20/cells/lan-utp/* predict_matrix_lanutp/S23/cells/lan-utp/* predict_matrix/cells/lan-utp/* \
    predict_matrix/cells/fast-switch/* predict_matrix_lcnow/cells/lan-utp/* \
    predict_matrix_lcnow/cells/fast-switch/* predict_matrix_2026-11-26/cells/lan-utp/* \
    predict_matrix_2026-11-26/cells/fast-switch/* predict_matrix_fastswitch/[EFG]/cells/fast-switch/* >"$out"
