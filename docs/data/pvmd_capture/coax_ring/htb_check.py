#!/usr/bin/env python3
"""htb_check.py [--late US] RUNDIR...: tc's HTB segment of lan-coax as the packet model serves it
(lib/model/pvmdnet.c bus_serve: a class per station at the link's rate over 8, ceiling the
link's, a parent at the link's rate, bursts of 1600 bytes; a station that can send on its
own tokens first, then the borrowers in turn; a borrowed frame not charged to the
station's own tokens), fed with the frames as they really left: every frame's departure
on its sender's eth0 (RUNDIR/coaxH.pcap, H = 1..4; frame bytes = UDP length + 34, as the
model counts them). Per run: the frames matched to their arrival on the receiver's eth0,
how many the model gives the real wait (arrival less departure) within 100 us, and how
many passed at once (wait under 50 us) in the run and in the model. --late US: a frame
that had to wait leaves US microseconds after the model's time (as if the qdisc's
watchdog timer fired late), one that could go at once on arrival does not."""
import collections, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from pvmd_pcap import packets

R, B, N = 10e6 / 8, 1600.0, 8   # bytes/s, burst bytes, stations
LATE = 0.0

def check(d):
    dep, arr = [], {}
    for h in (1, 2, 3, 4):
        sent, got = collections.Counter(), collections.Counter()
        for t, a, b, ul, seq, ack in packets('%s/coax%d.pcap' % (d, h)):
            key = (a, b, seq, ack, ul)
            if a == h:
                sent[key] += 1
                dep.append((t, a, ul + 34.0, key + (sent[key],)))
            elif b == h:
                got[key] += 1
                arr[key + (got[key],)] = t
    dep.sort()
    t0 = dep[0][0]
    dep = [(t - t0, a, f, k) for t, a, f, k in dep]
    arr = {k: v - t0 for k, v in arr.items()}
    own = {s: B for s in range(1, N + 1)}
    ceil = dict(own)
    ts = {s: 0.0 for s in range(1, N + 1)}
    st = {'par': B, 'pt': 0.0, 'rr': 0}
    q = collections.defaultdict(collections.deque)
    out = {}

    def at(s, t):
        return (min(B, own[s] + (t - ts[s]) * R / N), min(B, ceil[s] + (t - ts[s]) * R),
                min(B, st['par'] + (t - st['pt']) * R))

    def serve(t):   # serve what can go at T; the next time one can, or None
        while True:
            a, bor, nxt, anyq = None, 0, float('inf'), False
            for k in range(1, N + 1):
                h = (st['rr'] + k - 1) % N + 1
                if not q[h]:
                    continue
                anyq = True
                o, c, p = at(h, t)
                if c >= -1e-9 and o >= -1e-9:
                    a, bor = h, 0
                    break
                if c >= -1e-9 and p >= -1e-9:
                    if a is None:
                        a, bor = h, 1
                    continue
                nxt = min(nxt, t + 1e-9 + max(max(0, -c) / R, min(max(0, -o) * N / R, max(0, -p) / R)))
            if not anyq:
                return None
            if a is None:
                return nxt + LATE
            o, c, p = at(a, t)
            f, key = q[a].popleft()
            own[a] = o if bor else o - f
            ceil[a] = c - f
            ts[a] = t
            st['par'], st['pt'], st['rr'] = p - f, t, a
            out[key] = t

    i, pending = 0, None
    while i < len(dep) or any(q.values()):
        tn = dep[i][0] if i < len(dep) else float('inf')
        if pending is not None and pending <= tn:
            pending = serve(pending)
            continue
        _, a, f, key = dep[i]
        i += 1
        q[a].append((f, key))
        pending = serve(tn)
    n = close = real0 = model0 = 0
    for t, a, f, key in dep:
        if key in arr and key in out:
            real, model = arr[key] - t, out[key] - t
            n += 1
            close += abs(real - model) < 1e-4
            real0 += real < 5e-5
            model0 += model < 5e-5
    tm = open(os.path.join(d, 'time.txt')).read().split()[-1]
    print('%s%s (run %.2f s): %d frames; the model within 100 us of the real wait: %d (%.0f %%); passed at once: %d in the run, %d in the model'
          % ('late %3.0f us, ' % (1e6 * LATE) if LATE else '', os.path.basename(d.rstrip('/')), float(tm), n, close, 100.0 * close / n, real0, model0))

args = sys.argv[1:]
if args[:1] == ['--late']:
    LATE = float(args[1]) * 1e-6
    args = args[2:]
for d in args:
    check(d)
