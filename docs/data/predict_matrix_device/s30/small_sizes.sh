#!/bin/bash
# small_sizes.sh: the 16-core host's daemon route at small sizes (small.tgz, from
# ../dev_small_s30.sh: PP and E at 2, 3 rounds in fresh virtual machines, medians of 30
# repetitions) beside what the device matrix's quick study measured (dev30.tgz:
# char/local-daemon/sizes.csv) and what exit1's traced run 5 took per message in its
# steady ping-pong (rank 0's 4096-byte send to rank 1's receive of it, and back: the
# medians of send start to receive end over its 200 round trips).
# Run from the checkout's root; output: small_sizes.txt beside this script.
set -eu
d=docs/data/predict_matrix_device/s30
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
tar xzf "$d/small.tgz" -C "$t"; tar xzf "$d/dev30.tgz" -C "$t"
med() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
{
echo "# small_sizes.sh: the 16-core host's daemon route, medians in us"
echo "pattern,h,msg_bytes,round1,round2,round3,quick_study"
for k in PP E; do
    for h in 8 1024 4096 8192 16384 26880 53760; do
        line="$k,$h"
        for r in 1 2 3; do
            v=$(grep -v '^#' "$t/small/r$r/cases.csv" | awk -F, -v k=$k -v h=$h 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                $1 == k && $2 == 2 && $3 == h { printf "%s %.1f", $c["msg_bytes"], 1e6 * $c["median_s"] }')
            [ "$r" -eq 1 ] && line="$line,${v%% *}"
            line="$line,${v##* }"
        done
        q=$(awk -F, -v k=$k -v h=$h '$1 == k && $2 == 2 && $3 == h { printf "%.1f", 1e6 * $6 }' "$t/dev30/m/char/local-daemon/sizes.csv")
        echo "$line,${q:--}"
    done
done
m=$t/dev30/m/cells/local/exit1/run5/msgs.csv
awk -F, 'FNR == NR { if (!/^#/ && $1 != "rank" && $3 == "send") s[$1 "," $6 "," ++n[$1 "," $6]] = $7; next }
         !/^#/ && $1 != "rank" && $3 == "recv" { k = $4 "," $6 "," ++r[$4 "," $6]; if (k in s) print $6, 1e6 * ($8 - s[k]) }' "$m" "$m" >"$t/ow"
echo "# exit1 run 5 (traced on the device): send start to receive end, median over its messages, us"
echo "4096 bytes (tag 41): $(awk '$1 == 41 { print $2 }' "$t/ow" | med), 4 bytes back (tag 42): $(awk '$1 == 42 { print $2 }' "$t/ow" | med)"
echo "# setup.csv's 8-byte round trips of the cell (fresh virtual machines), median us: $(grep -v '^#' "$t/dev30/m/cells/local/exit1/setup.csv" | awk -F, 'NR > 1 { print 1e6 * $6 }' | med)"
} >"$d/small_sizes.txt"
cat "$d/small_sizes.txt"
