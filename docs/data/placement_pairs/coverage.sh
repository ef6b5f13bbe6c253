#!/bin/bash
# coverage.sh DIR...: local daemon-route predict.sh folders priced by this hrel, the
# replay's interval as hrel predict gives it by default (local's spread, install_local.sh,
# joined with the placement draws' where setup.csv holds several virtual machines' round
# trips: its '# interval:' lines), and how many of each folder's untraced runs fall
# inside it. One line a folder, then the total. --spread F (e.g. none: the placement
# draws' interval alone) is passed on to hrel predict; FIRST_VM=1 keeps setup.csv's first
# virtual machine's pairs only (the spread's interval alone).
. "$(dirname "$0")/common.sh"
sp=(); [ "${1:-}" = --spread ] && { sp=(--spread "$2"); shift 2; }
tot=0 ins=0
for d in "$@"; do
    d=${d%/}; is_local_daemon "$d" || continue
    on=$(mktemp -d)
    charz_copy "$d" "$on"
    # FIRST_VM=1: setup.csv's first virtual machine's pairs only (no placement interval)
    [ "${FIRST_VM:-0}" = 1 ] && sed -i '/^# pairs of the runs/,$d' "$on/setup.csv"
    read -r p lo hi < <("$H" predict "$(trace_of "$d")" --on "$on" --hosts 1 --platform local --route daemon "${sp[@]}" 2>/dev/null |
        awk -F, '$1 == "replay" { print $2, $3, $4 }')
    rm -rf "$on"
    runs=$(untraced_runs "$d")
    n=0 k=0; for r in $runs; do k=$((k + 1)); awk -v r="$r" -v a="$lo" -v b="$hi" 'BEGIN { exit !(a != "" && r >= a && r <= b) }' && n=$((n + 1)); done
    tot=$((tot + k)) ins=$((ins + n))
    printf '%-40s %s [%s, %s] s  runs %s  inside %d of %d\n' "$d" "$p" "$lo" "$hi" "$(echo $runs | tr ' ' '/')" "$n" "$k"
done
echo "# inside: $ins of $tot runs"
