#!/bin/bash
# run.sh [OLD_LIFECYCLE] -- when does pvm_spawn of one task return fast?
# (docs/predict.md, "The spawn of one task"; session 26). On a private local pvmd:
#   1. spawn_probe.c (built here with gcc -lpvm3): 100 spawns of one task in each
#      condition -> raw.csv (mode,gap_s,i,spawn_s,start_s);
#   2. with OLD_LIFECYCLE (an hrel_lifecycle built before session 26, e.g. from a
#      checkout of 7f3e0be): it and this checkout's, alternately, 6 times each with
#      -r 10 -> lifecycle_old_N.csv, lifecycle_new_N.csv.
# Then summary.sh prints the table (spawn_modes.txt).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export HREL_ROOT=$(cd "$here/../../.." && pwd)
. "$HREL_ROOT/hostfiles/vm.sh"
old=${1:-}
tmp=$(mktemp -d); trap 'hrel_vm_stop; rm -rf "$tmp"' EXIT
gcc -std=c99 -D_DEFAULT_SOURCE -Wall -Wextra -O2 -o "$tmp/spawn_probe" "$here/spawn_probe.c" -lpvm3
hrel_vm_start "$HREL_ROOT/hostfiles/local" >/dev/null
: >"$here/raw.csv"
for m in sleep:0 sleep:0.0002 sleep:0.001 sleep:0.01 spin:0.001 spin:0.01 exec:0 fresh:0; do
    "$tmp/spawn_probe" 100 "${m%%:*}" "${m##*:}" >>"$here/raw.csv"
done
if [ -n "$old" ]; then
    for i in 1 2 3 4 5 6; do
        "$old" -r 10 --platform local -o "$here/lifecycle_old_$i.csv"
        "$HREL_ROOT/bin/$PVM_ARCH/hrel_lifecycle" -r 10 --platform local -o "$here/lifecycle_new_$i.csv"
    done
fi
"$here/summary.sh" >"$here/spawn_modes.txt"
cat "$here/spawn_modes.txt"
