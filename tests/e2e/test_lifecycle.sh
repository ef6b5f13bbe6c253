#!/bin/bash
# test_lifecycle.sh -- the task lifecycle (issue 21) end to end on a private
# local pvmd: hrel_lifecycle writes lifecycle.csv (every event, positive
# medians, the platform named, each copy after --pause's sleep, no group
# server left behind); hrel model replay
# charges it (--lifecycle) and shares CPUs (--cores, --shared-cores); hrel_wakeup
# measures both routes and the replay reads it (--wakeup); the bad inputs are
# one line and a non-zero exit: a lifecycle or wakeup file missing or of
# another platform, both core options, a barrier nobody else reaches.
. "$(dirname "$0")/common.sh"
HREL=$BIN/hrel
printf '* ep=$HREL_ROOT/bin/$PVM_ARCH:$PVM_ROOT/lib wd=%s\n' "$T" >"$T/hosts"
hrel_vm_start "$T/hosts" >/dev/null 2>&1 || { echo "FAIL test_lifecycle: no virtual machine"; E2E_FAIL=1; finish; }
L=$T/lifecycle.csv
t0=$(date +%s.%N)
timeout 120 "$BIN/hrel_lifecycle" -r 3 --platform local -o "$L" >"$T/lc.out" 2>&1
check "hrel_lifecycle exits 0" [ $? -eq 0 ]
t1=$(date +%s.%N)
check "lifecycle.csv: says each copy started after 0.1 s of sleep (the default --pause)" \
    grep -qx "# pause: 0.1 s of sleep before each fork+exec'd copy (the machine idled)" "$L"
check "the default --pause sleeps: 3 repetitions of 5 copies (enrol; spawn of 1 to 4), at least 1.5 s" \
    awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a >= 1.5) }'
check "lifecycle.csv: the platform named" grep -qx '# platform: local' "$L"
check "lifecycle.csv: says each spawn is a fresh copy's first" grep -qx "# spawn: each the first pvm_spawn of a fork+exec'd copy, right after its enrolment" "$L"
check "lifecycle.csv: header" grep -qx 'event,k,where,reps,median_s,p25_s,p75_s,min_s,max_s' "$L"
for row in enrol,1 exit,1 end,1 spawn,1 spawn,2 spawn,3 spawn,4 spawn_start,1 spawn_start,2 spawn_start,3 spawn_start,4 gs_start,1 start_cpu,1 spawn_cpu,1; do
    check "lifecycle.csv: $row,local measured 3 times, median > 0" \
        awk -F, -v e="${row%,*}" -v k="${row#*,}" '$1 == e && $2 == k && $3 == "local" && $4 == 3 && $5 > 0 { ok = 1 } END { exit !ok }' "$L"
done
for kk in 2 3 4; do
    check "lifecycle.csv: spawn_first,$kk,local measured 3 times, its median at most the last child's (spawn_start,$kk)" \
        awk -F, -v k=$kk '$3 == "local" && $2 == k && $4 == 3 && $1 == "spawn_first" { f = $5; nf++ }
                          $3 == "local" && $2 == k && $1 == "spawn_start" { l = $5 }
                          END { exit !(nf == 1 && f >= 0 && f <= l) }' "$L"
done
check "lifecycle.csv: no spawn_first of k 1, no spawn of 5 (-k 4 measures 1 to 4)" \
    bash -c "! grep -qE '^(spawn_first,1|spawn,5),' '$L'"
check "lifecycle.csv: the start-up's CPU (from the fork) below the fork-to-enrolment time" \
    awk -F, '$1 == "enrol" { e = $5 } $1 == "start_cpu" { c = $5 } END { exit !(c > 0 && c < e) }' "$L"
# a fork+exec'd copy whose spawn fails reports its reason in one line through its pipe
# ('E' and the line), which the measuring program prints as its error
"$BIN/hrel_lifecycle" --child first --first-host nosuchhost --fd 3 3>"$T/copy.out" 2>"$T/copy.err"
check "a copy's failed spawn: non-zero exit" [ $? -ne 0 ]
check "a copy's failed spawn: one line 'E' + the reason, naming the host, nothing on stderr" \
    bash -c "[ \$(wc -l <'$T/copy.out') -eq 0 ] && grep -q '^Epvm_spawn of 1 hrel_lifecycle on nosuchhost started 0' '$T/copy.out' && [ ! -s '$T/copy.err' ]"
sleep 0.3
check "no group server left running" [ -z "$(hrel_vm_group_servers "PVM_TMP=$PVM_TMP")" ]
timeout 120 "$BIN/hrel_lifecycle" -r 1 --pause 0 >"$T/lc0.csv" 2>&1
check "a rerun finds no group server: gs_start measured again" grep -q '^gs_start,1,local,1,' "$T/lc0.csv"
check "--pause 0: back to back, said" grep -qx "# pause: 0 s of sleep before each fork+exec'd copy (back to back)" "$T/lc0.csv"
# hrel_wakeup: a receiver woken behind its computing sender, both routes
for r in daemon direct; do
    timeout 120 "$BIN/hrel_wakeup" --route $r --reps 3 --after 2ms >"$T/wk_$r.csv" 2>"$T/wk_$r.err"
    check "hrel_wakeup --route $r: exits 0 ($(head -n 1 "$T/wk_$r.err"))" [ $? -eq 0 ]
    check "hrel_wakeup --route $r: header and 18 rows (3 sizes, sleep and spin, 3 times), all on $r, each > 0" \
        awk -F, -v r=$r '/^route,bytes,after,rep,delivery_s$/ { h = 1; next }
                         h && !/^#/ { n++; if ($1 == r && ($3 == "spin" || $3 == "sleep") && $5 > 0) ok++ }
                         END { exit !(h && n == 18 && ok == 18) }' "$T/wk_$r.csv"
    check "hrel_wakeup --route $r: the mean excess said" grep -qE '^# excess_mean_s [0-9.e+-]+$' "$T/wk_$r.csv"
done
"$BIN/hrel_wakeup" --reps 1 >/dev/null 2>"$T/wk_bad.err"; rc=$?
check "hrel_wakeup --reps 1: exit 2, one line" bash -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/wk_bad.err') -eq 1 ]"
hrel_vm_stop
"$BIN/hrel_lifecycle" --pause -1 >/dev/null 2>"$T/pause.err"; rc=$?
check "hrel_lifecycle --pause -1: exit 2, one line naming --pause" \
    bash -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/pause.err') -eq 1 ] && grep -q -- '--pause' '$T/pause.err'"

# a master that enrols, spawns two workers that compute 10 ms and report back
printf '%s\n' 'rank,host,kind,peers,bytes,tag,t_begin,t_end' \
    '0,0,start,,0,-1,0,0' '0,0,enrol,,0,-1,0,0.001' '0,0,spawn,1;2,0,-1,0.001,0.002' \
    '0,0,recv,1,8,1,0.002,0.02' '0,0,recv,2,8,1,0.02,0.021' '0,0,exit,,0,-1,0.021,0.021' \
    '1,0,start,,0,-1,0.002,0.002' '1,0,enrol,,0,-1,0.002,0.003' '1,0,send,0,8,1,0.013,0.013' \
    '2,0,start,,0,-1,0.002,0.002' '2,0,enrol,,0,-1,0.002,0.003' '2,0,send,0,8,1,0.013,0.013' >"$T/m.csv"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 >"$T/plain.out" 2>&1
check "replay: a total" grep -qE '^total 0\.0' "$T/plain.out"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --lifecycle "$L" --platform local >"$T/life.out" 2>&1
check "replay --lifecycle: a total, the file named" \
    bash -c "grep -qE '^total 0\.0' '$T/life.out' && grep -q '^# lifecycle: $L (platform local)' '$T/life.out'"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --lifecycle "$L" --platform local --spawn-every-k >"$T/lifek.out" 2>&1
check "replay --spawn-every-k: a total, said on the lifecycle line" \
    bash -c "grep -qE '^total 0\.0' '$T/lifek.out' && grep -q '^# lifecycle: $L (platform local; a spawn of k at every k measured, its children.s starts CPU work: --spawn-every-k)' '$T/lifek.out'"
check "replay --spawn-every-k: the spawn of 2 priced otherwise than on the line through 1 and 4 (another total)" \
    bash -c "[ \"\$(grep '^total' '$T/life.out')\" != \"\$(grep '^total' '$T/lifek.out')\" ]"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --shared-cores 1 >"$T/ps.out" 2>&1
check "replay --shared-cores 1: two workers of 10 ms share one core: 0.02 s more than 0.001 + 0.002" \
    grep -qx 'total 0.023' "$T/ps.out"
bad() {   # bad WHAT STATUS WANT ARGS...
    local what=$1 st=$2 want=$3; shift 3
    "$HREL" model replay "$@" >/dev/null 2>"$T/bad.err"
    local rc=$?
    check "$what: exit $st" [ $rc -eq "$st" ]
    check "$what: one line" [ "$(wc -l <"$T/bad.err")" -eq 1 ]
    check "$what: says '$want'" grep -qF -- "$want" "$T/bad.err"
}
bad "lifecycle file missing" 1 "$T/none.csv: cannot open" "$T/m.csv" --g 0 --L 0 --lifecycle "$T/none.csv"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --wakeup "$T/wk_daemon.csv" >"$T/wk.out" 2>&1
check "replay --wakeup: a total, the file and its route named" \
    bash -c "grep -qE '^total 0\.0' '$T/wk.out' && grep -q '^# wakeup: $T/wk_daemon.csv (route daemon, mean excess' '$T/wk.out'"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --timeline "$T/tl.csv" >/dev/null 2>&1
check "replay --timeline: header and a row per trace row (12)" \
    bash -c "grep -qx 'rank,row,kind,peers,bytes,tag,traced_t0,traced_t1,replay_t0,replay_t1' '$T/tl.csv' &&
             [ \$(grep -vc -e '^#' -e '^rank,' '$T/tl.csv') -eq 12 ]"
check "replay --timeline: rank 0 waits in its first receive from 0.002 to rank 1's send at 0.013" \
    grep -qx '0,4,recv,1,8,1,0.002000000,0.020000000,0.002000000,0.013000000' "$T/tl.csv"
bad "timeline not writable" 1 "$T/nodir/tl.csv: cannot write" "$T/m.csv" --g 0 --L 0 --timeline "$T/nodir/tl.csv"
bad "wakeup file missing" 1 "$T/none.csv: cannot open" "$T/m.csv" --g 0 --L 0 --wakeup "$T/none.csv"
printf 'route,bytes,after,rep,delivery_s\ndaemon,8,spin,0,0.001\n' >"$T/wk_nosleep.csv"
bad "wakeup file without sleep rows" 1 "wk_nosleep.csv: messages of 8 bytes: spin rows but no sleep row" \
    "$T/m.csv" --g 0 --L 0 --wakeup "$T/wk_nosleep.csv"
bad "lifecycle of another platform" 1 "lifecycle of platform 'local', not of 'lan-utp'" \
    "$T/m.csv" --g 0 --L 0 --lifecycle "$L" --platform lan-utp
bad "both core options" 2 "give either --cores or --shared-cores" "$T/m.csv" --g 0 --L 0 --cores 2 --shared-cores 2
bad "--deliver without cores" 2 "--deliver, --trace-cores and --call-cpu need --cores N or --shared-cores N" \
    "$T/m.csv" --g 0 --L 0 --deliver
bad "--trace-cores without cores" 2 "--deliver, --trace-cores and --call-cpu need" "$T/m.csv" --g 0 --L 0 --trace-cores 2
bad "--deliver-fair without cores" 2 "--deliver, --trace-cores and --call-cpu need" "$T/m.csv" --g 0 --L 0 --deliver-fair
bad "--call-cpu without cores" 2 "--deliver, --trace-cores and --call-cpu need" "$T/m.csv" --g 0 --L 0 --call-cpu
bad "--pvmd-share without cores" 2 "--pvmd-share needs --daemon G_WIRE and --cores N or --shared-cores N" \
    "$T/m.csv" --daemon 8e-9 --pvmd-share
bad "--pvmd-share with the queue" 2 "--pvmd-share prices the pvmds' CPU on the shared cores" \
    "$T/m.csv" --daemon 8e-9 --shared-cores 2 --pvmd-share --pvmd-queue
bad "--pvmd-after-s without --pvmd-share" 2 "--pvmd-after-s needs --pvmd-share" \
    "$T/m.csv" --daemon 8e-9 --pvmd-after-s 1e-5
bad "both delivery modes" 2 "give either --deliver or --deliver-fair" "$T/m.csv" --g 0 --L 0 \
    --shared-cores 1 --deliver --deliver-fair
bad "--sendbuf negative" 2 "sendbuf" "$T/m.csv" --g 0 --L 0 --sendbuf -1
bad "--port-queue without the port medium" 2 "--port-queue needs --medium port and not --daemon" \
    "$T/m.csv" --g 0 --L 0 --port-queue 65536
bad "--port-queue on the daemon route" 2 "--port-queue needs --medium port and not --daemon" \
    "$T/m.csv" --daemon 8e-9 --medium port --port-queue 65536
bad "--htb without the shaped segment" 2 "--htb needs --daemon G_WIRE, --wire tc and --medium bus" \
    "$T/m.csv" --daemon 8e-7 --wire tc --medium port --htb 8
bad "--htb without --daemon" 2 "--htb needs --daemon G_WIRE" "$T/m.csv" --g 0 --L 0 --medium bus --htb 8
bad "--tcp-window without --port-queue" 2 "--tcp-window needs --port-queue" \
    "$T/m.csv" --g 0 --L 0 --medium port --tcp-window 32768
bad "--wire user without a medium" 2 "--wire user needs --daemon G_WIRE and --medium bus (the userspace wire's CSMA/CD segment) or port (its switch)" \
    "$T/m.csv" --daemon 8e-7 --wire user --medium none
bad "--wire user without --daemon" 2 "--wire user needs --daemon G_WIRE" \
    "$T/m.csv" --g 1e-6 --L 0 --wire user --medium port
bad "--wire-delay without --wire user" 2 "--wire-delay, --wire-queue and --wire-late need --wire user" \
    "$T/m.csv" --daemon 8e-7 --medium bus --wire-delay 2e-6
bad "--wire unknown" 2 "--wire must be tc, tc-joint, ethernet or user" "$T/m.csv" --daemon 8e-7 --wire coax
bad "--wire-late without --wire user" 2 "--wire-late need --wire user" "$T/m.csv" --daemon 8e-7 --medium bus --wire-late 5e-5
# TCP incast (lib/model/incast.h): hosts 1 and 2 send 60000 B each into host 0
# at once; at the second send 120000 B are in flight against a 65536-byte queue
printf 'rank,host,kind,peers,bytes,tag,t_begin,t_end\n0,0,start,,0,-1,0,0\n0,0,spawn,1;2,0,-1,0,0\n0,0,recv,1,60000,1,0,0.06\n0,0,recv,2,60000,1,0.06,0.12\n0,0,exit,,0,-1,0.12,0.12\n1,1,start,,0,-1,0,0\n1,1,send,0,60000,1,0,0.06\n1,1,exit,,0,-1,0.06,0.06\n2,2,start,,0,-1,0,0\n2,2,send,0,60000,1,0,0.06\n2,2,exit,,0,-1,0.06,0.06\n' >"$T/inc.csv"
"$HREL" model replay "$T/inc.csv" --g 1e-6 --L 0 --medium port --port-queue 65536 >"$T/inc.out" 2>&1
check "replay --port-queue: one incast, 120000 B in flight, said" \
    grep -q "^# incast: 1 transfer met other hosts' at one port with more bytes in flight than its 65536-byte queue (most 120000)" "$T/inc.out"
# the same two senders on the userspace wire's CSMA/CD segment: hosts 1 and 2
# put their first packets on the wire at the same moment, so they collide
"$HREL" model replay "$T/inc.csv" --daemon 8e-7 --medium bus --wire user --wire-delay 2e-6 --seed 3 >"$T/csma.out" 2>&1
check "replay --wire user: the collisions said, with the wire's delay, queue and seed" \
    grep -qE '^# wire: [1-9][0-9]* collisions \(CSMA/CD, delay 2e-06 s, queue 65536 B, seed 3\)' "$T/csma.out"
check "replay --wire user: 120000 B from two hosts take at least 2 x 0.0484 s at 10 Mbit/s" \
    awk '$1 == "total" && $2 > 0.0968 { ok = 1 } END { exit !ok }' "$T/csma.out"
# and on the userspace wire's switch (--medium port): no collision, the
# frames stored and forwarded, host 0's port taking them in turn
"$HREL" model replay "$T/inc.csv" --daemon 8e-7 --medium port --wire user --wire-delay 2e-6 >"$T/sw.out" 2>&1
check "replay --wire user --medium port: the switch said, with its delay and queue" \
    grep -qx "# wire: the userspace wire's store-and-forward switch (delay 2e-06 s, queue 65536 B)" "$T/sw.out"
check "replay --wire user --medium port: 120000 B into one port take at least 2 x 0.0484 s" \
    awk '$1 == "total" && $2 > 0.0968 { ok = 1 } END { exit !ok }' "$T/sw.out"
# and on tc's ports: each path the sender's token bucket, then the switch
# port's (the default), or both links at once (tc-joint): host 0's port takes
# 120000 B either way (a fresh virtual machine's timer: no copy)
for w in tc tc-joint; do
    "$HREL" model replay "$T/inc.csv" --daemon 8e-7 --medium port --wire $w --rtt0 0.024 >"$T/$w.out" 2>&1
    check "replay --wire $w --medium port: said" grep -q "^# pvmd packets 30, sent again 0 (daemon route: wire g 8e-07 s/B, $w," "$T/$w.out"
    check "replay --wire $w --medium port: 120000 B into one port take at least 2 x 0.0484 s" \
        awk '$1 == "total" && $2 > 0.0968 { ok = 1 } END { exit !ok }' "$T/$w.out"
done
# --packets FILE: every data packet's send and ack (30 packets of 4032 B or less, none sent again)
"$HREL" model replay "$T/inc.csv" --daemon 8e-7 --medium port --wire tc --rtt0 0.024 --packets "$T/pk.csv" >/dev/null 2>&1
check "replay --packets: the header" grep -qx 'event,t_s,from,to,seq,sends,bytes,rta_s,sample_s,rtt_s' "$T/pk.csv"
check "replay --packets: 30 first sends (hosts 1 and 2 to 0), 30 acks of packets sent once" \
    awk -F, 'NR > 1 && $1 == "send" && $6 == 1 && $4 == 0 { s++ } NR > 1 && $1 == "ack" && $6 == 1 && $9 > 0 { a++ }
             END { exit !(s == 30 && a == 30) }' "$T/pk.csv"
check "replay --packets: a send's retry time is twice the estimate it was set from (0.048 s first)" \
    awk -F, '$1 == "send" && $5 == 1 { n++; if ($8 != 0.048) bad = 1 } END { exit !(n == 2 && !bad) }' "$T/pk.csv"
bad "--packets without --daemon" 2 "--packets needs --daemon G_WIRE" "$T/inc.csv" --g 1e-6 --L 0 --packets "$T/pk2.csv"
bad "--packets to a folder that is not there" 1 "--packets: cannot write '$T/none/pk.csv'" \
    "$T/inc.csv" --daemon 8e-7 --medium port --wire tc --packets "$T/none/pk.csv"
check "replay --port-queue: the times unchanged (total 0.12)" grep -qx 'total 0.12' "$T/inc.out"
"$HREL" model replay "$T/inc.csv" --g 1e-6 --L 0 --medium port --port-queue 65536 --tcp-window 30000 >"$T/inc2.out" 2>&1
check "replay --tcp-window 30000: 60000 B in flight, no incast" grep -q "^# incast: 0 transfers" "$T/inc2.out"
# the two workers' 10 ms gaps were recorded side by side: recorded on one core
# (--trace-cores 1) they held 5 ms of work each, so on one core again 0.013
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --shared-cores 1 --trace-cores 1 >"$T/tc.out" 2>&1
check "replay --trace-cores 1 on one core: the recorded 0.013 again" grep -qx 'total 0.013' "$T/tc.out"
"$HREL" model replay "$T/m.csv" --g 0 --L 0 --shared-cores 2 --trace-cores 1 >"$T/tc2.out" 2>&1
check "replay --trace-cores 1 on two cores: 5 ms each, 0.008" grep -qx 'total 0.008' "$T/tc2.out"
printf '%s\n' 'rank,host,kind,peers,bytes,tag,t_begin,t_end,inside' \
    '0,0,start,,0,-1,0,0,' '0,0,spawn,1,0,-1,0,0.001,' '0,0,barrier,,0,-1,0.002,0.003,' \
    '0,0,send,1,20,3,0.002,0.002,barrier' '0,0,exit,,0,-1,0.003,0.003,' \
    '1,0,start,,0,-1,0.001,0.001,' '1,0,recv,0,20,3,0.002,0.003,' >"$T/lonely.csv"
bad "a barrier nobody else reaches" 1 "lonely.csv:4: rank 0, row 3 (barrier): the group server never answers it" \
    "$T/lonely.csv" --g 0 --L 0
finish
