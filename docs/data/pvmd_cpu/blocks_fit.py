#!/usr/bin/env python3
"""The packet model on hrel_pvmdcpu's fast-switch remote blocks (fast-switch.csv) for a
grid of pvmd jitter J and per-message pvmd time M: the median of 31 seeded replays per
round trip against the blocks' median wall time per round trip, and the rms relative
error. usage: blocks_fit.py J1,J2,... M1,M2,...  (output: jitter_grid.txt)"""
import csv, os, statistics, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
HREL=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'bin', 'LINUX64', 'hrel')
from pingpong_check import trace
f=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fast-switch.csv')
rows=list(csv.DictReader(l for l in open(f) if not l.startswith('#')))
by={}
for r in rows:
    if r['where']=='remote':
        rt=float(r['roundtrips']); by.setdefault(int(r['bytes']),[]).append((float(r['wall_s'])/rt,int(rt)))
meas={m:statistics.median(x[0] for x in v) for m,v in by.items()}
ns={m:min(100,min(x[1] for x in v)) for m,v in by.items()}
for m in sorted(by):
    trace(m, ns[m], f'/tmp/pp_{m}.csv')
def model(J,M):
    out={}
    for m in sorted(by):
        o=subprocess.run([HREL,'model','replay',f'/tmp/pp_{m}.csv','--daemon','8e-9','--wire','tc','--medium','port','--rtt0','0.024','--pvmd-s','1.8e-5','--pvmd-msg-s',str(M),'--jitter',str(J),'--interval','31'],capture_output=True,text=True)
        med=[l for l in o.stdout.splitlines() if l.startswith('median')]
        out[m]=float(med[0].split()[1])/ns[m]
    return out
print('meas', ' '.join(f'{m}:{meas[m]*1e6:.0f}' for m in sorted(meas)))
for J in [float(x) for x in sys.argv[1].split(',')]:
    for M in [float(x) for x in sys.argv[2].split(',')]:
        o=model(J,M)
        err=[(o[m]-meas[m])/meas[m] for m in sorted(meas)]
        rms=(sum(e*e for e in err)/len(err))**.5
        print(f'J {J*1e6:.1f} M {M*1e6:.1f} rms {rms*100:.1f}%', ' '.join(f'{o[m]*1e6:.0f}' for m in sorted(o)))
