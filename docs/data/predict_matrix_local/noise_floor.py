#!/usr/bin/env python3
"""noise_floor.py [--pred ROOT] [--runs K] [SET...]: how far the goal's own measure moves with the runs alone. For each
cell of the local matrices SET (default K L M: this machine, 2026-11-27), the untraced runs of
all SETs are pooled; a perfect model is one that predicts the pooled median. Drawing 5 runs
from the pool (with replacement, 20000 times) gives the 'median of 5 untraced runs' a matrix
would measure, and how often it lies more than 10 % and 15 % from the pooled median
(formula 18's |error| of that perfect model). Then, per route, how often a whole draw of
the matrix would meet issue 21's goal (cells of 20 ms or more: median |error| within 10 %,
each within 15 %; cells under 20 ms: within 2 ms)
with that perfect model, and the same for each SET's own replay predictions against the
pool (how the model would fare over many draws, not one). --pred ROOT: the predictions from
ROOT/SET/cells/local/CELL/predict_untraced.csv instead (a repriced copy; the runs stay the
stored ones). --runs K: draws of K runs instead of 5 (what a matrix of K runs would measure).
Output: noise_floor.txt (callcpu_pooled.sh: noise_floor_callcpu.txt; runs.sh:
noise_floor_runs.txt)"""
import csv, os, random, statistics, sys

here = os.path.dirname(os.path.abspath(__file__))
args = sys.argv[1:]
proot = here
K = 5
while args[:1] in (['--pred'], ['--runs']):
    if args[0] == '--pred':
        proot = args[1]
    else:
        K = int(args[1])
    args = args[2:]
sets = args or ['K', 'L', 'M']
random.seed(1)
N = 20000


def runs_and_pred(s, c):
    f = os.path.join(here, s, 'cells', 'local', c, 'predict_untraced.csv')
    runs, pred, route = [], None, None
    for line in open(f):
        if line.startswith('# measured_runs_s: '):
            runs = [float(x) for x in line.split(': ', 1)[1].split(',')]
        elif line.startswith('# route: '):
            route = line.split()[2].rstrip(',')
    for line in open(os.path.join(proot, s, 'cells', 'local', c, 'predict_untraced.csv')):
        if line.startswith('replay,'):
            pred = float(line.split(',')[1])
    return runs, pred, route


cells = sorted(os.listdir(os.path.join(here, sets[0], 'cells', 'local')))
pool, preds, route = {}, {}, {}
for c in cells:
    pool[c] = []
    for s in sets:
        r, p, rt = runs_and_pred(s, c)
        pool[c] += r
        preds[(s, c)] = p
        route[c] = rt
draws = {c: [statistics.median(random.choices(pool[c], k=K)) for _ in range(N)] for c in cells}
print('# noise_floor.py %s: untraced runs pooled over the sets, %d draws of %d; predictions from %s'
      % (' '.join(sets), N, K, 'the stored sets' if proot == here else proot))
print('cell,route,pooled_runs,pooled_median_s,min_s,max_s,p_over_10pct,p_over_15pct')
for c in cells:
    m = statistics.median(pool[c])
    e = [abs(d - m) / d for d in draws[c]]   # formula 18: |measured - predicted| / measured
    print('%s,%s,%d,%.6f,%.6f,%.6f,%.3f,%.3f' % (c, route[c], len(pool[c]), m, min(pool[c]),
          max(pool[c]), sum(x > 0.10 for x in e) / N, sum(x > 0.15 for x in e) / N))


def goal_share(pred_of, rt):
    """issue 21's goal on one draw: the programs of 20 ms or more (pooled median) within 10 %
    median and 15 % max, those under 20 ms within 2 ms"""
    cs = [c for c in cells if route[c] == rt]
    big = [c for c in cs if statistics.median(pool[c]) >= 0.02]
    small = [c for c in cs if c not in big]
    ok = 0
    for i in range(N):
        e = [abs(draws[c][i] - pred_of(c)) / draws[c][i] for c in big]
        ok += (not e or (statistics.median(e) <= 0.10 and max(e) <= 0.15)) and \
            all(abs(draws[c][i] - pred_of(c)) <= 0.002 for c in small)
    return ok / N, len(cs)


print('# each set\'s replay prediction against the pooled median (%, + = predicted short)')
print('cell,route,' + ','.join(sets))
for c in cells:
    m = statistics.median(pool[c])
    print('%s,%s,%s' % (c, route[c], ','.join('%+.1f' % (100 * (m - preds[(s, c)]) / m) for s in sets)))
print('# the share of draws of a whole matrix that meet the goal (20 ms or more: median 10 %, max 15 %; under 20 ms: 2 ms)')
for rt in ('daemon', 'direct'):
    share, n = goal_share(lambda c: statistics.median(pool[c]), rt)
    print('%s (%d cells): a model at the pooled medians %.3f' % (rt, n, share))
    for s in sets:
        share, n = goal_share(lambda c, s=s: preds[(s, c)], rt)
        print('%s (%d cells): %s\'s replay predictions %.3f' % (rt, n, s, share))
