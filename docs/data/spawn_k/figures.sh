#!/bin/bash
# figures.sh DIR...: the spawns of k > 1 tasks in stored local folders against what their
# lifecycle.csv prices ("A spawn of k tasks", docs/predict.md). DIR is a local matrix
# (DIR/cells/local/CELL/run*/msgs.csv: every traced run) or an examples pass
# (DIR/PROGRAM/trace/msgs.csv: the predicting run). Per DIR and k, in ms from the call's
# begin, medians over the traced spawns: the call's return, the first and the last child's
# enrolment (its pvm_mytid returning); then the range over the folders' lifecycle.csv of
# what they price: with every k (spawn,k; spawn,k + spawn_first,k; spawn,k + spawn_start,k)
# and as before (the line through spawn,1 and spawn,K; + spawn_start,1; + the line
# through spawn_start,1 and spawn_start,K at the last child). Then per DIR and k the
# folders' lifecycle.csv: spawn,k, spawn_first,k and spawn_start,k (median and range
# over the files, ms) and the line through spawn,1 and spawn,K at k.
set -eu
python3 - "$@" <<'PY'
import sys, os, csv, glob, statistics as st
def lc(path):   # lifecycle.csv's local medians, ms, by (event, k)
    rows = csv.reader(l for l in open(path) if not l.startswith('#'))
    return {(r[0], int(r[1])): 1e3 * float(r[4]) for r in rows if r[0] != 'event' and r[2] == 'local'}
def line(m, ev, k):
    K = max(kk for (e, kk) in m if e == ev)
    return m[(ev, 1)] + (m[(ev, K)] - m[(ev, 1)]) * (k - 1) / (K - 1)
print('%-28s %2s %6s | %-22s | %-26s | %-26s' % ('folder', 'k', 'spawns', 'traced: return first last',
      'priced, every k', 'priced as before'))
for D in sys.argv[1:]:
    cells = sorted(glob.glob(os.path.join(D, 'cells/local/*/'))) or sorted(glob.glob(os.path.join(D, '*/')))
    tr = {}; pr = {}
    for c in cells:
        files = glob.glob(c + 'run*/msgs.csv') or glob.glob(c + 'trace/msgs.csv')
        if not files or not os.path.exists(c + 'lifecycle.csv'):
            continue
        seen = set()
        for f in files:
            rows = [l.rstrip('\n').split(',') for l in open(f) if not l.startswith('#') and not l.startswith('rank')]
            for sp in (r for r in rows if r[2] == 'spawn' and len(r[3].split(';')) > 1):
                kids = [int(x) for x in sp[3].split(';')]; k = len(kids); b = float(sp[6])
                en = sorted(1e3 * (float(r[7]) - b) for r in rows if r[2] == 'enrol' and int(r[0]) in kids)
                if len(en) != k:
                    continue
                t = tr.setdefault(k, [[], [], []])
                t[0].append(1e3 * (float(sp[7]) - b)); t[1].append(en[0]); t[2].append(en[-1])
                seen.add(k)
        m = lc(c + 'lifecycle.csv')
        for k in seen:
            p = pr.setdefault(k, [])
            if ('spawn', k) in m and ('spawn_first', k) in m:
                new = (m[('spawn', k)], m[('spawn', k)] + m[('spawn_first', k)], m[('spawn', k)] + m[('spawn_start', k)])
            else:
                new = None
            s = line(m, 'spawn', k)
            old = (s, s + m[('spawn_start', 1)], s + line(m, 'spawn_start', k))
            p.append((new, old))
    for k in sorted(tr):
        t = tr[k]; p = pr[k]
        def rng(i, which):
            v = [x[which][i] for x in p if x[which]]
            return '%.2f-%.2f' % (min(v), max(v)) if v else 'n/a'
        print('%-28s %2d %6d | %6.2f %6.2f %6.2f   | %s %s %s | %s %s %s' % (
            D.rstrip('/')[-28:], k, len(t[0]), st.median(t[0]), st.median(t[1]), st.median(t[2]),
            rng(0, 0), rng(1, 0), rng(2, 0), rng(0, 1), rng(1, 1), rng(2, 1)))
print('# the folders\' lifecycle.csv (local): median [min-max] over the files, ms')
for D in sys.argv[1:]:
    cells = sorted(glob.glob(os.path.join(D, 'cells/local/*/'))) or sorted(glob.glob(os.path.join(D, '*/')))
    ms = [lc(c + 'lifecycle.csv') for c in cells if os.path.exists(c + 'lifecycle.csv')]
    ks = sorted({k for m in ms for (e, k) in m if e == 'spawn'})
    for k in ks:
        def f(ev):
            v = [m[(ev, k)] for m in ms if (ev, k) in m]
            return '%5.2f [%.2f-%.2f]' % (st.median(v), min(v), max(v)) if v else '  n/a'
        ln = [line(m, 'spawn', k) for m in ms]
        print('%-28s %d files, k %d: spawn %s, spawn_first %s, spawn_start %s; the line through 1 and K: %5.2f [%.2f-%.2f]' % (
            D.rstrip('/')[-28:], len(ms), k, f('spawn'), f('spawn_first'), f('spawn_start'), st.median(ln), min(ln), max(ln)))
PY
