#!/bin/bash
# held_utpwire.sh CHECKOUT OUT: the six held-out daemon-route programs (programs.txt)
# on lan-utp-wire, predict.sh --fresh-vm --runs 5 with the characterisation of
# docs/data/predict_matrix_utpwire (run in CHECKOUT, an hrel checkout of its own)
root=$1 out=$2; mkdir -p "$out"
B=$root/bin/LINUX64
C=$root/docs/data/predict_matrix_utpwire/char/lan-utp-wire-daemon
p=lan-utp-wire
while IFS='|' read -r name prog; do
    d=$out/$p/$name
    [ -s "$d/predict.csv" ] && continue; mkdir -p "$out/$p"
    echo "$(date -u +%T) $p $name"
    "$root/experiments/predict.sh" --platform $p --route daemon --fit "$C/fit.csv" --fresh-vm --all-models \
        --runs 5 --run "$d" -- $B/$prog >"$d.log" 2>&1 || echo "  failed: $(tail -1 "$d.log")"
done <"$root/docs/data/heldout_daemon/programs.txt"
echo done
