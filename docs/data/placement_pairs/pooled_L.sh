#!/bin/bash
# pooled_L.sh DIR...: local daemon-route predict.sh folders (stored matrix cells or
# pvm_examples folders), each priced with its own L (half the median of its first virtual
# machine's 8-byte round trips, as predict.sh priced it before session 22) and with L
# pooled: half the median of the first-VM pairs of every folder given. One line a
# folder (error % = (untraced median - prediction) / untraced median), then each set's
# median / max |error| and all of them.
. "$(dirname "$0")/common.sh"
dirs=(); for d in "$@"; do is_local_daemon "$d" && dirs+=("${d%/}"); done
rtt=$(for d in "${dirs[@]}"; do first_pairs "$d"; done | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2), NR }')
set -- $rtt; LP=$(awk -v r="$1" 'BEGIN { print r / 2 }'); np=$2
echo "# pooled: L = $LP s (half the median of $np first-VM pairs of ${#dirs[@]} folders)"
for d in "${dirs[@]}"; do
    t=$(mktemp); { sed '/^# pairs of the runs/,$d' "$d/setup.csv"; } >"$t"
    own=$(first_pairs "$d" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) / 2 }')
    u=$(untraced_median "$d")
    p0=$(SETUP=$t price "$d")
    p1=$(SETUP=$t price "$d" --what-if "latency=$(awk -v a="$LP" -v b="$own" 'BEGIN { print a / b }')")
    rm -f "$t"
    printf '%-58s L %5.1f us  untraced %.4f s  own %6s  pooled %6s\n' "$d" "$(awk -v l="$own" 'BEGIN { print l * 1e6 }')" \
        "$u" "$(err_pct "$u" "$p0")" "$(err_pct "$u" "$p1")"
done >"${out:=$(mktemp)}"
cat "$out"
python3 -c '
import sys, statistics, collections
g = collections.defaultdict(list)
for l in sys.stdin:
    f = l.split(); g[f[0].rsplit("/", 1)[0]].append((abs(float(f[-3])), abs(float(f[-1]))))
allv = [x for v in g.values() for x in v]
for k, v in sorted(g.items()) + [("all", allv)]:
    o = [a for a, b in v]; p = [b for a, b in v]
    print(f"# {k}: {len(v)} folders, own {statistics.median(o):.1f} / {max(o):.1f}, pooled {statistics.median(p):.1f} / {max(p):.1f}, within 15 %: {sum(x <= 15 for x in o)} / {sum(x <= 15 for x in p)}")
' <"$out"
rm -f "$out"
