#!/bin/bash
# device check (session 30, second call): PP and E at 2 processors on the daemon route of
# the 16-core host at small sizes (below the quick study's smallest, 26880) and at the
# quick study's two smallest, 3 rounds of 30 repetitions each, each round in a fresh
# virtual machine; brought back as small.tgz (raw.csv and cases.csv of each round).
set -u
bash .devdebs/setup-pvm.sh >/dev/null 2>&1
export PVM_ALLOW_ROOT=yes PVM_ROOT=/usr/lib/pvm3 PVM_ARCH=LINUX64
make >/dev/null 2>&1 || { tail -n 20 .log/build.log; exit 1; }
O=$OUT/small; mkdir -p "$O"
. hostfiles/vm.sh
for r in 1 2 3; do
    hrel_vm_start hostfiles/local >/dev/null 2>&1 || { echo "round $r: no pvmd"; exit 1; }
    bin/LINUX64/hrel_bench --route daemon -P PP,E -p 2 -s 8,1024,4096,8192,16384,26880,53760 \
        -r 30 -o "$O/r$r" --force >"$O/r$r.log" 2>&1
    echo "round $r rc $?"
    hrel_vm_stop
done
cd "$OUT" && tar czf small.tgz small && rm -rf small
