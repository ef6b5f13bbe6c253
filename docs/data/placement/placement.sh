#!/bin/bash
# Where the scheduler puts the pvmd decides the daemon route's speed on one
# host (docs/predict.md, "Where the scheduler puts the pvmd"). In a fresh local
# virtual machine per placement, three placements, ROUNDS rounds interleaved:
#   free   nothing pinned: the scheduler places the pvmd, the group server and
#          the tasks on the cores as it likes (what every run gets)
#   same   the pvmd pinned to core 0 (the tasks it spawns and the group server
#          inherit it) and the program started on core 0: one core for all
#   split  the pvmd (and so its spawned tasks, the group server) on core 0, the
#          program started on core 1: every message crosses cores
# Per VM: hrel_pingpong's daemon-route 8-byte one-way median (us, 200 round
# trips) twice, then `joinleave 200` (PVM's example: 200 joins and leaves of
# one group through the group server) K times (ms; its first run starts the
# group server).
# usage: placement.sh [ROUNDS [K]]     (defaults 3 and 6; output on stdout)
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
B=$ROOT/bin/LINUX64
R=${1:-3} K=${2:-6}
command -v taskset >/dev/null || { echo "placement.sh: taskset is missing (util-linux)" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "placement.sh: needs 2 cores" >&2; exit 1; }
. "$(dirname "$0")/common.sh"
echo "# placement.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null), $(nproc) cores, rounds $R, joinleave runs $K"
echo "# placement round pingpong_8B_oneway_us(x2) | joinleave_200_ms(x$K)"
for r in $(seq "$R"); do
    for how in free same split; do
        vm_start
        P=$(pgrep -x pvmd | tail -n 1)
        [ -n "$P" ] || { echo "placement.sh: no pvmd started" >&2; exit 1; }
        pre=()
        case $how in
            same)  taskset -pc 0 "$P" >/dev/null; pre=(taskset -c 0) ;;
            split) taskset -pc 0 "$P" >/dev/null; pre=(taskset -c 1) ;;
        esac
        pp=""; for i in 1 2; do
            pp="$pp $("${pre[@]}" "$B/hrel_pingpong" -s 8 -r 200 --route daemon |
                      awk -F, '!/^#/ && $1 == 8 { printf "%.1f", $3 * 1e6 }')"
        done
        jl=""; for i in $(seq "$K"); do jl="$jl $(ms "${pre[@]}" /usr/bin/joinleave 200)"; done
        echo "$how $r$pp |$jl"
        halt
    done
done
