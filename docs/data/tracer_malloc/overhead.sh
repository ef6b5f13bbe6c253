#!/bin/bash
# overhead.sh [REPS]: each program run untraced, traced by the preload tracer as
# it was before its buffer was mapped (built from commit 4467d0d's
# trace_preload.c) and traced by this checkout's, interleaved, REPS times
# (default 6), in one local virtual machine; prints per program and kind the
# median wall time (hrel_timed) and the runs, and for PVM's timing the median
# time it reports to pack 1 MB (docs/predict.md, "The tracer's buffer and
# glibc's malloc"). Run from the checkout's root after make.
reps=${1:-6}
. "$(dirname "$0")/common.sh"
one() {   # one KIND LIB PROGRAM ARGS...
    local k=$1 lib=$2 d; shift 2
    d=$tmp/tev.$RANDOM; mkdir -p "$d"
    if [ "$lib" = none ]; then "$B/hrel_timed" -o "$tmp/w" -t 120 -- "$@" >"$tmp/o" 2>&1
    else LD_PRELOAD=$lib HREL_TRACE_DIR=$d HREL_TRACE_RUN=$k.$RANDOM PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN \
         "$B/hrel_timed" -o "$tmp/w" -t 120 -- "$@" >"$tmp/o" 2>&1; fi
    rm -rf "$d"
    echo "$k $(sed -n 's/^wall_s //p' "$tmp/w") $(awk '/^Message size/{s=$3} /^Avg uSec/{getline; if (s == 1000000) print $1}' "$tmp/o")"
}
for prog in "/usr/bin/timing" "$B/hrel_fft --algo mstep -p 2 --n 262144 -r 1 -w 0" \
            "$B/hrel_fft --algo ccm -p 2 --n 262144 -r 1 -w 0" "$B/hrel_psrs -p 4 --n 262144 -r 1 -w 0"; do
    # shellcheck disable=SC2086
    for i in $(seq 1 "$reps"); do one untraced none $prog; one old "$tmp/old.so" $prog; one new "$B/libhrel_trace.so" $prog; done >"$tmp/r"
    echo "== $prog"
    for k in untraced old new; do
        awk -v k=$k '$1 == k { t[++n] = $2; if ($3 != "") p[++m] = $3 }
            function med(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
                return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
            END { s = ""; for (i = 1; i <= n; i++) s = s sprintf(" %.1f", 1000 * t[i])
                  printf "%-9s median %7.1f ms%s", k, 1000 * med(t, n), (m ? sprintf(", pack of 1 MB median %d us", med(p, m)) : "")
                  print " (runs:" s ")" }' "$tmp/r"
    done
done
