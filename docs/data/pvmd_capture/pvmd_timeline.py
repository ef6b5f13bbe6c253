#!/usr/bin/env python3
"""pvmd_timeline.py FILE.pcap [-v] -- pvmd's data packets in one capture of
capture.sh (a host's eth0), per direction (last byte of 10.99.0.X) and class
('big': a datagram over 1000 bytes, a full 4 KB packet; 'small'): how many,
how many were sent again and how often, the time from a packet's first send to
its ack when it was sent once (median, min, max; ms), and the median time from
a first send to its first copy (the pvmd's retry timer: 2 x its RTT estimate).
Times are as seen on this host's eth0: a packet leaving this host is stamped
before the segment's shaper, one arriving after it (first IP fragment). -v:
every packet: time, from, to, class, UDP length, copies, gaps between its sends
(ms), first send to ack, last send to ack (ms)."""
import sys, struct, statistics, collections
def packets(fn):
    with open(fn, 'rb') as f:
        f.read(24)
        while True:
            h = f.read(16)
            if len(h) < 16: return
            ts, tu, cl, _ = struct.unpack('<IIII', h)
            d = f.read(cl)
            ip = d[14:]
            if len(ip) < 20 or ip[9] != 17: continue
            if struct.unpack('>H', ip[6:8])[0] & 0x1fff: continue
            udp = ip[(ip[0] & 15) * 4:]
            p = udp[8:]
            if len(p) < 13: continue
            ulen = struct.unpack('>H', udp[4:6])[0]
            _, _, seq, ack = struct.unpack('>IIHH', p[:12])
            yield ts + tu / 1e6, ip[15], ip[19], ulen, seq, ack
def rows_of(fn):
    """the data packets of capture FN in order of first send: (t since the first
    packet, src, dst, class, UDP length, copies, gaps between sends in ms, first
    send to ack in ms, last send to ack in ms)"""
    pk = {}   # (s,d,seq) -> dict
    order = []
    t0 = None
    for t, s, d, ulen, seq, ack in packets(fn):
        if t0 is None: t0 = t
        if ulen <= 24:
            k = (d, s, ack)
            if k in pk and 'ack' not in pk[k]: pk[k]['ack'] = t
            continue
        k = (s, d, seq)
        if k in pk and t - pk[k]['sends'][-1] < 0.5:
            pk[k]['sends'].append(t)
        else:
            pk[k] = {'sends': [t], 'len': ulen}
            order.append(k)
    rows = []
    for k in order:
        v = pk[k]
        cls = 'big' if v['len'] > 1000 else 'small'
        rows.append((v['sends'][0] - t0, k[0], k[1], cls, v['len'], len(v['sends']) - 1,
                     [round((b - a) * 1e3, 2) for a, b in zip(v['sends'], v['sends'][1:])],
                     round((v['ack'] - v['sends'][0]) * 1e3, 3) if 'ack' in v else None,
                     round((v['ack'] - v['sends'][-1]) * 1e3, 3) if 'ack' in v else None))
    return rows

def main():
    rows = rows_of(sys.argv[1])
    if len(sys.argv) > 2 and sys.argv[2] == '-v':
        for r in rows: print(*r)
    summ = collections.defaultdict(list)
    for r in rows: summ[(r[1], r[2], r[3])].append(r)
    for key, rs in sorted(summ.items()):
        acks = [r[7] for r in rs if r[5] == 0 and r[7] is not None]
        acks_last = [r[8] for r in rs if r[5] > 0 and r[8] is not None]
        first_gap = [r[6][0] for r in rs if r[5] > 0]
        print(key, 'n', len(rs), 'with copies', sum(r[5] > 0 for r in rs), 'copies', sum(r[5] for r in rs),
              'ack(no copy) med/min/max ms', (round(statistics.median(acks), 3), min(acks), max(acks)) if acks else None,
              'first retry after med ms', round(statistics.median(first_gap), 3) if first_gap else None)

if __name__ == '__main__':
    main()
