#!/bin/bash
# test_corpus.sh -- the corpus of programs as people write them
# (pvmsrc/examples, no hrel code) under hrel's preload tracer, on a private
# local pvmd: each run traced (experiments/trace.sh) and untraced with the
# same result line (times stripped), and its imported msgs.csv checked against
# the program's structure. hrel_ring started alone from the shell (it spawns
# its copies and multicasts their task ids) and the SPMD way from the pvm
# console (`spawn -3`: pvm_siblings), traced and untraced; hrel_poll (pvm_nrecv
# polls that found nothing are no rows); hrel_short (over in milliseconds);
# hrel_stdin (its problem on standard input, trace.sh --stdin); hrel_fmw
# (Fortran, libfpvm3 on the shared libpvm3) where gfortran built it.
. "$(dirname "$0")/common.sh"
TR=$ROOT/experiments/trace.sh
HREL=$BIN/hrel
before=$(our_pvmds)
printf '* ep=$HREL_ROOT/bin/$PVM_ARCH:$PVM_ROOT/lib wd=%s\n' "$T" >"$T/hosts"
hrel_vm_start "$T/hosts" >/dev/null 2>&1 || { echo "FAIL test_corpus: no virtual machine"; E2E_FAIL=1; finish; }
# rows of KIND (with optional RANK) in msgs.csv M
rows() { awk -F, -v k="$2" -v r="${3:-}" '!/^#/ && $3 == k && (r == "" || $1 == r)' "$1" | wc -l; }
# rows of RANK: KIND to PEERS with BYTES and TAG (rowsx M RANK KIND PEERS BYTES TAG)
rowsx() { awk -F, -v r="$2" -v k="$3" -v p="$4" -v b="$5" -v t="$6" \
              '!/^#/ && $1 == r && $3 == k && $4 == p && $5 == b && $6 == t' "$1" | wc -l; }
# traced run: trace LABEL PROGRAM ARGS... (output $T/LABEL.out, exit status
# $T/LABEL.rc, trace folder $T/LABEL imported: $T/LABEL.imp, msgs.csv inside)
trace() {
    local l=$1; shift
    timeout 60 "$TR" -o "$T/$l" -- "$@" >"$T/$l.out" 2>&1; echo $? >"$T/$l.rc"
    sleep 0.3
    "$HREL" trace import "$T/$l" >"$T/$l.imp" 2>"$T/$l.err" || sed "s/^/  $l: /" "$T/$l.err"
}
# untraced run with the result line's time stripped: plain LABEL PROGRAM ARGS...
plain() { local l=$1; shift; timeout 60 "$@" 2>&1 | sed 's/ time=.*//' >"$T/$l.un"; }
# the traced result line is the untraced one (times stripped): same LABEL
same() { sed 's/ time=.*//' "$T/$1.out" | diff - "$T/$1.un" >/dev/null && [ -s "$T/$1.un" ]; }
lifecycle() {   # every rank of LABEL has one start, enrol, exit, end row (N ranks)
    local k
    for k in start enrol exit end; do
        check "$1: every rank has one $k row" [ "$(rows "$T/$1/msgs.csv" $k)" -eq "$2" ]
    done
}

# --- hrel_ring started alone from the shell: spawn, multicast of the tids ---
trace ring "$BIN/hrel_ring" -n 3 -b 1000 -r 20
plain ring "$BIN/hrel_ring" -n 3 -b 1000 -r 20
M=$T/ring/msgs.csv
check "ring: exit 0 traced" [ "$(cat "$T/ring.rc")" -eq 0 ]
check "ring: the same result traced and untraced" same ring
check "ring: the token came back right" grep -q 'checksum=60000$' "$T/ring.un"
check "ring: imported, 3 task files" grep -qx 'task_files 3' "$T/ring.imp"
check "ring: one spawn of 2 copies" [ "$(rowsx "$M" 0 spawn '1;2' 0 -1)" -eq 1 ]
check "ring: the tid list multicast to them (n + 3 ints)" [ "$(rowsx "$M" 0 mcast '1;2' 16 51)" -eq 1 ]
check "ring: the copies receive it from rank 0" \
    [ $(( $(rowsx "$M" 1 recv 0 16 51) + $(rowsx "$M" 2 recv 0 16 51) )) -eq 2 ]
for r in 0 1 2; do
    check "ring: rank $r sends 20 tokens of 1000 bytes to rank $(( (r + 1) % 3 ))" \
        [ "$(rowsx "$M" $r send $(( (r + 1) % 3 )) 1000 52)" -eq 20 ]
    check "ring: rank $r receives 20 tokens from rank $(( (r + 2) % 3 ))" \
        [ "$(rowsx "$M" $r recv $(( (r + 2) % 3 )) 1000 52)" -eq 20 ]
done
check "ring: no other sends" [ "$(rows "$M" send)" -eq 60 ]
lifecycle ring 3

# --- hrel_ring the SPMD way: spawn -3 from the pvm console (pvm_siblings) ---
# its output goes to the pvmd's log; wait for the line
logline() {   # logline N: the Nth hrel_ring result line of the pvmd log, time stripped
    local i
    for i in $(seq 1 50); do
        [ "$(grep -c '] hrel_ring: ' "$PVM_TMP"/pvml.* 2>/dev/null)" -ge "$1" ] && break
        sleep 0.2
    done
    grep -h '] hrel_ring: ' "$PVM_TMP"/pvml.* 2>/dev/null | sed -n "$1p" | sed 's/.*\] hrel_ring:/hrel_ring:/; s/ time=.*//'
}
printf 'spawn -3 hrel_ring -b 1000 -r 20\nquit\n' >"$T/console.in"
timeout 20 pvm <"$T/console.in" >"$T/console.out" 2>&1
check "console spawn -3 hrel_ring: 3 successful" grep -q '^3 successful' "$T/console.out"
logline 1 >"$T/console.un"
check "console start: the ring ended with the shell start's result" diff "$T/console.un" "$T/ring.un"
check "console start: the virtual machine still answers (hrel_vmhosts)" bash -c "timeout 10 '$BIN/hrel_vmhosts' | grep -q ."
check "console start: the console still answers" bash -c "echo conf | PVM_TMP='$PVM_TMP' timeout 10 pvm 2>&1 | grep -q '1 host'"
# traced: the console is rank 0 (the spawn), the 3 siblings its spawned ranks
timeout 30 "$TR" -o "$T/spmd" --stdin "$T/console.in" -- pvm >"$T/spmd.out" 2>&1
logline 2 >"$T/spmd.un"
sleep 0.3
"$HREL" trace import "$T/spmd" >"$T/spmd.imp" 2>"$T/spmd.err" || sed 's/^/  spmd: /' "$T/spmd.err"
M=$T/spmd/msgs.csv
check "console start traced: the same result" diff "$T/spmd.un" "$T/ring.un"
check "console start traced: 4 task files (the console and 3 siblings)" grep -qx 'task_files 4' "$T/spmd.imp"
check "console start traced: the console's one spawn of 3" [ "$(rowsx "$M" 0 spawn '1;2;3' 0 -1)" -eq 1 ]
check "console start traced: no multicast (the siblings know each other)" [ "$(rows "$M" mcast)" -eq 0 ]
for r in 1 2 3; do
    check "console start traced: rank $r sends 20 tokens to rank $(( r % 3 + 1 ))" \
        [ "$(rowsx "$M" $r send $(( r % 3 + 1 )) 1000 52)" -eq 20 ]
    check "console start traced: rank $r receives 20" [ "$(rows "$M" recv $r)" -eq 20 ]
done

# --- hrel_poll: the master polls with pvm_nrecv and works between polls ---
trace poll "$BIN/hrel_poll" -p 3 -j 12 -b 8000 -w 5 -s 50
plain poll "$BIN/hrel_poll" -p 3 -j 12 -b 8000 -w 5 -s 50
M=$T/poll/msgs.csv
empty=$(sed -n 's/.*empty_polls=\([0-9]*\)$/\1/p' "$T/poll.out")
check "poll: the same result traced and untraced" same poll
check "poll: imported, 4 task files" grep -qx 'task_files 4' "$T/poll.imp"
check "poll: its master polled in vain (empty_polls > 0)" [ "${empty:-0}" -gt 0 ]
check "poll: the master's recv rows are the 12 results, no empty poll" \
    [ "$(rows "$M" recv 0)" -eq 12 ] 
check "poll: each of them a result (tag 62)" [ "$(awk -F, '$1 == 0 && $3 == "recv" && $6 == 62' "$M" | wc -l)" -eq 12 ]
check "poll: the master sends 12 jobs and one stop multicast" \
    bash -c "[ $(rows "$M" send 0) -eq 12 ] && [ $(rowsx "$M" 0 mcast '1;2;3' 0 63) -eq 1 ]"
check "poll: workers receive 12 jobs + 3 stops, send 12 results" \
    bash -c "[ $(( $(rows "$M" recv) - 12 )) -eq 15 ] && [ $(( $(rows "$M" send) - 12 )) -eq 12 ]"
lifecycle poll 4

# --- hrel_short: a whole master/worker program in milliseconds ---
trace short "$BIN/hrel_short"
plain short "$BIN/hrel_short"
M=$T/short/msgs.csv
check "short: the same result traced and untraced" same short
check "short: the total" grep -qx 'hrel_short: workers=3 ints=16 total=1131' "$T/short.un"
check "short: imported, 4 task files" grep -qx 'task_files 4' "$T/short.imp"
check "short: one spawn of 3" [ "$(rowsx "$M" 0 spawn '1;2;3' 0 -1)" -eq 1 ]
for r in 1 2 3; do
    check "short: rank $r gets 18 ints and answers one long (4 bytes in XDR)" \
        bash -c "[ $(rowsx "$M" 0 send $r 72 71) -eq 1 ] && [ $(rowsx "$M" $r recv 0 72 71) -eq 1 ] && [ $(rowsx "$M" $r send 0 4 72) -eq 1 ] && [ $(rowsx "$M" 0 recv $r 4 72) -eq 1 ]"
done
check "short: nothing else sent" [ "$(rows "$M" send)" -eq 6 ]
lifecycle short 4

# --- hrel_stdin: the problem read from standard input ---
{ echo '2 12'; seq 1 12; } >"$T/stdin.in"
timeout 60 "$TR" -o "$T/stdin" --stdin "$T/stdin.in" -- "$BIN/hrel_stdin" >"$T/stdin.out" 2>&1
sleep 0.3
"$HREL" trace import "$T/stdin" >"$T/stdin.imp" 2>"$T/stdin.err" || sed 's/^/  stdin: /' "$T/stdin.err"
timeout 60 "$BIN/hrel_stdin" <"$T/stdin.in" 2>&1 | sed 's/ time=.*//' >"$T/stdin.un"
M=$T/stdin/msgs.csv
check "stdin: the same result traced and untraced" same stdin
check "stdin: it read the 12 numbers" grep -qx 'hrel_stdin: input=stdin read=12 workers=2 n=12 sum=78 mean=6.5 sd=3.45205 min=1 max=12' "$T/stdin.un"
check "stdin: imported, 3 task files" grep -qx 'task_files 3' "$T/stdin.imp"
check "stdin: one spawn of 2" [ "$(rowsx "$M" 0 spawn '1;2' 0 -1)" -eq 1 ]
check "stdin: a share of 6 numbers to each (4 + 48 bytes)" \
    bash -c "[ $(rowsx "$M" 0 send 1 52 81) -eq 1 ] && [ $(rowsx "$M" 0 send 2 52 81) -eq 1 ]"
check "stdin: a part back from each (4 + 32 bytes)" \
    bash -c "[ $(rowsx "$M" 0 recv 1 36 82) -eq 1 ] && [ $(rowsx "$M" 0 recv 2 36 82) -eq 1 ]"
lifecycle stdin 3
check "stdin: an empty input is the default problem" \
    bash -c "timeout 60 '$BIN/hrel_stdin' </dev/null | grep -q '^hrel_stdin: input=default read=0 workers=3 n=1000000 '"
check_not "stdin: an input that does not start with two numbers refused" \
    bash -c "echo x | timeout 60 '$BIN/hrel_stdin'"

# --- hrel_fmw: Fortran through libfpvm3, on the shared libpvm3 ---
if command -v gfortran >/dev/null 2>&1; then
    check "fmw: built where gfortran is" [ -x "$BIN/hrel_fmw" ]
fi
if [ -x "$BIN/hrel_fmw" ]; then
    check "fmw: linked with the shared libpvm3 (the tracer sees it)" bash -c "ldd '$BIN/hrel_fmw' | grep -q 'libpvm3\.so'"
    trace fmw "$BIN/hrel_fmw" 2 1000
    plain fmw "$BIN/hrel_fmw" 2 1000
    M=$T/fmw/msgs.csv
    check "fmw: the same result traced and untraced" same fmw
    check "fmw: the total" grep -qx 'hrel_fmw: workers=2 m=1000 total=1641750.00' "$T/fmw.un"
    check "fmw: imported, 3 task files" grep -qx 'task_files 3' "$T/fmw.imp"
    check "fmw: one spawn of 2" [ "$(rowsx "$M" 0 spawn '1;2' 0 -1)" -eq 1 ]
    check "fmw: a share to each (2 ints + 1000 doubles)" \
        bash -c "[ $(rowsx "$M" 0 send 1 8008 91) -eq 1 ] && [ $(rowsx "$M" 0 send 2 8008 91) -eq 1 ]"
    check "fmw: an answer from each (int + double)" \
        bash -c "[ $(rowsx "$M" 0 recv 1 12 92) -eq 1 ] && [ $(rowsx "$M" 0 recv 2 12 92) -eq 1 ]"
    check "fmw: each worker one receive and one send" \
        bash -c "[ $(rows "$M" recv 1) -eq 1 ] && [ $(rows "$M" send 1) -eq 1 ] && [ $(rows "$M" recv 2) -eq 1 ] && [ $(rows "$M" send 2) -eq 1 ]"
    lifecycle fmw 3
fi

hrel_vm_stop
check "no pvmd left" [ -z "$(new_pids "$before" "$(our_pvmds)")" ]
finish
