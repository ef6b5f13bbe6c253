#!/usr/bin/env python3
"""storm.py RUNDIR SRCHOST DSTHOST SRCRANK DSTRANK -- one pair of a traced
3-task hrel_ring run captured on SRCHOST's eth0 (RUNDIR/utpSRCHOST.pcap or .pcap.gz, the
pvmd's UDP; RUNDIR/msgs.csv and tev/ of the preload tracer). Per message of the
pair: W = its data packet's first departure from eth0 minus the sending rank's
pvm_send end (the time it waited in the pvmd and in tc's queue), the copies of
it that left eth0, and the delivery (the receiving rank's pvm_recv end minus
the send end). Prints those for the messages delivered in under 0.5 ms and in
over 0.5 ms, and the spacing of consecutive departures in the slow ones."""
import sys, struct, glob, csv, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from pvmd_pcap import packets
d, sh, dh, sr, dr = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
f0 = glob.glob(d + '/tev/utp1.*.tev')[0]   # rank 0's task file: the trace's origin
T0 = struct.unpack('<q', open(f0, 'rb').read(24)[16:24])[0] * 1e-9
rows = [r for r in csv.reader(l for l in open(d + '/msgs.csv') if not l.startswith('#'))]
h = rows[0]; rows = [dict(zip(h, r)) for r in rows[1:]]
snd = [T0 + float(r['t_end']) for r in rows if r['rank'] == sr and r['kind'] == 'send' and r['peers'] == dr and r['tag'] == '52']
rcv = [T0 + float(r['t_end']) for r in rows if r['rank'] == dr and r['kind'] == 'recv' and r['peers'] == sr and r['tag'] == '52']
dep = {}; order = []
for t, a, b, ul, seq, _ in packets('%s/utp%d.pcap' % (d, sh)):
    if a == sh and b == dh and ul > 24:
        if seq not in dep:
            dep[seq] = []; order.append(seq)
        dep[seq].append(t)
# message i: the last data packet to leave before its pvm_recv returned (the
# packet that delivered it); a message whose packet the capture missed (the one
# found is the previous message's) is left out
seqs, k = [], -1
for i, t in enumerate(rcv):
    while k + 1 < len(order) and dep[order[k + 1]][0] < t:
        k += 1
    seqs.append(order[k] if k >= 0 and (not seqs or order[k] != seqs[-1]) else None)
def q(v):
    v = sorted(v); n = len(v)
    return 'n %d median %.3f p10 %.3f p90 %.3f' % (n, v[n // 2], v[n // 10], v[9 * n // 10]) if n else 'n 0'
fast, slow, sp = [], [], []
for i, seq in enumerate(seqs):
    if seq is None or i >= len(snd):
        continue
    w = (dep[seq][0] - snd[i]) * 1e3; c = len(dep[seq]) - 1; dl = (rcv[i] - snd[i]) * 1e3
    (slow if dl > 0.5 else fast).append((w, c, dl))
    if dl > 0.5:
        sp += [(b - a) * 1e3 for a, b in zip(dep[seq], dep[seq][1:])]
print('%s: pair rank %s (utp%d) -> rank %s (utp%d), %d messages, %d data packets captured, %d matched'
      % (d, sr, sh, dr, dh, len(snd), len(order), len(fast) + len(slow)))
for name, v in (('delivered < 0.5 ms', fast), ('delivered > 0.5 ms', slow)):
    print(' %s: %d' % (name, len(v)))
    if v:
        print('   W ms (send end -> first departure): ' + q([x[0] for x in v]))
        print('   copies per message:                 ' + q([x[1] for x in v]))
        print('   delivery ms:                        ' + q([x[2] for x in v]))
        hist = {}
        for x in v:
            hist[x[1]] = hist.get(x[1], 0) + 1
        print('   messages by copies:                 ' + ', '.join('%d: %d' % kv for kv in sorted(hist.items())))
print(' spacing of one slow message\'s departures, ms: ' + q(sp))
# with the receiver's capture too: each data packet's first departure from the
# sender's eth0 to its first arrival at the receiver's eth0 (the wire)
rf = '%s/utp%d.pcap' % (d, dh)
if os.path.exists(rf) or os.path.exists(rf + '.gz'):
    arr = {}
    for t, a, b, ul, seq, _ in packets(rf):
        if a == sh and b == dh and ul > 24 and seq not in arr:
            arr[seq] = t
    w = [(arr[k] - dep[k][0]) * 1e3 for k in dep if k in arr and 0 <= arr[k] - dep[k][0] < 0.1]
    print(' the wire, eth0 to eth0 (first departure to first arrival), ms: ' + q(w))
