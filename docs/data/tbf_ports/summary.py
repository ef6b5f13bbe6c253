#!/usr/bin/env python3
"""summary.py compare.csv -- compare.sh's rows grouped by set (the folder's
path up to cells/ or its held-out set) and platform: per group the number of
cells, median / max |error| % before and after, the cells within issue 22's
goal (20 % on lan-utp, 15 % on fast-switch), and the untraced runs inside the
80 % interval; then the same over every row of each platform, and per program
shape (the cell's name without digits) on lan-utp."""
import csv, collections, re, statistics, sys

GOAL = {'lan-utp': 20.0, 'fast-switch': 15.0}

def group(d):
    m = re.match(r'(.*)/cells/[^/]+/[^/]+$', d)
    return m.group(1) if m else d.rsplit('/', 1)[0]

def line(name, rs):
    if not rs:
        return
    p = rs[0]['platform']
    g = GOAL.get(p, 20.0)
    out = []
    for w in ('before', 'after'):
        e = [abs(float(r[w + '_err_pct'])) for r in rs]
        inside = sum(int(r[w + '_in']) for r in rs)
        runs = sum(int(r['runs']) for r in rs)
        out.append('%5.1f / %5.1f %%, %2d of %2d within %g %%, %3d of %3d runs inside'
                   % (statistics.median(e), max(e), sum(x <= g for x in e), len(e), g, inside, runs))
    print('%-38s %-11s before %s | after %s' % (name, p, out[0], out[1]))

def main():
    rows = list(csv.DictReader(open(sys.argv[1])))
    by = collections.OrderedDict()
    for r in rows:
        by.setdefault((group(r['dir']), r['platform']), []).append(r)
    for (g, p), rs in by.items():
        line(g, rs)
    for p in ('lan-utp', 'fast-switch'):
        line('all (%s)' % p, [r for r in rows if r['platform'] == p])
    shapes = collections.OrderedDict()
    for r in rows:
        if r['platform'] == 'lan-utp':
            shapes.setdefault(re.sub(r'\d+$', '', r['dir'].rsplit('/', 1)[1]), []).append(r)
    for s, rs in shapes.items():
        line('lan-utp shape %s' % s, rs)

if __name__ == '__main__':
    main()
