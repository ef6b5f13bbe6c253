#!/bin/bash
# The side measurements behind docs/predict.md "More of PVM's examples on local"
# and the session-13 note, on a local virtual machine that is already running
# (PVM_TMP, PVM_ALLOW_ROOT set; hostfile '* ep=/usr/bin:ROOT/bin/LINUX64').
# Their outputs as seen on 2026-11-26 are in noticed.txt.
set -u
B=$(cd "$(dirname "$0")/../../../.." && pwd)/bin/LINUX64
# the daemon route's 8-byte round trip (later_s, per pair), three times each
for i in 1 2 3; do for r in 20 100 400; do
    echo -n "firstcontact -r $r: "
    "$B/hrel_firstcontact" -r "$r" | grep -v '^#' | cut -d, -f6 | tr '\n' ' '; echo
done; done
# hrel_poll untraced and traced, interleaved
for i in 1 2 3 4; do
    echo -n "plain: "; "$B/hrel_poll" -p 3 -j 80 -b 32768 -w 20 -s 400 | tail -n 1
    d=$(mktemp -d)
    echo -n "traced: "; LD_PRELOAD=$B/libhrel_trace.so HREL_TRACE_DIR=$d \
        "$B/hrel_poll" -p 3 -j 80 -b 32768 -w 20 -s 400 | tail -n 1
    rm -rf "$d"
done
# PingPong of 100 KB and 1 MB, the receiver polling and blocking, twice each
for m in poll block poll block; do
    d=$(mktemp -d)
    "$B/hrel_bench" -q -P PP -p 2 -s 100000,1000000 -r 40 -w 3 --recv "$m" -o "$d" >/dev/null 2>&1
    echo "PP --recv $m: $(awk -F, '!/^#/ && $1 == "PP" { print $3, $6 }' "$d/raw.csv" |
        sort -n | awk '{ v[$1] = v[$1] " " $2 } END { for (h in v) print h ":" v[h] }' |
        python3 -c 'import sys, statistics as s
print("; ".join("%s B median %.0f us" % (l.split(":")[0], s.median(map(float, l.split(":")[1].split())) * 1e6) for l in sys.stdin))')"
    rm -rf "$d"
done
