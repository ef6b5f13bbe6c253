#!/bin/bash
# effect.sh: the cells whose set-up measured over twice their characterisation's
# 8-byte round trips (ratios.txt), priced by this checkout's hrel with their own
# setup.csv and with the characterisation's, as predict.sh now takes it:
# set,cell,ratio,err_own,err_rule (replay_pvmd against the untraced median, %).
# Run from the checkout's root.
D=docs/data R=$D/heldout_daemon/reprice_wire.sh H=bin/${PVM_ARCH:-LINUX64}/hrel
echo "set,cell,ratio,err_own,err_rule"
while read -r cells char; do
    for d in "$D/$cells"/*/; do
        r=$(awk -v c="$(basename "$d")" -v s="$cells" '$1 == "==" { cur = $2 } NF == 3 && $1 == c && cur == s { print $3 }' "$D/setup_disturbed/ratios.txt")
        [ -n "$r" ] && awk -v r="$r" 'BEGIN { exit !(r > 2) }' || continue
        t=$(mktemp -d); cp -r "$d" "$t/c"; cp "$D/$char/setup.csv" "$t/c/setup.csv"
        own=$(bash "$R" "$H" "$d" | tail -n 1 | cut -d, -f3)
        rule=$(bash "$R" "$H" "$t/c/" | tail -n 1 | cut -d, -f3)
        echo "$cells,$(basename "$d"),$r,$own,$rule"; rm -rf "$t"
    done
done <<LIST
predict_matrix_coax/lan-coax-wire_fresh/cells predict_matrix_coax/lan-coax-wire/char/lan-coax-wire-daemon
predict_matrix_utpwire/cells predict_matrix_utpwire/char/lan-utp-wire-daemon
LIST
