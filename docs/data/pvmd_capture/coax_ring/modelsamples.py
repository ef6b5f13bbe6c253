#!/usr/bin/env python3
"""modelsamples.py PACKETS.csv -- per pair of hosts, the RTT samples of the
replay's packets sent once (hrel model replay --packets), as samples.py does
for a capture."""
import csv, sys
from collections import defaultdict
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
s, c = defaultdict(list), defaultdict(int)
for r in rows:
    k = (r['from'], r['to'])
    if r['event'] == 'ack' and r['sends'] == '1':
        s[k].append(float(r['sample_s']))
    if r['event'] == 'send' and r['sends'] != '1':
        c[k] += 1
for k, v in sorted(s.items()):
    if len(v) < 100: continue
    v.sort(); n = len(v)
    print('%s->%s: %d samples, %d copies: min %.0f p10 %.0f p50 %.0f p90 %.0f max %.0f us' % (k[0], k[1], n, c[k], *[v[int(q * (n - 1))] * 1e6 for q in (0, .1, .5, .9, 1)]))
