#!/bin/bash
# first_vs_all.sh DIR...: predict.sh folders whose setup.csv holds the round trips of
# every run's virtual machine (session 22's predict.sh), each priced with the first
# virtual machine's pairs only and with all of them (error % as pooled_L.sh), then the
# median / max |error| of each column.
. "$(dirname "$0")/common.sh"
for d in "$@"; do
    d=${d%/}; is_local_daemon "$d" && grep -q '^# pairs of the runs' "$d/setup.csv" || continue
    t=$(mktemp); sed '/^# pairs of the runs/,$d' "$d/setup.csv" >"$t"
    u=$(untraced_median "$d")
    p1=$(SETUP=$t price "$d"); pa=$(price "$d"); rm -f "$t"
    printf '%-40s pairs %2d  untraced %.4f s  first_vm %6s  all_vms %6s\n' "$d" \
        "$(grep -cE '^[0-9]+,[0-9]+,' "$d/setup.csv")" "$u" "$(err_pct "$u" "$p1")" "$(err_pct "$u" "$pa")"
done | awk '{ print; a[NR] = ($(NF-2) < 0 ? -$(NF-2) : $(NF-2)); b[NR] = ($NF < 0 ? -$NF : $NF) }
    END { printf "# %d folders: first VM %.1f / %.1f, all VMs %.1f / %.1f (median / max |error| %%)\n", NR, med(a, NR), mx(a, NR), med(b, NR), mx(b, NR) }
    function mx(v, n,   i, m) { m = 0; for (i = 1; i <= n; i++) if (v[i] > m) m = v[i]; return m }
    function med(v, n,   i, j, t, w) { for (i = 1; i <= n; i++) w[i] = v[i]
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
        return n % 2 ? w[(n + 1) / 2] : (w[n / 2] + w[n / 2 + 1]) / 2 }'
