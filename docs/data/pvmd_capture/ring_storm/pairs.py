#!/usr/bin/env python3
"""pairs.py [--timeline] FILE -- per pair of ranks of a ring (tag 52): the deliveries,
from the sender's pvm_send end to the receiver's pvm_recv end (in a ring the
receiver is already waiting); their median, how many took over 0.5 ms and the
median of those. FILE is a trace's msgs.csv (t_end), or with --timeline the
timeline.csv of `hrel model replay --timeline` (the replay's replay_t1)."""
import sys, csv, statistics as st
tl = sys.argv[1] == '--timeline'
rows = [r for r in csv.reader(l for l in open(sys.argv[-1]) if not l.startswith('#'))]
h = rows[0]; rows = [dict(zip(h, r)) for r in rows[1:]]
end = 'replay_t1' if tl else 't_end'
host = {r['rank']: r.get('host', '') for r in rows}
sends, cnt, rc, out = {}, {}, {}, {}
for r in rows:
    if r['kind'] == 'send' and r['tag'] == '52' and r[end]:
        k = (r['rank'], r['peers']); cnt[k] = cnt.get(k, 0) + 1; sends[k + (cnt[k],)] = float(r[end])
for r in rows:
    if r['kind'] == 'recv' and r['tag'] == '52' and r[end]:
        k = (r['peers'], r['rank']); rc[k] = rc.get(k, 0) + 1; s = sends.get(k + (rc[k],))
        if s is not None:
            out.setdefault(k, []).append(float(r[end]) - s)
for k, v in sorted(out.items()):
    slow = [x for x in v if x > 5e-4]
    who = ('%s->%s' % k) if tl else ('rank %s(h%s)->%s(h%s)' % (k[0], host[k[0]], k[1], host[k[1]]))
    print('  %s: median %.3f ms, slow %d of %d (their median %s ms)' % (
        who, st.median(v) * 1e3, len(slow), len(v), '%.2f' % (st.median(slow) * 1e3) if slow else '-'))
