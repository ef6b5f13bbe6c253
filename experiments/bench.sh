#!/bin/bash
# bench.sh -- the suite's PingPong beside a bare PVM ping-pong and a raw
# loopback TCP ping-pong, in one run on a private local pvmd, with ratios.
#
# usage: experiments/bench.sh [-r|--reps N] [--route direct|daemon] [--encoding E] [-o|--out DIR]
#
# One-way times, medians over REPS repetitions (default 200) at 1, 6720, 107520
# and 1720320 bytes. The suite's PingPong (hrel_bench -P PP -p 2) times one
# message from the synchronised start to the receiver's unpack; the bare
# ping-pong takes half a round trip. Ratios suite/bare and bare/TCP. The raw files stay in DIR
# (default results/bench-<UTC time>/).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
reps=200; route=direct; enc=raw; out=""
while [ $# -gt 0 ]; do
    case "$1" in
        -r|--reps|--route|--encoding|-o|--out)
            [ $# -ge 2 ] && [ -n "$2" ] || { echo "bench.sh: $1 needs a value" >&2; exit 2; }
            case "$1" in -r|--reps) reps=$2 ;; --route) route=$2 ;; --encoding) enc=$2 ;; *) out=$2 ;; esac
            shift 2 ;;
        --reps=*) reps=${1#*=}; shift ;;
        --route=*) route=${1#*=}; shift ;;
        --encoding=*) enc=${1#*=}; shift ;;
        --out=*) out=${1#*=}; shift ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "bench.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
. "$ROOT/hostfiles/vm.sh"
B=$ROOT/bin/$PVM_ARCH
sizes=1,6720,107520,1720320
[ -n "$out" ] || out=results/bench-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
trap 'hrel_vm_stop' EXIT
trap 'exit 130' INT TERM
hrel_vm_start "$ROOT/hostfiles/local" || exit 1
echo "bench: suite PingPong ..." >&2
"$B/hrel_bench" -q -P PP -p 2 -s $sizes -r "$reps" -w 10 --route "$route" --encoding "$enc" \
    --platform local --hostfile hostfiles/local -o "$out/suite" || exit 1
echo "bench: bare PVM ping-pong ..." >&2
"$B/hrel_pingpong" -s $sizes -r "$reps" --route "$route" --encoding "$enc" >"$out/bare.csv" || exit 1
hrel_vm_stop
echo "bench: raw TCP ping-pong ..." >&2
"$B/hrel_tcp_pingpong" -s $sizes -r "$reps" >"$out/tcp.csv" || exit 1

# median of the suite's rows per size
grep -v '^#' "$out/suite/raw.csv" | awk -F, 'NR > 1 {print $3, $6}' | sort -k1,1n -k2,2g |
    awk '{v[$1] = v[$1] " " $2; n[$1]++} END {for (s in v) {split(substr(v[s], 2), a, " ");
         print s, a[int(n[s] / 2) + 1]}}' | sort -n >"$out/suite.median"
{
    echo "# make bench: one-way time, median of $reps repetitions; routing $route, encoding $enc"
    echo "# $(grep '^# date_utc' "$out/suite/raw.csv" | sed 's/^# //'); $(nproc) cpus; results in $out"
    printf "%10s %14s %14s %14s %12s %12s\n" bytes suite_us bare_pvm_us raw_tcp_us suite/bare bare/tcp
    for s in 1 6720 107520 1720320; do
        su=$(awk -v s=$s '$1 == s {print $2}' "$out/suite.median")
        ba=$(awk -F, -v s=$s '$1 == s {print $3}' "$out/bare.csv")
        tc=$(awk -F, -v s=$s '$1 == s {print $3}' "$out/tcp.csv")
        awk -v s=$s -v a="$su" -v b="$ba" -v c="$tc" 'BEGIN {
            printf "%10d %14.2f %14.2f %14.2f %12.3f %12.3f\n", s, a*1e6, b*1e6, c*1e6, a/b, b/c }'
    done
} | tee "$out/summary.txt"
