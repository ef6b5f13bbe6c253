#!/bin/bash
# End-to-end tests of `make bench` (experiments/bench.sh): `hrel bench` on a
# hand-made run directory (medians and ratio spreads checked by value), its
# bad-input lines, the raw TCP ping-pong across --listen/--connect, the
# median stop rule's columns, and a short interleaved run on a local pvmd.
. "$(dirname "$0")/common.sh"

# --- hrel bench on known numbers ---------------------------------------------
# three rounds; at 100 bytes: suite medians 30, 40, 20 us (rows of raw.csv),
# bare 10, 20, 10 us, NetPIPE 12, 12, 12 us, TCP 5, 5, 5 us.
R=$T/run
for k in 1 2 3; do
    mkdir -p "$R/round-$k/suite"
    case $k in 1) s="0.000029 0.000030 0.000031" b=0.000010 ;;
               2) s="0.000040 0.000041 0.000039" b=0.000020 ;;
               3) s="0.000020 0.000500 0.000019" b=0.000010 ;; esac
    { echo "# complete: yes"; echo "pattern,procs,h,msg_bytes,rep,seconds"
      i=0; for x in $s; do echo "PP,2,100,100,$i,$x"; i=$((i + 1)); done; } >"$R/round-$k/suite/raw.csv"
    printf '# bare\nbytes,reps,median_s,mean_s\n100,3,%s,%s\n' "$b" "$b" >"$R/round-$k/bare.csv"
    printf '     100 0.066667   0.000012\n' >"$R/round-$k/netpipe-100.out"
    printf '# tcp\nbytes,reps,median_s,mean_s\n100,3,0.000005,0.000005\n' >"$R/round-$k/tcp.csv"
    # the bare ping-pong under the preload tracer: 0.5, 1.0, 0.25 us more than bare
    case $k in 1) bt=0.0000105 ;; 2) bt=0.000021 ;; 3) bt=0.00001025 ;; esac
    printf '# traced\nbytes,reps,median_s,mean_s\n100,3,%s,%s\n' "$bt" "$bt" >"$R/round-$k/baretraced.csv"
done
"$BIN/hrel" bench "$R" --csv >"$T/b.csv" 2>"$T/b.err"
check "hrel bench --csv exits 0" test $? -eq 0
check "the tracer's cost per message: median 500 ns, IQR 375..750 (interpolated), range 250..1000 (got $(grep '^100,bare_traced-bare_pvm_s,' "$T/b.csv"))" \
    grep -qE '^100,bare_traced-bare_pvm_s,3,5e-07,3\.75e-07,7\.5e-07,2\.5e-07,1e-06$' "$T/b.csv"
check "bare_traced/bare_pvm ratio median 1.05" grep -qE '^100,bare_traced/bare_pvm,3,1\.05,' "$T/b.csv"
"$BIN/hrel" bench "$R" >"$T/bt.txt"
check "text summary: the tracer's cost per message, ns" grep -qE '^ +100 +500 \(375\.\.750; 250\.\.1000\)$' "$T/bt.txt"
row() { grep "^100,$1," "$T/b.csv" | cut -d, -f3-; }
check "suite: 3 rounds, median of the round medians 30 us, min 20, max 40 (got $(row suite_s))" \
    test "$(row suite_s)" = "3,3e-05,2.5e-05,3.5e-05,2e-05,4e-05"
check "bare: median 10 us (got $(row bare_pvm_s))" test "$(row bare_pvm_s | cut -d, -f2)" = 1e-05
check "netpipe read from its output (got $(row netpipe_pvm_s))" test "$(row netpipe_pvm_s | cut -d, -f2)" = 1.2e-05
# suite/bare per round: 3, 2, 2 -> median 2, q1 2, q3 2.5, min 2, max 3
check "suite/bare ratio within rounds: median 2, IQR 2..2.5, range 2..3 (got $(row suite_s/bare_pvm_s))" \
    test "$(row 'suite/bare_pvm')" = "3,2,2,2.5,2,3"
check "bare/tcp ratio median 2 (got $(row 'bare_pvm/raw_tcp'))" test "$(row 'bare_pvm/raw_tcp' | cut -d, -f2)" = 2
"$BIN/hrel" bench "$R" >"$T/b.txt"
check "text summary names the four programs" grep -q 'suite .*bare_pvm .*netpipe_pvm .*raw_tcp' "$T/b.txt"
check "text summary: 100 bytes, suite 30.00 us" grep -qE '^ +100 +30\.00 ' "$T/b.txt"
rm "$R/round-2/netpipe-100.out"
"$BIN/hrel" bench "$R" --csv >"$T/b2.csv"
check "a program missing in a round is left out of that round" \
    test "$(grep '^100,netpipe_pvm_s,' "$T/b2.csv" | cut -d, -f3)" = 2
printf 'garbage here\n' >"$R/round-3/netpipe-100.out"
"$BIN/hrel" bench "$R" >/dev/null 2>"$T/bad.err"
check "a bad NetPIPE file: exit 1" test $? -eq 1
check "... one line naming FILE:LINE" grep -q 'round-3/netpipe-100.out:1: not a NetPIPE line' "$T/bad.err"
mkdir -p "$T/empty"
"$BIN/hrel" bench "$T/empty" 2>"$T/empty.err"
check "no round: exit 1 with one line" test $? -eq 1 -a "$(wc -l <"$T/empty.err")" -eq 1
"$BIN/hrel" bench 2>/dev/null
check "no directory: usage exit 2" test $? -eq 2

# --- raw TCP across --listen / --connect (loopback stands in for two hosts) ---
"$BIN/hrel_tcp_pingpong" --listen 5977 -s 1,6720 -r 5 -w 1 &
lpid=$!
"$BIN/hrel_tcp_pingpong" --connect 127.0.0.1:5977 -s 1,6720 -r 5 -w 1 >"$T/tcp.csv"
check "--connect times against --listen" test $? -eq 0
wait "$lpid"
check "--listen exits 0 after its one connection" test $? -eq 0
check "--connect prints one row per size" test "$(grep -c '^[0-9]*,5,' "$T/tcp.csv")" -eq 2
"$BIN/hrel_tcp_pingpong" --connect nohost 2>"$T/tc.err"
check "--connect without a port: one line, non-zero" test $? -ne 0 -a "$(wc -l <"$T/tc.err")" -eq 1
"$BIN/hrel_tcp_pingpong" --listen 1 --connect a:1 2>/dev/null
check "--listen with --connect refused" test $? -eq 2

# --- the median stop rule: its columns and metadata ----------------------------
hrel_vm_start "$ROOT/hostfiles/local" || { echo "FAIL: cannot start pvmd"; echo "0 passed, 1 failed"; exit 1; }
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720 --stop median --min-reps 5 --max-reps 8 -w 0 -o "$T/med"
check "--stop median runs" test $? -eq 0
check "cases.csv ends in median_s,rse_median" grep -q ',sync_rtt_max_s,median_s,rse_median$' "$T/med/cases.csv"
check "the policy names the median" grep -q '^# repetitions: adaptive: stop when the relative standard error of the median' "$T/med/raw.csv"
reps=$(grep '^PP,2,6720,' "$T/med/cases.csv" | cut -d, -f5)
check "5..8 repetitions (got $reps)" test "${reps:-0}" -ge 5 -a "${reps:-0}" -le 8
hrel_vm_stop

# --- a short interleaved run on local ----------------------------------------
before=$(our_pvmds)
"$ROOT/experiments/bench.sh" --rounds 2 -r 5 -s 1,6720 -o "$T/mb" >"$T/mb.out" 2>"$T/mb.err"
check "bench.sh: 2 rounds, exit 0" test $? -eq 0
check "bench.sh: a directory per round" test -d "$T/mb/round-1" -a -d "$T/mb/round-2" -a ! -e "$T/mb/round-3"
for f in suite/raw.csv bare.csv tcp.csv baretraced.csv; do
    check "bench.sh: round 2 has $f" test -s "$T/mb/round-2/$f"
done
check "bench.sh: summary.txt and bench.csv written" test -s "$T/mb/summary.txt" -a -s "$T/mb/bench.csv"
check "bench.sh: the suite's ratio to the bare ping-pong over 2 rounds" grep -q '^6720,suite/bare_pvm,2,' "$T/mb/bench.csv"
check "bench.sh: the traced ping-pong's task files kept" bash -c "ls '$T/mb/round-2/trace/'*.tev >/dev/null"
check "bench.sh: the tracer's cost per message reported" grep -q '^6720,bare_traced-bare_pvm_s,2,' "$T/mb/bench.csv"
if command -v NPpvm >/dev/null 2>&1; then
    check "bench.sh: NetPIPE ran in both rounds" grep -q '^1,netpipe_pvm_s,2,' "$T/mb/bench.csv"
else
    check "bench.sh: without NPpvm it says so" grep -q 'NPpvm not found' "$T/mb.err"
fi
"$ROOT/experiments/bench.sh" -o "$T/mb" 2>"$T/again.err"
check "bench.sh refuses a directory that holds a run" test $? -ne 0 -a -n "$(grep 'already holds' "$T/again.err")"
"$ROOT/experiments/bench.sh" --rounds 0 2>"$T/r0.err"
check "bench.sh --rounds 0: exit 2 with one line" test $? -eq 2 -a "$(wc -l <"$T/r0.err")" -eq 1
check "bench.sh leaves no pvmd" test -z "$(new_pids "$before" "$(our_pvmds)")"
finish
