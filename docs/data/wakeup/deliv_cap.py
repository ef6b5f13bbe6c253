#!/usr/bin/env python3
"""The messages of a trace whose receiver was already waiting when they were sent,
split by what their sender did next: blocked soon (under 50 us of CPU before its
next wait, as replay.c's wake_delays counts it) or computed on. Their delivery
(send begin to receive end, us): count, mean, median; and the mean CPU the
senders that computed on had until their next wait. The check of the wake-up
model's mechanism (docs/predict.md, "A receiver woken behind a computing
sender"). usage: deliv_cap.py MSGS.csv; mechanism.txt is this over matrix D's
local cells: for c in ../predict_matrix_lcnow/cells/local/*/; do
python3 deliv_cap.py $c/predicting_msgs.csv; done"""
import csv, sys, statistics
from collections import defaultdict
p=sys.argv[1]
rows=[r for r in csv.reader(l for l in open(p) if not l.startswith('#'))][1:]
# per rank row lists
byrank=defaultdict(list)
for i,r in enumerate(rows): byrank[r[0]].append(i)
def cap_after(i):
    r=rows[i]; lst=byrank[r[0]]; k=lst.index(i); cap=0
    for j in lst[k+1:]:
        m=rows[j]; prev=rows[lst[lst.index(j)-1]]
        gap=max(0,float(m[6])-float(prev[7]))
        cpu=float(m[9]) if m[9] not in ('','nan') else gap
        cap+=min(cpu,gap)
        if (m[10] not in ('','0')) or (m[2]=='recv' and float(m[7])-float(m[6])>50e-6) or m[2] in('exit','end'): break
        if cap>1: break
    return cap
sends=defaultdict(list); seen=defaultdict(int)
for i,r in enumerate(rows):
    if r[2] in('send','mcast'):
        for peer in r[3].split(';'): sends[(r[0],peer,r[5])].append(i)
out=[]
for r in rows:
    if r[2]=='recv':
        k=(r[3],r[0],r[5]); i=seen[k]; seen[k]+=1
        if i<len(sends[k]):
            s=rows[sends[k][i]]
            if float(r[6])<float(s[6]):   # receiver waiting before send
                out.append(((float(r[7])-float(s[6]))*1e6, cap_after(sends[k][i])*1e6, int(float(r[4]))))
lo=[d for d,c,b in out if c<50]; hi=[d for d,c,b in out if c>=50]
import os; print(os.path.basename(os.path.dirname(os.path.normpath(p))), "waited msgs", len(out), "| sender blocks soon (cap<50us): n %d mean %.0f med %.0f" % (len(lo), statistics.mean(lo) if lo else 0, statistics.median(lo) if lo else 0), "| sender computes on: n %d mean %.0f med %.0f meancap %.0f" % (len(hi), statistics.mean(hi) if hi else 0, statistics.median(hi) if hi else 0, statistics.mean([c for d,c,b in out if c>=50]) if hi else 0))
