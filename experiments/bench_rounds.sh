#!/bin/bash
# bench_rounds.sh -- the rounds of experiments/bench.sh, run with the virtual
# machine up (bench.sh starts it; not meant to be called by hand).
#
# usage: bench_rounds.sh OUT ROUNDS REPS SIZES ROUTE ENCODING PLATFORM HOSTFILE BLOCK
#
# Round K writes OUT/round-K/: suite[-big]/ (hrel_bench), bare[-big].csv
# (hrel_pingpong), baretraced[-big].csv (hrel_pingpong under the preload
# tracer, its task files in trace[-big]/), netpipe-BYTES.out (NPpvm), tcp[-big].csv (hrel_tcp_pingpong),
# with BLOCK 1 first suiteblock[-big]/ (hrel_bench --recv block);
# sizes over 1 MB run apart ("-big") with REPS/10 repetitions (at least 3) and
# 1 warm-up; the others get REPS/10 warm-ups (1..10).
# Remote ends are started through the pvm console's spawn on the second host.
set -u
[ $# -eq 9 ] || { echo "bench_rounds.sh: usage: OUT ROUNDS REPS SIZES ROUTE ENCODING PLATFORM HOSTFILE BLOCK" >&2; exit 2; }
out=$1 rounds=$2 reps=$3 sizes=$4 route=$5 enc=$6 platform=$7 hostfile=$8 block=$9
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=$ROOT/bin/$PVM_ARCH
NP=$(command -v NPpvm || true)
[ -n "$NP" ] || echo "bench: NPpvm not found (Debian netpipe-pvm): the NetPIPE column stays empty" >&2
mapfile -t hosts < <("$B/hrel_vmhosts") || exit 1
h1=${hosts[0]}; h2=${hosts[1]:-}
[ -n "$h2" ] && echo "bench: ends on hosts $h1 and $h2" >&2

# Start CMD... as a task on host $h2 (or this host) through the pvm console.
spawn_far() {
    local where=""
    [ -n "$h2" ] && where="-$h2 "
    printf 'spawn %s%s\nquit\n' "$where" "$*" | timeout 20 pvm >/dev/null 2>&1
}

# NetPIPE for one size: receiver far, transmitter here; it refuses while other
# tasks (a console, workers ending) are still listed, so try again briefly.
netpipe() {   # DIR BYTES REPS
    local k
    [ -n "$NP" ] || return 0
    spawn_far "$NP -l $2 -u $2 -p 0 -n $3" || { echo "bench: cannot spawn NPpvm's receiver" >&2; return 1; }
    for k in $(seq 1 25); do
        if timeout 600 "$NP" -h "${h2:-localhost}" -l "$2" -u "$2" -p 0 -n "$3" \
               -o "$1/netpipe-$2.out" >"$1/netpipe-$2.log" 2>&1 && [ -s "$1/netpipe-$2.out" ]; then
            return 0
        fi
        grep -q 'too many processes' "$1/netpipe-$2.log" || break
        sleep 0.2
    done
    echo "bench: NPpvm failed for $2 bytes: $(tail -n 1 "$1/netpipe-$2.log")" >&2
    return 1
}

tcp() {   # FILE SIZES REPS WARM ROUND
    if [ -z "$h2" ]; then
        "$B/hrel_tcp_pingpong" -s "$2" -r "$3" -w "$4" >"$1"
    else
        local port=$((5890 + $5 % 50))
        spawn_far "$B/hrel_tcp_pingpong --listen $port -s $2 -r $3 -w $4" || return 1
        "$B/hrel_tcp_pingpong" --connect "$h2:$port" -s "$2" -r "$3" -w "$4" >"$1"
    fi
}

small="" big=""
IFS=, read -r -a all <<<"$sizes"
for s in "${all[@]}"; do
    case "$s" in
        *[kK]) n=$((${s%?} * 1024)) ;;
        *M) n=$((${s%?} * 1048576)) ;;
        *[!0-9]*|'') echo "bench: bad size '$s' in --sizes" >&2; exit 2 ;;
        *) n=$s ;;
    esac
    if [ "$n" -gt 1048576 ]; then big="$big${big:+,}$n"; else small="$small${small:+,}$n"; fi
done
rbig=$((reps / 10)); [ "$rbig" -ge 3 ] || rbig=3
wsmall=$((reps / 10)); [ "$wsmall" -ge 1 ] || wsmall=1; [ "$wsmall" -le 10 ] || wsmall=10

for k in $(seq 1 "$rounds"); do
    d=$out/round-$k
    mkdir -p "$d" || exit 1
    echo "bench: round $k of $rounds" >&2
    for part in small big; do
        list=${!part}; [ -n "$list" ] || continue
        if [ "$part" = small ]; then sfx=""; r=$reps; w=$wsmall; else sfx=-big; r=$rbig; w=1; fi
        if [ "$block" = 1 ]; then
            "$B/hrel_bench" -q -P PP -p 2 -s "$list" -r "$r" -w "$w" --route "$route" --encoding "$enc" \
                --recv block --platform "$platform" --hostfile "$hostfile" -o "$d/suiteblock$sfx" >/dev/null || exit 1
        fi
        "$B/hrel_bench" -q -P PP -p 2 -s "$list" -r "$r" -w "$w" --route "$route" --encoding "$enc" \
            --platform "$platform" --hostfile "$hostfile" -o "$d/suite$sfx" >/dev/null || exit 1
        "$B/hrel_pingpong" -s "$list" -r "$r" -w "$w" --route "$route" --encoding "$enc" \
            >"$d/bare$sfx.csv" || exit 1
        # the same under the preload tracer: its cost per message (docs/predict.md)
        mkdir -p "$d/trace$sfx" || exit 1
        LD_PRELOAD="$B/libhrel_trace.so" HREL_TRACE_DIR=$d/trace$sfx HREL_TRACE_RUN=bench-$k$sfx \
        PVM_EXPORT="${PVM_EXPORT:+$PVM_EXPORT:}LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN" \
            "$B/hrel_pingpong" -s "$list" -r "$r" -w "$w" --route "$route" --encoding "$enc" \
            >"$d/baretraced$sfx.csv" || exit 1
        IFS=, read -r -a one <<<"$list"
        for s in "${one[@]}"; do netpipe "$d" "$s" "$r" || exit 1; done
        tcp "$d/tcp$sfx.csv" "$list" "$r" "$w" "$k" || exit 1
    done
done
