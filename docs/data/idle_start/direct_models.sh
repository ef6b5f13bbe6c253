#!/bin/bash
# direct_models.sh: local's direct route in each stored local matrix (K..X, as each ran; Y =
# predict_matrix_2026-11-27): the replay's and MPM's median / max |error| % (summary.csv, source
# "same"), and in how many sets each has the lower median and the lower maximum.
data=$(cd "$(dirname "$0")/.." && pwd)
for s in K L M N O P Q R S T U V W X Y; do
    f=$data/predict_matrix_local/$s/summary.csv; [ $s = Y ] && f=$data/predict_matrix_2026-11-27/summary.csv
    awk -F, -v s=$s '$1=="local" && $2=="same" && $3=="direct" && ($4=="replay" || $4=="mpm") {m[$4]=$6; x[$4]=$7}
        END {printf "%s replay %s / %s  mpm %s / %s\n", s, m["replay"], x["replay"], m["mpm"], x["mpm"]}' "$f"
done | awk '{print} {if ($3 + 0 < $7 + 0) rm++; if ($5 + 0 < $9 + 0) rx++; n++}
    END {printf "the replay has the lower median in %d of %d sets, the lower maximum in %d of %d\n", rm, n, rx, n}'
