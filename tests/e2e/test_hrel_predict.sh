#!/bin/bash
# End-to-end test of `hrel predict` (issue 23: a prediction from a trace and a
# characterisation alone), on hand-made traces and characterisations: the
# replay's totals worked out by hand (the ping-pong of tests/unit/msgs_fixture.h
# with g = 1e-5 s/B, L = 1 ms: 0.063 s), the CPU scaling from two calibrations,
# each what-if key, the trace forms, the -o files, the bad inputs, and that no
# pvmd is started. Prints "N passed, N failed".
set -u
ROOT=${HREL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
HREL=$ROOT/bin/$ARCH/hrel
T=$(mktemp -d "${HREL_TEST_TMP:-/tmp}/hrel_predict.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
check() { local name=$1; shift; if "$@"; then ok; else bad "$name"; fi; }
check_not() { local name=$1; shift; if "$@"; then bad "$name"; else ok; fi; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-9 + 1e-9 * (b < 0 ? -b : b)) }'; }
# the number of pvmd processes: hrel predict starts none
npvmd() { pgrep -c -x pvmd3 2>/dev/null || true; }
total_of() { sed -n "s/^$1,\([^,]*\).*/\1/p" "$2"; }

# the trace: the hand-worked ping-pong, rank 0 spawning rank 1
mkdir -p "$T/tr"
cat >"$T/tr/msgs.csv" <<'CSV'
rank,host,kind,peers,bytes,tag,t_begin,t_end
0,1,start,,0,-1,0,0
0,1,spawn,1,0,-1,0,0.001
0,1,send,1,1000,1,0.011,0.012
0,1,recv,1,1000,2,0.012,0.05
0,1,exit,,0,-1,0.06,0.06
1,2,start,,0,-1,0.002,0.002
1,2,recv,0,1000,1,0.003,0.013
1,2,send,0,1000,2,0.033,0.034
1,2,exit,,0,-1,0.034,0.034
CSV
cal() {   # cal FILE CORES INT FP MEM
    printf '# hrel_calibrate: test\nhost,cores,kernel,seconds,cpu\n' >"$1"
    printf 'h,%s,int,%s,c\nh,%s,fp,%s,c\nh,%s,mem,%s,c\n' "$2" "$3" "$2" "$4" "$2" "$5" >>"$1"
}
# a characterisation of one host, direct route, two cores, g = 1e-5, L = 1 ms
mkdir -p "$T/c1"
printf 'pattern,procs,g,L\nPP,all,1e-5,0.001\nOA,all,1e-5,0.001\nPOA,all,1e-5,0.001\nALL,all,1e-5,0.001\n' >"$T/c1/fit.csv"
printf '# platform: one\n# routing: direct\npattern\n' >"$T/c1/raw.csv"
cal "$T/c1/calibration.csv" 2 1 1 1
M=(--matrix "$T/none.csv")   # no validation matrix: the replay is recommended
before=$(npvmd)

# 1. the trace as recorded (no calibration in it): 0.063 s
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" "${M[@]}" >"$T/o1" 2>"$T/e1"; rc=$?
check "plain: exit 0 (got $rc: $(cat "$T/e1"))" [ "$rc" -eq 0 ]
check "plain: first line 'predicted: 0.063 s (replay; ...)' (got: $(head -n 1 "$T/o1"))" \
    grep -q '^predicted: 0.063 s (replay; one with the direct route is not in the validation matrix)$' <(head -n 1 "$T/o1")
check "plain: replay 0.063" near "$(total_of replay "$T/o1")" 0.063
check "plain: ratio 1, said why" grep -q '^# cpu_ratio: 1 (the trace carries no CPU calibration' "$T/o1"
check "plain: BSPWB and MPM too" grep -q '^bspwb,' "$T/o1"
check "plain: no setup.csv: 0" grep -q '^# setup_s: 0 (no setup.csv: 0)' "$T/o1"
check "plain: the fit's L, said why" grep -q "^# latency: the fit's (PP,2 L = 0.001 s): no 8-byte round trips in setup.csv" "$T/o1"
# --timeline: every row as traced and as replayed, worked by hand: rank 0's send
# starts at 0.011 (spawn 0.001, gap 0.01), arrives at 0.011 + g m + L = 0.022;
# rank 1's answer starts at 0.042 (gap 0.02), arrives at 0.053; exit at 0.063
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" "${M[@]}" --timeline "$T/tl.csv" >"$T/o1t" 2>"$T/e1t"; rc=$?
check "--timeline: exit 0, the same prediction (got $rc: $(cat "$T/e1t"))" \
    bash -c "[ $rc -eq 0 ] && diff <(grep -v '^#' '$T/o1') <(grep -v '^#' '$T/o1t') >/dev/null"
check "--timeline: its header" grep -qx 'rank,row,kind,peers,bytes,tag,traced_t0,traced_t1,replay_t0,replay_t1' "$T/tl.csv"
check "--timeline: one line per row of the trace (9)" [ "$(grep -vc -e '^#' -e '^rank,' "$T/tl.csv")" -eq 9 ]
check "--timeline: rank 1's receive as traced (0.003-0.013) and replayed (0.003-0.022)" \
    grep -qx '1,7,recv,0,1000,1,0.003000000,0.013000000,0.003000000,0.022000000' "$T/tl.csv"
check "--timeline: rank 1's answer replayed 0.042-0.052, rank 0 has it at 0.053" \
    bash -c "grep -qx '1,8,send,0,1000,2,0.033000000,0.034000000,0.042000000,0.052000000' '$T/tl.csv' &&
             grep -qx '0,4,recv,1,1000,2,0.012000000,0.050000000,0.021000000,0.053000000' '$T/tl.csv'"
check "--timeline: rank 0's exit ends at the total, 0.063" \
    grep -qx '0,5,exit,,0,-1,0.060000000,0.060000000,0.063000000,0.063000000' "$T/tl.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" "${M[@]}" --timeline "$T/no/such/tl.csv" >/dev/null 2>"$T/e1tx"; rc=$?
check "--timeline into a folder that is not there: exit 1, one line naming the file" \
    bash -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e1tx') -eq 1 ] && grep -q '$T/no/such/tl.csv: cannot write' '$T/e1tx'"
# --wakeup (tried, not priced by default): said, never shorter; a file of
# another route refused in one line
check "plain: no wakeup line without --wakeup" bash -c "! grep -q '^# wakeup:' '$T/o1'"
printf 'route,bytes,after,rep,delivery_s\n%s,8,sleep,0,0.0001\n%s,8,spin,0,0.0004\n' direct direct >"$T/wk_direct.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" "${M[@]}" --wakeup "$T/wk_direct.csv" >"$T/o1w" 2>"$T/e1w"; rc=$?
check "--wakeup: exit 0 (got $rc: $(cat "$T/e1w"))" [ "$rc" -eq 0 ]
check "--wakeup: said, 0.0003 s on average, the file named" \
    grep -q "^# wakeup: a receive that waits for a message sent on its host by a rank computing on ends later, 0.0003 s on average, capped at the sender's CPU until its next wait ($T/wk_direct.csv, --wakeup)$" "$T/o1w"
check "--wakeup: the replay no shorter ($(total_of replay "$T/o1w") >= 0.063)" \
    awk -v a="$(total_of replay "$T/o1w")" 'BEGIN { exit !(a >= 0.063 - 1e-9) }'
sed 's/^direct,/daemon,/' "$T/wk_direct.csv" >"$T/wk_daemon.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" "${M[@]}" --wakeup "$T/wk_daemon.csv" >/dev/null 2>"$T/e1d"; rc=$?
check "--wakeup of the daemon route, direct predicted: exit 2, one line" \
    sh -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/e1d') -eq 1 ] && grep -q 'wk_daemon.csv measured the daemon route and the program takes the direct route' '$T/e1d'"
# L measured at 8 bytes: setup.csv's later round trips 4, 6, 8 ms -> L = 3 ms
# (set-up 0): r0's message arrives 0.021 + 0.003 = 0.024, r1 computes to 0.044,
# sends to 0.054 (arrives 0.057), r0 ends 0.067; --fit-latency: 0.063 again
cp -r "$T/c1" "$T/c1l"
printf '# hrel_firstcontact: route direct
a,b,host_a,host_b,first_s,later_s,setup_s
0,1,h,h,0.004,0.004,0
0,2,h,h,0.008,0.008,0
1,2,h,h,0.006,0.006,0
# median_setup_s 0
' >"$T/c1l/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1l" "${M[@]}" >"$T/o1l" 2>&1
check "L from setup.csv's 8-byte round trips: replay 0.067" near "$(total_of replay "$T/o1l")" 0.067
check "... said, with the fit's L beside it" grep -q "^# latency: L = 0.003 s for every message of the replay (half the median 8-byte round trip of the characterisation's setup.csv, 3 pairs; the fit's PP,2 L = 0.001 s: --fit-latency)" "$T/o1l"
# more pairs below a comment (predict.sh's round trips of the runs' virtual
# machines): the median over all five, 8 ms, so L = 4 ms
cp "$T/c1l/setup.csv" "$T/setup3.csv"
printf "# pairs of the runs' virtual machines (...): 1 more measurements (setup_untraced1.csv) below\n0,1,h,h,0.010,0.010,0\n0,2,h,h,0.012,0.012,0\n" >>"$T/c1l/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1l" "${M[@]}" >"$T/o1m" 2>&1
check "pairs of more virtual machines: L the median over all of them" grep -q "^# latency: L = 0.004 s for every message of the replay (half the median 8-byte round trip of the characterisation's setup.csv, 5 pairs;" "$T/o1m"
cp "$T/setup3.csv" "$T/c1l/setup.csv"
# the route's buffering (setup.csv's buffer_bytes) is said where it is of the route predicted
cp -r "$T/c1l" "$T/c1b"
printf '# buffer_bytes 400\n' >>"$T/c1b/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1b" "${M[@]}" >"$T/o1b" 2>&1
check "buffer_bytes: said" grep -q '^# buffer: 400 bytes between two tasks on this route (setup.csv)' "$T/o1b"
check "buffer_bytes 400: 1000-byte sends, each receiver already waits in its receive: not held, replay 0.067" near "$(total_of replay "$T/o1b")" 0.067
sed -i 's/^# hrel_firstcontact: route direct/# hrel_firstcontact: route daemon/' "$T/c1b/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1b" "${M[@]}" >"$T/o1c" 2>&1
check "buffer_bytes of another route: not used" bash -c "! grep -q '^# buffer:' '$T/o1c'"
# round trips of another route than the one predicted: the fit's L
cp -r "$T/c1l" "$T/c1r"
sed -i 's/^# hrel_firstcontact: route direct/# hrel_firstcontact: route daemon/' "$T/c1r/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1r" "${M[@]}" >"$T/o1r" 2>&1
check "8-byte round trips of the daemon route, direct predicted: the fit's L (0.063)" near "$(total_of replay "$T/o1r")" 0.063
check "... said" grep -q "^# latency: the fit's (PP,2 L = 0.001 s): setup.csv's 8-byte round trips are of another route" "$T/o1r"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1l" "${M[@]}" --fit-latency >"$T/o1m" 2>&1
check "--fit-latency: the fit's L, 0.063" near "$(total_of replay "$T/o1m")" 0.063
check "--fit-latency said" grep -q "^# latency: the fit's (PP,2 L = 0.001 s), --fit-latency" "$T/o1m"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1l" "${M[@]}" --what-if latency=2 >"$T/o1w" 2>&1
# latency=2: L 6 ms: arrives 0.027, r1 to 0.047, sends to 0.057 (0.063), r0 ends 0.073
check "what-if latency=2 scales the measured L: 0.073" near "$(total_of replay "$T/o1w")" 0.073
# a message at its size's time (sizes.csv beside the fit, PP at 2 processors'
# medians: 5 ms at 500 bytes, 11 ms at 2000; their means are not used): 1000 bytes take 5 + 6 x 500/1500 = 7 ms,
# less L (3 ms): 4 ms, not g m = 10 ms. r0 sends at 0.011 (done 0.015, arrives
# 0.018), r1 computes 20 ms to 0.038, sends to 0.042 (arrives 0.045), r0 ends
# 0.010 later: 0.055; --no-sizes: the line, 0.067
cp -r "$T/c1l" "$T/c1z"
printf '# hrel fit: test\npattern,procs,h,n,mean_s,median_s,min_s\nPP,2,2000,5,0.02,0.011,0.01\nPP,2,500,5,0.009,0.005,0.004\nE,2,500,5,0.5,0.5,0.5\n' >"$T/c1z/sizes.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1z" "${M[@]}" >"$T/o1z" 2>&1
check "sizes.csv: 1000 bytes at 7 ms less L, replay 0.055" near "$(total_of replay "$T/o1z")" 0.055
check "... said, with the sizes and the file" grep -q "^# sizes: a point-to-point message costs the median time of PP at 2 processors at its size (500 to 2000 bytes, interpolated from L at 0 bytes; beyond, the fitted g), not g m ($T/c1z/sizes.csv; --no-sizes)" "$T/o1z"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1z" "${M[@]}" --no-sizes >"$T/o1zn" 2>&1
check "--no-sizes: the line again, 0.067" near "$(total_of replay "$T/o1zn")" 0.067
check "--no-sizes: said" grep -q "^# sizes: none: every point-to-point message costs g m + L (--no-sizes)" "$T/o1zn"
check "no sizes.csv: said" grep -q "^# sizes: none: every point-to-point message costs g m + L (no sizes.csv with PP at 2 processors beside the fit)" "$T/o1l"
sed -i 's/^PP,2,500,/PP,4,500,/' "$T/c1z/sizes.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1z" "${M[@]}" >"$T/o1z1" 2>&1
check "sizes.csv with one PP,2 size: not used, the line (0.067)" near "$(total_of replay "$T/o1z1")" 0.067
printf 'pattern,procs,h,n,mean_s,median_s,min_s\nPP,2,500,5,0.005,0.005,0.005\nPP,2,2000,five,0.011,0.011,0.011\n' >"$T/c1z/sizes.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1z" "${M[@]}" >/dev/null 2>"$T/e1z"; rc=$?
check "a malformed sizes.csv: refused in one line naming the file and row" \
    sh -c "[ $rc -ne 0 ] && [ \$(wc -l <'$T/e1z') -eq 1 ] && grep -q 'c1z/sizes.csv:3' '$T/e1z'"
# --fit FIT: the sizes.csv beside FIT, not the folder's
mkdir -p "$T/fz"
cp "$T/c1/fit.csv" "$T/fz/fit.csv"
printf 'pattern,procs,h,n,mean_s,median_s,min_s\nPP,2,2000,5,0.011,0.011,0.011\nPP,2,500,5,0.005,0.005,0.005\n' >"$T/fz/sizes.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1z" --fit "$T/fz/fit.csv" "${M[@]}" >"$T/o1zf" 2>&1
check "--fit FIT: its sizes.csv (0.055), the folder's malformed one not read" near "$(total_of replay "$T/o1zf")" 0.055
# the folder form gives the same
"$HREL" predict "$T/tr" --on "$T/c1" "${M[@]}" >"$T/o1b" 2>&1
check "folder form: the same replay" near "$(total_of replay "$T/o1b")" 0.063

# 2. CPU scaling: the trace's CPU twice as fast as c1's (0.5 s a kernel against
#    1 s): ratio 2, every gap doubled (hand-worked in test_replay.c): 0.103 s
cal "$T/tr/calibration.csv" 4 0.5 0.5 0.5
"$HREL" predict "$T/tr" --on "$T/c1" "${M[@]}" >"$T/o2" 2>&1
check "calibrated: ratio 2 (got $(grep '^# cpu_ratio' "$T/o2"))" grep -q '^# cpu_ratio: 2 (from the CPU calibrations' "$T/o2"
check "calibrated: replay 0.103" near "$(total_of replay "$T/o2")" 0.103
# kernels that disagree: int 2, fp 1, mem 4 -> geometric mean 2
cal "$T/tr/calibration.csv" 4 0.5 1 0.25
"$HREL" predict "$T/tr" --on "$T/c1" "${M[@]}" >"$T/o2b" 2>&1
check "geometric mean of 2, 1, 4 is 2" near "$(total_of replay "$T/o2b")" 0.103
check "per kernel ratios said" grep -q 'per kernel int 2.000, fp 1.000, mem 4.000' "$T/o2b"
# --cpu-ratio overrides
"$HREL" predict "$T/tr" --on "$T/c1" --cpu-ratio 1 "${M[@]}" >"$T/o2c" 2>&1
check "--cpu-ratio 1 overrides the calibrations" near "$(total_of replay "$T/o2c")" 0.063
check "--cpu-ratio said" grep -q '^# cpu_ratio: 1 (given (--cpu-ratio))' "$T/o2c"
rm -f "$T/tr/calibration.csv"

# 3. what-if, each key (hand-worked in the comments)
wi() { "$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" "${M[@]}" --what-if "$1" >"$T/w" 2>"$T/we"; }
# bandwidth=2: g 5e-6, a message 5 ms: r0 send 0.011-0.016 (arrives 0.017); r1
# waits to 0.017, computes to 0.037, sends to 0.042 (arrives 0.043); r0 ends 0.053
wi bandwidth=2; check "what-if bandwidth=2: 0.053" near "$(total_of replay "$T/w")" 0.053
check "what-if said" grep -q '^# what-if: bandwidth=2$' "$T/w"
# latency=2: L 2 ms: arrivals 0.023 and 0.055; r0 ends 0.065
wi latency=2; check "what-if latency=2: 0.065" near "$(total_of replay "$T/w")" 0.065
# cpu=2 (twice as fast): gaps halved: r0 0.006-0.016 (0.017); r1 0.0025, waits
# to 0.017, computes to 0.027, sends to 0.037 (0.038); r0 ends 0.043
wi cpu=2; check "what-if cpu=2: 0.043" near "$(total_of replay "$T/w")" 0.043
check "what-if cpu said in the ratio line" grep -q '^# cpu_ratio: 0.5 (.*then what-if cpu)' "$T/w"
wi hosts=1; check "what-if hosts=1: one host, same total" near "$(total_of replay "$T/w")" 0.063
check "what-if hosts=1 said" grep -q '1 host, medium none' "$T/w"
wi medium=port; check "what-if medium=port: no overlap, same total" near "$(total_of replay "$T/w")" 0.063
check "what-if medium=port said" grep -q 'medium port' "$T/w"
wi route=direct; check "what-if route=direct: the characterisation's route" near "$(total_of replay "$T/w")" 0.063
# route=daemon on a direct-route characterisation: the fitted models refuse, naming why
wi route=daemon; rc=$?
check "what-if route=daemon on a direct characterisation: every model refuses (rc $rc)" [ "$rc" -ne 0 ]
check "... naming the route to characterise" grep -q 'measured the direct route and the program takes the daemon route' "$T/we"
# the route the trace says the program asked for (msgs.csv '# route:', the
# preload tracer's record of pvm_setopt(PvmRoute, ...)): taken when no --route
# is given, said in a '# route:' line (stdout and predict.csv); --route wins
{ echo '# route: daemon (0 of 2 messages between tasks sent with pvm_setopt(PvmRoute, PvmRouteDirect) in effect)'
  cat "$T/tr/msgs.csv"; } >"$T/tr_daemon.csv"
sed 's/^# route: daemon (0 of 2/# route: direct (2 of 2/' "$T/tr_daemon.csv" >"$T/tr_direct.csv"
"$HREL" predict "$T/tr_direct.csv" --on "$T/c1" "${M[@]}" >"$T/rt1" 2>"$T/rte1"
check "trace route direct, no --route: 0.063 on the direct route" near "$(total_of replay "$T/rt1")" 0.063
check "... said" grep -qx '# route: direct; the program asked for the direct route (2 of its 2 messages between tasks sent with pvm_setopt(PvmRoute, PvmRouteDirect) in effect)' "$T/rt1"
"$HREL" predict "$T/tr_daemon.csv" --on "$T/c1" "${M[@]}" >"$T/rt2" 2>"$T/rte2"; rc=$?
check "trace route daemon on a direct characterisation, no --route: the fitted models refuse (rc $rc)" [ "$rc" -ne 0 ]
check "... naming the route to characterise" grep -q 'measured the direct route and the program takes the daemon route' "$T/rte2"
mkdir -p "$T/rto"
"$HREL" predict "$T/tr_daemon.csv" --on "$T/c1" --route direct "${M[@]}" -o "$T/rto" >"$T/rt3" 2>"$T/rte3"
check "trace route daemon, --route direct: priced on the direct route" near "$(total_of replay "$T/rt3")" 0.063
check "... the mismatch said" grep -qx '# route: direct, as --route says; the program asked for the daemon route (0 of its 2 messages between tasks sent with pvm_setopt(PvmRoute, PvmRouteDirect) in effect): its messages take that one, not this' "$T/rt3"
check "... and in predict.csv" grep -q '^# route: direct, as --route says; the program asked for the daemon route' "$T/rto/predict.csv"
check "a trace without a route line: no '# route:' line" bash -c "! grep -q '^# route:' '$T/o1'"
# cores: c1 has 2 cores on 1 host; a 2-rank trace fits; cores=1 -> 1 core: the
# trace's 2 ranks need --hosts (below), cores=1 with hosts=2 is fine
wi cores=1,hosts=2; check "what-if cores=1,hosts=2" near "$(total_of replay "$T/w")" 0.063

# 4. an emulated platform's characterisation (daemon route): the packet model too
PVMDCPU_HEAD="where,rep,bytes,packets,roundtrips,wall_s,pvmd_a_s,pvmd_b_s,dgrams_a,dgrams_b"
mkdir -p "$T/c2/platform"
cp "$T/c1/fit.csv" "$T/c2/fit.csv"
printf '# platform: lan-t\n# routing: daemon\npattern\n' >"$T/c2/raw.csv"
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\nwire: tc\ncores: shared\n' >"$T/c2/platform/lan-t.platform"
printf 'a,b,host_a,host_b,first_s,later_s,setup_s\n# median_setup_s 0.01\n' >"$T/c2/setup.csv"
cal "$T/c2/calibration.csv" 2 1 1 1
mkdir -p "$T/out"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" -o "$T/out" >"$T/o4" 2>&1; rc=$?
check "emulated: exit 0 ($(tail -n 1 "$T/o4"))" [ "$rc" -eq 0 ]
check "emulated: replay_pvmd predicted" grep -q '^replay_pvmd,' "$T/o4"
check "emulated: the daemon state said" grep -q '^# daemon_state: .* 0.024 s (a fresh virtual machine)' "$T/o4"
check "emulated: no pvmd_state.csv: the characterisation's state not known, said" \
    grep -q "^# daemon_state: .*; the characterisation does not say in which state it measured g and L (no pvmd_state.csv)$" "$T/o4"
# the state the characterisation measured in (pvmd_state.csv), said beside the assumed one
cp -r "$T/c2" "$T/c2s"
printf '# hrel_pvmd_state: test\nwhen,hosts,median_rtt_s,min_rtt_s,max_rtt_s\nbefore_benchmark,1,0.024,0.024,0.024\nafter_benchmark,1,0.0012,0.0012,0.0012\n' >"$T/c2s/pvmd_state.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2s" "${M[@]}" >"$T/o4s" 2>&1
check "pvmd_state.csv: the characterisation's state said" \
    grep -q "^# daemon_state: pvmd's RTT estimate at the start 0.024 s (a fresh virtual machine); the characterisation's g and L were measured with estimates from 0.024 s (as its benchmark began) to 0.0012 s (as it ended), pvmd_state.csv$" "$T/o4s"
printf 'when,hosts,median_rtt_s\nbefore,1,0.024\n' >"$T/c2s/pvmd_state.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2s" "${M[@]}" >/dev/null 2>"$T/e4s"; rc=$?
check "pvmd_state.csv malformed: exit 1, one line naming it (got $rc: $(cat "$T/e4s"))" \
    sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e4s') -eq 1 ] && grep -q \"pvmd_state.csv:2: when 'before' is not before_benchmark or after_benchmark\" '$T/e4s'"
printf 'when,hosts,median_rtt_s\nafter_benchmark,1,0\n' >"$T/c2s/pvmd_state.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2s" "${M[@]}" >/dev/null 2>"$T/e4s"; rc=$?
check "pvmd_state.csv with an estimate of 0: refused (got $rc: $(cat "$T/e4s"))" grep -q "median_rtt_s must be > 0" "$T/e4s"
check "emulated: medium port, tc's buckets, shared cores" \
    grep -q "medium port (tc's token buckets: the sender's, then the switch port's), hosts sharing one machine" "$T/o4"
# two first messages that cross on an emulated direct route (lib/model/crossing.h):
# ranks 1 and 2, on two hosts, send each other 100 KB at once; the higher tid's
# (rank 2's, host 2) goes through the pvmds; the wait behind a direct stream
# (streamq.csv) said, or its absence; --no-crossing; a malformed streamq.csv
mkdir -p "$T/c2xf"
cp -r "$T/c2/platform" "$T/c2/fit.csv" "$T/c2/setup.csv" "$T/c2/calibration.csv" "$T/c2xf/"
printf '# platform: lan-t\n# routing: direct\npattern\n' >"$T/c2xf/raw.csv"
printf 'pattern,procs,g,L\nPP,all,8.4e-7,0.0001\nOA,all,8.4e-7,0.0001\nPOA,all,8.4e-7,0.0001\nALL,all,8.4e-7,0.0001\n' >"$T/c2xf/fit.csv"   # 10 Mbit/s
printf 'rank,host,kind,peers,bytes,tag,t_begin,t_end\n0,1,start,,0,-1,0,0\n0,1,spawn,1;2,0,-1,0,0.001\n0,1,mcast,1;2,8,1,0.002,0.002\n0,1,recv,1,8,3,0.002,0.3\n0,1,recv,2,8,3,0.3,0.3\n1,1,start,,0,-1,0.001,0.001\n1,1,recv,0,8,1,0.001,0.010\n1,1,send,2,100000,2,0.011,0.1\n1,1,recv,2,100000,2,0.1,0.2\n1,1,send,0,8,3,0.2,0.2\n2,2,start,,0,-1,0.001,0.001\n2,2,recv,0,8,1,0.001,0.010\n2,2,send,1,100000,2,0.010,0.012\n2,2,recv,1,100000,2,0.012,0.2\n2,2,send,0,8,3,0.2,0.2\n' >"$T/xfirst.csv"
"$HREL" predict "$T/xfirst.csv" --hosts-from "$T/xfirst.csv" --on "$T/c2xf" "${M[@]}" >"$T/o4xf" 2>&1; rc=$?
check "crossing: exit 0 ($(tail -n 1 "$T/o4xf"))" [ "$rc" -eq 0 ]
check "crossing: one first message through the pvmds, said" \
    grep -q "^# crossing: 1 first message went through the pvmds, packet by packet (both tasks of the pair asked for their direct route at once" "$T/o4xf"
check "crossing: no streamq.csv: the wait behind a stream not measured, said" \
    grep -qx "# crossing: a pvmd's packets wait behind no direct transfer (the wait was not measured: no streamq.csv)" "$T/o4xf"
printf '# hrel_streamq: test\nphase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s\nalone,0,5,0.0005,0.0004,0.0006,0\nstream,0,5,0.0055,0.005,0.006,1.2e6\n' >"$T/c2xf/streamq.csv"
"$HREL" predict "$T/xfirst.csv" --hosts-from "$T/xfirst.csv" --on "$T/c2xf" "${M[@]}" >"$T/o4xq" 2>&1
check "crossing: streamq.csv's 5 ms, 6250 bytes at 10 Mbit/s, said" \
    grep -qx "# crossing: while a direct transfer leaves a host, its pvmd's packets wait 0.005 s behind it (6250 bytes at the link's rate; $T/c2xf/streamq.csv)" "$T/o4xq"
check "crossing: the wait makes the replay longer" \
    awk -v a="$(total_of replay "$T/o4xf")" -v b="$(total_of replay "$T/o4xq")" 'BEGIN { exit !(b > a) }'
"$HREL" predict "$T/xfirst.csv" --hosts-from "$T/xfirst.csv" --on "$T/c2xf" "${M[@]}" --no-crossing >"$T/o4xn2" 2>&1
check "--no-crossing: not priced, said" grep -qx "# crossing: not priced (--no-crossing)" "$T/o4xn2"
check "--no-crossing: the direct route's price (shorter than through the pvmds)" \
    awk -v a="$(total_of replay "$T/o4xf")" -v b="$(total_of replay "$T/o4xn2")" 'BEGIN { exit !(b < a) }'
printf 'phase,rep,roundtrips,median_rtt_s\nalone,0,5,0.0005\nboth,0,5,0.0055\n' >"$T/c2xf/streamq.csv"
"$HREL" predict "$T/xfirst.csv" --hosts-from "$T/xfirst.csv" --on "$T/c2xf" "${M[@]}" >/dev/null 2>"$T/e4xq"; rc=$?
check "streamq.csv malformed: exit 1, one line naming it and the row (got $rc: $(cat "$T/e4xq"))" \
    sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e4xq') -eq 1 ] && grep -q \"streamq.csv:3: phase 'both' is neither alone nor stream\" '$T/e4xq'"
# a half-duplex port (duplex: half): its directions share one budget, left out: said
cp -r "$T/c2" "$T/c2h"
printf 'hosts: 2\nmedium: switched\nduplex: half\nrate: 10mbit\nwire: tc\ncores: shared\n' >"$T/c2h/platform/lan-t.platform"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2h" "${M[@]}" >"$T/o4h" 2>&1
check "half-duplex ports: said" grep -q "medium port (tc's half-duplex ports, each packet both links at once), hosts sharing" "$T/o4h"
# a shared segment shaped by tc (medium: shared) is its HTB on the daemon route
cp -r "$T/c2" "$T/c2b"
printf 'hosts: 2\nmedium: shared\nrate: 10mbit\nwire: tc\ncores: shared\n' >"$T/c2b/platform/lan-t.platform"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2b" "${M[@]}" >"$T/o4b" 2>&1
check "emulated shared segment: tc's HTB said" grep -q "medium bus (tc's HTB, a class per host), hosts sharing" "$T/o4b"
check "emulated shared segment: replay_pvmd predicted" grep -q '^replay_pvmd,' "$T/o4b"
# the userspace wire's segment (wire: user) is CSMA/CD, its delay read from the description
cp -r "$T/c2" "$T/c2w"
printf 'hosts: 2\nmedium: shared\nrate: 10mbit\ndelay: 2us\nwire: user\ncores: shared\n' >"$T/c2w/platform/lan-t.platform"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2w" "${M[@]}" >"$T/o4w" 2>&1
check "userspace wire's segment: CSMA/CD said" grep -q "medium bus (the userspace wire's CSMA/CD), hosts sharing" "$T/o4w"
check "userspace wire's segment: replay_pvmd predicted" grep -q '^replay_pvmd,' "$T/o4w"
check "userspace wire without wire.csv: no lateness, said" \
    grep -q "^# wire: the userspace wire's CSMA/CD, 2e-06 s one way; its lateness not priced (no wire.csv; --wire-late S prices it)" "$T/o4w"
printf '# hrel_wire: test\nframes,collisions,late_mean_s\n9950,210,5e-05\n' >"$T/c2w/wire.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2w" "${M[@]}" >"$T/o4wl" 2>&1
check "wire.csv: its lateness said, not priced" \
    grep -q "its lateness not priced (wire.csv: 5e-05 s per frame over hrel_pvmdcpu's ping-pongs" "$T/o4wl"
check "wire.csv: the same prediction as without it" \
    test "$(grep '^replay_pvmd,' "$T/o4wl")" = "$(grep '^replay_pvmd,' "$T/o4w")"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2w" "${M[@]}" --wire-late 2e-5 >"$T/o4wg" 2>&1
check "--wire-late: given, said" grep -q "each packet handed over 2e-05 s late, mean of an exponential (given, --wire-late)" "$T/o4wg"
printf 'frames,collisions,late_mean_s\n9950,210,-1\n' >"$T/c2w/wire.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2w" "${M[@]}" >/dev/null 2>"$T/e4wl"; rc=$?
check "wire.csv with a negative lateness: exit 1, one line naming it (got $rc: $(cat "$T/e4wl"))" \
    sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e4wl') -eq 1 ] && grep -q 'wire.csv:2: late_mean_s must be in' '$T/e4wl'"
rm -f "$T/c2w/wire.csv"
# the userspace wire's switch (medium: switched, wire: user) stores and forwards:
# said, and replay_pvmd longer than on tc's ports (a frame's time twice, no burst)
cp -r "$T/c2" "$T/c2u"
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\ndelay: 10us\nwire: user\ncores: shared\n' >"$T/c2u/platform/lan-t.platform"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2u" "${M[@]}" >"$T/o4u" 2>&1
check "userspace wire's switch: said" grep -q "medium port (the userspace wire's store-and-forward switch), hosts sharing" "$T/o4u"
check "userspace wire's switch: its delay said" \
    grep -q "^# wire: the userspace wire's store-and-forward switch, 1e-05 s one way; its lateness not priced" "$T/o4u"
check "userspace wire's switch: replay_pvmd above tc's ports' ($(grep '^replay_pvmd,' "$T/o4" | cut -d, -f2) s)" \
    awk -F, -v tc="$(grep '^replay_pvmd,' "$T/o4" | cut -d, -f2)" '$1 == "replay_pvmd" && $2 > tc { ok = 1 } END { exit !ok }' "$T/o4u"
printf 'hosts: 2\nmedium: shared\nrate: 10mbit\ndelay: 2furlongs\nwire: user\n' >"$T/c2w/platform/lan-t.platform"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2w" "${M[@]}" >/dev/null 2>"$T/e4w"; rc=$?
check "platform with a bad delay: exit 1, one line naming it (got $rc: $(cat "$T/e4w"))" \
    sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e4w') -eq 1 ] && grep -q \"lan-t.platform:4: delay '2furlongs': give seconds\" '$T/e4w'"
check "emulated: setup from setup.csv" grep -q "^# setup_s: 0.01 (the characterisation's setup.csv)" "$T/o4"
check "emulated: pvmd's jitter, the default (no 8-byte round trips)" \
    grep -q "^# pvmd_jitter: 0.0001 s per pvmd action, mean (the default: no 8-byte round trips of the daemon route in setup.csv)" "$T/o4"
# pvmd's CPU (replay_pvmd's time per action): 20 us without pvmd_cpu.csv; from
# it where the characterisation measured it (hrel_pvmdcpu; the line of these
# rows: 10 us per message, 30 us per datagram, as test_pvmdcpu works it out)
check "pvmd's CPU: the default 20 us per packet, said" \
    grep -q "^# pvmd_cpu: 2e-05 s per packet, the default (no pvmd_cpu.csv: hrel_pvmdcpu measures it)$" "$T/o4"
cp -r "$T/c2" "$T/c2p"
printf '%s\n' "$PVMDCPU_HEAD" "remote,0,8,1,100,0.02,0.014,0.014,400,400" \
    "remote,0,16128,4,100,0.09,0.050,0.050,1600,1600" >"$T/c2p/pvmd_cpu.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2p" "${M[@]}" --interval 0 >"$T/o4p" 2>&1; rc=$?
check "pvmd_cpu.csv: exit 0 ($(tail -n 1 "$T/o4p"))" [ "$rc" -eq 0 ]
check "pvmd_cpu.csv: 30 us per datagram and 10 us per message, said" \
    grep -q "^# pvmd_cpu: 3e-05 s per datagram, 1e-05 s per message ($T/c2p/pvmd_cpu.csv: 1e-05 s, fitted, clipped at 0)$" "$T/o4p"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --interval 0 >"$T/o4q" 2>&1
check "pvmd_cpu.csv: replay_pvmd longer than with 20 us ($(total_of replay_pvmd "$T/o4p") > $(total_of replay_pvmd "$T/o4q"))" \
    awk -v a="$(total_of replay_pvmd "$T/o4p")" -v b="$(total_of replay_pvmd "$T/o4q")" 'BEGIN { exit !(a > b) }'
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2p" "${M[@]}" --interval 0 --pvmd-cpu none >"$T/o4n" 2>&1
check "--pvmd-cpu none: the default again" eval "grep -q '^# pvmd_cpu: 2e-05 s per packet, the default' '$T/o4n' &&
    [ '$(total_of replay_pvmd "$T/o4q")' = \"\$(sed -n 's/^replay_pvmd,\\([0-9.]*\\),.*/\\1/p' '$T/o4n')\" ]"
printf '%s\n' "$PVMDCPU_HEAD" "remote,0,8,1,100,0.02,0.014,-1,400,400" >"$T/c2p/pvmd_cpu.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2p" "${M[@]}" >/dev/null 2>"$T/e4p"; rc=$?
check "pvmd_cpu.csv with a negative CPU time: exit 1, one line naming it (got $rc: $(cat "$T/e4p"))" \
    sh -c "[ $rc -eq 1 ] && [ \$(wc -l <'$T/e4p') -eq 1 ] && grep -q 'pvmd_cpu.csv:2: a negative CPU time' '$T/e4p'"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --pvmd-cpu "$T/nonesuch.csv" >/dev/null 2>"$T/e4p"; rc=$?
check "--pvmd-cpu with no such file: exit 1, naming it" sh -c "[ $rc -eq 1 ] && grep -q 'nonesuch.csv' '$T/e4p'"
# with 8-byte round trips through the daemons (1.6 ms): jitter 0.2 ms, and
# replay L = 0.8 ms (r0's message arrives 0.0318, r1 sends to 0.0618, arrives
# 0.0626 -- plus the 10 ms set-up on the first message: 0.0726)
cp -r "$T/c2" "$T/c2j"
printf 'a,b,host_a,host_b,first_s,later_s,setup_s\n0,1,h1,h2,0.0116,0.0016,0.01\n# median_setup_s 0.01\n' >"$T/c2j/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2j" "${M[@]}" >"$T/o4j" 2>&1
check "daemon route: jitter an eighth of the 8-byte round trip" \
    grep -q "^# pvmd_jitter: 0.0002 s per pvmd action, mean (an eighth of the median 8-byte round trip through the daemons, setup.csv)" "$T/o4j"
check "daemon route: replay with L 0.8 ms and set-up: 0.0726" near "$(total_of replay "$T/o4j")" 0.0726
# first contact costs 10 ms once per pair: r0's send 0.021-0.031 (arrives 0.032),
# r1 computes to 0.052, sends to 0.062 (0.063), r0 ends 0.073
check "emulated: replay with set-up 0.073" near "$(total_of replay "$T/o4")" 0.073
check "-o: predict.csv header" grep -q '^model,predicted_s,measured_s,err_pct,lo_s,hi_s$' "$T/out/predict.csv"
check "-o: measured_s empty, no interval for the replay" grep -qE '^replay,0\.073000,,,,$' "$T/out/predict.csv"
check "-o: replay_pvmd with its 80 % interval" grep -qE '^replay_pvmd,[0-9.]+,,,[0-9.]+,[0-9.]+$' "$T/out/predict.csv"
check "replay_pvmd's median inside its interval" awk -F, '$1 == "replay_pvmd" { ok = $5 <= $2 && $2 <= $6 } END { exit !ok }' "$T/out/predict.csv"
check "-o: recommended line" grep -q '^# recommended: replay ' "$T/out/predict.csv"
for f in steps.csv trace.csv fit_priced.csv; do check "-o: $f" [ -s "$T/out/$f" ]; done
if command -v gnuplot >/dev/null; then check "-o: predict.png" [ -s "$T/out/predict.png" ]; fi
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --measured 0.1,0.09,0.11 --untraced 0.1 -o "$T/out" >/dev/null 2>&1
check "--measured: the median in predict.csv" grep -qE '^replay,0\.073000,0\.100000,27\.00,,$' "$T/out/predict.csv"
check "--untraced: predict_untraced.csv" grep -qE '^replay,0\.073000,0\.100000,27\.00,,$' "$T/out/predict_untraced.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --interval 0 >"$T/o4b" 2>&1
check "--interval 0: replay_pvmd without an interval" grep -qE '^replay_pvmd,[0-9.]+,,$' "$T/o4b"
# --replays: every jittered replay behind replay_pvmd's median and interval
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --interval 5 --replays "$T/rp.csv" >"$T/o4r" 2>&1
check "--replays: header and 5 rows of replay_pvmd" \
    bash -c "grep -qx 'model,seed,total_s' '$T/rp.csv' && [ \$(grep -c '^replay_pvmd,' '$T/rp.csv') -eq 5 ]"
rp_med=$(awk -F, '$1 == "replay_pvmd" { print $3 }' "$T/rp.csv" | sort -g | sed -n 3p)
check "--replays: replay_pvmd's median is the rows' ($rp_med, printed to 6 digits)" \
    awk -v a="$(total_of replay_pvmd "$T/o4r")" -v b="$rp_med" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 1e-5 * b) }'
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --interval 0 --replays "$T/rp0.csv" >/dev/null 2>"$T/e4r"; rc=$?
check "--replays with --interval 0: refused in one line (rc $rc)" \
    bash -c "[ $rc -eq 2 ] && grep -qx 'hrel predict: --replays needs --interval K > 0' '$T/e4r'"
# a CPU limit (cpu: 0.5 per 100 ms): rank 1's 20 ms of computation fits one
# period's 50 ms: the ping-pong's short gaps run at full speed, 0.073 s again;
# three times the computation (what-if cpu=1/3) no longer fits
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\nwire: tc\ncores: shared\ncpu: 0.5\n' >"$T/c2/platform/lan-t.platform"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" >"$T/o4c" 2>&1
check "cpu limit: said" grep -q '^# cpu_limit: 0.5 CPUs per 0.1 s on every host, priced period by period' "$T/o4c"
check "cpu limit: short bursts at full speed (0.073)" near "$(total_of replay "$T/o4c" | cut -d, -f1)" 0.073
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --share-cpus >"$T/o4d" 2>&1
check "--share-cpus: the shared cores said" grep -q '^# cores: 2 for all hosts together' "$T/o4d"
check "--share-cpus: messages within a host and the pvmds' actions share them too, said" \
    grep -q "shared by the ranks computing at once and the messages within a host (replay_pvmd: and the pvmds' actions)$" "$T/o4d"
check "--share-cpus: how the gaps are taken, said" grep -qE '^# gaps: ' "$T/o4d"
check "--share-cpus: the limit is not priced with it (said)" grep -q 'not priced (processor sharing is on)' "$T/o4d"
# replay_pvmd_shared: on an emulated platform whose hosts share the machine's cores,
# replay_pvmd with them shared where the options leave them unshared: the same
# replay as --share-cpus gives replay_pvmd (the CPU limit not priced with it)
check "emulated, cores unshared: replay_pvmd_shared priced too" grep -qE '^replay_pvmd_shared,[0-9.]+,' "$T/o4c"
check "replay_pvmd_shared is --share-cpus's replay_pvmd ($(total_of replay_pvmd_shared "$T/o4c") = $(total_of replay_pvmd "$T/o4d"))" \
    near "$(total_of replay_pvmd_shared "$T/o4c")" "$(total_of replay_pvmd "$T/o4d")"
check "replay_pvmd_shared: its own 80 % interval" grep -qE '^replay_pvmd_shared,[0-9.]+,[0-9.]+,[0-9.]+$' "$T/o4c"
check_not "--share-cpus: no replay_pvmd_shared (replay_pvmd is it)" grep -q '^replay_pvmd_shared,' "$T/o4d"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --no-share-cpus >"$T/o4ns" 2>&1
check_not "--no-share-cpus: no replay_pvmd_shared" grep -q '^replay_pvmd_shared,' "$T/o4ns"
# on one core the pvmds' actions wait behind rank 1's 20 ms of computation:
# replay_pvmd_shared longer than replay_pvmd, and again --share-cpus's
cp -r "$T/c2" "$T/c2one"; cal "$T/c2one/calibration.csv" 1 1 1 1
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2one" --hosts 2 "${M[@]}" --interval 0 >"$T/o4o" 2>&1
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2one" --hosts 2 "${M[@]}" --interval 0 --share-cpus >"$T/o4os" 2>&1
check "one shared core: replay_pvmd_shared longer ($(total_of replay_pvmd_shared "$T/o4o") > $(total_of replay_pvmd "$T/o4o"))" \
    awk -v a="$(total_of replay_pvmd_shared "$T/o4o")" -v b="$(total_of replay_pvmd "$T/o4o")" 'BEGIN { exit !(a > b) }'
check "one shared core: replay_pvmd_shared is --share-cpus's replay_pvmd" \
    near "$(total_of replay_pvmd_shared "$T/o4o")" "$(total_of replay_pvmd "$T/o4os")"
check_not "one host: no replay_pvmd_shared (its cores are shared by default)" grep -q '^replay_pvmd_shared,' "$T/o1"
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\nwire: tc\ncores: shared\n' >"$T/c2/platform/lan-t.platform"
# the platform's task lifecycle (lifecycle.csv), where the characterisation has one
lc() { printf '# platform: %s\nevent,k,where,reps,median_s,p25_s,p75_s,min_s,max_s\n' "$1"
       printf '%s,1,local,5,%s,0,0,0,0\n' enrol 0.01 spawn 0.002 spawn_start 0.003 exit 0.0005 end 0.001 gs_start 0.05 joingroup 0.00003
       printf 'spawn,1,remote,5,0.02,0,0,0,0\nspawn_start,1,remote,5,0.03,0,0,0,0\n'; }
lc lan-t >"$T/c2/lifecycle.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" >"$T/o4e" 2>&1
check "lifecycle: said" grep -q "^# lifecycle: $T/c2/lifecycle.csv" "$T/o4e"
check "lifecycle: the platform's costs change the replay ($(total_of replay "$T/o4e"))" \
    bash -c "! awk -v a='$(total_of replay "$T/o4e")' 'BEGIN { exit !(a == 0.073) }'"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" --no-lifecycle >"$T/o4f" 2>&1
check "--no-lifecycle: the trace's own times (0.073)" near "$(total_of replay "$T/o4f")" 0.073
lc lan-other >"$T/c2/lifecycle.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" "${M[@]}" >"$T/o4g" 2>"$T/e4g"; rc=$?
check "lifecycle of another platform: refused in one line (rc $rc: $(cat "$T/e4g"))" \
    bash -c "[ $rc -ne 0 ] && [ \$(wc -l <'$T/e4g') -eq 1 ] && grep -q \"lifecycle of platform 'lan-other', not of 'lan-t'\" '$T/e4g'"
rm -f "$T/c2/lifecycle.csv"
# a task spawned alone whose start row holds its start-up's CPU (one host, cores
# shared, a lifecycle.csv): said on the '# start-up:' line; not without the CPU
cp -r "$T/c1" "$T/c1l"; lc one >"$T/c1l/lifecycle.csv"; mkdir -p "$T/trs"
awk -F, 'BEGIN { OFS = "," } NR == 1 { print $0, "inside,gap_cpu_s,gap_blocked"; next }
         { print $0, "", ($1 == 1 && $3 == "start") ? "0.002" : "", ($1 == 1 && $3 == "start") ? 0 : "" }' \
    "$T/tr/msgs.csv" >"$T/trs/msgs.csv"
"$HREL" predict "$T/trs/msgs.csv" --on "$T/c1l" "${M[@]}" >"$T/o4s" 2>"$T/e4s"
check "start-up: said ($(cat "$T/e4s"))" grep -q "^# start-up: 1 task spawned alone starts with its start-up's CPU time (the trace's start row) on the cores; its enrolment costs the rest of lifecycle.csv's spawn to enrolment$" "$T/o4s"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1l" "${M[@]}" >"$T/o4s0" 2>&1
check_not "start-up: not said for a trace without the start-up's CPU" grep -q '^# start-up:' "$T/o4s0"
"$HREL" predict "$T/trs/msgs.csv" --on "$T/c1l" "${M[@]}" --no-share-cpus >"$T/o4s1" 2>&1
check_not "start-up: not said with --no-share-cpus" grep -q '^# start-up:' "$T/o4s1"
# a program started from a shell (rank 0, with an enrolment row): its own start-up
# CPU (4 ms) in place of the measuring program's (lifecycle.csv's start_cpu, 1 ms):
# 3 ms later than with a lifecycle.csv that has no start_cpu row, and said
mkdir -p "$T/trm"
awk -F, 'BEGIN { OFS = "," } NR == 1 { print $0, "inside,gap_cpu_s,gap_blocked"; next }
         { print $0, "", ($1 == 0 && $3 == "start") ? "0.004" : "", ($1 == 0 && $3 == "start") ? 0 : "" }
         NR == 2 { print "0,1,enrol,,0,-1,0,0,,0,0" }' "$T/tr/msgs.csv" >"$T/trm/msgs.csv"
"$HREL" predict "$T/trm/msgs.csv" --on "$T/c1l" "${M[@]}" >"$T/o4m0" 2>&1
{ lc one; echo "start_cpu,1,local,5,0.001,0,0,0,0"; } >"$T/c1l/lifecycle.csv"
"$HREL" predict "$T/trm/msgs.csv" --on "$T/c1l" "${M[@]}" >"$T/o4m" 2>&1
check "start-up from a shell: 3 ms more than without start_cpu ($(total_of replay "$T/o4m") against $(total_of replay "$T/o4m0"))" \
    awk -v a="$(total_of replay "$T/o4m")" -v b="$(total_of replay "$T/o4m0")" 'BEGIN { d = a - b - 0.003; exit !(b > 0 && d < 1e-6 && d > -1e-6) }'
check "start-up from a shell: said" grep -q "^# start-up: rank 0, started from a shell, enrols after lifecycle.csv's fork to enrolment 10.000 ms with its own start-up CPU 4.000 ms (the trace's start row, x CPU ratio 1) in place of the measuring program's 1.000 ms (start_cpu)$" "$T/o4m"
check_not "start-up from a shell: not said without start_cpu in lifecycle.csv" grep -q '^# start-up: rank 0' "$T/o4m0"
lc one >"$T/c1l/lifecycle.csv"
# each call's own CPU (call_cpu_s): priced on the direct route where cores are
# shared, said on the '# calls:' line; not on the daemon route unless --call-cpu
mkdir -p "$T/trc"
awk -F, 'BEGIN { OFS = "," } NR == 1 { print $0, "inside,gap_cpu_s,gap_blocked,call_cpu_s"; next }
         { print $0, "", "", "", ($3 == "send") ? "0.001" : "0" }' "$T/tr/msgs.csv" >"$T/trc/msgs.csv"
cp -r "$T/c1l" "$T/c1d"   # the same platform characterised on the daemon route
printf '# platform: one\n# routing: daemon\npattern\n' >"$T/c1d/raw.csv"
"$HREL" predict "$T/trc/msgs.csv" --on "$T/c1l" "${M[@]}" --route direct >"$T/o4cdirect" 2>"$T/e4cdirect"
"$HREL" predict "$T/trc/msgs.csv" --on "$T/c1d" "${M[@]}" --route daemon >"$T/o4cdaemon" 2>"$T/e4cdaemon"
check "calls' CPU: priced on the direct route ($(cat "$T/e4cdirect"))" grep -qx "# calls: their own CPU time as the trace recorded it (call_cpu_s) loads the cores beside them (the direct route)" "$T/o4cdirect"
check "calls' CPU: not on the daemon route ($(cat "$T/e4cdaemon"))" grep -qx "# calls: their own CPU time not priced (the daemon route; --call-cpu prices it)" "$T/o4cdaemon"
"$HREL" predict "$T/trc/msgs.csv" --on "$T/c1d" "${M[@]}" --route daemon --call-cpu >"$T/o4cc" 2>&1
check "calls' CPU: --call-cpu prices it on the daemon route" grep -qx "# calls: their own CPU time as the trace recorded it (call_cpu_s) loads the cores beside them (--call-cpu)" "$T/o4cc"
"$HREL" predict "$T/trc/msgs.csv" --on "$T/c1l" "${M[@]}" --route direct --no-call-cpu >"$T/o4cn" 2>&1
check "calls' CPU: --no-call-cpu leaves it out" grep -qx "# calls: their own CPU time not priced (--no-call-cpu)" "$T/o4cn"
check_not "calls' CPU: not said for a trace without call_cpu_s" grep -q '^# calls:' "$T/o4s0"
"$HREL" predict "$T/trc/msgs.csv" --on "$T/c1l" "${M[@]}" --call-cpu --no-call-cpu >"$T/o4cb" 2>"$T/e4cb"; rc=$?
check "calls' CPU: both options refused in one line (rc $rc)" \
    bash -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/e4cb') -eq 1 ] && grep -q 'give either --call-cpu or --no-call-cpu, not both' '$T/e4cb'"
# an exchange within one host on the daemon route: priced at E at 2's 5 ms at 200 bytes
# (sizes.csv: 3 and 7 ms at 100 and 300 bytes), not PP at 2's 3 ms (2 and 4 ms): 2 ms
# more; --no-exchange as before; on a platform of several hosts, not repriced
printf 'rank,host,kind,peers,bytes,tag,t_begin,t_end\n0,1,start,,0,-1,0,0\n0,1,spawn,1,0,-1,0,0\n0,1,send,1,200,1,0,0\n0,1,recv,1,200,2,0,0.003\n1,1,start,,0,-1,0,0\n1,1,send,0,200,2,0,0\n1,1,recv,0,200,1,0,0.003\n' >"$T/xch.csv"
cp -r "$T/c1d" "$T/c1x"
# (E's h is twice its messages' size under formula 4's sum: msg_bytes says so)
printf '# hrel fit: test\npattern,procs,h,n,mean_s,median_s,min_s,msg_bytes\nPP,2,100,5,0.002,0.002,0.002,100\nPP,2,300,5,0.004,0.004,0.004,300\nE,2,200,5,0.003,0.003,0.003,100\nE,2,600,5,0.007,0.007,0.007,300\n' >"$T/c1x/sizes.csv"
"$HREL" predict "$T/xch.csv" --on "$T/c1x" "${M[@]}" --route daemon >"$T/o4x" 2>"$T/e4x"
"$HREL" predict "$T/xch.csv" --on "$T/c1x" "${M[@]}" --route daemon --no-exchange >"$T/o4xn" 2>&1
check "exchange: both sends said ($(cat "$T/e4x"))" grep -q "^# exchange: 2 sends crossed their receiver's within a host, each priced at the median time of E at 2 processors at its size (100 to 300 bytes" "$T/o4x"
check "exchange: 2 ms more than --no-exchange ($(total_of replay "$T/o4x") against $(total_of replay "$T/o4xn"))" \
    near "$(awk -v a="$(total_of replay "$T/o4x")" -v b="$(total_of replay "$T/o4xn")" 'BEGIN { printf "%.6f", a - b }')" 0.002
# a sizes.csv without msg_bytes (written before the column): E's message is h / 2
cp -r "$T/c1x" "$T/c1xo"
printf '# hrel fit: test\npattern,procs,h,n,mean_s,median_s,min_s\nPP,2,100,5,0.002,0.002,0.002\nPP,2,300,5,0.004,0.004,0.004\nE,2,200,5,0.003,0.003,0.003\nE,2,600,5,0.007,0.007,0.007\n' >"$T/c1xo/sizes.csv"
"$HREL" predict "$T/xch.csv" --on "$T/c1xo" "${M[@]}" --route daemon >"$T/o4xo" 2>&1
check "exchange: an older sizes.csv's E read at h / 2 bytes, the same total ($(total_of replay "$T/o4xo"))" \
    bash -c "[ '$(total_of replay "$T/o4xo")' = '$(total_of replay "$T/o4x")' ] && grep -q '(100 to 300 bytes' '$T/o4xo'"
check "exchange: --no-exchange said" grep -qx "# exchange: priced as any send (--no-exchange)" "$T/o4xn"
"$HREL" predict "$T/xch.csv" --on "$T/c1x" "${M[@]}" --route direct >"$T/o4xd" 2>&1
check_not "exchange: not on the direct route" grep -q "^# exchange:" "$T/o4xd"
# one host, daemon route, setup.csv with 9 round trips (measured several times):
# 2, 4, .. 18 ms, so L = 5 ms (the median), and the replay's interval is the replay
# at L = 1 and 9 ms (their 10th and 90th percentile: ranks 1 and 9 of 9), the same
# as what-if latency=0.2 and 1.8 give; with 8 pairs, none; with a spread, joined
cp -r "$T/c1d" "$T/c1p"
pairs() { echo "# hrel_firstcontact: route daemon, 3 workers, 20 later round trips of 8 bytes"
          echo "a,b,host_a,host_b,first_s,later_s,setup_s"
          for i in $(seq 1 "$1"); do echo "0,1,h,h,0.$(printf '%03d' $((2 * i))),0.$(printf '%03d' $((2 * i))),0"; done
          echo "# median_setup_s 0"; }
pairs 9 >"$T/c1p/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1p" "${M[@]}" --route daemon >"$T/o4p" 2>"$T/e4p"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1p" "${M[@]}" --route daemon --what-if latency=0.2 >"$T/o4p02" 2>&1
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1p" "${M[@]}" --route daemon --what-if latency=1.8 >"$T/o4p18" 2>&1
pl=$(awk -F, '$1 == "replay" { print $3 }' "$T/o4p") ph=$(awk -F, '$1 == "replay" { print $4 }' "$T/o4p")
check "placement interval: its ends the replay at L = 1 and 9 ms ($pl, $ph; $(cat "$T/e4p"))" \
    bash -c "[ -n '$pl' ] && awk -v a='$pl' -v b='$(total_of replay "$T/o4p02")' -v c='$ph' -v d='$(total_of replay "$T/o4p18")' -v p='$(total_of replay "$T/o4p")' 'BEGIN { exit !(a == b && c == d && a < p && p < c) }'"
check "placement interval: said, and on the first line" \
    bash -c "grep -q \"^# interval: replay's from the placement draws (no spread: what the placement moves only): the replay with L = half the 10th and 90th percentile (0.002 and 0.018 s) of setup.csv's 9 8-byte round trips\" '$T/o4p' && head -n 1 '$T/o4p' | grep -q 's from the placement draws; '"
pairs 8 >"$T/c1p/setup.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1p" "${M[@]}" --route daemon >"$T/o4p8" 2>&1
check "placement interval: none from 8 pairs" bash -c "grep -q '^replay,[0-9.e-]*,,\$' '$T/o4p8' && ! grep -q 'placement draws' '$T/o4p8'"
pairs 9 >"$T/c1p/setup.csv"
printf '# hrel_spread: test\nroute,model,programs,runs,q10,q50,q90\ndaemon,replay,3,30,0.9,1,1.05\n' >"$T/sp_narrow.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1p" "${M[@]}" --route daemon --spread "$T/sp_narrow.csv" >"$T/o4pj" 2>&1
check "placement interval joined with a narrower spread's: the placement's ends" \
    bash -c "grep -q \"^replay,[0-9.e-]*,$pl,$ph\\\$\" '$T/o4pj' && grep -q \"^# interval: replay's from the placement draws, joined with the spread's\" '$T/o4pj'"
printf '# hrel_spread: test\nroute,model,programs,runs,q10,q50,q90\ndaemon,replay,3,30,0.01,1,100\n' >"$T/sp_wide.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1p" "${M[@]}" --route daemon --spread "$T/sp_wide.csv" >"$T/o4pw" 2>&1
check "placement interval joined with a wider spread's: the spread's ends" \
    awk -F, -v p="$(total_of replay "$T/o4pw")" '$1 == "replay" { ok = ($3 - 0.01 * p) ^ 2 < 1e-18 && ($4 - 100 * p) ^ 2 < 1e-12 } END { exit !ok }' "$T/o4pw"
# the recommendation from a validation matrix
printf 'platform,source,route,model,cells,median_abs_err_untraced_pct\nlan-t,same,daemon,replay_pvmd,3,9.9\nlan-t,same,daemon,replay,3,30\n' >"$T/sum.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" --matrix "$T/sum.csv" >"$T/o5" 2>&1
check "recommended from the matrix, with its interval (got $(head -n 1 "$T/o5"))" grep -q '^predicted: [0-9.e-]* s (replay_pvmd, 80 % interval [0-9.e-]* to [0-9.e-]* s; its median |error| on 3 daemon-route cells of lan-t in the validation matrix: 9.9 %)$' <(head -n 1 "$T/o5")
printf 'platform,source,route,model,cells,median_abs_err_untraced_pct\nlan-t,same,daemon,replay_pvmd,3,9.9\nlan-t,same,daemon,replay_pvmd_shared,3,4.9\n' >"$T/sum2.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" --matrix "$T/sum2.csv" >"$T/o5s" 2>&1
check "recommended: replay_pvmd_shared where the matrix trusts it (got $(head -n 1 "$T/o5s"))" grep -q '^predicted: [0-9.e-]* s (replay_pvmd_shared, 80 % interval [0-9.e-]* to [0-9.e-]* s; its median |error| on 3 daemon-route cells of lan-t in the validation matrix: 4.9 %)$' <(head -n 1 "$T/o5s")
# an emulated platform the matrix ran: with no spread.csv of RUN's, the interval
# from the matrix's spread/PLATFORM.csv beside its summary (x 0.8 .. 1.5 here)
mkdir -p "$T/mx/spread"; cp "$T/sum2.csv" "$T/mx/summary.csv"
printf '# hrel_spread: test\nroute,model,programs,runs,q10,q50,q90\ndaemon,replay_pvmd_shared,3,12,0.8,1.1,1.5\n' >"$T/mx/spread/lan-t.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" --matrix "$T/mx/summary.csv" --interval 0 >"$T/o5m" 2>&1
check "matrix spread: replay_pvmd_shared's interval its prediction x [0.8, 1.5] (got $(grep '^replay_pvmd_shared,' "$T/o5m"))" \
    awk -F, '$1 == "replay_pvmd_shared" { ok = $3 > 0 && ($3 - 0.8 * $2) ^ 2 < 1e-12 && ($4 - 1.5 * $2) ^ 2 < 1e-12 } END { exit !ok }' "$T/o5m"
check "matrix spread: said where it came from" grep -qF "# interval: replay_pvmd_shared's 80 % interval from the measured spread $T/mx/spread/lan-t.csv:" "$T/o5m"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2" --matrix "$T/mx/summary.csv" --interval 0 --spread none >"$T/o5n" 2>&1
check "matrix spread: --spread none leaves it" grep -qE '^replay_pvmd_shared,[0-9.]+,,$' "$T/o5n"
cp -r "$T/c2" "$T/c2sp"
printf '# hrel_spread: test\nroute,model,programs,runs,q10,q50,q90\ndaemon,replay_pvmd_shared,3,12,0.5,1,2\n' >"$T/c2sp/spread.csv"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c2sp" --matrix "$T/mx/summary.csv" --interval 0 >"$T/o5r" 2>&1
check "RUN's own spread.csv before the matrix's" grep -qF "from the measured spread $T/c2sp/spread.csv:" "$T/o5r"
# PVM's tracer form of a synthetic trace gives the same replay as its msgs.csv form
"$HREL" trace synth --shape ring --procs 3 --events 300 --format pvm "$T/ring.trc" >/dev/null
"$HREL" trace synth --shape ring --procs 3 --events 300 "$T/ring.csv" >/dev/null
"$HREL" predict "$T/ring.trc" --on "$T/c2" --hosts 2 "${M[@]}" >"$T/o6" 2>&1
"$HREL" predict "$T/ring.csv" --on "$T/c2" --hosts 2 "${M[@]}" >"$T/o7" 2>&1
check "tracer form: said" grep -q '(pvm tracer, 3 ranks' "$T/o6"
check "tracer form and msgs.csv form agree" near "$(total_of replay "$T/o6")" "$(total_of replay "$T/o7")"

# 4b. TCP incast on an emulated switch (direct route; lib/model/incast.h): hosts
# 1 and 2 send 60000 B each into host 0 at once; with the 65536-byte queue of
# the emulated switch ports, 120000 B in flight at the second send: one incast
mkdir -p "$T/c2d/platform"
cp "$T/c1/fit.csv" "$T/c2d/fit.csv"
printf '# platform: lan-t\n# routing: direct\npattern\n' >"$T/c2d/raw.csv"
printf 'hosts: 3\nmedium: switched\nrate: 10mbit\nwire: tc\ncores: shared\n' >"$T/c2d/platform/lan-t.platform"
cal "$T/c2d/calibration.csv" 4 1 1 1
printf 'rank,host,kind,peers,bytes,tag,t_begin,t_end\n0,0,start,,0,-1,0,0\n0,0,spawn,1;2,0,-1,0,0\n0,0,recv,1,60000,1,0,0.06\n0,0,recv,2,60000,1,0.06,0.12\n0,0,exit,,0,-1,0.12,0.12\n1,1,start,,0,-1,0,0\n1,1,send,0,60000,1,0,0.06\n1,1,exit,,0,-1,0.06,0.06\n2,2,start,,0,-1,0,0\n2,2,send,0,60000,1,0,0.06\n2,2,exit,,0,-1,0.06,0.06\n' >"$T/inc.csv"
mkdir -p "$T/oinc"
"$HREL" predict "$T/inc.csv" --on "$T/c2d" --hosts-from "$T/inc.csv" "${M[@]}" -o "$T/oinc" >"$T/o4i" 2>&1; rc=$?
check "incast: exit 0 ($(tail -n 1 "$T/o4i"))" [ "$rc" -eq 0 ]
check "incast: one transfer over the emulated port's 65536-byte queue, said" \
    grep -q "^# incast: 1 transfer of the replay met other hosts' into one port, up to 120000 bytes in flight against its 65536-byte queue: .* about 0.2 s more per timeout; the prediction assumes none$" "$T/o4i"
check "incast: the line in predict.csv too" grep -q "^# incast: 1 transfer" "$T/oinc/predict.csv"
"$HREL" predict "$T/inc.csv" --on "$T/c2d" --hosts-from "$T/inc.csv" "${M[@]}" --port-queue 200000 >"$T/o4j" 2>&1
check "incast: --port-queue 200000 holds them: none, said" \
    grep -q "^# incast: none (no port's 200000-byte queue overflows in the replay)$" "$T/o4j"
cp -r "$T/c2d" "$T/c2x"; cp "$T/c1x/sizes.csv" "$T/c2x/"
"$HREL" predict "$T/xch.csv" --on "$T/c2x" --hosts-from "$T/xch.csv" "${M[@]}" --route daemon >"$T/o4x2" 2>"$T/e4x2"
check "exchange: not on a platform of several hosts, said ($(cat "$T/e4x2"))" \
    grep -qx "# exchange: priced as any send (E at 2 processors was measured between hosts here)" "$T/o4x2"
check "incast: the same prediction either way ($(total_of replay "$T/o4i") s)" \
    sh -c "[ -n '$(total_of replay "$T/o4i")' ] && [ '$(total_of replay "$T/o4i")' = '$(total_of replay "$T/o4j")' ]"
"$HREL" predict "$T/inc.csv" --on "$T/c2d" --hosts-from "$T/inc.csv" "${M[@]}" --port-queue none >"$T/o4k" 2>&1
check "incast: --port-queue none: not checked, no line (the replay predicted)" \
    bash -c "grep -q '^replay,' '$T/o4k' && ! grep -q '^# incast' '$T/o4k'"
"$HREL" predict "$T/tr/msgs.csv" --on "$T/c1" --hosts 1 "${M[@]}" >"$T/o4l" 2>&1
check "incast: one host (no switch): not checked, no line (the replay predicted)" \
    bash -c "grep -q '^replay,' '$T/o4l' && ! grep -q '^# incast' '$T/o4l'"

# 5. bad input: one line, non-zero exit
bad_input() {   # bad_input NAME WANTED ARGS...
    local name=$1 want=$2; shift 2
    "$HREL" predict "$@" >"$T/bo" 2>"$T/be"; rc=$?
    check "$name: non-zero exit (got $rc)" [ "$rc" -ne 0 ]
    check "$name: one line (got $(wc -l <"$T/be"))" [ "$(wc -l <"$T/be")" -eq 1 ]
    check "$name: says '$want' (got: $(cat "$T/be"))" grep -qF -- "$want" "$T/be"
}
mkdir -p "$T/nofit" "$T/nocal"
cp "$T/c1/fit.csv" "$T/nocal/"
bad_input "no fit.csv" "has no fit.csv" "$T/tr" --on "$T/nofit"
bad_input "no calibration" "has no calibration.csv (the CPU calibration): make it with \`experiments/platform_facts.sh" "$T/tr" --on "$T/nocal"
bad_input "unknown what-if key" "unknown key 'speed'" "$T/tr" --on "$T/c1" --what-if speed=2
bad_input "what-if factor 0" "bandwidth=0: a factor must be a number > 0" "$T/tr" --on "$T/c1" --what-if bandwidth=0
bad_input "what-if factor < 0" "cpu=-2: a factor must be a number > 0" "$T/tr" --on "$T/c1" --what-if cpu=-2
bad_input "--port-queue not a number" "--port-queue 'big': give bytes (1 to 1e12) or none" "$T/tr" --on "$T/c1" --port-queue big
bad_input "--port-queue 0" "--port-queue '0': give bytes" "$T/tr" --on "$T/c1" --port-queue 0
cal "$T/c1/calibration.csv" 1 1 1 1
bad_input "more ranks than cores" "the trace has 2 ranks and one has 1 cores (1 host): say where they go with --hosts N" "$T/tr" --on "$T/c1"
"$HREL" predict "$T/tr" --on "$T/c1" --hosts 1 "${M[@]}" >/dev/null 2>&1
check "... --hosts 1 places them" [ $? -eq 0 ]
# 6. the 80 % interval from a measured spread (spread.csv): replay 0.063 s with
# q10 0.8 and q90 1.5 -> [0.0504, 0.0945]; the default RUN/spread.csv, --spread
# FILE, --spread none, not under a what-if, bad files
cp -r "$T/c1" "$T/cs"
cal "$T/cs/calibration.csv" 2 1 1 1
printf '# hrel_spread: test\nroute,model,programs,runs,q10,q50,q90\ndirect,replay,3,12,0.8,1.1,1.5\ndaemon,replay,3,12,0.5,1,2\n' >"$T/cs/spread.csv"
"$HREL" predict "$T/tr" --on "$T/cs" "${M[@]}" -o "$T/cs" >"$T/os" 2>"$T/es"; rc=$?
check "spread: exit 0 (got $rc: $(head -n 1 "$T/es"))" [ "$rc" -eq 0 ]
check "spread: replay's interval is 0.063 x [0.8, 1.5] (got $(grep '^replay,' "$T/os"))" \
    awk -F, '$1 == "replay" { ok = $2 == "0.063000" && $3 == "0.050400" && $4 == "0.094500" } END { exit !ok }' "$T/os"
check "spread: the first line gives it" grep -q '^predicted: 0.063 s (replay, 80 % interval 0.0504 to 0.0945 s;' <(head -n 1 "$T/os")
check "spread: said where it came from" \
    grep -qF "# interval: replay's 80 % interval from the measured spread $T/cs/spread.csv: run time / prediction had its 10th and 90th percentile at 0.8 and 1.5 (median 1.1) over 12 runs of 3 programs" "$T/os"
check "spread: models without a row keep no interval (mpm)" grep -qE '^mpm,[0-9.]+,,$' "$T/os"
check "spread: predict.csv has the interval and the line" \
    sh -c "grep -q '^replay,0.063000,,,0.050400,0.094500\$' '$T/cs/predict.csv' && grep -q '^# interval: replay' '$T/cs/predict.csv'"
"$HREL" predict "$T/tr" --on "$T/cs" "${M[@]}" --spread none >"$T/os2" 2>&1
check "--spread none: no interval" grep -qE '^replay,0\.063000,,$' "$T/os2"
"$HREL" predict "$T/tr" --on "$T/cs" "${M[@]}" --what-if latency=1 >"$T/os3" 2>&1
check "what-if: RUN's spread.csv not used (measured on the platform as it is)" grep -qE '^replay,0\.063000,,$' "$T/os3"
"$HREL" predict "$T/tr" --on "$T/cs" "${M[@]}" --what-if latency=1 --spread "$T/cs/spread.csv" >"$T/os4" 2>&1
check "what-if with --spread given: used" grep -qE '^replay,0\.063000,0\.050400,0\.094500$' "$T/os4"
"$HREL" predict "$T/tr" --on "$T/c1" --hosts 1 "${M[@]}" --spread "$T/cs/spread.csv" --route direct --no-share-cpus >"$T/os5" 2>&1
check "--spread FILE on another characterisation" grep -qE '^replay,0\.063000,0\.050400,0\.094500$' "$T/os5"
check "--no-share-cpus: no cores line" bash -c "! grep -q '^# cores:' '$T/os5'"
# on one host the ranks share its cores by default: c1 has one core. Rank 1
# starts at 0.002 and computes 1 ms before its receive while rank 0 computes
# its 10 ms (0.001-0.011): from 0.002 both at half speed, rank 1 done at
# 0.004, rank 0 at 0.012, 1 ms late; the rest as before: 0.064
"$HREL" predict "$T/tr" --on "$T/c1" --hosts 1 "${M[@]}" --spread none --route direct >"$T/os6" 2>&1
check "one host: its cores shared by default, said" grep -qE '^# cores: [0-9]+ per host, shared by the ranks computing at once' "$T/os6"
check "one host, one core shared: the ping-pong's replay 0.064" grep -qE '^replay,0\.064000,,$' "$T/os6"
"$HREL" predict "$T/tr" --on "$T/c1" "${M[@]}" --share-cpus --no-share-cpus >/dev/null 2>"$T/os7"
check "--share-cpus with --no-share-cpus: refused in one line" \
    bash -c "[ \$(wc -l <'$T/os7') -eq 1 ] && grep -q 'give either --share-cpus or --no-share-cpus' '$T/os7'"
sp_bad() {   # sp_bad NAME WANTED ROWS
    printf 'route,model,programs,runs,q10,q50,q90\n%b' "$3" >"$T/cs/spread.csv"
    bad_input "spread.csv: $1" "$2" "$T/tr" --on "$T/cs" "${M[@]}"
}
sp_bad "q10 above q50" "spread.csv:2: needs 0 < q10 <= q50 <= q90" 'direct,replay,3,12,1.2,1.1,1.5\n'
sp_bad "q10 zero" "needs 0 < q10 <= q50 <= q90" 'direct,replay,3,12,0,1.1,1.5\n'
sp_bad "route unknown" "spread.csv:2: route 'tcp' is not direct or daemon" 'tcp,replay,3,12,0.8,1.1,1.5\n'
sp_bad "a row twice" "spread.csv:3: route direct, model replay given twice" 'direct,replay,3,12,0.8,1.1,1.5\ndirect,replay,3,12,0.8,1.1,1.5\n'
sp_bad "fewer runs than programs" "needs programs >= 1 and runs >= programs" 'direct,replay,3,2,0.8,1.1,1.5\n'
sp_bad "not a number" "q90: 'x' is not a number" 'direct,replay,3,12,0.8,1.1,x\n'
printf 'route,model,q10\ndirect,replay,1\n' >"$T/cs/spread.csv"
bad_input "spread.csv: a column missing" "programs" "$T/tr" --on "$T/cs" "${M[@]}"
bad_input "--spread: no such file" "$T/nosuch.csv" "$T/tr" --on "$T/c1" --hosts 1 "${M[@]}" --spread "$T/nosuch.csv"
bad_input "no --on" "give the platform's characterisation: --on RUN" "$T/tr"
bad_input "no trace" "no trace '$T/none'" "$T/none" --on "$T/c1"
bad_input "bad trace folder" "has no msgs.csv and no *.tev task files" "$T/nofit" --on "$T/c1"
check "no pvmd started (before $before, after $(npvmd))" [ "$(npvmd)" = "$before" ]
"$HREL" predict --help >"$T/h"; check "--help" grep -q 'what-if' "$T/h"

echo "test_hrel_predict: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
