#!/bin/bash
# session25_figures.sh: the figures of docs/predict.md's "Enough runs to know the median"
# that no other script prints, from the stored data. Output: session25_figures.txt
#   1. each example pass's untraced runs inside the replay's 80 % interval
#      (../pvm_examples/sessionNN/NAME: times.txt, predict_untraced.csv);
#   2. joinleave's untraced and traced runs of pass 25 under 36 ms, and Fisher's exact test
#      (two-sided) of the two counts; its untraced runs of passes 22a-25 pooled;
#   3. the spawns of one task in the stored traces of matrices N, O, P and pass 25
#      (returned in under 0.6 ms, 0.6-1.2 ms, over 1.2 ms), and how often lifecycle.csv's median
#      of the spawn of one task is under 0.6 ms over every stored local cell and example;
#   4. stencil2's prediction with M's cell, and with each of N's characterisation files
#      swapped in one at a time (M's predicting trace; then N's trace on M's files);
#   5. each set's replay predictions against the runs of K-P pooled (noise_floor.py K L M N O P).
set -eu
here=$(cd "$(dirname "$0")" && pwd); ex=$here/../pvm_examples; H=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
echo "# 1. untraced runs inside the replay's 80 % interval, per example pass"
for s in session25 session25b; do
    tot=0 in=0
    for d in "$ex/$s"/*/; do
        [ -s "$d/predict_untraced.csv" ] || continue
        read -r k n < <(awk -F, 'FNR == NR { if ($1 == "replay") { lo = $5; hi = $6 }; next }
            $1 ~ /^untraced/ { n++; k += ($2 >= lo && $2 <= hi) } END { print k + 0, n + 0 }' \
            "$d/predict_untraced.csv" <(tr ' ' ',' <"$d/times.txt"))
        tot=$((tot + n)) in=$((in + k))
    done
    echo "$s: $in of $tot"
done
echo "# 2. joinleave, pass 25: runs under 36 ms"
awk '{ kind = $1 ~ /^untraced/ ? "untraced" : "traced"; n[kind]++; if ($2 < 0.036) f[kind]++ }
     END { printf "untraced %d of %d, traced %d of %d\n", f["untraced"], n["untraced"], f["traced"], n["traced"] }' \
    "$ex/session25/joinleave/times.txt"
python3 - "$ex/session25/joinleave/times.txt" <<'PY'
import sys
from math import comb
u = t = uf = tf = 0
for line in open(sys.argv[1]):
    k, v = line.split()
    fast = float(v) < 0.036
    if k.startswith('untraced'): u += 1; uf += fast
    else: t += 1; tf += fast
a, b, c, d = uf, u - uf, tf, t - tf
n, r1, c1 = a + b + c + d, a + b, a + c
p = lambda x: comb(r1, x) * comb(n - r1, c1 - x) / comb(n, c1)
print("Fisher's exact test, two-sided: p = %.3f" % sum(p(x) for x in range(min(r1, c1) + 1) if p(x) <= p(a) + 1e-12))
PY
for s in session22a session22b session22c session24 session25; do grep '^untraced' "$ex/$s/joinleave/times.txt"; done |
    awk '{ print $2 }' | sort -g | awk '{ v[NR] = $1 } END { printf "joinleave, passes 22a-25: %d untraced runs, %.4f to %.4f s, median %.4f s\n", NR, v[1], v[NR], NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
echo "# 3. spawns of one task: traced, and lifecycle.csv's medians"
cat "$here"/{N,O,P}/cells/local/*/run*/msgs.csv "$ex"/session25/*/trace/msgs.csv |
    awk -F, '$3 == "spawn" && $4 !~ /;/ { d = ($8 - $7) * 1e3; n++; if (d < 0.6) f++; else if (d < 1.2) m++; else s++ }
             END { printf "traced: %d spawns of one task; under 0.6 ms %d, 0.6-1.2 ms %d, over 1.2 ms %d\n", n, f, m, s }'
grep -h '^spawn,1,' "$here"/{K,L,M,N,O,P}/cells/local/*/lifecycle.csv "$ex"/session2*/*/lifecycle.csv |
    awk -F, '{ if ($5 < 0.6e-3) f++; else s++ } END { printf "lifecycle.csv medians of spawn,1: under 0.6 ms %d, slower %d\n", f, s }'
echo "# 4. stencil2: M's cell with N's files swapped in one at a time"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for t in M N; do
    mkdir -p "$tmp/tr$t"; cp "$here/$t/cells/local/stencil2/predicting_msgs.csv" "$tmp/tr$t/msgs.csv"
    cp "$here/$t/cells/local/stencil2/run1/calibration.csv" "$tmp/tr$t/"
done
for f in none fit.csv sizes.csv setup.csv lifecycle.csv calibration.csv pvmd_cpu.csv trace; do
    rm -rf "$tmp/on"; cp -r "$here/M/cells/local/stencil2" "$tmp/on"; tr=M
    case $f in none) ;; trace) tr=N ;; *) cp "$here/N/cells/local/stencil2/$f" "$tmp/on/" ;; esac
    printf '%-16s %s\n' "$f" "$("$H" predict "$tmp/tr$tr" --on "$tmp/on" --platform local --route daemon | sed -n 's/^predicted: \([0-9.e-]*\) s.*/\1 s/p')"
done
echo "# 5. each set's predictions against the pooled medians of K-P"
python3 "$here/noise_floor.py" K L M N O P | sed -n '/^# each set/,/^# the share/p' | sed '$d'
