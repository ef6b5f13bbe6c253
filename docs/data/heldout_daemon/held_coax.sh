#!/bin/bash
# held_coax.sh OUT: the held-out daemon-route programs of held.sh on lan-coax,
# predict.sh --fresh-vm --runs 5 with the coax matrix's characterisation
# (docs/data/predict_matrix_coax/lan-coax/char); run from the checkout's root.
out=$1; mkdir -p "$out"
R=$(pwd)
B=$R/bin/LINUX64
C=$R/docs/data/predict_matrix_coax/lan-coax/char
p=lan-coax
while IFS='|' read -r name prog; do
  d=$out/$p/$name
  [ -s "$d/predict.csv" ] && continue; mkdir -p "$out/$p"
  echo "$(date -u +%T) $p $name"
  "$R/experiments/predict.sh" --platform $p --route daemon --fit "$C/$p-daemon/fit.csv" --fresh-vm --all-models --runs 5 --run "$d" -- $prog > "$d.log" 2>&1 || echo "  failed: $(tail -1 "$d.log")"
done <<LIST
stencil3|$B/hrel_stencil -p 3 -i 40 -w 10
farm2|$B/hrel_farm -p 2 -j 30 -b 16384 -w 20
ring3|$B/hrel_ring -n 3 -b 512 -r 500
exit1b|$B/hrel_exit1 -n 100 -b 1024
poll2|$B/hrel_poll -p 2 -j 40 -b 8192 -w 10 -s 200
groups3|$B/hrel_groups -p 3 -n 2000 -r 3
LIST
echo done
