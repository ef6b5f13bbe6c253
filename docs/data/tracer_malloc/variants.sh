#!/bin/bash
# variants.sh [REPS]: PVM's timing (Debian pvm-examples) in one local virtual
# machine, REPS times (default 8) each of, interleaved:
#   untraced      as a user runs it
#   tunables      untraced, glibc's mmap threshold set to 4 MB (GLIBC_TUNABLES,
#                 exported to the slave)
#   old_loaded    the tracer before the fix (commit 4467d0d) preloaded, tracing off
#                 (no HREL_TRACE_DIR)
#   old_master    that tracer tracing the master only (not exported)
#   old           that tracer tracing both tasks
#   new           this checkout's tracer tracing both tasks
# Prints per kind the median wall time and the median time timing reports for
# packing 1 MB, then the runs. Run from the checkout's root after make.
reps=${1:-8}
. "$(dirname "$0")/common.sh"
T=(-o "$tmp/w" -t 60 -- /usr/bin/timing)
out() { echo "$1 $(sed -n 's/^wall_s //p' "$tmp/w") $(awk '/^Message size/{s=$3} /^Avg uSec/{getline; if (s == 1000000) print $1}' "$tmp/o")"; }
for i in $(seq 1 "$reps"); do
    d=$tmp/tev$i; mkdir -p "$d.o" "$d.m" "$d.n"
    "$B/hrel_timed" "${T[@]}" >"$tmp/o" 2>&1; out untraced
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4194304:glibc.malloc.trim_threshold=16777216 PVM_EXPORT=GLIBC_TUNABLES \
        "$B/hrel_timed" "${T[@]}" >"$tmp/o" 2>&1; out tunables
    LD_PRELOAD=$tmp/old.so PVM_EXPORT=LD_PRELOAD "$B/hrel_timed" "${T[@]}" >"$tmp/o" 2>&1; out old_loaded
    LD_PRELOAD=$tmp/old.so HREL_TRACE_DIR=$d.m HREL_TRACE_RUN=m$i "$B/hrel_timed" "${T[@]}" >"$tmp/o" 2>&1; out old_master
    LD_PRELOAD=$tmp/old.so HREL_TRACE_DIR=$d.o HREL_TRACE_RUN=o$i PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN \
        "$B/hrel_timed" "${T[@]}" >"$tmp/o" 2>&1; out old
    LD_PRELOAD=$B/libhrel_trace.so HREL_TRACE_DIR=$d.n HREL_TRACE_RUN=n$i PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN \
        "$B/hrel_timed" "${T[@]}" >"$tmp/o" 2>&1; out new
done >"$tmp/r"
for k in untraced tunables old_loaded old_master old new; do
    awk -v k=$k '$1 == k { t[++n] = $2; p[++m] = $3 }
        function med(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        END { printf "%-10s median %5.1f ms, pack of 1 MB median %3d us\n", k, 1000 * med(t, n), med(p, m) }' "$tmp/r"
done
echo "# the runs: kind wall_s pack_us"
cat "$tmp/r"
