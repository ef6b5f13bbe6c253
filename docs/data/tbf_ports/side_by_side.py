#!/usr/bin/env python3
"""side_by_side.py CAPTURE.pcap A B K PACKETS.csv... -- pair A -> B (hosts: the
trace's host numbers, the last byte of 10.99.0.X in the capture) as the packet
model replayed it (`hrel model replay ... --packets PACKETS.csv`) and as a
capture of the platform saw it (docs/data/pvmd_capture/capture.sh, the capture
on host A's eth0): per class of packet ('big': over 1000 bytes of UDP payload)
how many, how many were sent again, and the time from a packet's first send to
its ack when it was sent once (median, min, max; ms); then the first K packets
of the pair in order, 'class:ms', '*' for a packet sent again. Each PACKETS
file is shown under its name (without .csv), then the capture.
The capture stamps a packet as it leaves host A's queue, the model as pvmd
sends it, so a host that queues its own packets (two peers) shows shorter
times in the capture."""
import csv, os, statistics, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'pvmd_capture'))
from pvmd_timeline import rows_of   # noqa: E402

def model_rows(fn, a, b):
    sends, out = {}, []
    with open(fn) as f:
        for r in csv.DictReader(f):
            if int(r['from']) != a or int(r['to']) != b:
                continue
            if r['event'] == 'send':
                sends.setdefault(int(r['seq']), int(float(r['bytes'])))
            else:
                out.append(('big' if sends[int(r['seq'])] > 1000 else 'small',
                            int(r['sends']) - 1, float(r['sample_s']) * 1e3))
    return out

def capture_rows(fn, a, b):
    return [(r[3], r[5], r[7]) for r in rows_of(fn) if r[1] == a and r[2] == b and r[7] is not None]

def show(name, rows, k):
    for cls in ('big', 'small'):
        rs = [r for r in rows if r[0] == cls]
        once = [r[2] for r in rs if r[1] == 0]
        print('%-9s %-5s n %4d sent again %4d  ack (sent once) med %.3f min %.3f max %.3f ms'
              % (name, cls, len(rs), sum(r[1] > 0 for r in rs), statistics.median(once),
                 min(once), max(once)) if once else '%-9s %-5s n %d' % (name, cls, len(rs)))
    print('%-9s first %d: %s' % (name, k, ' '.join('%s:%.2f%s' % (r[0], r[2], '*' if r[1] else '')
                                                    for r in rows[:k])))

def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    a, b, k = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    for fn in sys.argv[5:]:
        show(os.path.basename(fn)[:-4] if fn.endswith('.csv') else fn, model_rows(fn, a, b), k)
    show('capture', capture_rows(sys.argv[1], a, b), k)

if __name__ == '__main__':
    main()
