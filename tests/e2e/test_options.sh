#!/bin/bash
# End-to-end tests of the shared option vocabulary (README, "Options"): every
# C entry point refuses a bad value with one line naming the option and exit 2,
# accepts --opt=value, and prints its usage for --help with exit 0. Programs
# that need a pvmd are run against an empty PVM_TMP (no daemon), so a line that
# parses ends in "no PVM daemon" with exit 1, never in a usage error.
. "$(dirname "$0")/common.sh"

mkdir -p "$T/nodaemon"
# refuse WHAT WANT PROG ARGS...: exit 2, one line on stderr containing WANT
refuse() {
    local what=$1 want=$2 prog=$3; shift 3
    PVM_TMP=$T/nodaemon "$BIN/$prog" "$@" >"$T/o" 2>"$T/e"
    local rc=$?
    check "$prog $what: exit 2 (got $rc)" test "$rc" -eq 2
    check "$prog $what: one line naming it ($(head -c 120 "$T/e"))" \
        test "$(wc -l <"$T/e")" -eq 1 -a -n "$(grep -F -- "$want" "$T/e")"
}
# parses PROG ARGS...: the options are accepted (exit is not 2, no usage error)
parses() {
    local prog=$1; shift
    PVM_TMP=$T/nodaemon "$BIN/$prog" "$@" >"$T/o" 2>"$T/e"
    local rc=$?
    check "$prog $*: accepted (exit $rc: $(head -c 120 "$T/e"))" test "$rc" -ne 2
}
helps() {
    "$BIN/$1" --help >"$T/h" 2>&1
    check "$1 --help: exit 0 and a usage line" grep -q '^usage: ' "$T/h"
}

for p in hrel_bench hrel_pingpong hrel_tcp_pingpong hrel_mstep_demo hrel_vmhosts hrel_fft \
         hrel_fft_constants hrel_psrs hrel_psrs_constants; do
    helps "$p"
done

# hrel_bench
refuse "bad number" "--reps: 'x' is not a whole number" hrel_bench -r x
refuse "nan" "--rse: 'nan' is not a finite number" hrel_bench --rse=nan
refuse "empty list item" "--procs: '2,,4' has an empty item" hrel_bench --procs=2,,4
refuse "descending range" "--procs: range 8-2 descends" hrel_bench -p 8-2
refuse "negative duration" "--timeout: '-1s' must be a finite duration >= 0" hrel_bench --timeout=-1s
refuse "bad choice" "--encoding: 'xdr' is not one of raw, inplace, default" hrel_bench --encoding xdr
refuse "file for --out" "--out: 'r/raw.csv' looks like a file" hrel_bench --out r/raw.csv
parses hrel_bench --patterns=PP --procs=2-4:2 --sizes=6k --reps=2 --timeout=2m --out="$T/b"
check "hrel_bench without a daemon says so" grep -q 'no PVM daemon answers' "$T/e"

# the ping-pongs
refuse "bad size" "--sizes: '1x' is not a size in bytes" hrel_pingpong -s 1x
refuse "empty list item" "--sizes: '1,,2' has an empty item" hrel_pingpong --sizes=1,,2
refuse "bad choice" "--route: 'carrier' is not one of direct, daemon" hrel_pingpong --route=carrier
refuse "zero reps" "--reps: 0 is out of range" hrel_tcp_pingpong -r 0
refuse "PVM option" "unknown option '--encoding'" hrel_tcp_pingpong --encoding raw
parses hrel_pingpong --sizes=1k --reps=2 --warmup=0 --route=daemon --encoding=raw
"$BIN/hrel_tcp_pingpong" --sizes=1k,2k --reps=3 --warmup=1 >"$T/tcp.csv" 2>"$T/e"
check "hrel_tcp_pingpong --opt=value runs (exit $?)" test "$(grep -c '^\(1024\|2048\),3,' "$T/tcp.csv")" -eq 2

# hrel_mstep_demo
refuse "odd bytes" "--bytes: 12 is not a multiple of 8" hrel_mstep_demo --bytes=12
refuse "inf duration" "--heavy: 'inf' is not a duration" hrel_mstep_demo --heavy inf
refuse "procs not a multiple of 4" "--procs: 6 is not a multiple of 4" hrel_mstep_demo -p 6
refuse "bad choice" "--work: 'nap' is not one of sleep, spin" hrel_mstep_demo --work=nap
parses hrel_mstep_demo --heavy=10ms --light=1ms --bytes=1k --procs=4 --out="$T/d"

# hrel_fft, hrel_fft_constants
refuse "bad number" "--procs: 'two' is not a whole number" hrel_fft --procs two
refuse "nan" "--tol: 'nan' is not a finite number" hrel_fft --tol=nan
refuse "negative duration" "--timeout: '-3' must be a finite duration >= 0" hrel_fft --timeout -3
refuse "bad choice" "--plan: 'slow' is not one of measure, estimate" hrel_fft --plan=slow
refuse "ambiguous abbreviation" "unknown option '--p'" hrel_fft --p 2
parses hrel_fft --algo=ccm --n=1k --procs=2 --reps=1 --timeout=30s --out="$T/f"
check "hrel_fft without a daemon says so" grep -q 'cannot reach a pvmd' "$T/e"
refuse "empty list item" "--procs: '1,,2' has an empty item" hrel_fft_constants --procs=1,,2
refuse "bad number" "--reps: '3x' is not a whole number" hrel_fft_constants -r 3x
"$BIN/hrel_fft_constants" --n=1k --procs=1-2 --reps=1 --plan=estimate --out="$T/c" >/dev/null 2>"$T/e"
check "hrel_fft_constants --opt=value writes DIR/consts.csv ($(head -c 120 "$T/e"))" \
    test "$(grep -cE '^(1|2|all),1024,' "$T/c/consts.csv")" -eq 3

# hrel_psrs, hrel_psrs_constants
refuse "bad number" "--reps: '2.5' is not a whole number" hrel_psrs --reps 2.5
refuse "inf duration" "--timeout: 'inf' is not a duration" hrel_psrs --timeout=inf
refuse "empty input item" "bad --input 'uniform,,dup'" hrel_psrs --input=uniform,,dup
refuse "descending range" "bad processor list '8-2'" hrel_psrs --procs=8-2
parses hrel_psrs --procs=2-4 --n=1k --input=uniform,dup --reps=1 --timeout=1m --out="$T/s" -q
refuse "bad choice" "--input: 'random' is not one of uniform, dup, sorted, reverse" \
    hrel_psrs_constants --input random
refuse "negative seed" "--seed: -1 is out of range (0..4294967295)" hrel_psrs_constants --seed=-1
"$BIN/hrel_psrs_constants" --procs=2-3 --n=1k --reps=1 --out="$T/pc" >/dev/null 2>"$T/e"
check "hrel_psrs_constants --opt=value writes DIR/consts.csv ($(head -c 120 "$T/e"))" \
    test "$(grep -c '^[23],1024,' "$T/pc/consts.csv")" -eq 2

# the example programs (plain getopt, as an ordinary PVM user writes them)
refuse "bad number" "-p: 'x' is not a whole number in 2..64" hrel_stencil -p x
refuse "unknown option" "usage: hrel_stencil" hrel_stencil -q 3
refuse "zero jobs" "-j: '0' is not a whole number in 1..1000000000" hrel_farm -j 0

# the hrel subcommands share the parser: bad values are refused the same way
refuse "nan" "--g: 'nan' is not a finite number" hrel model mpm x.csv --g=nan --L 1
refuse "bad size" "--n: '1x' is not a size in bytes" hrel fft predict --consts c.csv --g 1 --L 1 --n 1x
refuse "inf" "--size: 'inf' is not a finite number" hrel hyper predict PP --procs 2 --size=inf \
    --aW 1 --bW 1 --aC 1 --bC 1 --aL 1
refuse "empty list item" "--tags: '1,,2' has an empty item" hrel trace import x.trc --tags=1,,2
refuse "missing value" "option '--out' needs a value" hrel fit x.csv --out

# hrel_vmhosts takes no options
refuse "unknown option" "unknown option '--frob'" hrel_vmhosts --frob

# hrel-wire (the userspace wire of the emulated LANs; no PVM): the same module. No
# line here gets as far as creating TAP devices: each lacks --prefix or is refused.
helps hrel-wire
refuse "bad number" "--ports: 'x' is not a whole number" hrel-wire --ports x
refuse "out of range" "--ports: 1 is out of range (2..64)" hrel-wire --ports 1
refuse "bad choice" "--model: 'bus' is not one of switch, hub" hrel-wire --model bus
refuse "nan" "--rate: 'nan' is not a finite number" hrel-wire --rate=nan
refuse "bad duration" "--delay: 'soon' is not a duration" hrel-wire --delay soon
refuse "seed range" "--seed: -1 is out of range (0..4294967295)" hrel-wire --seed -1
refuse "unknown option" "unknown option '--frob'" hrel-wire --frob 1
refuse "long prefix" "--prefix: 'abcdefghijkl' must have 1..10 characters" hrel-wire \
    --model hub --rate 1e7 --ports 4 --prefix abcdefghijkl
# --opt=value and the syntaxes of the vocabulary (500us, 64k) parse: what is left
# is the missing --prefix (was "unknown option '--model=hub'")
refuse "--opt=value forms parse, --prefix missing" "hrel-wire: --prefix is required" hrel-wire \
    --model=hub --rate=1e7 --ports=4 --delay=500us --queue=64k --seed=7

# a real run: hrel_pingpong's peer is spawned with --peer (parsed by the same table)
if hrel_vm_start "$ROOT/hostfiles/local"; then
    "$BIN/hrel_pingpong" --sizes=1k,2k --reps=3 --warmup=1 >"$T/pp.csv" 2>"$T/pp.err"
    check "hrel_pingpong --opt=value runs on a pvmd (exit $?: $(head -c 120 "$T/pp.err"))" \
        test "$(grep -c '^\(1024\|2048\),3,' "$T/pp.csv")" -eq 2
    hrel_vm_stop
else
    check "pvmd starts" false
fi
finish
