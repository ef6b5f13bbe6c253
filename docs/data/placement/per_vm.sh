#!/bin/bash
# Is the daemon route's speed on one host a state of the virtual machine, or
# drawn again run by run? In each of N fresh local virtual machines: the
# 8-byte round trip of hrel_firstcontact's 3 pairs of tasks (later_s, us, the
# measurement predict.sh takes its one-host latency L from), then PVM's
# `joinleave 200` three times (ms) (docs/predict.md, "Where the scheduler
# puts the pvmd").
# usage: per_vm.sh [N]     (default 10; output on stdout)
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/LINUX64
N=${1:-10}
export PVM_ALLOW_ROOT=yes PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
[ -x /usr/bin/joinleave ] || { echo "per_vm.sh: /usr/bin/joinleave is missing (Debian pvm-examples)" >&2; exit 1; }
d=$(mktemp -d)
halt() { (echo halt | pvm) >/dev/null 2>&1; sleep 0.3; }
trap 'halt; rm -rf "$d" /tmp/pvmd.$(id -u) /tmp/pvml.$(id -u)' EXIT
echo "* ep=/usr/bin:$B" >"$d/hf"
ms() { local s; s=$(date +%s%N); "$@" >/dev/null 2>&1; awk -v n=$(( $(date +%s%N) - s )) 'BEGIN { printf "%.1f", n / 1e6 }'; }
echo "# per_vm.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, $N virtual machines"
echo "# vm firstcontact_pairs_rtt_us(x3) | joinleave_200_ms(x3)"
for v in $(seq "$N"); do
    (echo quit | pvm "$d/hf") >/dev/null 2>&1; sleep 0.3
    fc=$("$B/hrel_firstcontact" -p 3 -r 100 | awk -F, '!/^#/ && $1 != "a" { printf " %.0f", $6 * 1e6 }')
    jl=""; for i in 1 2 3; do jl="$jl $(ms /usr/bin/joinleave 200)"; done
    echo "$v$fc |$jl"
    halt
done
