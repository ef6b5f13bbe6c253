#!/bin/bash
# bench_scale.sh -- replay and import at scale (issue #24, docs/scale.md): for
# synthetic traces (hrel trace synth) of each shape and size, the wall time and
# peak memory of every stage, each a separate run of the hrel command:
#   import        hrel trace import of the trace as PVM's tracer writes it
#                 (tracer text -> msgs.csv + trace.csv)
#   import-tev    hrel trace import of the same trace as the preload tracer's task
#                 files (a folder of one binary file per rank -> msgs.csv + trace.csv)
#   replay-none, replay-port, replay-bus
#                 hrel model replay MSGS.csv --hosts 8 --g 1e-9 --L 1e-5 --medium M
#                 (loading msgs.csv included)
#   daemon        the same with --daemon 8e-8 (the pvmd packet model)
#   bspwb, mpm    hrel model bspwb|mpm on the trace.csv the task files' import wrote
#                 (its steps are the tracer text's, the last of each rank holding its
#                 end row too)
# Events are the rows of msgs.csv; bytes per event the command's peak resident
# memory (GNU time's %M, the program's base of a few MB included) over them.
#
# usage: experiments/bench_scale.sh [--sizes LIST] [--shapes LIST] [--big]
#            [-r|--reps N] [-o|--out DIR]
#
#   --sizes LIST   trace sizes in events, comma-separated, k and M allowed
#                  (default 100k,1M)
#   --big          add 10M (about 2.2 GB of trace files while it runs)
#   --shapes LIST  ring, alltoall, mw, group (default all four; 16 ranks, 8 KB
#                  messages; group: PVM's group calls, joingroup, bcast and barrier
#                  through a group server, which PVM's tracer text cannot hold: no
#                  import stage, the other stages as for the others)
#   -r, --reps N   runs of each stage (default 1; one row each)
#   --replot       run nothing: remake the figures' data and figures of DIR/scale.csv
#                  (needs --out DIR)
#   -o, --out DIR  results (default results/scale-<UTC time>): scale.csv, and per
#                  shape scale_SHAPE.dat (the figure's data: per size, each stage's
#                  mean seconds over the repetitions) and scale_SHAPE.png / .pdf
#                  (plots/scale.gp)
#
# scale.csv: `#` metadata (host, cpus, load average at the start, command),
# then shape,events,stage,rep,seconds,max_rss_kb,events_per_s,bytes_per_event,packets,packets_per_s
# (packets: the daemon stage's pvmd packets, else 0). The traces live in a
# temporary folder under DIR while their shape and size run, then are removed.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
H=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
sizes=100k,1M
shapes=ring,alltoall,mw,group
reps=1
out=
usage() { sed -n '2,/^set -u/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) sizes=${2:?--sizes needs a list}; shift 2 ;;
        --sizes=*) sizes=${1#*=}; shift ;;
        --shapes) shapes=${2:?--shapes needs a list}; shift 2 ;;
        --shapes=*) shapes=${1#*=}; shift ;;
        --big) big=1; shift ;;
        --replot) replot=1; shift ;;
        -r|--reps) reps=${2:?--reps needs a number}; shift 2 ;;
        --reps=*) reps=${1#*=}; shift ;;
        -o|--out) out=${2:?--out needs a folder}; shift 2 ;;
        --out=*) out=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench_scale.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "${big:-}" ] && sizes="$sizes,10M"
case "$reps" in ''|*[!0-9]*|0) echo "bench_scale.sh: --reps: '$reps' is not a whole number >= 1" >&2; exit 2 ;; esac
[ -x "$H" ] || { echo "bench_scale.sh: $H not built (run make)" >&2; exit 1; }
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench_scale.sh: needs GNU time ($TIME; Debian package time)" >&2; exit 1; }
if [ -n "${replot:-}" ]; then
    [ -n "$out" ] && [ -s "$out/scale.csv" ] || { echo "bench_scale.sh: --replot needs --out DIR with a scale.csv" >&2; exit 2; }
    shapes=$(awk -F, '!/^#/ && $1 != "shape" && !s[$1]++ { printf "%s%s", n++ ? "," : "", $1 }' "$out/scale.csv")
fi
[ -n "$out" ] || out=$ROOT/results/scale-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out" || exit 1
csv=$out/scale.csv
IFS=, read -r -a size_list <<< "$sizes"
IFS=, read -r -a shape_list <<< "$shapes"
[ -n "${replot:-}" ] && size_list=()
work=$(mktemp -d "$out/traces.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM

[ -n "${replot:-}" ] || {
    echo "# suite: hrel bench_scale (issue #24, docs/scale.md)"
    echo "# date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "# host: $(uname -n) $(uname -r)"
    echo "# cpus: $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))"
    echo "# load_average_at_start: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# command: experiments/bench_scale.sh --sizes $sizes --shapes $shapes --reps $reps"
    echo "# replay: --hosts 8 --g 1e-9 --L 1e-5; daemon: --daemon 8e-8 --hosts 8; bspwb, mpm: --g 1e-9 --L 1e-5"
    echo "shape,events,stage,rep,seconds,max_rss_kb,events_per_s,bytes_per_event,packets,packets_per_s"
} > "$csv"

# run STAGE REP EVENTS CMD...: time CMD (its stdout to $work/out), append a row
run() {
    local stage=$1 rep=$2 ev=$3 pk=0 t0 t1 kb
    shift 3
    t0=$EPOCHREALTIME   # wall clock to the microsecond (GNU time's %e has 10 ms)
    if ! "$TIME" -f '%M' -o "$work/time" "$@" > "$work/out" 2> "$work/err"; then
        echo "bench_scale.sh: $stage on $shape $ev failed: $(tail -n 1 "$work/err")" >&2
        exit 1
    fi
    t1=$EPOCHREALTIME
    [ "$stage" = daemon ] && pk=$(sed -n 's/^# pvmd packets \([0-9]*\),.*/\1/p' "$work/out")
    kb=$(tail -n 1 "$work/time")
    awk -v s="$shape" -v e="$ev" -v st="$stage" -v r="$rep" -v t0="$t0" -v t1="$t1" -v kb="$kb" \
        -v pk="${pk:-0}" \
        'BEGIN { t = t1 - t0
                 printf "%s,%d,%s,%d,%.4f,%d,%.0f,%.1f,%d,%.0f\n", s, e, st, r, t, kb,
                        e / t, kb * 1024 / e, pk, pk / t }' >> "$csv"
    tail -n 1 "$csv" | awk -F, '{ pk = ($9 > 0) ? sprintf("  %d packets/s", $10) : ""
        printf "  %-9s %-12s %8d events %8.3f s %9.0f ev/s %6.1f B/ev%s\n", $1, $3, $2, $5, $7, $8, pk }'
}

echo "bench_scale: $csv"
for size in "${size_list[@]}"; do
    for shape in "${shape_list[@]}"; do
        "$H" trace synth --shape "$shape" --events "$size" "$work/msgs.csv" > "$work/synth" || exit 1
        [ "$shape" = group ] ||
            "$H" trace synth --shape "$shape" --events "$size" --format pvm "$work/t.trc" > /dev/null || exit 1
        "$H" trace synth --shape "$shape" --events "$size" --format tev "$work/tev" > /dev/null || exit 1
        ev=$(sed -n 's/^rows //p' "$work/synth")
        mkdir -p "$work/imp" "$work/impt"
        for ((r = 0; r < reps; r++)); do
            [ "$shape" = group ] || run import "$r" "$ev" "$H" trace import "$work/t.trc" -o "$work/imp"
            run import-tev "$r" "$ev" "$H" trace import "$work/tev" -o "$work/impt"
            for m in none port bus; do
                run "replay-$m" "$r" "$ev" "$H" model replay "$work/msgs.csv" --hosts 8 --g 1e-9 --L 1e-5 --medium "$m"
            done
            run daemon "$r" "$ev" "$H" model replay "$work/msgs.csv" --daemon 8e-8 --hosts 8
            run bspwb "$r" "$ev" "$H" model bspwb "$work/impt/trace.csv" --g 1e-9 --L 1e-5
            run mpm "$r" "$ev" "$H" model mpm "$work/impt/trace.csv" --g 1e-9 --L 1e-5
        done
        rm -rf "$work/imp" "$work/impt" "$work/tev" "$work/msgs.csv" "$work/t.trc"
    done
done
stages="import import-tev replay-none replay-port replay-bus daemon bspwb mpm"
for shape in "${shape_list[@]}"; do
    dat=$out/scale_$shape.dat
    awk -F, -v shape="$shape" -v stages="$stages" '
        /^#/ || $1 != shape { next }
        { k = $2 SUBSEP $3; sum[k] += $5; cnt[k]++; if (!($2 in seen)) { seen[$2] = 1; ev[++ne] = $2 } }
        END {
            ns = split(stages, st, " ")
            printf "# bench_scale.sh: shape %s, mean wall seconds per stage over the repetitions\n", shape
            printf "# events"; for (i = 1; i <= ns; i++) printf " %s", st[i]; printf "\n"
            for (e = 1; e <= ne; e++) {
                printf "%s", ev[e]
                for (i = 1; i <= ns; i++) { k = ev[e] SUBSEP st[i]; printf " %.6g", cnt[k] ? sum[k] / cnt[k] : "NaN" }
                printf "\n"
            }
        }' "$csv" > "$dat"
    if command -v gnuplot > /dev/null 2>&1; then
        for f in png pdf; do
            gnuplot -c "$ROOT/plots/scale.gp" "$dat" "$out/scale_$shape.$f" "$shape" || exit 1
        done
        echo "bench_scale: figure $out/scale_$shape.png"
    fi
done
