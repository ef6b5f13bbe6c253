#!/usr/bin/env python3
"""Delivery times of a trace's messages whose receiver was already waiting: from
the send's begin to the matching receive's end, for messages over 1000 bytes
(matched in order per sender, receiver and tag). Session 12's look at local's
stencil2 cell. usage: delivery_times.py [MSGS.csv]"""
import csv, os, statistics, sys
from collections import defaultdict
p = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), 'cells/local/stencil2/predicting_msgs.csv')
rows = [r for r in csv.reader(l for l in open(p) if not l.startswith('#'))][1:]
sends, seen, d = defaultdict(list), defaultdict(int), []
for r in rows:
    if r[2] in ('send', 'mcast'):
        for peer in r[3].split(';'):
            sends[(r[0], peer, r[5])].append(float(r[6]))
for r in rows:
    if r[2] == 'recv':
        k = (r[3], r[0], r[5]); i = seen[k]; seen[k] += 1
        if i < len(sends[k]) and float(r[6]) < sends[k][i] and int(r[4]) > 1000:
            d.append((float(r[7]) - sends[k][i]) * 1e6)
d.sort()
print(f"{len(d)} messages; median {statistics.median(d):.0f} us, mean {statistics.mean(d):.0f} us")
print("sorted (us):", " ".join(f"{x:.0f}" for x in d))
