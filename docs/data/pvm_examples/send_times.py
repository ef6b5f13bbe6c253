#!/usr/bin/env python3
"""Median duration of timing's sends per message size (msgs.csv of a run).
usage: send_times.py [MSGS.csv]   (default: timing_auto/run1/msgs.csv)"""
import csv, os, statistics, sys
from collections import defaultdict
p = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), 'timing_auto/run1/msgs.csv')
rows = [r for r in csv.reader(l for l in open(p) if not l.startswith('#'))][1:]
d = defaultdict(list)
for r in rows:
    if r[2] == 'send':
        d[int(r[4])].append(float(r[7]) - float(r[6]))
for b in sorted(d):
    print(f"{b} bytes: {len(d[b])} sends, median {statistics.median(d[b]) * 1e6:.0f} us")
print(f"trace end {max(float(r[7]) for r in rows):.6f} s")
