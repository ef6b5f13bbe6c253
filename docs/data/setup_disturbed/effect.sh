#!/bin/bash
# effect.sh: every cell of two sets priced by this checkout's hrel with its own
# setup.csv and as predict.sh's rule now does: the characterisation's setup.csv
# where the cell's 8-byte round trips are over twice its (ratios.txt):
# set,cell,ratio,err_own,err_rule (replay_pvmd against the untraced median, %),
# then per set '# SET: median/max |err| own M / X, rule M / X'. Run from the
# checkout's root.
D=docs/data R=$D/heldout_daemon/reprice_wire.sh H=bin/${PVM_ARCH:-LINUX64}/hrel
echo "set,cell,ratio,err_own,err_rule"
medmax() { tr -d '+-' | sort -g | awk '{ v[NR] = $1 } END { printf "%.1f / %.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[NR] }'; }
while read -r cells char; do
    own_all="" rule_all=""
    for d in "$D/$cells"/*/; do
        r=$(awk -v c="$(basename "$d")" -v s="$cells" '$1 == "==" { cur = $2 } NF == 3 && $1 == c && cur == s { print $3 }' "$D/setup_disturbed/ratios.txt")
        [ -n "$r" ] || continue
        own=$(bash "$R" "$H" "$d" | tail -n 1 | cut -d, -f3) rule=$own
        if awk -v r="$r" 'BEGIN { exit !(r > 2) }'; then
            t=$(mktemp -d); cp -r "$d" "$t/c"; cp "$D/$char/setup.csv" "$t/c/setup.csv"
            rule=$(bash "$R" "$H" "$t/c/" | tail -n 1 | cut -d, -f3); rm -rf "$t"
        fi
        echo "$cells,$(basename "$d"),$r,$own,$rule"
        own_all="$own_all $own" rule_all="$rule_all $rule"
    done
    echo "# $cells: median / max |err| own $(echo $own_all | tr ' ' '\n' | medmax), rule $(echo $rule_all | tr ' ' '\n' | medmax)"
done <<LIST
predict_matrix_coax/lan-coax-wire_fresh/cells predict_matrix_coax/lan-coax-wire/char/lan-coax-wire-daemon
predict_matrix_utpwire/cells predict_matrix_utpwire/char/lan-utp-wire-daemon
LIST
