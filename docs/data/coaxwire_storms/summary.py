#!/usr/bin/env python3
"""summary.py [ROWS.csv]: run.sh's rows (default rows.csv) per variant and per batch of 12
rounds: runs, median wall time, the runs in the fast mode (under 2.7 s), median collisions and
datagrams over one frame, and the runs inside the 80 % interval hrel predict gave the held-out
stencil3 (lan-coax-wire-5: replay_pvmd 3.350 s, 2.6306 to 4.0130 s); then the same for the
replay's 31 seeds (seeds.txt)."""
import csv, os, statistics, sys

LO, HI, FAST = 2.630614, 4.012982, 2.7
here = os.path.dirname(os.path.abspath(__file__))
rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'rows.csv'))))
names = {'U': 'untraced', 'T': 'traced (preload tracer)', 'L': 'tracer loaded, not recording'}

def line(name, rs):
    w = [float(r['wall_s']) for r in rs]
    print('%-34s %2d runs, median %.3f s, fast %2d, collisions %6.1f, big datagrams %6.1f, inside %2d'
          % (name, len(w), statistics.median(w), sum(x < FAST for x in w),
             statistics.median(int(r['collisions']) for r in rs),
             statistics.median(int(r['big_datagrams']) for r in rs), sum(LO <= x <= HI for x in w)))

for v in 'UTL':
    rs = [r for r in rows if r['variant'] == v]
    line(names[v], rs)
    for b in range(0, len(rs), 12):
        line('  rounds %d-%d' % (b + 1, min(b + 12, len(rs))), rs[b:b + 12])
s = list(csv.DictReader(open(os.path.join(here, 'seeds.txt'))))
t = [float(r['total_s']) for r in s]
print('%-34s %2d runs, median %.3f s, fast %2d, collisions %6.1f, copies %6.1f, inside %2d'
      % ('the replay, seeds 1-31', len(t), statistics.median(t), sum(x < FAST for x in t),
         statistics.median(int(r['collisions']) for r in s),
         statistics.median(int(r['copies']) for r in s), sum(LO <= x <= HI for x in t)))
