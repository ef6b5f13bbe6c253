#!/usr/bin/env python3
"""pairs.py MSGS.csv -- per pair of ranks of a ring trace: deliveries (send end to
recv end, receiver waiting) over 0.5 ms, their median, and the pair's median."""
import sys, csv, statistics as st
rows=[r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
h=rows[0]; rows=[dict(zip(h,r)) for r in rows[1:]]
host={r['rank']:r['host'] for r in rows}
sends={};cnt={};rc={};out={}
for r in rows:
    if r['kind']=='send' and r['tag']=='52':
        k=(r['rank'],r['peers']); cnt[k]=cnt.get(k,0)+1; sends[k+(cnt[k],)]=float(r['t_end'])
for r in rows:
    if r['kind']=='recv' and r['tag']=='52':
        k=(r['peers'],r['rank']); rc[k]=rc.get(k,0)+1; s=sends.get(k+(rc[k],))
        if s is not None: out.setdefault(k,[]).append(float(r['t_end'])-s)
for k,v in sorted(out.items()):
    slow=[x for x in v if x>5e-4]
    print('  rank %s(h%s)->%s(h%s): median %.3f ms, slow %d of %d (their median %s ms)'%(k[0],host[k[0]],k[1],host[k[1]],st.median(v)*1e3,len(slow),len(v),'%.2f'%(st.median(slow)*1e3) if slow else '-'))
