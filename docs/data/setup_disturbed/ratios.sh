#!/bin/bash
# ratios.sh: for every stored daemon-route cell with a setup.csv, the median of its
# 8-byte later round trips (hrel_firstcontact's later_s) against its
# characterisation's: cell, median s, ratio. Run from the checkout's root.
med() { awk -F, '!/^#/ && $1 != "a" { print $6 }' "$1" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR) printf "%.6f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
D=docs/data
while read -r cells char; do
    c=$(med "$D/$char/setup.csv"); echo "== $cells (characterisation $char: $c s)"
    for d in "$D/$cells"/*/; do
        [ -s "$d/setup.csv" ] && grep -q 'route daemon' "$d/setup.csv" || continue
        m=$(med "$d/setup.csv")
        echo "  $(basename "$d") $m $(awk -v a="$m" -v b="$c" 'BEGIN { printf "%.2f", a / b }')"
    done
done <<LIST
predict_matrix_lcnow/cells/lan-utp predict_matrix_lcnow/char/lan-utp-daemon
predict_matrix_lcnow/cells/fast-switch predict_matrix_lcnow/char/fast-switch-daemon
predict_matrix_coax/lan-coax/cells predict_matrix_coax/lan-coax/char/lan-coax-daemon
predict_matrix_coax/lan-coax-wire/cells predict_matrix_coax/lan-coax-wire/char/lan-coax-wire-daemon
predict_matrix_coax/lan-coax-wire_fresh/cells predict_matrix_coax/lan-coax-wire/char/lan-coax-wire-daemon
predict_matrix_utpwire/cells predict_matrix_utpwire/char/lan-utp-wire-daemon
LIST
