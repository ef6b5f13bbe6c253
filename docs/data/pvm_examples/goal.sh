#!/bin/bash
# goal.sh DIR...: issue 21's goal on each pass of the examples (a run.sh/run2.sh/run3.sh
# output or a kept folder with summary.txt): the replay against the untraced median, the
# programs under 20 ms within 2 ms, those of 20 ms or more within 15 % (the goal's
# maximum; 10 % is its median), and the median |error| of the pass.
for d in "$@"; do
    awk -v s="$(basename "$d")" '
        { n = $1; p = $4; u = $8; e = u - p; e = e < 0 ? -e : e; pct = 100 * e / u; a[NR] = pct
          if (u < 0.02) { ns++; if (e <= 0.002) ok++; else bad = bad sprintf(" %s %.2f ms", n, 1e3 * e) }
          else { nl++; if (pct <= 15) okl++; else badl = badl sprintf(" %s %.1f %%", n, pct) } }
        END { for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
              printf "%s: median |error| %.1f %%; under 20 ms within 2 ms: %d of %d%s; 20 ms or more within 15 %%: %d of %d%s\n",
                     s, NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2, ok, ns, bad, okl, nl, badl }' "$d/summary.txt"
done
