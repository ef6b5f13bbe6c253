#!/bin/bash
# start_state.sh HREL: how the ring's storms depend on pvmd's estimate as the ring begins.
# (1) the runs: est_start.py on captured/r2 (fast) and captured/r3 (storm); (2) the packet
# model's replay of matrix S27's predicting trace (ring_replay.sh), seeds 1-8: each ring
# pair's estimate after its acks 1, 10, 20 and 40 (hrel model replay --packets, its rtt_s
# column); (3) the storms (over 6 s) among 31 seeds with the master pairs starting at
# 24, 12, 6, 3 and 1.5 ms. Run from the checkout's root -> start_state.txt beside this.
set -eu
H=${1:?usage: start_state.sh HREL}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/ring_replay.sh"
o=$(mktemp -d); trap 'rm -rf "$o"' EXIT
{
echo "# start_state.sh $H, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
echo "# (1) the runs"
python3 "$here/est_start.py" "$here/captured/r2" "$here/captured/r3"
echo "# (2) the model (S27's predicting trace, the master pairs from 23.945 ms): total, and per pair the estimate after acks 1/10/20/40 (ms)"
for s in 1 2 3 4 5 6 7 8; do
    tot=$(ring_replay "$H" 0.023945 "$s" --packets "$o/p.csv" 2>/dev/null | sed -n 's/^total //p')
    python3 - "$o/p.csv" "$s" "$tot" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
out = []
for pr in (('1', '2'), ('2', '3'), ('3', '4'), ('4', '1')):
    e = [float(r['rtt_s']) for r in rows if r['event'] == 'ack' and (r['from'], r['to']) == pr]
    out.append('%s->%s: %s' % (pr[0], pr[1], '/'.join('%.2f' % (1e3 * e[k]) for k in (0, 9, 19, 39))))
print('seed %s, %.2f s: %s' % (sys.argv[2], float(sys.argv[3]), '; '.join(out)))
PY
done
echo "# (3) the model's storms (over 6 s) among seeds 1-31, by the master pairs' estimate at the start"
for r0 in 0.024 0.012 0.006 0.003 0.0015; do
    n=0
    for s in $(seq 1 31); do
        x=$(ring_replay "$H" "$r0" "$s" 2>/dev/null | sed -n 's/^total //p')
        awk -v x="$x" 'BEGIN { exit !(x > 6) }' && n=$((n + 1))
    done
    echo "rtt0 $r0 s: $n of 31"
done
} >"$here/start_state.txt"
cat "$here/start_state.txt"
