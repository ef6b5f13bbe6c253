#!/usr/bin/env python3
"""tlpairs.py TIMELINE.csv -- pairs.py on a replay's timeline (replay_t0/t1)."""
import sys, csv, statistics as st
rows=[r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
h=rows[0]; rows=[dict(zip(h,r)) for r in rows[1:]]
sends={};cnt={};rc={};out={}
for r in rows:
    if r['kind']=='send' and r['tag']=='52':
        k=(r['rank'],r['peers']); cnt[k]=cnt.get(k,0)+1; sends[k+(cnt[k],)]=float(r['replay_t1'])
for r in rows:
    if r['kind']=='recv' and r['tag']=='52':
        k=(r['peers'],r['rank']); rc[k]=rc.get(k,0)+1; s=sends.get(k+(rc[k],))
        if s is not None: out.setdefault(k,[]).append(float(r['replay_t1'])-s)
for k,v in sorted(out.items()):
    slow=[x for x in v if x>5e-4]
    print('  %s->%s: median %.3f ms, slow %d of %d (their median %s ms)'%(k[0],k[1],st.median(v)*1e3,len(slow),len(v),'%.2f'%(st.median(slow)*1e3) if slow else '-'))
