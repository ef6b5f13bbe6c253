#!/bin/bash
# The preload tracer's overhead on a daemon-route program of many small
# messages, free and with everything on one core (docs/predict.md, "Where the
# scheduler puts the pvmd"): per round and placement a fresh local virtual
# machine, then PROGRAM untraced and traced (libhrel_trace.so preloaded and
# exported to the tasks it spawns, as experiments/trace.sh does), interleaved, K
# times each; wall times in ms. A program that starts the group server is not
# for this script (trace.sh ends the server; this does not).
# usage: overhead.sh [ROUNDS [K]] -- PROGRAM ARGS...   (defaults 2 and 5)
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/LINUX64
R=2 K=5
[ "${1:-}" != -- ] && { R=$1; shift; }
[ "${1:-}" != -- ] && { K=$1; shift; }
[ "${1:-}" = -- ] || { echo "usage: overhead.sh [ROUNDS [K]] -- PROGRAM ARGS..." >&2; exit 2; }
shift
command -v taskset >/dev/null || { echo "overhead.sh: taskset is missing (util-linux)" >&2; exit 1; }
. "$(dirname "$0")/common.sh"
echo "# overhead.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, rounds $R, runs $K, program: $*"
echo "# placement round | untraced_ms(xK) | traced_ms(xK)"
for r in $(seq "$R"); do
    for how in free same; do
        pre=()
        [ "$how" = same ] && pre=(taskset -c 0)
        "${pre[@]}" bash -c "(echo quit | pvm '$d/hf') >/dev/null 2>&1"; sleep 0.5
        u="" t=""
        for i in $(seq "$K"); do
            u="$u $(ms "${pre[@]}" "$@")"
            rm -rf "$d/tev"; mkdir -p "$d/tev"
            t="$t $(ms "${pre[@]}" env LD_PRELOAD="$B/libhrel_trace.so" HREL_TRACE_DIR="$d/tev" \
                    HREL_TRACE_RUN="ov$r$how$i" PVM_EXPORT=LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN "$@")"
        done
        echo "$how $r |$u |$t"
        halt
    done
done
