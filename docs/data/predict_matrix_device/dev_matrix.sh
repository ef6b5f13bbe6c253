#!/bin/bash
# device check (session 16): the validation matrix's local cells on the 16-core host
# (every cell but fmw: no gfortran there), 5 + 5 runs, its own quick characterisations
set -u
bash .devdebs/setup-pvm.sh >/dev/null 2>&1
export PVM_ALLOW_ROOT=yes PVM_ROOT=/usr/lib/pvm3 PVM_ARCH=LINUX64
make >/dev/null 2>&1 || { tail -n 20 .log/build.log; exit 1; }
O=$OUT/devm; mkdir -p "$O"
{ nproc; uname -a; date -u; } >"$O/machine.txt"
timeout 470 experiments/predict_matrix.sh --platforms local --runs 5 --lifecycle-now \
    --cells stencil,stencil-d,stencil2,farm,farm-d,demo16,fft,fftccm,psrs,groups,exit1,ring,poll,short,stdin \
    --run "$O/m" >"$O/matrix.out" 2>&1
echo "rc $?" >>"$O/matrix.out"; date -u >>"$O/machine.txt"
find "$O/m" -type d -name tev -prune -exec rm -rf {} + 2>/dev/null
find "$O/m" -name '*.pdf' -delete 2>/dev/null
cd "$OUT" && tar czf devm.tgz devm && rm -rf devm
