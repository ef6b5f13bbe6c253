#!/bin/bash
# bench.sh -- the instrument beside outside references, interleaved in one run:
# the suite's PingPong (hrel_bench -P PP -p 2), hrel's bare PVM ping-pong
# (hrel_pingpong), NetPIPE's PVM module (NPpvm, Debian netpipe-pvm) and a raw
# TCP ping-pong (hrel_tcp_pingpong). Every round runs them one after the other
# (A B C D, A B C D, ...), so each ratio is taken within one round and the
# rounds give its spread; `hrel bench DIR` prints each program's median over
# the rounds and the ratios' median, interquartile range and range.
#
# usage: experiments/bench.sh [--platform NAME | --hostfile FILE | --attach]
#            [--rounds N] [-r|--reps N] [-s|--sizes LIST] [--route direct|daemon]
#            [--encoding raw|inplace|default] [--with-block] [-o|--out DIR]
#
#   --platform NAME  local (default) or an emulated platform (hostfiles/NAME.platform);
#                    --hostfile FILE / --attach as every experiment script
#   --rounds N       rounds (default 5)
#   -r, --reps N     timed repetitions of each program per size and round
#                    (default 100; N/10 warm-ups, 1..10); sizes over 1 MB get
#                    N/10 (at least 3) and one warm-up
#   -s, --sizes LIST message sizes in bytes (default 1,6720,107520,1720320)
#   --route, --encoding  PVM routing and encoding of the suite and the bare
#                    ping-pong (default direct, raw); NetPIPE always uses direct
#                    routes and PvmDataInPlace (its netpipe.h)
#   --with-block     also run the suite with --recv block (receivers wait in a
#                    blocking pvm_trecv, as before session 3) in every round, as
#                    suite_block: the before/after of the polling receive
#   -o, --out DIR    results (default results/bench-<platform>-<UTC time>)
#
# With two or more hosts the two ends of every program are the first two hosts
# of the virtual machine (the script runs on the first). NetPIPE's transmitter
# refuses a virtual machine with tasks other than its receiver: with --attach
# keep yours idle. Without NPpvm (`make bench` installs netpipe-pvm) its column
# stays empty. On a 10 Mbit/s LAN leave out the 1.7 MB size (-s 1,6720,107520 -r 10):
# NetPIPE spends minutes per run there. Each round's outputs stay in DIR/round-K/; DIR/summary.txt and
# DIR/bench.csv are `hrel bench DIR` and `hrel bench DIR --csv`. The timing
# method of each program, and why the figures differ: docs/characterise.md.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL_CALLER_PWD=$PWD
cd "$ROOT" || exit 1
rounds=5; reps=100; sizes=1,6720,107520,1720320; route=direct; enc=raw; block=0
HREL_PLAT_PROG=bench.sh
. "$ROOT/experiments/platform_env.sh"
args=()
for a in "$@"; do   # the short letters of the vocabulary
    case "$a" in -r) args+=(--reps) ;; -s) args+=(--sizes) ;; *) args+=("$a") ;; esac
done
hrel_script_args "--rounds=rounds --reps=reps --sizes=sizes --route=route --encoding=enc --with-block=block:1" \
    ${args[@]+"${args[@]}"} || exit 2
for v in rounds reps; do
    case "${!v}" in ''|*[!0-9]*|0) echo "bench.sh: --$v needs a positive whole number" >&2; exit 2 ;; esac
done
out=${HREL_OUT:-results/bench-$HREL_PLAT_NAME-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
if ls "$out"/round-1 >/dev/null 2>&1; then
    echo "bench.sh: $out already holds a bench run; give another --out" >&2; exit 1
fi
HREL_PLAT_NO_PROBE=1
hrel_plat_prepare "$out/platform" || exit 1
hrel_plat_run "$ROOT/experiments/bench_rounds.sh" "$out" "$rounds" "$reps" "$sizes" "$route" "$enc" \
    "$HREL_PLAT_NAME" "$HREL_PLAT_HOSTFILE" "$block"
rc=$?
[ "$rc" -eq 125 ] && exit 1
[ "$rc" -eq 0 ] || { echo "bench.sh: a round failed (exit $rc); outputs so far in $out" >&2; exit "$rc"; }
"$ROOT/bin/$PVM_ARCH/hrel" bench "$out" --csv >"$out/bench.csv" || exit 1
"$ROOT/bin/$PVM_ARCH/hrel" bench "$out" | tee "$out/summary.txt"
