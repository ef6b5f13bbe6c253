#!/bin/bash
# timeline.sh -- matrix D's local stencil-d cell replayed as hrel predict priced it
# (its hrel_predict.txt: PP,2's g, L half the 8-byte round trip, the route's 40 KB
# buffer, the set-up, 2 shared cores, messages fair, the lifecycle), with
# --timeline; then where the replay parts from its run, per rank and kind of row
# (timeline_attr.py: traced less replayed, s; gap: the time between calls).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
C=$ROOT/docs/data/predict_matrix_lcnow/cells/local/stencil-d
S=$(sed -n 's/^# setup_s: \([0-9.e-]*\).*/\1/p' "$C/hrel_predict.txt")
"$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel" model replay "$C/predicting_msgs.csv" --g 1.206125e-09 \
    --L 3.04985e-05 --sendbuf 40960 --setup "$S" --shared-cores 2 --deliver-fair \
    --lifecycle "$C/lifecycle.csv" --timeline "$HERE/timeline.csv" | tail -n 1
python3 "$HERE/timeline_attr.py" "$HERE/timeline.csv"
