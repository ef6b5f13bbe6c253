#!/usr/bin/env python3
"""acklat.py UTP1.txt -- each daemon packet utp2 -> utp1 of a tcpdump text
capture on utp1: the latency of its ack (its last frame in to the ack out,
both as eth0 sees them, after tc) and the ack-to-ack time, apart for the acks
sent while TCP payload left utp1 (within 10 ms) and the others."""
import re, statistics as st, bisect, sys
ev=[]
for l in open(sys.argv[1]):
    t=float(l.split()[0])
    if re.search(r'10\.99\.0\.2\.\d+ > 10\.99\.0\.1\.\d+: UDP',l) or re.search(r'10\.99\.0\.2 > 10\.99\.0\.1: ip-proto-17',l): ev.append((t,'d'))
    elif re.search(r'10\.99\.0\.1\.\d+ > 10\.99\.0\.2\.\d+: UDP, length 16$',l.strip()): ev.append((t,'a'))
    elif re.search(r'10\.99\.0\.1\.\d+ > 10\.99\.0\.2\.\d+: Flags.*length [1-9]',l): ev.append((t,'T'))
tT=[t for t,k in ev if k=='T']
def streaming(t):
    i=bisect.bisect_left(tT,t)
    return (i>0 and t-tT[i-1]<0.01) or (i<len(tT) and tT[i]-t<0.01)
lat=[]; last=None; cyc=[]; la=None
for t,k in ev:
    if k=='a':
        if last is not None: lat.append((streaming(t),(t-last)*1e3))
        if la is not None and t-la<0.05: cyc.append((streaming(t),(t-la)*1e3))
        last=None; la=t
    elif k=='d': last=t
for s in (False,True):
    v=sorted(x for f,x in lat if f==s); c=sorted(x for f,x in cyc if f==s)
    if v: print("stream" if s else "alone ", "acks",len(v),"ack latency ms med %.3f q10 %.3f q90 %.3f"%(st.median(v),v[len(v)//10],v[9*len(v)//10]), "| ack-to-ack ms med %.3f"%st.median(c))
