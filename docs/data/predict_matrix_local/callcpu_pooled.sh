#!/bin/bash
# callcpu_pooled.sh: the local matrices K, L and M priced again (no runs) with the calls' own
# CPU on the daemon route too (predict_matrix.sh --reprice --predict-opt --call-cpu, in a
# temporary copy), then noise_floor.py --pred on that copy. Output: noise_floor_callcpu.txt
# Run from the checkout's root.
set -eu
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
D=docs/data/predict_matrix_local
for m in K L M; do
    cp -r "$D/$m" "$tmp/$m"
    experiments/predict_matrix.sh --reprice --run "$tmp/$m" --platforms local --predict-opt --call-cpu >"$tmp/$m.log" 2>&1
done
python3 "$D/noise_floor.py" --pred "$tmp" K L M | sed "s#$tmp#a copy repriced with --call-cpu#"
