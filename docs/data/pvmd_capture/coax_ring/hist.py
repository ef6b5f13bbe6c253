#!/usr/bin/env python3
"""hist.py RUNDIR H -- histogram (0.1 ms bins) of coaxH -> coaxH+1's RTT
samples (packets that left once) in the capture; and of the data packet's
wait: its arrival on the receiver's eth0 minus its departure from the sender's."""
import sys, struct, os, gzip
from collections import Counter
d, h = sys.argv[1], int(sys.argv[2]); nxt = h % 4 + 1
def packets(fn):
    with (open(fn, 'rb') if os.path.exists(fn) else gzip.open(fn + '.gz', 'rb')) as f:
        f.read(24)
        while True:
            hh = f.read(16)
            if len(hh) < 16: return
            ts, tu, cl, _ = struct.unpack('<IIII', hh); dd = f.read(cl); ip = dd[14:]
            if len(ip) < 20 or ip[9] != 17: continue
            udp = ip[(ip[0] & 15) * 4:]; p = udp[8:]
            ulen = struct.unpack('>H', udp[4:6])[0]
            if len(p) < 13: continue
            _, _, seq, ack = struct.unpack('>IIHH', p[:12])
            yield ts + tu / 1e6, ip[15], ip[19], ulen, seq, ack
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
