#!/usr/bin/env python3
"""What matrix D's fast-switch daemon-route cells ask of the 2 shared cores
(docs/predict.md, "The fast-switch stencil"): per cell the tasks' gap CPU
(msgs.csv gap_cpu_s), the packets the packet model sends (hrel model replay's
'# pvmd packets'), the pvmds' CPU at 4 datagrams per packet and 18 us each, against
2 cores x the untraced median; and for the stencil the time from a 16 KB send's
begin to its receive's end where the receiver waited first.
usage: cpu_demand.py [CELLS_DIR]   (default docs/data/predict_matrix_lcnow/cells/fast-switch)"""
import csv, os, statistics, subprocess, sys
from collections import defaultdict

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
HREL = os.path.join(ROOT, 'bin', os.environ.get('PVM_ARCH', 'LINUX64'), 'hrel')
CELLS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'docs/data/predict_matrix_lcnow/cells/fast-switch')
DGRAM_S = 18e-6


def rows(cell):
    return list(csv.DictReader(l for l in open(os.path.join(CELLS, cell, 'predicting_msgs.csv')) if not l.startswith('#')))


def untraced_median(cell):
    for l in open(os.path.join(CELLS, cell, 'predict.csv')):
        if l.startswith('# untraced_runs_s: '):
            return statistics.median(float(x) for x in l.split(': ')[1].split(','))


def packets(cell):
    m = os.path.join(CELLS, cell, 'predicting_msgs.csv')
    out = subprocess.run([HREL, 'model', 'replay', m, '--daemon', '8e-9', '--wire', 'tc', '--medium', 'port',
                          '--rtt0', '0.0238', '--pvmd-s', str(DGRAM_S), '--hosts-from', m],
                         capture_output=True, text=True).stdout
    return int([l for l in out.splitlines() if l.startswith('# pvmd packets')][0].split()[3].rstrip(','))


print('cell, tasks gap CPU ms, packets, pvmd CPU ms (4 datagrams x 18 us), total ms, 2 cores x untraced median ms')
for cell in ['exit1', 'farm', 'fmw', 'groups', 'poll', 'ring', 'short', 'stdin', 'stencil']:
    r = rows(cell)
    cpu = sum(float(x['gap_cpu_s']) for x in r if x['gap_cpu_s'])
    n = packets(cell)
    print(f'{cell}, {cpu * 1e3:.1f}, {n}, {n * 4 * DGRAM_S * 1e3:.1f}, {(cpu + n * 4 * DGRAM_S) * 1e3:.1f}, '
          f'{2e3 * untraced_median(cell):.1f}')

# the stencil's 16 KB messages whose receiver was waiting before the send began
r = rows('stencil')
sends = defaultdict(list)
for x in r:
    if x['kind'] in ('send', 'mcast'):
        for p in x['peers'].split(';'):
            sends[(x['rank'], p, x['tag'])].append(x)
seen, lat = defaultdict(int), []
for x in r:
    if x['kind'] == 'recv':
        k = (x['peers'], x['rank'], x['tag'])
        s = sends[k][seen[k]]
        seen[k] += 1
        if int(x['bytes']) == 16384 and float(x['t_begin']) < float(s['t_begin']):
            lat.append((float(x['t_end']) - float(s['t_begin'])) * 1e6)
lat.sort()
print(f'stencil: 16 KB messages, receiver waiting first: {len(lat)}; send begin to receive end: median '
      f'{statistics.median(lat):.0f} us, p10 {lat[len(lat) // 10]:.0f}, p90 {lat[9 * len(lat) // 10]:.0f}')
