#!/bin/bash
# fresh_vms.sh -- hrel_lifecycle's spawn rows (each spawn a fresh copy's first; session 26)
# measured the way predict.sh measures them: -r 10, each time in a fresh local virtual machine.
#   1. 20 fresh virtual machines: spawn,1's median [p25 p75] and spawn_start,1's median (ms);
#   2. the spawn of k = 2, 3 and 4 tasks (-k K), three virtual machines each: spawn,1's,
#      spawn,K's and spawn_start,K's medians (ms) (lib/model/lifecycle.c prices K tasks on
#      the line through spawn,1 and spawn,4).
# Output: fresh_vms.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export HREL_ROOT=$(cd "$here/../../.." && pwd)
. "$HREL_ROOT/hostfiles/vm.sh"
trap 'hrel_vm_stop' EXIT
LC=$HREL_ROOT/bin/$PVM_ARCH/hrel_lifecycle
one() {   # $1 = -k; prints the local spawn and spawn_start rows' medians, ms
    hrel_vm_start "$HREL_ROOT/hostfiles/local" >/dev/null
    "$LC" -r 10 -k "$1" --platform local
    hrel_vm_stop
}
{
echo "# 1. 20 fresh virtual machines: spawn,1 median [p25 p75], spawn_start,1 median (ms)"
for i in $(seq 1 20); do
    one 4 | awk -F, '$1 == "spawn" && $2 == 1 { printf "%.2f [%.2f %.2f] ", 1e3 * $5, 1e3 * $6, 1e3 * $7 }
                     $1 == "spawn_start" && $2 == 1 { printf "start %.2f\n", 1e3 * $5 }'
done
echo "# 2. spawn of K tasks: spawn,1, spawn,K and spawn_start,K (the last of K) medians (ms)"
for k in 2 3 4; do
    for i in 1 2 3; do
        one "$k" | awk -F, -v k="$k" '$1 == "spawn" && $2 == 1 { s1 = 1e3 * $5 } $1 == "spawn" && $2 == k { sk = 1e3 * $5 }
            $1 == "spawn_start" && $2 == k { ss = 1e3 * $5 }
            END { printf "k %d: spawn,1 %.2f spawn,%d %.2f spawn_start,%d %.2f\n", k, s1, k, sk, k, ss }'
    done
done
} | tee "$here/fresh_vms.txt"
