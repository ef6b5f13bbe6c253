#!/usr/bin/env python3
# timeline_attr.py TIMELINE.csv -- per rank, traced less replayed time (s) by kind of row
# and for the gaps between calls (hrel model replay --timeline)
import csv, sys
from collections import defaultdict
rows=[r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith('#'))][1:]
by=defaultdict(list)
for r in rows: by[int(r[0])].append(r)
for rk in sorted(by):
    acc=defaultdict(float); prev=None
    for r in by[rk]:
        if r[8]=='': continue
        tt0,tt1,rt0,rt1=map(float,r[6:10])
        if prev:
            acc['gap']+= (tt0-prev[0])-(rt0-prev[1])
        acc[r[2]]+= (tt1-tt0)-(rt1-rt0)
        prev=(tt1,rt1)
    tot=sum(acc.values())
    print("rank %d: traced-replay %+.4f s  " % (rk, tot) + "  ".join("%s %+.4f" % (k, v) for k, v in sorted(acc.items(), key=lambda x: -abs(x[1]))))
