#!/usr/bin/env python3
"""child_starts.py DIR...: for every task spawned with others (a pvm_spawn of k > 1 tasks
on one host) in the predicting traces kept under DIR/NAME/trace/msgs.csv (keep.sh) or
DIR/NAME/predicting_msgs.csv (a validation matrix's cells/PLATFORM/), the time from the
spawn's return to the task's enrolment as traced, against two models with the
lifecycle.csv measured with the runs (DIR/NAME/lifecycle.csv):
  old: the I-th task (0-based) enrols spawn_start(1) + I (spawn_start(K) - spawn_start(1)) / (K - 1)
  new: the last enrols at spawn_start interpolated to k; each earlier one a task's share of
       the spawn call, (spawn(K) - spawn(1)) / (K - 1), sooner, never before the return
       (tried on 2026-11-26 and not adopted: docs/predict.md, "More of PVM's examples").
Prints one line per task and the mean |model - traced| of each (ms)."""
import csv, sys, os

def lifecycle(path):
    rows = [r for r in open(path) if not r.startswith('#')]
    d = {}
    for r in csv.DictReader(rows):
        d[(r['event'], int(r['k']), r['where'])] = float(r['median_s'])
    return d

def msgs(path):
    rows = [r for r in open(path) if not r.startswith('#')]
    return list(csv.DictReader(rows))

out, eo, en = [], [], []
for top in sys.argv[1:]:
    for name in sorted(os.listdir(top)):
        m = os.path.join(top, name, 'trace', 'msgs.csv')
        if not os.path.exists(m):
            m = os.path.join(top, name, 'predicting_msgs.csv')
        if not os.path.exists(m) or not os.path.exists(os.path.join(top, name, 'lifecycle.csv')):
            continue
        lc = lifecycle(os.path.join(top, name, 'lifecycle.csv'))
        K = max(k for (e, k, w) in lc if e == 'spawn_start' and w == 'local')
        s1, sK = lc[('spawn_start', 1, 'local')], lc[('spawn_start', K, 'local')]
        f = (lc[('spawn', K, 'local')] - lc[('spawn', 1, 'local')]) / (K - 1)
        rows = msgs(m)
        enrol = {r['rank']: float(r['t_end']) for r in rows if r['kind'] == 'enrol'}
        for r in rows:
            if r['kind'] != 'spawn' or not r['peers'] or ';' not in r['peers']:
                continue
            kids = r['peers'].split(';')
            k = len(kids)
            last = s1 + (k - 1) * (sK - s1) / (K - 1)
            for i, c in enumerate(kids):
                if c not in enrol:
                    continue
                t = enrol[c] - float(r['t_end'])
                old = s1 + i * (sK - s1) / (K - 1)
                new = max(0.0, last - (k - 1 - i) * max(0.0, f))
                eo.append(abs(old - t)); en.append(abs(new - t))
                out.append('%-10s task %s (%d of %d): traced %.2f ms, old %.2f, new %.2f'
                           % (name, c, i + 1, k, 1e3 * t, 1e3 * old, 1e3 * new))
print('\n'.join(out))
if eo:
    print('mean |model - traced|: old %.2f ms, new %.2f ms (%d tasks)'
          % (1e3 * sum(eo) / len(eo), 1e3 * sum(en) / len(en), len(eo)))
