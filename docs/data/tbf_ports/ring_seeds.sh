#!/bin/bash
# ring_seeds.sh: lan-utp-5's held-out ring3 (../heldout_daemon/lan-utp-5/ring3)
# replayed with pvmd's jitter (15.5 us, an eighth of its 8-byte round trip) for
# seeds 1-31 on both port models: per seed the copies sent and the total (s);
# then how many seeds stormed (total above 0.275 s; none: 0.27 s), the storms'
# range and the medians. Output: ring_seeds.txt.
set -u
here=$(cd "$(dirname "$0")" && pwd)
hrel=$here/../../../bin/${PVM_ARCH:-LINUX64}/hrel
c=$here/../heldout_daemon/lan-utp-5/ring3
echo "seed,wire,copies,total_s"
for s in $(seq 1 31); do
    for w in tc-joint tc; do
        "$hrel" model replay "$c/predicting_msgs.csv" --medium port --hosts-from "$c/predicting_msgs.csv" \
            --daemon 8e-7 --wire $w --rtt0 0.0238 --pvmd-s 1.2e-05 --pvmd-msg-s 8.51634e-05 \
            --jitter 1.55e-5 --seed "$s" --lifecycle "$c/lifecycle.csv" |
            awk -v s="$s" -v w="$w" '/sent again/ { c = $7 } /^total/ { printf "%s,%s,%s,%.4f\n", s, w, c, $2 }'
    done
done | awk -F, '{ print } { n[$2]++; v[$2, n[$2]] = $4; if ($4 > 0.275) { k[$2]++; if (!($2 in lo) || $4 < lo[$2]) lo[$2] = $4; if ($4 > hi[$2]) hi[$2] = $4 } }
    END { for (w in n) { m = n[w]; for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[w, j] < v[w, i]) { t = v[w, i]; v[w, i] = v[w, j]; v[w, j] = t }
          printf "# %s: %d of %d seeds storm, %.2f to %.2f s; median %.3f s\n", w, k[w], m, lo[w], hi[w], v[w, (m + 1) / 2] } }'
