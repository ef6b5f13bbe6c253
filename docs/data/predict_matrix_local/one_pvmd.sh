#!/bin/bash
# one_pvmd.sh: the local matrices K, L and M priced again (no runs) by a scratch build with
# one_pvmd.patch: on one host, the messages' deliveries (processor sharing, as hrel predict
# prices one host) together never get more than one core, as if the one pvmd served them
# all (HREL_ONE_PVMD); then noise_floor.py --pred on that copy. Output:
# noise_floor_one_pvmd.txt. Run from the checkout's root (about two minutes).
set -eu
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
root=$PWD; git clone -q "$root" "$tmp/c"
(cd "$tmp/c" && git apply "$root/docs/data/predict_matrix_local/one_pvmd.patch" && make -s >/dev/null 2>&1)
for m in K L M; do
    cp -r "docs/data/predict_matrix_local/$m" "$tmp/$m"
    HREL_ONE_PVMD=1 "$tmp/c/experiments/predict_matrix.sh" --reprice --run "$tmp/$m" --platforms local >"$tmp/$m.log" 2>&1
done
python3 docs/data/predict_matrix_local/noise_floor.py --pred "$tmp" K L M | sed "s#$tmp#a copy repriced with one pvmd serving the deliveries#"
