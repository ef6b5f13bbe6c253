#!/bin/bash
# traced_children.sh -- does the preload tracer make spawned children enrol later?
# hrel_lifecycle -r 10, 16 times, each in a fresh local virtual machine, in turn untraced
# and under the preload tracer as predict.sh traces a program (LD_PRELOAD=libhrel_trace.so
# exported to the spawned tasks through PVM_EXPORT, so the fork+exec'd copies and their
# children load it). Each measurement runs in a session of its own (setsid): at the
# virtual machine's halt a traced task's end signalled this script's process group.
# Keeps each lifecycle.csv (traced_children/lc_MODE_N.csv; tev_files.txt: the trace files
# each measurement left, none untraced) and prints per k (1-4) the
# median over the files of their medians: the spawn, the first child's start
# (spawn_first; k 1: spawn_start) and the last's (spawn_start), ms, untraced and traced.
# Output: traced_children.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export HREL_ROOT=$(cd "$here/../../.." && pwd)
out=$here/traced_children
mkdir -p "$out"
one() {   # one MODE N: a fresh virtual machine, hrel_lifecycle, the machine stopped
    setsid bash -c '
        set -eu
        . "$HREL_ROOT/hostfiles/vm.sh"
        trap "hrel_vm_stop; rm -rf \"\$tmp\"" EXIT
        tmp=$(mktemp -d)
        hrel_vm_start "$HREL_ROOT/hostfiles/local" >/dev/null
        LC=$HREL_ROOT/bin/$PVM_ARCH/hrel_lifecycle
        mkdir -p "$tmp/tev"
        if [ "$1" = traced ]; then
            LD_PRELOAD="$HREL_ROOT/bin/$PVM_ARCH/libhrel_trace.so" HREL_TRACE_DIR=$tmp/tev \
            HREL_TRACE_RUN=lc-$2-$$ PVM_EXPORT="LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN" \
                "$LC" -r 10 --platform local -o "$3/lc_traced_$2.csv"
        else
            "$LC" -r 10 --platform local -o "$3/lc_untraced_$2.csv"
        fi
        hrel_vm_end_group_servers "PVM_TMP=$PVM_TMP"
        echo "$1 $2: $(ls "$tmp/tev" | wc -l) trace files" >>"$3/tev_files.txt"' one "$1" "$2" "$out" </dev/null
}
for n in 1 2 3 4 5 6 7 8; do
    if [ $((n % 2)) -eq 1 ]; then one untraced $n; one traced $n; else one traced $n; one untraced $n; fi
done
python3 - "$out" <<'PY' | tee "$here/traced_children.txt"
import sys, glob, csv, statistics as st
def rows(f):
    return {(r[0], int(r[1])): 1e3 * float(r[4]) for r in csv.reader(l for l in open(f) if not l.startswith('#'))
            if r[0] != 'event' and r[2] == 'local'}
m = {mode: [rows(f) for f in sorted(glob.glob('%s/lc_%s_*.csv' % (sys.argv[1], mode)))] for mode in ('untraced', 'traced')}
print('# hrel_lifecycle in %d + %d fresh local virtual machines, untraced and traced: the median of the files\' medians, ms' % (len(m['untraced']), len(m['traced'])))
print('%2s %-9s %8s %8s %8s' % ('k', 'mode', 'spawn', 'first', 'last'))
for k in (1, 2, 3, 4):
    for mode in ('untraced', 'traced'):
        def med(ev):
            v = [x[(ev, k)] for x in m[mode] if (ev, k) in x]
            return '%8.2f' % st.median(v) if v else '%8s' % '-'
        print('%2d %-9s %s %s %s' % (k, mode, med('spawn'), med('spawn_first') if k > 1 else med('spawn_start'), med('spawn_start')))
print('# enrol (fork+exec to pvm_mytid, ms): untraced %.2f, traced %.2f' % tuple(st.median([x[('enrol', 1)] for x in m[mo]]) for mo in ('untraced', 'traced')))
PY
