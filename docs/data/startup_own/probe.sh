#!/bin/bash
# probe.sh: hrel_lifecycle's start-up CPU rows (start_cpu: a fork+exec'd copy, from its
# fork to its constructors; spawn_cpu: a task spawned alone) in a private local virtual
# machine, 20 repetitions, untraced and then with the preload tracer loaded into every
# process (LD_PRELOAD through PVM_EXPORT), to see what the tracer adds to the start-up
# that a traced program's start row records. Run from anywhere; prints both tables.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$ROOT" && . hostfiles/vm.sh && export PVM_ALLOW_ROOT=yes
hrel_vm_start hostfiles/local >/dev/null || exit 1
t=$(mktemp -d); trap 'hrel_vm_stop; rm -rf "$t"' EXIT
B=$ROOT/bin/LINUX64
date -u +"# %FT%TZ, commit $(git rev-parse --short HEAD)"
echo "# untraced"; "$B/hrel_lifecycle" -r 20 --platform local | grep -E '^(event|enrol|spawn,1|spawn_start,1|start_cpu|spawn_cpu),'
echo "# with the preload tracer"
LD_PRELOAD=$B/libhrel_trace.so HREL_TRACE_DIR=$t PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR \
    "$B/hrel_lifecycle" -r 20 --platform local | grep -E '^(event|enrol|spawn,1|spawn_start,1|start_cpu|spawn_cpu),'
