#!/usr/bin/env python3
"""pcap_resends.py FILE.pcap [HOST] -- pvmd's data packets and their re-sent
copies per pair of hosts in one capture of capture.sh (the host's eth0; hosts
are the last byte of 10.99.0.X). A pvmd packet starts with dst tid, src tid,
seq (16 bit), ack (16 bit), flags; a copy is the same (src, dst, seq) with the
same length again within 0.2 s. Prints per pair: distinct data packets, copies,
and the median time from a packet's first send to its ack on the wire (ms)."""
import sys, collections, statistics
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pvmd_pcap import packets

last, first, acked = {}, {}, {}
total, copies = collections.Counter(), collections.Counter()
for t, s, d, ulen, seq, ack in packets(sys.argv[1]):
    if ulen <= 24:                       # an ack (16-byte pvmd header, no data)
        k = (d, s, ack)
        if k in first and k not in acked:
            acked[k] = t - first[k]
        continue
    k = (s, d, seq)
    if k in last and t - last[k][0] < 0.2 and last[k][1] == ulen:
        copies[(s, d)] += 1
    else:
        total[(s, d)] += 1
        first[k] = t
    last[k] = (t, ulen)
for pair in sorted(total):
    r = [v * 1000 for k, v in acked.items() if (k[0], k[1]) == pair]
    print("%d->%d packets %d copies %d median_ack_ms %s" % (pair[0], pair[1], total[pair],
          copies[pair], "%.2f" % statistics.median(r) if r else "nan"))
