#!/bin/bash
# test_crossing.sh -- the measuring programs of crossing first messages
# (docs/predict.md "Two first messages that cross") on a private local pvmd:
# hrel_xfirst measures a new pair's first exchange on the direct route and the
# same exchange again (one host: both tasks there, the crossed message through
# the one pvmd); hrel_streamq needs two hosts and says so in one line; bad
# options are one line and exit 2. (On emulated platforms platform_facts.sh
# writes streamq.csv: test_platform.sh.)
. "$(dirname "$0")/common.sh"
printf '* ep=$HREL_ROOT/bin/$PVM_ARCH:$PVM_ROOT/lib wd=%s\n' "$T" >"$T/hosts"
hrel_vm_start "$T/hosts" >/dev/null 2>&1 || { echo "FAIL test_crossing: no virtual machine"; E2E_FAIL=1; finish; }
timeout 120 "$BIN/hrel_xfirst" -s 8k,64k --reps 2 >"$T/xf.csv" 2>"$T/xf.err"
check "hrel_xfirst: exits 0 ($(head -n 1 "$T/xf.err"))" [ $? -eq 0 ]
check "hrel_xfirst: one host: both tasks on it, said" grep -q '^# hrel_xfirst: .*, on \([^ ]*\) and \1, then again' "$T/xf.csv"
check "hrel_xfirst: header and 4 rows (2 sizes, 2 repetitions), every time > 0, each send within its exchange" \
    awk -F, '/^bytes,rep,first_s,again_s,send_lo_s,send_hi_s$/ { h = 1; next }
             h && !/^#/ { n++; if (($1 == 8192 || $1 == 65536) && $3 > 0 && $4 > 0 && $5 > 0 && $6 > 0 && $5 <= $3 && $6 <= $3) ok++ }
             END { exit !(h && n == 4 && ok == 4) }' "$T/xf.csv"
check "hrel_xfirst: the repetitions interleaved (sizes 8k, 64k, 8k, 64k)" \
    bash -c "[ \"\$(grep -E '^[0-9]' '$T/xf.csv' | cut -d, -f1,2 | tr '\n' ' ')\" = '8192,0 65536,0 8192,1 65536,1 ' ]"
sleep 0.3
check "hrel_xfirst: its workers left" bash -c "! pgrep -f '[h]rel_xfirst --worker' >/dev/null"
"$BIN/hrel_xfirst" -s 0 >/dev/null 2>"$T/xf0.err"; rc=$?
check "hrel_xfirst -s 0: exit 2, one line (got $rc: $(cat "$T/xf0.err"))" \
    sh -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/xf0.err') -eq 1 ] && grep -q 'sizes' '$T/xf0.err'"
timeout 60 "$BIN/hrel_streamq" --reps 1 -r 5 >"$T/sq.csv" 2>"$T/sq.err"; rc=$?
check "hrel_streamq on one host: exit 1, one line saying it needs two (got $rc: $(cat "$T/sq.err"))" \
    sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/sq.err') -eq 1 ] && grep -q 'one host: a stream between hosts needs two' '$T/sq.err'"
"$BIN/hrel_streamq" --lead -1 >/dev/null 2>"$T/sq2.err"; rc=$?
check "hrel_streamq --lead -1: exit 2, one line (got $rc)" \
    sh -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/sq2.err') -eq 1 ]"
finish
