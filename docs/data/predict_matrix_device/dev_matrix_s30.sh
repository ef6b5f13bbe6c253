#!/bin/bash
# device check (session 30): the validation matrix's local daemon-route cells and three
# direct ones on the 16-core host, 5 + 5 runs a cell, its own quick characterisations
# (the exchange within a host priced at E at 2 by message size: commit 62f07d3).
# Run on the device from the checkout's root (PLATFORMS.md: .devdebs carried).
# DEV_CELLS, DEV_RUNS and DEV_NAME choose other cells, runs a cell and the output's name
# (the second matrix call: DEV_CELLS=stencil,stencil2 DEV_RUNS=15 DEV_NAME=dev30x).
set -u
bash .devdebs/setup-pvm.sh >/dev/null 2>&1
export PVM_ALLOW_ROOT=yes PVM_ROOT=/usr/lib/pvm3 PVM_ARCH=LINUX64
make >/dev/null 2>&1 || { tail -n 20 .log/build.log; exit 1; }
N=${DEV_NAME:-dev30}; O=$OUT/$N; mkdir -p "$O"
{ nproc; uname -a; date -u; git rev-parse --short HEAD; } >"$O/machine.txt"
timeout "${DEV_LIMIT:-420}" experiments/predict_matrix.sh --platforms local --runs "${DEV_RUNS:-5}" \
    --cells "${DEV_CELLS:-stencil,stencil2,farm,groups,exit1,ring,poll,short,stdin,stencil-d,farm-d,psrs}" \
    --run "$O/m" >"$O/matrix.out" 2>&1
echo "rc $?" >>"$O/matrix.out"; date -u >>"$O/machine.txt"
find "$O/m" -type d -name tev -prune -exec rm -rf {} + 2>/dev/null
find "$O/m" -name '*.pdf' -delete 2>/dev/null
cd "$OUT" && tar czf "$N.tgz" "$N" && rm -rf "$N"
