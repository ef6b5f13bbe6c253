#!/usr/bin/env python3
"""hist.py RUNDIR H -- histogram (0.1 ms bins) of coaxH -> coaxH+1's RTT
samples (packets that left once) in the capture; and of the data packet's
wait: its arrival on the receiver's eth0 minus its departure from the sender's."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from pvmd_pcap import packets
from collections import Counter
d, h = sys.argv[1], int(sys.argv[2]); nxt = h % 4 + 1
dep, ackt, arr, ackdep = {}, {}, {}, {}
for t, a, b, ul, seq, ack in packets('%s/coax%d.pcap' % (d, h)):
    if a == h and b == nxt and ul > 100: dep.setdefault(seq, []).append(t)
    elif a == nxt and b == h and ul <= 40: ackt.setdefault(ack, t)
for t, a, b, ul, seq, ack in packets('%s/coax%d.pcap' % (d, nxt)):
    if a == h and b == nxt and ul > 100: arr.setdefault(seq, t)
    elif a == nxt and b == h and ul <= 40: ackdep.setdefault(ack, t)
S, D, A = Counter(), Counter(), Counter()
for s, v in dep.items():
    if len(v) == 1 and s in ackt:
        S[int((ackt[s] - v[0]) * 1e4)] += 1
        if s in arr: D[int((arr[s] - v[0]) * 1e4)] += 1
        if s in ackdep: A[int((ackt[s] - ackdep[s]) * 1e4)] += 1
for name, c in (('sample', S), ('data on the wire', D), ('ack on the wire', A)):
    print(name, ' '.join('%.1f:%d' % (k / 10, c[k]) for k in sorted(c) if c[k] >= 5))
