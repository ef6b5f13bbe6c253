#!/bin/bash
# trace_replays.sh: each of the 24 traced runs of run.sh (traced/, their imported msgs.csv and
# wall times) replayed as lan-coax-wire-5's stencil3 is priced (seeds.sh's replay, 31 seeded
# replays: median and 80 % interval). Does the replay follow the traced run's own regime?
# Output: trace_replays.txt (wall_s of the traced run, the replays' median, interval)
set -u
here=$(cd "$(dirname "$0")" && pwd)
c=$here/../heldout_daemon/lan-coax-wire-5/stencil3
H=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "run,traced_wall_s,replay_median_s,replay_lo_s,replay_hi_s"
tail -n +2 "$here/traced/index.csv" | while IFS=, read -r k w f; do
  gunzip -c "$here/traced/$f" >"$tmp/m.csv"
  "$H" model replay "$tmp/m.csv" --medium bus --hosts-from "$tmp/m.csv" --daemon 8e-7 --wire user \
      --wire-delay 2e-6 --rtt0 0.024142 --pvmd-s 1.30534e-05 --pvmd-msg-s 1.37985e-05 \
      --jitter 6.44767e-05 --interval 31 --seed 1 --lifecycle "$c/lifecycle.csv" 2>&1 |
    awk -v k="$k" -v w="$w" '/^interval/ { lo = $2; hi = $3 } /^median/ { m = $2 }
        END { printf "%d,%s,%.4f,%.4f,%.4f\n", k, w, m, lo, hi }'
done
