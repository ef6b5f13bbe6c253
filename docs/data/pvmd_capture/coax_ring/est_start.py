#!/usr/bin/env python3
"""est_start.py RUNDIR...: per ring pair (coaxH -> coaxH+1), pvmd's estimate as the ring
begins: Karn's rule ((3 est + sample) / 4 from each packet that left once, the acks
excluded) over every packet of the pair, the spawn's control packets before the ring
included; the pairs with the master (coax1) start at 24 ms, the others at 1 s. Printed:
the packets before the ring's first data packet (1080-byte UDP), and the estimate at
the ring's data packets 1, 10, 20 and 40."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from pvmd_pcap import packets
for d in sys.argv[1:]:
    out = []
    for h in (1, 2, 3, 4):
        nxt = h % 4 + 1
        dep, ackt, order, size = {}, {}, [], {}
        for t, a, b, ul, seq, ack in packets('%s/coax%d.pcap' % (d, h)):
            if a == h and b == nxt and seq != 0:
                if seq not in dep:
                    dep[seq] = []
                    order.append(seq)
                    size[seq] = ul
                dep[seq].append(t)
            elif a == nxt and b == h and seq == 0:
                ackt.setdefault(ack, t)
        est = 0.024 if h == 1 or nxt == 1 else 1.0
        pre, k, at = 0, 0, []
        for s in order:
            if size[s] == 1080 or k:
                k += 1
                if k in (1, 10, 20, 40):
                    at.append(est)
            else:
                pre += 1
            if len(dep[s]) == 1 and s in ackt and ackt[s] > dep[s][0]:
                est = (ackt[s] - dep[s][0] + 3 * est) / 4
        out.append('%d->%d: %d before, %s ms' % (h, nxt, pre, '/'.join('%.2f' % (1e3 * e) for e in at)))
    tm = open(os.path.join(d, 'time.txt')).read().split()[-1]
    print('%s (run %.2f s), the estimate at the ring\'s packets 1/10/20/40: %s' % (os.path.basename(d.rstrip('/')), float(tm), '; '.join(out)))
