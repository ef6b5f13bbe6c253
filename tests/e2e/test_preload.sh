#!/bin/bash
# test_preload.sh -- hrel's preload tracer (bin/$PVM_ARCH/libhrel_trace.so,
# experiments/trace.sh, hrel trace import of a trace folder) on a private local
# pvmd: the example programs traced with their event counts checked against
# their structure; a program with PVM's group functions (their calls as their
# own kinds, their inner messages marked inside them, the group server a
# rank); a program that exits 1; what a program sees is unchanged (output
# with and without the tracer); PVM's own examples (C and Fortran, from the
# Debian package pvm-examples) where installed; the bad trace folders, each
# one line and a non-zero exit; predict.sh tracing with it by default.
. "$(dirname "$0")/common.sh"
TR=$ROOT/experiments/trace.sh
HREL=$BIN/hrel
before=$(our_pvmds)
printf '* ep=$HREL_ROOT/bin/$PVM_ARCH:/usr/bin:$PVM_ROOT/lib wd=%s\n' "$T" >"$T/hosts"
hrel_vm_start "$T/hosts" >/dev/null 2>&1 || { echo "FAIL test_preload: no virtual machine"; E2E_FAIL=1; finish; }
# end the group server a run left (the next run starts its own)
end_gs() { hrel_vm_end_group_servers "PVM_TMP=$PVM_TMP"; }
# rows of KIND (with optional RANK) in msgs.csv M
rows() { awk -F, -v k="$2" -v r="${3:-}" '!/^#/ && $3 == k && (r == "" || $1 == r)' "$1" | wc -l; }
# traced run: trace LABEL PROGRAM ARGS... (output in $T/LABEL.out, trace in $T/LABEL)
trace() { local l=$1; shift; end_gs; "$TR" -o "$T/$l" -- "$@" >"$T/$l.out" 2>&1; echo $? >"$T/$l.rc"; sleep 0.3; }

check "trace.sh --help" bash -c "'$TR' --help | grep -q 'usage: experiments/trace.sh -o DIR'"
check_not "trace.sh without -o refused" "$TR" -- /bin/true
check "a process that never calls PVM leaves no file" bash -c "'$TR' -o '$T/none' -- /bin/true && [ -z \"\$(ls -A '$T/none')\" ]"

# what a program sees: return values, buffer ids, pvm_errno, errno, contents
end_gs; "$BIN/hrel_preload_check" >"$T/check.un" 2>&1
trace check "$BIN/hrel_preload_check"
check "preload_check: the same output traced and untraced" diff "$T/check.un" "$T/check.out"
check "preload_check: its checks ran" grep -q '^precv 0 from_child 1 tag 4 len 40 d 2 10 rbuf 0$' "$T/check.out"
check "preload_check: a 200 KB block still mapped on its own, traced (the tracer's buffer leaves malloc's threshold)" \
    grep -qx 'malloc of 200 KB in a mapping of its own 1' "$T/check.out"
check "preload_check: two task files" [ "$(ls "$T/check"/*.tev | wc -l)" -eq 2 ]
"$HREL" trace import "$T/check" >"$T/check.imp" 2>&1
check "preload_check: imported" grep -qx 'tracer preload' "$T/check.imp"
check "preload_check: the send to no task kept without a peer" grep -q '^# outside: 1 sends' "$T/check/msgs.csv"

# the farm: 3 workers, 12 jobs (wildcard receives)
trace farm "$BIN/hrel_farm" -p 3 -j 12 -b 1000 -w 1
"$HREL" trace import "$T/farm" >"$T/farm.imp" 2>&1
M=$T/farm/msgs.csv
check "farm: imported, 4 task files" bash -c "grep -qx 'task_files 4' '$T/farm.imp'"
check "farm: msgs.csv says # tracer: preload" grep -qx '# tracer: preload' "$M"
check "farm: header with inside, the gaps' and the calls' CPU time" grep -qx 'rank,host,kind,peers,bytes,tag,t_begin,t_end,inside,gap_cpu_s,gap_blocked,call_cpu_s' "$M"
check "farm: every row with its call's CPU time, 0 on a start row, no more than the call (1 ms slack)" awk -F, \
    'NR > 1 && !/^#/ && $1 ~ /^[0-9]+$/ { if ($12 !~ /^[0-9]+\.[0-9]+$/ || $12 > $8 - $7 + 0.001) bad = 1
       if ($3 == "start" && $12 + 0 != 0) bad = 1; if ($12 + 0 > 0) some = 1 } END { exit bad || !some }' "$M"
check "farm: every start row with its process's start-up CPU (above 0), every other row with its CPU time; 0/1" awk -F, \
    'NR > 1 && !/^#/ && $1 ~ /^[0-9]+$/ { if ($10 !~ /^[0-9]+\.[0-9]+$/ || ($11 != "0" && $11 != "1")) bad = 1
       if ($3 == "start" && $10 + 0 <= 0) bad = 1 } END { exit bad }' "$M"
check "farm: a gap's CPU time is no more than the gap (1 ms slack: microsecond counters)" awk -F, \
    '!/^#/ && $1 ~ /^[0-9]+$/ { if ($1 == r && $3 != "start" && $10 != "" && $10 > $7 - prev + 0.001) bad = 1
       r = $1; prev = $8 } END { exit bad }' "$M"
check "farm: one spawn of 3 ranks" bash -c "grep -c '^0,[0-9]*,spawn,1;2;3,' '$M' | grep -qx 1"
check "farm: the master sends 12 jobs" [ "$(rows "$M" send 0)" -eq 12 ]
check "farm: the master receives 12 results" [ "$(rows "$M" recv 0)" -eq 12 ]
check "farm: one stop multicast to 3" grep -q '^0,[0-9]*,mcast,1;2;3,' "$M"
check "farm: workers send 12 results" [ "$(( $(rows "$M" send) - 12 ))" -eq 12 ]
check "farm: workers receive 12 jobs + 3 stops" [ "$(( $(rows "$M" recv) - 12 ))" -eq 15 ]
for k in start enrol exit end; do
    check "farm: every rank has one $k row" [ "$(rows "$M" $k)" -eq 4 ]
done
# where the time went inside the calls (hrel trace calls)
"$HREL" trace calls "$T/farm" >"$T/farm.calls" 2>"$T/farm.calls.err"; rc=$?
check "trace calls: exit 0 ($(head -n 1 "$T/farm.calls.err"))" [ $rc -eq 0 ]
check "trace calls: header" grep -qx 'task,host,pid,kind,calls,wall_s,cpu_s,vcsw' "$T/farm.calls"
check "trace calls: 24 sends (12 jobs, 12 results) and 27 receives over the 4 tasks, one mcast" \
    awk -F, '$4 == "send" { s += $5 } $4 == "recv" { r += $5 } $4 == "mcast" { m += $5 }
             END { exit !(s == 24 && r == 27 && m == 1) }' "$T/farm.calls"
check "trace calls: every kind's CPU time no more than its wall time (1 ms slack), none for pack" \
    awk -F, '!/^#/ && NR > 2 { if ($4 == "pack") { if ($7 != "") bad = 1 }
             else if ($7 == "" || $7 > $6 + 0.001 || $8 !~ /^[0-9]+$/) bad = 1 } END { exit bad }' "$T/farm.calls"
"$HREL" trace calls "$T/nonesuch" >/dev/null 2>"$T/calls.err"; rc=$?
check "trace calls of no folder: exit 1, one line" bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/calls.err') -eq 1 ]"
"$HREL" trace calls >/dev/null 2>"$T/calls.err"; rc=$?
check "trace calls without a folder: exit 2, one line" bash -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/calls.err') -eq 1 ]"
# the CPUs it was recorded on, for hrel predict (trace.sh runs hrel_calibrate after PROGRAM)
check "farm: trace.sh wrote calibration.csv (three kernels)" \
    [ "$(grep -cE '^[^#,]+,[0-9]+,(int|fp|mem),' "$T/farm/calibration.csv")" -eq 3 ]
check "farm: the calibration ran untraced (no task file of hrel_calibrate)" [ "$(ls "$T/farm"/*.tev | wc -l)" -eq 4 ]
mkdir -p "$T/farmchar"; printf 'pattern,procs,g,L\nALL,all,1e-9,1e-5\nPP,all,1e-9,1e-5\nOA,all,1e-9,1e-5\n' >"$T/farmchar/fit.csv"
cp "$T/farm/calibration.csv" "$T/farmchar/"
"$HREL" predict "$T/farm" --on "$T/farmchar" --hosts 1 >"$T/farm.pred" 2>&1
check "farm: hrel predict reads the trace folder and its calibration ($(head -n 1 "$T/farm.pred"))" \
    grep -q '^# cpu_ratio: 1 (from the CPU calibrations: trace .*/farm/calibration.csv' "$T/farm.pred"
check "farm: the same result as untraced" bash -c "'$BIN/hrel_farm' -p 3 -j 12 -b 1000 -w 1 | sed 's/time=.*//' >'$T/farm.un'; sed 's/time=.*//' '$T/farm.out' | diff - '$T/farm.un'"

# group functions
trace groups "$BIN/hrel_groups" -p 4 -n 100 -r 2
"$HREL" trace import "$T/groups" >"$T/groups.imp" 2>"$T/groups.err"
M=$T/groups/msgs.csv
check "groups: imported, 5 task files (4 + the group server)" grep -qx 'task_files 5' "$T/groups.imp"
check "groups: the group server is a rank" grep -qx 'group_server_rank 1' "$T/groups.imp"
check "groups: said in msgs.csv" grep -q '^# group_server: rank 1 ' "$M"
check "groups: 4 joingroup rows" [ "$(rows "$M" joingroup)" -eq 4 ]
check "groups: 8 barrier rows" [ "$(rows "$M" barrier)" -eq 8 ]
check "groups: 2 bcast rows, at rank 0" [ "$(rows "$M" bcast 0)" -eq 2 ] 
check "groups: 8 reduce, 8 scatter, 8 gather rows" bash -c "[ $(rows "$M" reduce) -eq 8 ] && [ $(rows "$M" scatter) -eq 8 ] && [ $(rows "$M" gather) -eq 8 ]"
check "groups: 4 lvgroup rows" [ "$(rows "$M" lvgroup)" -eq 4 ]
check "groups: each bcast's multicast to the 3 others inside it" \
    [ "$(grep -c '^0,[0-9]*,mcast,[0-9;]*,800,31,[0-9.]*,[0-9.]*,bcast,[0-9.]*,[01],[0-9.]*$' "$M")" -eq 2 ]
check "groups: the reduce's receives at the root inside it (3 x 2)" \
    [ "$(grep -c '^0,[0-9]*,recv,[0-9]*,800,32,[0-9.]*,[0-9.]*,reduce,[0-9.]*,[01],[0-9.]*$' "$M")" -eq 6 ]
check "groups: a reduce names its root rank 0" grep -q '^2,[0-9]*,reduce,0,800,32,' "$M"
check "groups: the barrier's messages with the server inside it" grep -q '^2,[0-9]*,send,1,[0-9]*,[0-9]*,[0-9.]*,[0-9.]*,barrier,[0-9.]*,[01],[0-9.]*$' "$M"
check "groups: the server's rank has no end row (it runs on)" [ "$(rows "$M" end 1)" -eq 0 ]
check "groups: the replay prices it" bash -c "'$HREL' model replay '$M' --g 1e-9 --L 1e-5 | grep -qE '^total [0-9.]+'"
end_gs; "$BIN/hrel_groups" -p 4 -n 100 -r 2 | sed 's/time=.*//' >"$T/groups.un"
check "groups: the same result as untraced" bash -c "sed 's/time=.*//' '$T/groups.out' | diff - '$T/groups.un'"

# a program that exits 1 after its run (psend/precv)
trace exit1 "$BIN/hrel_exit1" -n 20 -b 2048
check "exit1: exits 1 under the tracer, as without" [ "$(cat "$T/exit1.rc")" -eq 1 ]
"$HREL" trace import "$T/exit1" >"$T/exit1.imp" 2>"$T/exit1.err"
check "exit1: imported (exit 0)" [ $? -eq 0 ]
check "exit1: the status said on stderr" grep -q 'rank 0 (task t[0-9a-f]*) exited with status 1' "$T/exit1.err"
check "exit1: and in msgs.csv" grep -qx '# exit_status: rank 0 1' "$T/exit1/msgs.csv"
check "exit1: 20 psends and 20 precvs of rank 0" bash -c "[ $(rows "$T/exit1/msgs.csv" send 0) -eq 20 ] && [ $(grep -c '^0,[0-9]*,send,1,2048,41,' "$T/exit1/msgs.csv") -eq 20 ] && [ $(rows "$T/exit1/msgs.csv" recv 0) -eq 20 ]"

# PVM's own examples (Debian pvm-examples): nobody here wrote them
if [ -x /usr/bin/master1 ] && [ -x /usr/bin/fmaster1 ]; then
    trace master1 /usr/bin/master1
    check "PVM master1: imported" "$HREL" trace import "$T/master1"
    check "PVM master1: its slaves traced (spawn row, their sends)" \
        bash -c "grep -q '^0,[0-9]*,spawn,' '$T/master1/msgs.csv' && [ \$(awk -F, '!/^#/ && \$1 > 0 && \$3 == \"send\"' '$T/master1/msgs.csv' | wc -l) -ge 1 ]"
    trace fmaster1 /usr/bin/fmaster1
    check "PVM fmaster1 (Fortran, libfpvm3): imported" "$HREL" trace import "$T/fmaster1"
    check "PVM fmaster1: spawn, sends and receives recorded" \
        bash -c "grep -q ',spawn,' '$T/fmaster1/msgs.csv' && grep -q ',send,' '$T/fmaster1/msgs.csv' && grep -q ',recv,' '$T/fmaster1/msgs.csv'"
    # hello_other enrols in pvm_parent, a call that moves no message: its
    # enrolment is recorded (the replay charges the process start there)
    trace hello /usr/bin/hello.pvm
    check "PVM hello: its output as untraced" grep -q '^from t[0-9a-f]*: hello, world from ' "$T/hello.out"
    check "PVM hello: imported" "$HREL" trace import "$T/hello"
    check "PVM hello: both tasks have an enrolment row, hello_other's before its send" \
        awk -F, '!/^#/ && $1 != "rank" { r[$1] = 1; if ($3 == "enrol" && !($1 in s)) e[$1] = 1;
                  if ($3 == "send") s[$1] = 1 }
                 END { n = 0; for (k in r) n++; exit !(n == 2 && (0 in e) && (1 in e)) }' "$T/hello/msgs.csv"
    trace timing /usr/bin/timing
    "$HREL" trace import "$T/timing" >/dev/null 2>"$T/timing.err"
    check "PVM timing (exit 1, its slave killed by pvm_kill): imported" [ $? -eq 0 ]
    check "PVM timing: the killed slave named" grep -q 'rank 1 (task t[0-9a-f]*) left no end record' "$T/timing.err"
    # the route each asked for: timing and its slave call pvm_setopt(PvmRoute,
    # PvmRouteDirect) before their messages, master1 and its slaves never do
    check "PVM timing: its route, the direct one, in msgs.csv" \
        grep -qE '^# route: direct \(([0-9]+) of \1 messages between tasks sent with pvm_setopt\(PvmRoute, PvmRouteDirect\) in effect\)$' "$T/timing/msgs.csv"
    check "PVM master1: its route, the daemon one, in msgs.csv" \
        grep -qE '^# route: daemon \(0 of [1-9][0-9]* messages ' "$T/master1/msgs.csv"
    printf '20\n3\n' >"$T/gex.in"
    end_gs; "$TR" -o "$T/gex" --stdin "$T/gex.in" -- /usr/bin/gexample >"$T/gex.out" 2>&1; sleep 0.3
    check "PVM gexample (groups, reads stdin): imported" "$HREL" trace import "$T/gex"
    check "PVM gexample: its reduce and barrier as their own kinds" \
        bash -c "grep -q ',reduce,' '$T/gex/msgs.csv' && grep -q ',barrier,' '$T/gex/msgs.csv'"
fi

# bad trace folders: one line, exit 1
badimp() {   # badimp WHAT WANT DIR
    "$HREL" trace import "$3" -o "$T" >/dev/null 2>"$T/bad.err"
    local rc=$?
    check "$1: exit 1" [ $rc -eq 1 ]
    check "$1: one line" [ "$(wc -l <"$T/bad.err")" -eq 1 ]
    check "$1: says '$2'" grep -q -- "$2" "$T/bad.err"
    grep -q -- "$2" "$T/bad.err" || sed "s/^/  $1: /" "$T/bad.err"
}
first=$(ls "$T/farm"/*.tev | head -n 1) last=$(ls "$T/farm"/*.tev | tail -n 1)
cp -r "$T/farm" "$T/cut"; truncate -s -10 "$T/cut/$(basename "$last")"
badimp "truncated task file" "truncated" "$T/cut"
cp -r "$T/farm" "$T/lost"; rm "$T/lost/$(basename "$last")"
badimp "missing task file" "left no task file" "$T/lost"
cp -r "$T/farm" "$T/mixed"; cp "$(ls "$T/groups"/*.tev | head -n 1)" "$T/mixed/zz.0.tev"
badimp "files of two runs" "files of two runs" "$T/mixed"
cp -r "$T/farm" "$T/kind"; printf '\x63\x00' | dd of="$T/kind/$(basename "$first")" bs=1 seek=256 conv=notrunc 2>/dev/null
badimp "an unknown event kind" "unknown kind 99" "$T/kind"
mkdir -p "$T/empty"
badimp "an empty folder" "no task files" "$T/empty"

hrel_vm_stop
check "no pvmd left" [ -z "$(new_pids "$before" "$(our_pvmds)")" ]

# predict.sh traces with it by default; a program that exits 1 is predicted
P=$ROOT/experiments/predict.sh
{ echo 'pattern,procs,g,L,r2,n'; printf '%s,all,1e-9,5e-5,1,3\n' E PP OA POA AO AA ALL; } >"$T/fit.csv"
"$P" --runs 1 --fit "$T/fit.csv" --run "$T/p1" --timeout 60 -- "$BIN/hrel_exit1" -n 20 >"$T/p1.out" 2>"$T/p1.err"
check "predict.sh on a program that exits 1: exit 0" [ $? -eq 0 ]
check "predict.sh: traced with the preload tracer" grep -qx '# tracer: preload' "$T/p1/run1/msgs.csv"
check "predict.sh: predict.csv says the tracer" grep -qx '# tracer: preload' "$T/p1/predict.csv"
check "predict.sh: calls.csv beside the trace (hrel trace calls), its sends counted" \
    awk -F, '$4 == "send" { s += $5 } END { exit !(s > 0) }' "$T/p1/run1/calls.csv"
grep -qx '# tracer: preload' "$T/p1/run1/msgs.csv" 2>/dev/null || { head -n 3 "$T/p1/run1/msgs.csv"; cat "$T/p1.out" "$T/p1.err"; ls "$T/p1/run1"; } 2>&1 | sed 's/^/  p1: /'
check "predict.sh: one warning line for the exit status" \
    bash -c "[ \$(grep -c 'warning: hrel_exit1 exited with status 1 after running to its end' '$T/p1.err') -eq 1 ]"
check "predict.sh: the replay predicted" grep -q '^replay,' "$T/p1/predict.csv"
check "predict.sh on the daemon route: untraced and traced run each in a fresh virtual machine by default" \
    bash -c "[ \$(wc -l <'$T/p1/vms') -eq 2 ] && [ \$(cut -d' ' -f2- '$T/p1/vms' | sort -u | wc -l) -eq 2 ]"
check "predict.sh: one answer on the terminal (recommended model, seconds, its matrix error)" \
    grep -qE '^predict: recommended: (bspwb|mpm|replay) [0-9.e+-]+ s \(((80 % interval [0-9.e+-]+ to [0-9.e+-]+ s|[0-9.e+-]+ to [0-9.e+-]+ s from the placement draws); )?its median \|error\| on [0-9]+ daemon-route cells of local in the validation matrix \([0-9]+ matrices\): [0-9.]+ %, max [0-9.]+ %\)$' "$T/p1.out"
check "predict.sh: # recommended: in predict.csv and predict_untraced.csv" \
    bash -c "grep -q '^# recommended: [a-z]* (' '$T/p1/predict.csv' && grep -q '^# recommended: [a-z]* (' '$T/p1/predict_untraced.csv'"
check_not "predict.sh: internal variants only with --all-models" grep -qE '^replay_(nomedium|nosetup)' "$T/p1/predict.csv"
"$P" --runs 1 --fit "$T/fit.csv" --run "$T/p2" --timeout 60 -- "$BIN/hrel_groups" -p 3 -n 50 -r 2 >"$T/p2.out" 2>&1
check "predict.sh: a program with group functions predicted" grep -q '^replay,' "$T/p2/predict.csv"
"$P" --runs 1 --fit "$T/fit.csv" --run "$T/p5" --hostfile "$T/hosts" --timeout 60 -- "$BIN/hrel_exit1" -n 5 >"$T/p5.out" 2>&1
check "predict.sh on a platform the matrix did not run: the replay, said so" \
    grep -qE '^predict: recommended: replay [0-9.e+-]+ s \(.* with the daemon route is not in the validation matrix\)$' "$T/p5.out"
check "predict.sh: its group server traced in the traced run" grep -q '^# group_server: rank ' "$T/p2/run1/msgs.csv"
grep -q '^replay,' "$T/p2/predict.csv" 2>/dev/null || tail -n 4 "$T/p2.out" | sed 's/^/  p2: /'
if [ -x /usr/bin/gexample ]; then   # PVM's example that asks for its sizes on stdin
    printf '12\n2\n' >"$T/in.txt"
    "$P" --runs 1 --fit "$T/fit.csv" --run "$T/p3" --stdin "$T/in.txt" --timeout 60 -- /usr/bin/gexample >"$T/p3.out" 2>&1
    check "predict.sh --stdin: gexample read its sizes in every run" \
        bash -c "grep -q 'sum of the integers from 1 to 12' '$T/p3/untraced1.out' && grep -q 'sum of the integers from 1 to 12' '$T/p3/run1/out'"
    check "predict.sh --stdin: gexample predicted" grep -q '^replay,' "$T/p3/predict.csv"
    grep -q '^replay,' "$T/p3/predict.csv" 2>/dev/null || tail -n 5 "$T/p3.out" | sed 's/^/  p3: /'
fi
# a program that keeps libpvm3 inside (linked with libpvm3.a): PVM's tracer
if cc -o "$T/static_exit1" "$ROOT/pvmsrc/examples/hrel_exit1.c" /usr/lib/x86_64-linux-gnu/libpvm3.a -ltirpc 2>/dev/null; then
    cp "$T/static_exit1" "$BIN/hrel_exit1_static.$$"
    "$P" --runs 1 --fit "$T/fit.csv" --run "$T/p4" --timeout 60 -- "$BIN/hrel_exit1_static.$$" -n 5 >"$T/p4.out" 2>&1
    check "predict.sh: a program built with libpvm3.a traced with PVM's tracer, said" \
        grep -q 'does not load libpvm3.so (statically linked?): traced with PVM.s tracer' "$T/p4.out"
    check "predict.sh: its msgs.csv says # tracer: pvm" grep -qx '# tracer: pvm' "$T/p4/run1/msgs.csv"
    rm -f "$BIN/hrel_exit1_static.$$"
fi
check "predict.sh --tracer frob refused" bash -c "'$P' --tracer frob -- '$BIN/hrel_exit1' 2>&1 | grep -q 'tracer must be preload or pvm'"
check "no pvmd left after predict.sh" [ -z "$(new_pids "$before" "$(our_pvmds)")" ]
check "no group server left" [ -z "$(hrel_vm_group_servers "HREL_ROOT=$ROOT")" ]
finish
