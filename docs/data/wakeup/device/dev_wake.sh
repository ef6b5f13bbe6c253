#!/bin/bash
# device check (session 16): hrel_wakeup on a 16-core host, and two local cells
set -u
bash .devdebs/setup-pvm.sh >/dev/null 2>&1
export PVM_ALLOW_ROOT=yes PVM_ROOT=/usr/lib/pvm3 PVM_ARCH=LINUX64
make >/dev/null 2>&1 || { tail -n 20 .log/build.log; exit 1; }
O=$OUT/dev; mkdir -p "$O"
{ nproc; uname -a; date -u; git log --oneline -1; } >"$O/machine.txt"
for i in 1 2; do
  for r in daemon direct; do
    export PVM_TMP=$(mktemp -d)
    printf '* ep=%s/bin/LINUX64\n' "$PWD" >"$PVM_TMP/hf"
    (pvm "$PVM_TMP/hf" </dev/null >/dev/null 2>&1 &); sleep 1.5
    timeout 60 bin/LINUX64/hrel_wakeup --route $r >"$O/wakeup_${r}_$i.csv" 2>"$O/wakeup_${r}_$i.err"
    echo halt | pvm >/dev/null 2>&1; sleep 0.5
  done
done
unset PVM_TMP
timeout 150 experiments/predict.sh --runs 5 --run "$O/stencil2" -- bin/LINUX64/hrel_stencil -p 2 -i 30 -w 20 >"$O/stencil2.out" 2>&1
timeout 150 experiments/predict.sh --runs 5 --route direct --run "$O/stencil-d" -- bin/LINUX64/hrel_stencil -d -p 4 -i 30 -w 20 >"$O/stencil-d.out" 2>&1
for c in stencil2:daemon stencil-d:direct; do
  d=$O/${c%%:*}; r=${c##*:}
  src=$(sed -n 's/^# predicted_from: //p' "$d/predict.csv")
  bin/LINUX64/hrel predict "$src/msgs.csv" --on "$d" --platform local --matrix /nonesuch --wakeup "$O/wakeup_${r}_1.csv" >"$d/predict_wakeup.txt" 2>&1
done
for d in "$O"/stencil2 "$O"/stencil-d; do rm -rf "$d"/run*/tev; done
cd "$OUT" && tar czf dev.tgz dev && rm -rf dev
