#!/bin/bash
# measure.sh [PLATFORM...] -- how long a pvmd's packet waits behind a
# direct-route stream leaving its host (bin/LINUX64/hrel_streamq, defaults),
# on each emulated platform the stored matrices ran, into PLATFORM.csv here.
# `hrel predict` reads PLATFORM.csv where a characterisation has no
# streamq.csv of its own (the stored matrices predate it): docs/predict.md,
# "Two first messages that cross". One platform at a time (it owns the
# machine's cores while it runs).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
export PVM_ALLOW_ROOT=yes
[ $# -gt 0 ] || set -- lan-utp fast-switch lan-coax lan-coax-wire lan-utp-wire
for p in "$@"; do
    "$ROOT/hostfiles/platform.sh" run "$p" -- "$ROOT/bin/LINUX64/hrel_streamq" >"$HERE/$p.csv.new" 2>"$HERE/$p.err" ||
        { echo "measure.sh: $p failed: $(tail -n 1 "$HERE/$p.err")" >&2; rm -f "$HERE/$p.csv.new"; continue; }
    { echo "# measured: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown), platform $p (docs/data/predict_matrix/streamq/measure.sh)"
      grep -v '^probe \|^platform ' "$HERE/$p.csv.new"; } >"$HERE/$p.csv"
    rm -f "$HERE/$p.csv.new" "$HERE/$p.err"
    echo "$p: $(grep '^# stream_wait_s' "$HERE/$p.csv")"
done
