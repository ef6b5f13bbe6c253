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
. "$(dirname "$0")/common.sh"
echo "# per_vm.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, $N virtual machines"
echo "# vm firstcontact_pairs_rtt_us(x3) | joinleave_200_ms(x3)"
for v in $(seq "$N"); do
    vm_start
    fc=$("$B/hrel_firstcontact" -p 3 -r 100 | awk -F, '!/^#/ && $1 != "a" { printf " %.0f", $6 * 1e6 }')
    jl=""; for i in 1 2 3; do jl="$jl $(ms /usr/bin/joinleave 200)"; done
    echo "$v$fc |$jl"
    halt
done
