#!/usr/bin/env python3
"""The packet model (hrel model replay --daemon) against hrel_pvmdcpu's own remote
blocks: for each size, a ping-pong trace of as many round trips (at most 100) between
rank 0 on host 1 and rank 1 on host 2 is replayed with pvmd's time per action 20 us
(the default) and the measured remote_dgram_s, jitter an eighth of the blocks' 8-byte
round trip, 31 seeds (the median); against the blocks' median wall time per round
trip. usage: pingpong_check.py [--user-wire DELAY] [RTT0] PLATFORM.csv WIRE_G ...
(docs/predict.md); --user-wire: the userspace wire's switch (--wire user --medium port,
DELAY s a link), else tc's links."""
import csv, os, statistics, subprocess, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
HREL = os.path.join(ROOT, 'bin', os.environ.get('PVM_ARCH', 'LINUX64'), 'hrel')


def trace(m, n, path):
    r0 = [('start', '', 0, -1), ('spawn', '1', 0, -1)]
    r1 = [('start', '', 0, -1)]
    for _ in range(n):
        r0 += [('send', '1', m, 1), ('recv', '1', m, 2)]
        r1 += [('recv', '0', m, 1), ('send', '0', m, 2)]
    with open(path, 'w') as f:
        f.write('rank,host,kind,peers,bytes,tag,t_begin,t_end,inside\n')
        for rank, (rows, host, t) in enumerate(((r0, 1, 0.0), (r1, 2, 1e-5))):
            for k, p, b, tag in rows:
                f.write(f'{rank},{host},{k},{p},{b},{tag},{t:.6f},{t if k == "start" else t + 1e-6:.6f},\n')
                t += 2e-6


WIRE = ['--wire', 'tc']


def replay(path, g, rtt0, p, j):
    o = subprocess.run([HREL, 'model', 'replay', path, '--daemon', str(g)] + WIRE +
                       ['--medium', 'port', '--rtt0', str(rtt0), '--pvmd-s', str(p),
                        '--jitter', str(j), '--interval', '31'], capture_output=True, text=True)
    med = [l for l in o.stdout.splitlines() if l.startswith('median')]
    cp = [l for l in o.stdout.splitlines() if l.startswith('# pvmd packets')]
    if not med:
        sys.exit(f'pingpong_check: {o.stderr.strip()}')
    return float(med[0].split()[1]), cp[0].split(',')[1].split('(')[0].strip()


def main(a):
    global WIRE
    rtt0 = 0.024
    if a and a[0] == '--user-wire':
        WIRE = ['--wire', 'user', '--wire-delay', a[1]]
        a = a[2:]
    if a and a[0][0].isdigit():
        rtt0 = float(a.pop(0))
    for f, g in zip(a[0::2], a[1::2]):
        g = float(g)
        rows = list(csv.DictReader(l for l in open(f) if not l.startswith('#')))
        fit = {l.split()[1]: float(l.split()[2]) for l in open(f) if l.startswith('# remote_') and '_se' not in l}
        by = {}
        for r in rows:
            if r['where'] == 'remote':
                rt = float(r['roundtrips'])
                by.setdefault(int(r['bytes']), []).append((float(r['wall_s']) / rt, float(r['dgrams_a']) / rt, int(rt)))
        j = statistics.median(x[0] for x in by[8]) / 8
        print(f'{f}: pvmd {fit["remote_dgram_s"] * 1e6:.1f} us per datagram (measured), jitter {j * 1e6:.1f} us, '
              f'RTT estimate at the start {rtt0} s; us per round trip')
        print('  bytes x round trips | runs (datagrams/RT) | model, 20 us (copies) | model, measured (copies)')
        for m in sorted(by):
            runs = statistics.median(x[0] for x in by[m])
            dg = statistics.median(x[1] for x in by[m])
            n = min(100, max(1, min(x[2] for x in by[m])))
            trace(m, n, '/tmp/hrel_pingpong_check.csv')
            a20, c20 = replay('/tmp/hrel_pingpong_check.csv', g, rtt0, 2e-5, j)
            am, cm = replay('/tmp/hrel_pingpong_check.csv', g, rtt0, fit['remote_dgram_s'], j)
            print(f'  {m:6d} x {n:3d} | {runs * 1e6:9.0f} ({dg:5.1f}) | {a20 / n * 1e6:9.0f} ({c20}) | {am / n * 1e6:9.0f} ({cm})')
    os.remove('/tmp/hrel_pingpong_check.csv')


if __name__ == '__main__':
    main(sys.argv[1:])
