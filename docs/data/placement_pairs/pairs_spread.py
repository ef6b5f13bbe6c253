#!/usr/bin/env python3
"""pairs_spread.py DIR...: predict.sh folders whose setup.csv holds every run's virtual
machine's 8-byte round trips (3 pairs a machine, in the order measured): how far apart the
pairs of one virtual machine are (largest / smallest), and the medians of one folder's
virtual machines (largest / smallest)."""
import statistics
import sys

within, between = [], []
for d in sys.argv[1:]:
    try:
        lines = open(d.rstrip('/') + '/setup.csv').read().splitlines()
    except OSError:
        continue
    if not any(l.startswith("# pairs of the runs") for l in lines):
        continue
    vals = [float(l.split(',')[5]) for l in lines if l[:1].isdigit()]
    vms = [vals[i:i + 3] for i in range(0, len(vals) - len(vals) % 3, 3)]
    within += [max(v) / min(v) for v in vms]
    meds = [statistics.median(v) for v in vms]
    between.append(max(meds) / min(meds))
within.sort()
print(f"{len(between)} folders, {len(within)} virtual machines")
print(f"one virtual machine's pairs, largest / smallest: median {statistics.median(within):.2f}, "
      f"90th percentile {within[int(0.9 * len(within))]:.2f}")
print(f"a folder's virtual machines' medians, largest / smallest: median {statistics.median(between):.2f}")
