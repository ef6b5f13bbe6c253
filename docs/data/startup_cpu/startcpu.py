#!/usr/bin/env python3
"""The CPU time a process had used when hrel's preload tracer started in it
(start_cpu_ns of each tev file's header: from its fork to the library's
constructor), per task file of the stored local matrices' predicting runs
(docs/predict.md, "A process's start-up as CPU work").
usage: startcpu.py MATRIX...   (e.g. ../predict_matrix_local/H ../predict_matrix_local/I)
Prints per cell the master's and the other tasks' start-up CPU (ms), then the
ranges over all cells."""
import glob
import os
import struct
import sys

HEAD = 256          # sizeof(hrel_tev_head), lib/io/tevfile.h
OFF_START_NS = 16   # int64 start_ns; the master is the file that started first
OFF_PROG = 160      # char prog[84]
OFF_CPU = 248       # int64 start_cpu_ns

masters, others = [], []
for m in sys.argv[1:]:
    for cell in sorted(glob.glob(os.path.join(m, "cells", "local", "*"))):
        files = sorted(glob.glob(os.path.join(cell, "run*", "tev", "*.tev")))
        if not files:
            continue
        rows = []
        for f in files:
            with open(f, "rb") as fp:
                h = fp.read(HEAD)
            start = struct.unpack_from("<q", h, OFF_START_NS)[0]
            prog = h[OFF_PROG:OFF_PROG + 84].split(b"\0")[0].decode()
            cpu = struct.unpack_from("<q", h, OFF_CPU)[0] / 1e6
            rows.append((start, prog, cpu))
        rows.sort()
        masters.append(rows[0][2])
        others.extend(r[2] for r in rows[1:])
        print("%s %s: master %.2f ms; others %s" % (os.path.basename(m.rstrip("/")),
              os.path.basename(cell), rows[0][2],
              " ".join("%s %.2f" % (p, c) for _, p, c in rows[1:])))
if masters:
    print("# masters: %.2f-%.2f ms (%d); spawned tasks: %.2f-%.2f ms (%d)" %
          (min(masters), max(masters), len(masters), min(others), max(others), len(others)))
