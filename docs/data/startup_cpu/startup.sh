#!/bin/bash
# A spawned task's start-up as CPU work on its host's cores (docs/predict.md,
# "A process's start-up as CPU work"): each stored program priced by HREL_A
# and by HREL_B, two builds of hrel: before (7eebc9c: the start-up a wait, the
# spawn-to-enrolled time of lifecycle.csv) and after a change, e.g. with
# startup_cpu.patch applied to 7eebc9c (git apply, make, in a clone: every
# spawned task's start-up as CPU work) or this checkout's (a task spawned
# alone). The traces are imported by this checkout's hrel.
# NAME/on: the characterisation (matrix H's local direct route, 2026-11-26);
# NAME/trace: the traced run predict.sh predicted from; NAME/predict*.csv: its
# runs. MATRIX (optional): a local matrix folder with tev files kept, priced
# both ways after re-importing its traces (a copy in a scratch folder).
# usage: startup.sh HREL_A HREL_B [MATRIX]
set -u
H=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$H/../../.." && pwd)
HREL=$ROOT/bin/LINUX64/hrel
A=${1:?usage: startup.sh HREL_A HREL_B [MATRIX]} P=${2:?usage: startup.sh HREL_A HREL_B [MATRIX]}
replay() { "$1" predict "$2" --on "$3" --platform local --hosts 1 2>/dev/null | sed -n 's/^replay,\([^,]*\).*/\1/p'; }
err() { awk -v p="$1" -v m="$2" 'BEGIN { printf "%+.1f", (m - p) / m * 100 }'; }
echo "# startup.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)"
echo "# A: $A; B: $P"
echo "# program: untraced median s | replay s (error %) by A | by B"
for n in psrs8 stencil-d8 farm-d7 psrs6 psrs3 fft4; do
    m=$(sed -n 's/^# untraced_median_s: //p' "$H/$n/predict.csv")
    a=$(replay "$A" "$H/$n/trace" "$H/$n/on") b=$(replay "$P" "$H/$n/trace" "$H/$n/on")
    echo "$n ($(sed -n 's/^# program: .*LINUX64\///p' "$H/$n/predict.csv")): $m | $a ($(err "$a" "$m")) | $b ($(err "$b" "$m"))"
done
[ $# -ge 3 ] || exit 0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp -a "$3/cells/local" "$t/"
echo "# $3, local cells, re-imported (the start rows' CPU), replay's error % against the untraced median:"
for c in "$t"/local/*/; do
    c=${c%/}; r=$(sed -n 's/^# predicted_from: .*run//p' "$c/predict.csv")
    [ -d "$c/run$r/tev" ] || continue
    "$HREL" trace import "$c/run$r/tev" -o "$c/run$r" >/dev/null 2>&1 || continue
    m=$(sed -n 's/^# untraced_median_s: //p' "$c/predict.csv")
    a=$(replay "$A" "$c/run$r" "$c") b=$(replay "$P" "$c/run$r" "$c")
    rt=$(sed -n 's/^# route: \([a-z]*\).*/\1/p' "$c/predict.csv" | head -n 1)
    echo "$(basename "$c"): $m | $a ($(err "$a" "$m")) | $b ($(err "$b" "$m"))"
    echo "$rt $(err "$a" "$m") $(err "$b" "$m")" >>"$t/errs"
done
for rt in daemon direct; do   # median / max |error| per route, by A and by B
    for col in 2 3; do
        awk -v r="$rt" -v c="$col" '$1 == r { v = $c < 0 ? -$c : $c; print v }' "$t/errs" | sort -g |
            awk '{ a[NR] = $1 } END { m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
                  printf "%.1f / %.1f (%d cells)", m, a[NR], NR }' >"$t/s$col"
    done
    echo "# $rt: A $(cat "$t/s2"), B $(cat "$t/s3")"
done
