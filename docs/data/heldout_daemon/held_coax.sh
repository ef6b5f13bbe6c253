#!/bin/bash
# held_coax.sh OUT [PLATFORM [LIST]]: the held-out daemon-route programs (LIST,
# default programs.txt, the list of held.sh; programs_full.txt: two more with
# full pvmd packets) on PLATFORM (lan-coax, the default, or lan-coax-wire),
# predict.sh --fresh-vm --runs 5 with the coax matrix's characterisation of it
# (docs/data/predict_matrix_coax/PLATFORM/char); run from the checkout's root.
out=$1; p=${2:-lan-coax}; mkdir -p "$out"
R=$(pwd)
list=${3:-$R/docs/data/heldout_daemon/programs.txt}
C=$R/docs/data/predict_matrix_coax/$p/char
while IFS='|' read -r name prog; do
  d=$out/$p/$name
  [ -s "$d/predict.csv" ] && continue; mkdir -p "$out/$p"
  echo "$(date -u +%T) $p $name"
  # shellcheck disable=SC2086 # the program's arguments split on purpose
  "$R/experiments/predict.sh" --platform $p --route daemon --fit "$C/$p-daemon/fit.csv" --fresh-vm \
    --all-models --runs 5 --run "$d" -- "$R/bin/LINUX64/"$prog > "$d.log" 2>&1 ||
    echo "  failed: $(tail -1 "$d.log")"
done < "$list"
echo done
