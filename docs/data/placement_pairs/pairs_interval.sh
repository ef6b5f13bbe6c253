#!/bin/bash
# pairs_interval.sh DIR...: (tried, not built) an interval from the spread of the 8-byte
# round trips over every run's virtual machine: the replay priced at L = half their
# 10th and 90th percentile (split-conformal ranks, as spread.sh), and how many of each
# folder's untraced runs fall inside. One line a folder, then the total.
. "$(dirname "$0")/common.sh"
tot=0 ins=0
for d in "$@"; do
    d=${d%/}; is_local_daemon "$d" && grep -q '^# pairs of the runs' "$d/setup.csv" || continue
    L=$(sed -n 's/^# latency: L = \([0-9.e-]*\) s.*/\1/p' "$d/hrel_predict.txt")
    read -r lo hi < <(grep -E '^[0-9]+,[0-9]+,' "$d/setup.csv" | cut -d, -f6 | sort -g |
        awk '{ a[NR] = $1 } END { il = int(0.1 * (NR + 1)); if (il < 1) il = 1; ih = int(0.9 * (NR + 1) + 0.999); if (ih > NR) ih = NR; print a[il] / 2, a[ih] / 2 }')
    p=$(price "$d")
    plo=$(price "$d" --what-if "latency=$(awk -v a="$lo" -v b="$L" 'BEGIN { print a / b }')")
    phi=$(price "$d" --what-if "latency=$(awk -v a="$hi" -v b="$L" 'BEGIN { print a / b }')")
    if [ -s "$d/times.txt" ]; then runs=$(awk '$1 ~ /^untraced/ { print $2 }' "$d/times.txt"); else runs=$(cat "$d"/untraced*.time); fi
    n=0 k=0; for r in $runs; do k=$((k + 1)); awk -v r="$r" -v a="$plo" -v b="$phi" 'BEGIN { exit !(r >= a && r <= b) }' && n=$((n + 1)); done
    tot=$((tot + k)) ins=$((ins + n))
    printf '%-40s %.4f [%.4f, %.4f] s  runs %s  inside %d of %d\n' "$d" "$p" "$plo" "$phi" "$(echo $runs | tr ' ' '/')" "$n" "$k"
done
echo "# inside: $ins of $tot runs"
