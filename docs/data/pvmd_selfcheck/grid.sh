#!/bin/bash
# grid.sh PVMD_CPU.csv WIRE_G MEDIUM WIRE: replay_pvmd on hrel_pvmdcpu's own remote ping-pong
# (gen.py; 200 round trips, 100 at 64512 B) against that ping-pong's measured wall time per
# round trip (the median of its repetitions, PVMD_CPU.csv), for a grid of pvmd's time per
# datagram a (AS), per message b (BS) and pvmd's mean wait per action J (JS); prints per
# (a, b, J) the ratio model / measured at 8, 4032, 8064, 16128, 32256 and 64512 bytes.
set -u
pc=$1 g=$2 med=$3 w=$4
here=$(cd "$(dirname "$0")" && pwd)
H=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for sz in 8 4032 8064 16128 32256 64512; do
    n=200; [ $sz = 64512 ] && n=100
    python3 "$here/gen.py" $n $sz >"$tmp/pp$sz.csv"
done
declare -A M
while IFS=, read -r where rep bytes pk rt wall rest; do
    [ "$where" = remote ] && M[$bytes]="${M[$bytes]:-} $(echo "$wall / $rt * 1000000" | bc -l)"
done < <(grep -v '^#' "$pc")
echo "# $pc: measured us per round trip (median of the repetitions):"
for sz in 8 4032 8064 16128 32256 64512; do
    m=$(echo ${M[$sz]} | tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}')
    M[$sz]=$m; printf '#   %s B: %.1f\n' $sz "$m"
done
echo "# model / measured at 8 4032 8064 16128 32256 64512 B"
for a in ${AS:-0 7e-6 1.43834e-05}; do for b in ${BS:-0 2e-5}; do for j in ${JS:-0 7e-6 1.46847e-05}; do
    line="a=$a b=$b J=$j:"
    for sz in 8 4032 8064 16128 32256 64512; do
        n=200; [ $sz = 64512 ] && n=100
        t=$("$H" model replay "$tmp/pp$sz.csv" --medium "$med" --hosts-from "$tmp/pp$sz.csv" --daemon "$g" \
            --wire "$w" --rtt0 0.0014 --pvmd-s "$a" --pvmd-msg-s "$b" --jitter "$j" --seed 1 2>&1 | sed -n 's/^total //p')
        line="$line $(printf '%.2f' "$(echo "$t / $n * 1000000 / ${M[$sz]}" | bc -l)")"
    done
    echo "$line"
done; done; done
