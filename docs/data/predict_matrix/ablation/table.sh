#!/bin/bash
# table.sh -- each part of the model left out, over every stored matrix: for each
# platform and route, the model the pooled summary recommends (the first table
# of pool.sh's pool/loso.txt, from docs/data/predict_matrix/summary.csv), its median / 90th percentile /
# maximum |error| % as priced now, and as priced with each variant of ../pool.sh
# --variant NAME -- --NAME (the CSVs here). Run from the checkout's root; writes
# table.txt here.
set -eu
H=docs/data/predict_matrix
A=$H/ablation
variants=$(ls "$A"/*.csv | sed 's|.*/||; s|\.csv$||' | sort)
{ echo "# table.sh: $(date -u +%FT%TZ); base $H/summary.csv ($(sed -n 's/^# matrix_summary: //p' "$H/summary.csv")),"
  echo "# variants: $(echo $variants) (pool.sh --variant NAME -- --NAME); median / p90 / max |error| %"
  printf '%-22s %-19s %-18s' "platform,route" model base
  for v in $variants; do printf ' %-18s' "$v"; done; echo
  # the recommended model per platform and route: pool.sh's (pool/loso.txt, first table)
  awk -F, '/^platform,route,model,/ { on = 1; next } on && NF == 0 { exit } on { print $1 "," $2 "," $3 }' \
      "$H/pool/loso.txt" |
  while IFS=, read -r p r m; do
      printf '%-22s %-19s' "$p,$r" "$m"
      for f in "$H/summary.csv" $(for v in $variants; do echo "$A/$v.csv"; done); do
          grep -v '^#' "$f" | awk -F, -v k="$p,same,$r,$m" '$1 "," $2 "," $3 "," $4 == k { printf " %-18s", $6 " / " $11 " / " $7; f = 1 }
              END { if (!f) printf " %-18s", "-" }'
      done; echo
  done; } >"$A/table.txt"
cat "$A/table.txt"
