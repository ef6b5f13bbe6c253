#!/bin/bash
# reprice_s20.sh START_CPU_S: session 20's kept examples (pvm_examples/session20, their
# lifecycle.csv measured before start_cpu existed) priced again by reprice_lifecycle.sh
# with a start_cpu row of START_CPU_S appended to each lifecycle.csv (the value
# probe.sh measured on this machine): the same traces, so only the rule for the program
# started from a shell moves them. Compare with ../pvm_examples/session20/reprice_final.txt.
set -eu
D=$(cd "$(dirname "$0")/.." && pwd)
S=${1:?usage: reprice_s20.sh START_CPU_S}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp -r "$D/pvm_examples/session20" "$t/s20"
for f in "$t"/s20/*/lifecycle.csv "$t/s20/H_local-daemon_lifecycle.csv"; do
    echo "start_cpu,1,local,20,$S,$S,$S,$S,$S" >>"$f"
done
echo "# $(date -u +%FT%TZ) reprice_s20.sh $S at $(git -C "$D" rev-parse --short HEAD)"
bash "$D/pvm_examples/reprice_lifecycle.sh" "$t/s20" "$t/s20/H_local-daemon_lifecycle.csv"
