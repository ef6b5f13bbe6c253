#!/usr/bin/env python3
"""timeline.py UTP1.txt -- per 100 ms of a tcpdump text capture on utp1
(tcpdump -n -tt): TCP payload bytes utp1 -> utp2, the daemon's UDP bytes
utp2 -> utp1 (with their IP fragments), utp1's 16-byte acks of them, from
the first TCP payload on."""
import collections, re, sys
tcp, udp, ack = collections.Counter(), collections.Counter(), collections.Counter()
t0 = None
rows = []
for line in open(sys.argv[1]):
    t = float(line.split()[0])
    m = re.search(r'length (\d+)', line)
    n = int(m.group(1)) if m else 0
    if re.search(r'10\.99\.0\.1\.\d+ > 10\.99\.0\.2\.\d+: Flags', line) and n > 0:
        rows.append((t, 'tcp', n))
        if t0 is None:
            t0 = t
    elif (re.search(r'10\.99\.0\.2\.\d+ > 10\.99\.0\.1\.\d+: UDP', line) and n > 100) or \
            re.search(r'10\.99\.0\.2 > 10\.99\.0\.1: ip-proto-17', line):
        rows.append((t, 'udp', n))
    elif re.search(r'10\.99\.0\.1\.\d+ > 10\.99\.0\.2\.\d+: UDP, length 16$', line.strip()):
        rows.append((t, 'ack', 1))
big = [r for r in rows if r[1] == 'tcp']
t0 = big[0][0] if big else 0
# from the big exchange on: the first TCP payload of over 1000 bytes
for t, k, n in rows:
    if k == 'tcp' and n > 1000:
        t0 = t
        break
for t, k, n in rows:
    if t < t0:
        continue
    b = int((t - t0) * 10)
    {'tcp': tcp, 'udp': udp, 'ack': ack}[k][b] += n
print("# from the first TCP payload over 1000 bytes utp1 -> utp2; per 100 ms")
print("from_s,tcp_bytes_out,udp_bytes_in,udp_acks_out")
for b in range(max(list(tcp) + list(udp) + [0]) + 1):
    if tcp[b] or udp[b] or ack[b]:
        print("%.1f,%d,%d,%d" % (b / 10, tcp[b], udp[b], ack[b]))
