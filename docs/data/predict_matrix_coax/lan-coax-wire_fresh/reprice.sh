#!/bin/bash
# reprice.sh HREL_BEFORE: the fresh lan-coax-wire cells of this folder priced by
# HREL_BEFORE (an hrel built at commit 462e994: the segment as one link) and by
# this checkout's hrel (the wire's CSMA/CD), each with the cell's own setup.csv
# (measured in its first virtual machine; pvmd's jitter an eighth of its 8-byte
# round trip) and with the characterisation's (../lan-coax-wire/char); prints
# cell,before_own,csma_own,before_char,csma_char (error %, + = predicted short).
# Run from the checkout's root.
set -eu
before=$1
D=docs/data/predict_matrix_coax/lan-coax-wire_fresh
tmp=$(mktemp -d)
cp -r "$D/cells" "$tmp/own"; cp -r "$D/cells" "$tmp/char"
for c in "$tmp"/char/*/; do cp docs/data/predict_matrix_coax/lan-coax-wire/char/lan-coax-wire-daemon/setup.csv "$c"; done
R=docs/data/heldout_daemon/reprice_wire.sh
for v in own char; do
    bash "$R" "$before" "$tmp/$v"/*/ | tail -n +2 | cut -d, -f1,3 | sort >"$tmp/b_$v"
    bash "$R" bin/LINUX64/hrel "$tmp/$v"/*/ | tail -n +2 | cut -d, -f1,3 | sort >"$tmp/a_$v"
done
echo "cell,before_own,csma_own,before_char,csma_char"
join -t, "$tmp/b_own" "$tmp/a_own" | join -t, - "$tmp/b_char" | join -t, - "$tmp/a_char"
rm -rf "$tmp"
