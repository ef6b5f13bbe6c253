#!/usr/bin/env python3
"""samples.py RUNDIR -- per ring pair (coaxH -> coaxH+1, from coaxH's eth0
capture, RUNDIR/coaxH.pcap or .pcap.gz): data packets, copies, the RTT samples pvmd could take (ack arrival
minus first departure, packets that left once), and the estimate Karn's rule
builds from them (pvmd's (3 est + s) / 4, started at 1.0 s or, with the master,
0.024 s)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from pvmd_pcap import packets
d = sys.argv[1]
def q(v, x):
    v = sorted(v); return v[min(len(v) - 1, int(x * len(v)))] if v else float('nan')
for h in (1, 2, 3, 4):
    nxt = h % 4 + 1
    fn = '%s/coax%d.pcap' % (d, h)
    dep, ackt, order = {}, {}, []
    for t, a, b, ul, seq, ack in packets(fn):
        if a == h and b == nxt and ul > 100:
            if seq not in dep:
                dep[seq] = []; order.append(seq)
            dep[seq].append(t)
        elif a == nxt and b == h and ul <= 40:
            ackt.setdefault(ack, t)
    est = 0.024 if h == 1 or nxt == 1 else 1.0
    samples, copies, traj, low = [], 0, [], None
    for i, s in enumerate(order):
        copies += len(dep[s]) - 1
        if len(dep[s]) == 1 and s in ackt:
            x = ackt[s] - dep[s][0]
            if x > 0:
                samples.append(x)
                est = (x + 3 * est) / 4
        traj.append(est)
        if low is None and est < 0.0008 and i > 20:
            low = i
    print('%s coax%d->coax%d: %d packets, %d copies; %d samples: min %.0f p10 %.0f p50 %.0f p90 %.0f us; est at end %.0f us; est < 800 us from packet %s; est p10/p50 over run %.0f/%.0f us' % (
        os.path.basename(d), h, nxt, len(order), copies, len(samples), 1e6 * min(samples, default=0), 1e6 * q(samples, .1), 1e6 * q(samples, .5), 1e6 * q(samples, .9), 1e6 * est, low, 1e6 * q(traj[20:], .1), 1e6 * q(traj[20:], .5)))
