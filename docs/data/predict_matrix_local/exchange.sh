#!/bin/bash
# exchange.sh [SET...]: the stored local matrices (default K to V) priced again by this
# checkout's hrel in a scratch copy, twice: with the exchange priced at E at 2 processors
# (the default since commit 0129888: docs/predict.md, "An exchange through one pvmd") and
# with --no-exchange (every send at PP at 2, as before). Per set: the daemon route's
# replay against the untraced median for the two cells with exchanges (stencil,
# stencil2), the goal line of matrix_goal.sh's rule (cells of 20 ms or more within 10 %
# median and 15 % max, under 20 ms within 2 ms) and the untraced runs inside the
# replay's 80 % interval (the installed spread), both ways. No other cell of these sets
# has a send that crosses its receiver's, so no other cell moves. Then the same check
# where nothing should move: each of PVM's examples of pass session28 (its kept trace,
# the sends it prices as an exchange's) and the emulated sets lan-coax S28, lan-utp S23
# and fast-switch I priced again (rows of matrix.csv that differ from the stored one).
# Run from the checkout's root; output: docs/data/predict_matrix_local/exchange.txt.
set -eu
here=docs/data/predict_matrix_local
sets=("$@"); [ ${#sets[@]} -gt 0 ] || sets=(K L M N O P Q R S T U V)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
. "$here/exchange_common.sh"
{
echo "# exchange.sh, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD): the stored local sets priced again, the daemon route's replay against the untraced medians (err %, + = predicted short)"
for s in "${sets[@]}"; do
    xc_reprice "$here/$s" "$t/$s.x" exchange.sh
    xc_reprice "$here/$s" "$t/$s.nox" exchange.sh --no-exchange
    xc_report "$s" "$t/$s.nox" "$t/$s.x" "--no-exchange:" "exchange:     "
done
echo "# PVM's examples (docs/data/pvm_examples/session28), the sends priced as an exchange's:"
for d in docs/data/pvm_examples/session28/*/; do
    [ -f "$d/trace/msgs.csv" ] || continue
    mkdir -p "$t/ex"
    echo "$(basename "$d"): $("bin/${PVM_ARCH:-LINUX64}/hrel" predict "$d/trace" --on "$d" --platform local --route daemon \
        --hosts-from "$d/trace/msgs.csv" -o "$t/ex" 2>&1 | sed -n 's/^# exchange: \([0-9]*\) sends.*/\1/p')"
done
echo "# the emulated sets priced again: rows of matrix.csv that differ from the stored"
for e in predict_matrix_lancoax/S28:lan-coax predict_matrix_lanutp/S23:lan-utp predict_matrix_fastswitch/I:fast-switch; do
    cp -r "docs/data/${e%%:*}" "$t/emu"
    experiments/predict_matrix.sh --reprice --run "$t/emu" --platforms "${e##*:}" >"$t/emu.log" 2>&1
    echo "${e%%:*}: $(diff <(cut -d, -f1-6 "docs/data/${e%%:*}/matrix.csv") <(cut -d, -f1-6 "$t/emu/matrix.csv") | grep -c '^>') rows differ"
    rm -rf "$t/emu"
done
} >"$here/exchange.txt"
cat "$here/exchange.txt"
