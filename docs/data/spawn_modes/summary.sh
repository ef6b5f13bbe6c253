#!/bin/bash
# summary.sh -- the table of run.sh's data (spawn_modes.txt): per condition the
# spawns of one task under 0.6 ms and over 1.2 ms, the medians of the spawn, of
# the child's start after it and of their sum; then each stored lifecycle.csv's
# spawn medians (ms).
here=$(cd "$(dirname "$0")" && pwd)
python3 - "$here" <<'PY'
import sys, os, csv, glob, statistics as st
here = sys.argv[1]
by = {}
for mode, gap, i, s, t in csv.reader(open(os.path.join(here, 'raw.csv'))):
    by.setdefault((mode, gap), []).append((float(s), float(t)))
print('# 1. spawn_probe: 100 spawns of one task per condition (ms)')
print('%-14s %5s %5s %8s %8s %8s' % ('condition', 'fast', 'slow', 'spawn', 'start', 'sum'))
for (mode, gap), v in by.items():
    s = [a for a, b in v]
    print('%-14s %5d %5d %8.3f %8.3f %8.3f' % ('%s %s' % (mode, gap), sum(a < 0.6e-3 for a in s),
          sum(a > 1.2e-3 for a in s), 1e3 * st.median(s), 1e3 * st.median([b for a, b in v]),
          1e3 * st.median([a + b for a, b in v])))
print('# 2. lifecycle.csv medians (ms): spawn,1 spawn,4 spawn_start,1 spawn_start,4')
for kind in ('old', 'new'):
    for f in sorted(glob.glob(os.path.join(here, 'lifecycle_%s_*.csv' % kind))):
        m = {}
        for r in csv.reader(l for l in open(f) if not l.startswith('#')):
            if r[0] != 'event':
                m[(r[0], r[1])] = 1e3 * float(r[4])
        print('%-20s %6.2f %6.2f %6.2f %6.2f' % (os.path.basename(f), m[('spawn', '1')], m[('spawn', '4')],
              m[('spawn_start', '1')], m[('spawn_start', '4')]))
PY
