#!/bin/bash
# test_platform.sh -- end-to-end tests of hostfiles/platform.sh (emulated LANs).
#
# Brings up 2- and 4-host platforms (switched and shared 10 Mbit/s) under
# tests/tmp, checks that the virtual machine spans every host (pvm `conf`), that
# a worker runs on each host, that the shaping is in effect (raw TCP probe and a
# PVM transfer no faster than the rate and at least 70% of it; two simultaneous
# pairs get half each on the shared medium), that malformed descriptions and
# hostfiles give one error line and leave nothing, that a failed calibration
# stops a run (a reading somewhat below the rate is probed again first), and
# that teardown leaves no namespace, pvmd or state directory, also after a
# failing command, SIGTERM and Ctrl-C. Ends with "N passed, N failed". Needs root.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export HREL_ROOT=$ROOT
export PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
export PVM_ARCH=${PVM_ARCH:-$("$PVM_ROOT/lib/pvmgetarch" 2>/dev/null || echo LINUX64)}
T=${HREL_TEST_TMP:-$ROOT/tests/tmp}/platform
P=$ROOT/hostfiles/platform.sh
BIN=$ROOT/bin/$PVM_ARCH
# platform names carry a tag of this checkout, so two clones can run this test at once
TG=$(printf %s "$ROOT" | cksum | cut -c1-4)
pass=0 fail=0

ok()   { pass=$((pass + 1)); echo "ok   $*"; }
bad()  { fail=$((fail + 1)); echo "FAIL $*"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }

if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP test_platform: network namespaces need root"
    echo "0 passed, 0 failed"; exit 0
fi

rm -rf "$T"; mkdir -p "$T/pbin"
# hrel_platform_hello is built by Makefile.aimk (pvmsrc/tools/); the hosts spawn it from $T/pbin
if ! cp "$BIN/hrel_platform_hello" "$T/pbin/hrel_platform_hello" 2>"$T/cc.err"; then
    bad "hrel_platform_hello not built: $(head -n 1 "$T/cc.err")"
    echo "$pass passed, $fail failed"; exit 1
fi

# Make platform NAME in $T: description lines from stdin, hosts given as args.
mkplat() {
    local name=$1 h; shift
    cat >"$T/$name.platform"
    echo "* ep=$T/pbin wd=$T" >"$T/$name"
    for h in "$@"; do echo "$h" >>"$T/$name"; done
}

# Nothing of platform NAME is left: namespaces, state directory, its pvmds.
# pgrep -f PATTERN, but only processes of this checkout (HREL_ROOT=$ROOT in
# their environment): another clone may run a platform with the same host names
ours() {
    local pid
    for pid in $(pgrep -f "$1"); do
        tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "HREL_ROOT=$ROOT" && return 0
    done
    return 1
}
nothing_left() {
    local name=$1 hosts
    hosts=$(grep -v '^\*' "$T/$name" | paste -sd '|')
    [ -z "$(ip netns list | awk '{print $1}' | grep -F "hrel.$name.")" ] &&
    [ ! -e "$ROOT/.pvm/platform.$name" ] &&
    ! ours "pvmd .*( -n($hosts) |$T/$name\$)" &&
    ! ours "hrel-probe .* ($hosts) "
}

# Exactly one line on stderr file $1.
one_line() { [ "$(wc -l <"$1")" -eq 1 ]; }

# Value within 10% of $2 (the retry loops try for this).
within10() { awk -v v="$1" -v w="$2" 'BEGIN { exit !(v >= 0.9 * w && v <= 1.1 * w) }'; }
# A shaped rate: at most 10% above $2 (the shaping binds: no noise makes a
# flow faster than its link) and at least 70% of it (nothing else limits it,
# and 10 stays apart from the 5 of a shared medium's two pairs). A busy CPU only
# slows a flow: under CI a calibration probe gave 8.63 Mbit/s in all 3 tries,
# so the lower side is a sanity bound, not a measurement (that is the probe's).
shaped() { awk -v v="$1" -v w="$2" 'BEGIN { exit !(v >= 0.7 * w && v <= 1.1 * w) }'; }

pvmd_tmp_before=$(ls -d /tmp/pvmd.* /tmp/pvml.* 2>/dev/null | sort)

# --- run's calibration probes again a reading somewhat below the rate -------
# (platform.sh probe_slow, as shipped, on hand-made probe outputs)
eval "$(sed -n '/^probe_slow() {/,/^}/p' "$P")"
pl() { printf 'probe x a->b rate_mbit %s expected_mbit 9.4100 tol 0.10 %s mean_mbit 9\n' "$1" "$2"; }
pl 8.63 OFF >"$T/ps1"; pl 9.40 ok >>"$T/ps1"
check "calibration: 8.63 of 9.41 Mbit/s (a busy CPU) is probed again" probe_slow "$T/ps1"
pl 12.0 OFF >"$T/ps2"
check "calibration: above the rate (no shaping) is final" eval "! probe_slow '$T/ps2'"
pl 2.0 OFF >"$T/ps3"
check "calibration: under half the rate is final" eval "! probe_slow '$T/ps3'"
{ pl 8.63 OFF; echo "probe x c->d failed: no answer"; } >"$T/ps4"
check "calibration: a failed probe is final" eval "! probe_slow '$T/ps4'"
pl 9.40 ok >"$T/ps5"
check "calibration: nothing OFF, nothing to probe again" eval "! probe_slow '$T/ps5'"

# --- help and the shipped descriptions ------------------------------------
out=$("$P" --help 2>&1); rc=$?
check "--help exits 0 and shows usage" test $rc -eq 0 -a -n "$(echo "$out" | grep 'platform.sh run')"
for p in lan-utp lan-coax fast-switch lan-utp-half lan-utp-100; do
    out=$("$P" check "$p" 2>&1)
    check "shipped platform $p parses (8 hosts)" test "$(echo "$out" | wc -w)" -ge 10 -a -z "$(echo "$out" | grep 'hrel platform:')"
done

# --- malformed descriptions and hostfiles ---------------------------------
# name | description | hosts | expected text in the one error line
while IFS='|' read -r name desc hosts want; do
    printf '%b' "$desc" | mkplat "$name" $hosts
    for verb in up run; do
        if [ $verb = run ]; then "$P" run "$T/$name.platform" -- touch "$T/$name.ran" >"$T/$name.out" 2>"$T/$name.err"
        else "$P" up "$T/$name.platform" >"$T/$name.out" 2>"$T/$name.err"; fi
        rc=$?
        check "malformed $name ($verb): non-zero exit, one line naming '$want'" \
            eval "[ $rc -ne 0 ] && one_line '$T/$name.err' && grep -qF -- \"$want\" '$T/$name.err'"
        check "malformed $name ($verb): nothing left, command not run" \
            eval "nothing_left $name && [ ! -e '$T/$name.ran' ]"
    done
done <<EOF
hreltb1${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\nspeed: 3\n|ba bb|hreltb1${TG}.platform:4: unknown key 'speed'
hreltb2${TG}|hosts: 2\nmedium: switched\nrate: 10 mbit\n|ba bb|hreltb2${TG}.platform:3: expected 'key: value'
hreltb3${TG}|hosts: 2\nmedium: hub\nrate: 10mbit\n|ba bb|hreltb3${TG}.platform:2: medium must be
hreltb4${TG}|hosts: 2\nrate: 10mbit\n|ba bb|missing 'medium:'
hreltb5${TG}|hosts: 3\nmedium: shared\nrate: 10mbit\n|ba bb|lists 2 hosts but
hreltb6${TG}|hosts: 2\nmedium: shared\nrate: 10mbit\n|ba B_b|hreltb6${TG}:3: bad host name 'B_b'
hreltb7${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\ndelay: 1ms\n|ba bb|needs 'wire: user'
hreltb8${TG}|hosts: 2\nmedium: switched\nrate: fast\n|ba bb|hreltb8${TG}.platform:3: rate must look like
hreltba${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\n|ba sw|hreltba${TG}:3: host name 'sw' is reserved
hreltbb${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\nduplex: both\n|ba bb|hreltbb${TG}.platform:4: duplex must be 'full' or 'half'
hreltbc${TG}|hosts: 2\nmedium: shared\nrate: 10mbit\nduplex: half\n|ba bb|duplex: half needs 'medium: switched'
hreltbd${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\ncpu: 30%\n|ba bb|hreltbd${TG}.platform:4: cpu must be a share
hreltbe${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\ncpu: 0\n|ba bb|hreltbe${TG}.platform:4: cpu must be a share
hreltbf${TG}|hosts: 2\nmedium: switched\nrate: 10mbit\ncores: 4\n|ba bb|hreltbf${TG}.platform:4: cores must be 'shared'
EOF

# A pvmd that cannot start on the second host: one line naming it, nothing left.
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\n' | mkplat hreltb9${TG} ba bb
sed -i "1s|\$| dx=/nonexistent/pvmd|" "$T/hreltb9${TG}"
"$P" run "$T/hreltb9${TG}.platform" --no-probe -- touch "$T/hreltb9${TG}.ran" >"$T/hreltb9${TG}.out" 2>"$T/hreltb9${TG}.err"; rc=$?
check "pvmd cannot start on a host: exit 1, one line naming the host" \
    eval "[ $rc -eq 1 ] && one_line '$T/hreltb9${TG}.err' && grep -q 'bb' '$T/hreltb9${TG}.err'"
check "pvmd cannot start on a host: nothing left, command not run" \
    eval "nothing_left hreltb9${TG} && [ ! -e '$T/hreltb9${TG}.ran' ]"

# --- 2 hosts, switched 10 Mbit/s: VM spans both, workers, shaping ---------
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\n' | mkplat hrelt2${TG} ta tb
"$P" run "$T/hrelt2${TG}.platform" -- sh -c 'echo conf | pvm; $0/hrel_platform_hello 1000000 3; echo "probe: $HREL_PLATFORM_PROBE"' "$T/pbin" \
    >"$T/hrelt2${TG}.out" 2>"$T/hrelt2${TG}.err"; rc=$?
check "2 hosts: run exits 0" test $rc -eq 0
check "2 hosts: conf lists 2 hosts ta tb" eval "grep -q '^2 hosts' '$T/hrelt2${TG}.out' && grep -qE '^ +ta ' '$T/hrelt2${TG}.out' && grep -qE '^ +tb ' '$T/hrelt2${TG}.out'"
check "2 hosts: a worker runs on each host" eval "grep -q '^worker ta on ta\$' '$T/hrelt2${TG}.out' && grep -q '^worker tb on tb\$' '$T/hrelt2${TG}.out'"
r=$(sed -n 's/^pingpong tb .* mbit \([0-9.]*\)$/\1/p' "$T/hrelt2${TG}.out")
check "2 hosts: PVM direct route 1 MB (best of 3) at ${r:-?} Mbit/s, -30/+10% of 10" shaped "${r:-0}" 10
r=$(sed -n "s/^probe hrelt2${TG} ta->tb rate_mbit \([0-9.]*\) .* ok .*/\1/p" "$T/hrelt2${TG}.err")
# below the range (a CPU hiccup took 4 rate checks to 8.7-9.0 Mbit/s in one CI-like run):
# the same probe up to twice more, on the platform brought up again
for _try in 2 3; do
    within10 "${r:-0}" 10 && break
    "$P" probe "$T/hrelt2${TG}.platform" --pairs 1 --seconds 2 >"$T/hrelt2${TG}.reprobe" 2>&1
    r=$(sed -n "s/.*ta->tb rate_mbit \([0-9.]*\) .*/\1/p" "$T/hrelt2${TG}.reprobe" | head -n 1)
done
check "2 hosts: calibration probe (up to 3 tries) ${r:-?} Mbit/s -30/+10% of 10" shaped "${r:-0}" 10
check "2 hosts: probe result exported to the command (metadata)" grep -q '^probe: ta->tb [0-9.]* Mbit/s' "$T/hrelt2${TG}.out"
check "2 hosts: teardown leaves nothing" nothing_left hrelt2${TG}
# the pvmds' CPU time on the daemon route (hrel_pvmdcpu, platform_facts.sh's
# pvmd_cpu.csv): each worker reads its own pvmd's CPU and its host's datagrams
"$P" run "$T/hrelt2${TG}.platform" --no-probe -- "$BIN/hrel_pvmdcpu" --reps 1 --seconds 0.05 \
    >"$T/pcpu.csv" 2>"$T/pcpu.err"; rc=$?
check "hrel_pvmdcpu on 2 hosts: exits 0 ($(head -n 1 "$T/pcpu.err"))" test $rc -eq 0
check "hrel_pvmdcpu: 6 local rows (one pvmd) and 6 remote rows (two)" \
    eval "[ \$(grep -cE '^local,0,[0-9]+,[0-9]+,[0-9]+,[0-9.]+,[0-9.]+,,0,\$' '$T/pcpu.csv') -eq 6 ] &&
          [ \$(grep -cE '^remote,0,[0-9]+,[0-9]+,[0-9]+,[0-9.]+,[0-9.]+,[0-9.]+,[0-9]+,[0-9]+\$' '$T/pcpu.csv') -eq 6 ]"
check "hrel_pvmdcpu: every remote block moved at least 4 datagrams per round trip and host (data and ack, each way)" \
    awk -F, '$1 == "remote" { n++; if ($9 < 4 * $5 || $10 < 4 * $5) bad++ } END { exit !(n == 6 && !bad) }' "$T/pcpu.csv"
check "hrel_pvmdcpu: a pvmd spent CPU on every block" \
    awk -F, '$1 == "remote" { n++; if (!($7 > 0 && $8 > 0)) bad++ } END { exit !(n == 6 && !bad) }' "$T/pcpu.csv"
check "hrel_pvmdcpu: both lines fitted" \
    eval "grep -qE '^# local_frag_s [0-9.e-]+\$' '$T/pcpu.csv' && grep -qE '^# remote_dgram_s [0-9.e-]+\$' '$T/pcpu.csv'"
check "hrel_pvmdcpu: teardown leaves nothing" nothing_left hrelt2${TG}

# --- 4 hosts, switched: VM spans all, two pairs keep the full rate --------
printf 'hosts: 4\nmedium: switched\nrate: 10mbit\n' | mkplat hrelt4s${TG} ua ub uc ud
"$P" run "$T/hrelt4s${TG}.platform" --no-probe -- sh -c 'echo conf | pvm; $0/hrel_platform_hello' "$T/pbin" >"$T/hrelt4s${TG}.out" 2>"$T/hrelt4s${TG}.err"; rc=$?
check "4 hosts switched: run exits 0" test $rc -eq 0
check "4 hosts switched: conf lists 4 hosts" grep -q '^4 hosts' "$T/hrelt4s${TG}.out"
check "4 hosts switched: a worker runs on each of the 4 hosts" \
    test "$(grep -cE '^worker (u[a-d]) on \1$' "$T/hrelt4s${TG}.out")" -eq 4
check "4 hosts switched: teardown leaves nothing" nothing_left hrelt4s${TG}
# up to 3 tries, until both pairs are within 10 % (the 1 MB transfer above: best of 3):
# two flows at once on 2 shared cores fell to 8.4-9.0 Mbit/s each now and then under
# CI (both pairs alike, so not the switch; alone the test gets 9.5)
pair_rate() { grep -F "$1" "$2" | sed -n 's/.* rate_mbit \([0-9.]*\) .*/\1/p'; }
for _try in 1 2 3; do
    "$P" probe "$T/hrelt4s${TG}.platform" --pairs 2 --seconds 2 >"$T/hrelt4s${TG}.probe" 2>&1; rc=$?
    [ $rc -eq 0 ] && within10 "$(pair_rate 'ua->ub' "$T/hrelt4s${TG}.probe")" 10 &&
        within10 "$(pair_rate 'uc->ud' "$T/hrelt4s${TG}.probe")" 10 && break
done
for pair in 'ua->ub' 'uc->ud'; do
    r=$(pair_rate "$pair" "$T/hrelt4s${TG}.probe")
    check "switched, 2 simultaneous pairs: $pair ${r:-?} Mbit/s -30/+10% of 10" shaped "${r:-0}" 10
done
check "switched probe: exit 0 and nothing left" eval "[ $rc -eq 0 ] && nothing_left hrelt4s${TG}"

# --- 4 hosts, shared: one pair gets the rate, two pairs half each ---------
printf 'hosts: 4\nmedium: shared\nrate: 10mbit\n' | mkplat hrelt4c${TG} ca cb cc cd
"$P" up "$T/hrelt4c${TG}.platform" >/dev/null 2>"$T/hrelt4c${TG}.err"
check "shared: up on 4 hosts" test -d "$ROOT/.pvm/platform.hrelt4c${TG}"
"$P" up "$T/hrelt4c${TG}.platform" >/dev/null 2>"$T/hrelt4c${TG}.err2"; rc=$?
check "shared: second up refused with one line" eval "[ $rc -ne 0 ] && one_line '$T/hrelt4c${TG}.err2' && grep -q 'already up' '$T/hrelt4c${TG}.err2'"
nsbefore=$(ip netns list | grep -c "^hrel\\.hrelt4c${TG}\\.")
"$P" run "$T/hrelt4c${TG}.platform" --no-probe -- true >/dev/null 2>"$T/hrelt4c${TG}.err3"; rc=$?
check "run on a platform that is up: refused" eval "[ $rc -ne 0 ] && grep -q 'already up' '$T/hrelt4c${TG}.err3'"
check "... and the platform that was up is left intact ($nsbefore namespaces)" \
    test "$(ip netns list | grep -c "^hrel\\.hrelt4c${TG}\\.")" -eq "$nsbefore" -a "$nsbefore" -eq 5 -a -d "$ROOT/.pvm/platform.hrelt4c${TG}"
"$P" probe hrelt4c${TG} --pairs 1 --seconds 2 >"$T/hrelt4c${TG}.p1" 2>&1 || true
for _try in 1 2 3; do   # up to 3 tries, as the switched probe above (once: 4.40 under CI)
    "$P" probe "$T/hrelt4c${TG}.platform" --pairs 2 --seconds 3 >"$T/hrelt4c${TG}.p2" 2>&1 || true
    within10 "$(pair_rate 'ca->cb' "$T/hrelt4c${TG}.p2")" 5 &&
        within10 "$(pair_rate 'cc->cd' "$T/hrelt4c${TG}.p2")" 5 && break
done
r=$(sed -n 's/.* rate_mbit \([0-9.]*\) .*/\1/p' "$T/hrelt4c${TG}.p1")
check "shared, one pair: ${r:-?} Mbit/s -30/+10% of 10" shaped "${r:-0}" 10
for pair in 'ca->cb' 'cc->cd'; do
    r=$(grep -F "$pair" "$T/hrelt4c${TG}.p2" | sed -n 's/.* rate_mbit \([0-9.]*\) .*/\1/p')
    check "shared, 2 simultaneous pairs: $pair ${r:-?} Mbit/s about half (-30/+10% of 5)" shaped "${r:-0}" 5
done
"$P" exec hrelt4c${TG} cc -- hostname >"$T/hrelt4c${TG}.host" 2>&1
check "exec runs as the emulated host" grep -qx cc "$T/hrelt4c${TG}.host"
"$P" down hrelt4c${TG} >/dev/null 2>&1
check "shared: down leaves nothing" nothing_left hrelt4c${TG}
out=$("$P" down hrelt4c${TG} 2>&1); rc=$?
check "down when nothing is up: exit 0" test $rc -eq 0

# --- calibration: shaping removed behind the description's back ----------
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\n' | mkplat hrelt2n${TG} na nb
"$P" up "$T/hrelt2n${TG}.platform" >/dev/null 2>&1
ip netns exec hrel.hrelt2n${TG}.na tc qdisc del dev eth0 root 2>/dev/null
ip netns exec hrel.hrelt2n${TG}.sw tc qdisc del dev p2 root 2>/dev/null
"$P" probe hrelt2n${TG} --seconds 1 >"$T/hrelt2n${TG}.probe" 2>&1; rc=$?
check "probe without shaping: OFF and non-zero exit" eval "[ $rc -ne 0 ] && grep -q ' OFF ' '$T/hrelt2n${TG}.probe'"
"$P" down hrelt2n${TG} >/dev/null 2>&1
check "probe without shaping: down leaves nothing" nothing_left hrelt2n${TG}
# a rate this machine cannot deliver: the run must stop before the command
printf 'hosts: 2\nmedium: switched\nrate: 40gbit\n' | mkplat hrelt2f${TG} fa fb
"$P" run "$T/hrelt2f${TG}.platform" -- touch "$T/hrelt2f${TG}.ran" >"$T/hrelt2f${TG}.out" 2>"$T/hrelt2f${TG}.err"; rc=$?
check "run with a network off its description: exit 1, calibration error, command not run" \
    eval "[ $rc -eq 1 ] && grep -q 'calibration failed' '$T/hrelt2f${TG}.err' && [ ! -e '$T/hrelt2f${TG}.ran' ]"
check "failed calibration: nothing left" nothing_left hrelt2f${TG}

# --- userspace wire: switch with a per-link delay, CSMA/CD hub ------------
# Lower bound of a PVM round trip on a store-and-forward switch with 50 us per
# link: each way at least two minimum frames (57.6 us each) and two delays.
printf 'hosts: 4\nmedium: switched\nrate: 10mbit\ndelay: 50us\nwire: user\n' | mkplat hreltws${TG} wa wb wc wd
"$P" run "$T/hreltws${TG}.platform" -- sh -c 'echo conf | pvm; $0/hrel_platform_hello 100 20; $0/hrel_platform_hello 1000000 3' "$T/pbin" \
    >"$T/hreltws${TG}.out" 2>"$T/hreltws${TG}.err"; rc=$?
check "wire switch: run exits 0 (calibration passed)" test $rc -eq 0
check "wire switch: conf lists 4 hosts, a worker on each" \
    eval "grep -q '^4 hosts' '$T/hreltws${TG}.out' && [ \$(grep -E '^worker (w[a-d]) on \\1\$' '$T/hreltws${TG}.out' | sort -u | wc -l) -eq 4 ]"
r=$(sed -n 's/^pingpong wb bytes 100 .* seconds \([0-9.]*\) .*/\1/p' "$T/hreltws${TG}.out")
check "wire switch: 100-byte PVM round trip ${r:-?} s >= 430.4 us (frame times + delays)" \
    awk -v r="${r:-0}" 'BEGIN { exit !(r >= 430.4e-6) }'
r=$(sed -n 's/^pingpong wb bytes 1000000 .* mbit \([0-9.]*\)$/\1/p' "$T/hreltws${TG}.out")
check "wire switch: PVM 1 MB (best of 3) at ${r:-?} Mbit/s -30/+10% of 10" shaped "${r:-0}" 10
check "wire switch: teardown leaves nothing (wire too)" \
    eval "nothing_left hreltws${TG} && ! ours 'hrel-wire .*--prefix w'"
for _try in 1 2 3; do   # up to 3 tries, as the switched probe above
    "$P" probe "$T/hreltws${TG}.platform" --pairs 2 --seconds 2 >"$T/hreltws${TG}.probe" 2>&1; rc=$?
    [ $rc -eq 0 ] && [ "$(grep -c ' ok ' "$T/hreltws${TG}.probe")" -eq 2 ] &&
        within10 "$(sed -n 's/.* aggregate of 2 pairs rate_mbit \([0-9.]*\).*/\1/p' "$T/hreltws${TG}.probe")" 20 && break
done
for pair in 'wa->wb' 'wc->wd'; do
    r=$(pair_rate "$pair" "$T/hreltws${TG}.probe")
    check "wire switch: 2 simultaneous pairs: $pair ${r:-?} Mbit/s -30/+10% of the payload rate 9.41" \
        shaped "${r:-0}" 9.4148
done
r=$(sed -n 's/.* aggregate of 2 pairs rate_mbit \([0-9.]*\).*/\1/p' "$T/hreltws${TG}.probe")
check "wire switch: 2 pairs together ${r:-?} Mbit/s, -30/+10% of 20 (parallel ports)" shaped "${r:-0}" 20
printf 'hosts: 4\nmedium: shared\nrate: 10mbit\ndelay: 2us\nwire: user\n' | mkplat hreltwh${TG} ha hb hc hd
"$P" up "$T/hreltwh${TG}.platform" >/dev/null 2>&1
"$P" probe hreltwh${TG} --pairs 1 --seconds 2 >"$T/hreltwh${TG}.p1" 2>&1
"$P" probe hreltwh${TG} --pairs 2 --seconds 3 >"$T/hreltwh${TG}.p2" 2>&1
"$P" down hreltwh${TG} >"$T/hreltwh${TG}.down" 2>&1
r=$(sed -n 's/.* rate_mbit \([0-9.]*\) .*/\1/p' "$T/hreltwh${TG}.p1")
check "wire hub: one pair ${r:-?} Mbit/s -30/+10% of 10" shaped "${r:-0}" 10
# On a CSMA/CD hub collisions and backoff cost some of the medium, and the
# userspace wire slows down when the machine is busy, so the aggregate of two
# pairs is checked for what matters: traffic flows (over a quarter of the
# rate) and the pairs share one medium (not 2 x).
r=$(sed -n 's/.* aggregate of 2 pairs rate_mbit \([0-9.]*\).*/\1/p' "$T/hreltwh${TG}.p2")
[ -n "$r" ] || sed 's/^/  hub probe said: /' "$T/hreltwh${TG}.p2"   # for the log when it fails
check "wire hub: 2 simultaneous pairs together ${r:-?} Mbit/s: one medium (0.25 to 1.1 x 9.41), not 2 x" \
    awk -v r="${r:-0}" 'BEGIN { exit !(r >= 0.25 * 9.4148 && r <= 1.1 * 9.4148) }'
n=$(sed -n 's/.* collisions \([0-9]*\) .*/\1/p' "$T/hreltwh${TG}.down")
check "wire hub: the wire saw ${n:-?} collisions" test "${n:-0}" -gt 0
check "wire hub: its lateness said (mean, median, 90th percentile, most; p50 <= p90 <= most + 10)" \
    awk '{ for (i = 1; i < NF; i++) v[$i] = $(i + 1) } END { exit !("late_mean_us" in v && v["late_p50_us"] + 0 <= v["late_p90_us"] + 0 && v["late_p90_us"] + 0 <= v["late_max_us"] + 10) }' "$T/hreltwh${TG}.down"
check "wire hub: teardown leaves nothing" nothing_left hreltwh${TG}
# platform_facts.sh on the userspace wire: wire.csv, the wire's counters over
# hrel_pvmdcpu's ping-pongs (asked with SIGUSR1 before and after; the wire goes on)
mkdir -p "$T/wfacts"
HREL_CALIBRATE_ARGS=--quick HREL_PVMDCPU_ARGS="--reps 1 --seconds 0.05" HREL_STREAMQ_ARGS="--reps 1 -r 5" \
    "$P" run "$T/hreltwh${TG}.platform" --no-probe -- "$ROOT/experiments/platform_facts.sh" --after "$T/wfacts" -- true \
    >"$T/wfacts.out" 2>&1
check "wire hub: platform_facts writes wire.csv, frames > 0 and a lateness >= 0" \
    awk -F, 'NR == 2 && $0 == "frames,collisions,late_mean_s" { h = 1 } NR == 3 && $1 > 0 && $3 >= 0 && $3 < 1 { r = 1 } END { exit !(h && r) }' "$T/wfacts/wire.csv"
check "wire hub: platform_facts writes streamq.csv (two hosts or more): a repetition of both phases, its wait said" \
    awk -F, '/^phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s$/ { h = 1 }
             h && $1 == "alone" && $4 > 0 { a = 1 } h && $1 == "stream" && $4 > 0 && $7 > 0 { s = 1 }
             /^# stream_wait_s / { w = 1 } END { exit !(h && a && s && w) }' "$T/wfacts/streamq.csv"
check "wire hub: after the SIGUSR1 answers the wire went on: its counters at teardown" \
    test "$(grep -c 'hrel-wire: frames_in' "$T/wfacts.out")" -ge 1
check "wire hub (facts): teardown leaves nothing" nothing_left hreltwh${TG}

# --- teardown after a failing command, SIGTERM and Ctrl-C -----------------
"$P" run "$T/hrelt2${TG}.platform" --no-probe -- sh -c 'exit 3' >/dev/null 2>&1; rc=$?
check "failing command: its exit status 3 comes back" test $rc -eq 3
check "failing command: nothing left" nothing_left hrelt2${TG}
for sig in TERM INT; do
    python3 - "$P" "$T/hrelt2${TG}.platform" "$sig" >"$T/sig.$sig" 2>&1 <<'PY'
import os, signal, subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "run", sys.argv[2], "--no-probe", "--", "sleep", "30"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: (os.setsid(), signal.signal(signal.SIGINT, signal.SIG_DFL)))
time.sleep(1.5)
os.killpg(p.pid, getattr(signal, "SIG" + sys.argv[3]))
t = time.time()
rc = p.wait(timeout=30)
print("rc", rc, "seconds", round(time.time() - t, 2))
PY
    want=$([ $sig = TERM ] && echo 143 || echo 130)
    check "SIG$sig during run: exit $want within 15 s" grep -q "^rc $want " "$T/sig.$sig"
    check "SIG$sig during run: nothing left" nothing_left hrelt2${TG}
done

# --- duplex: half and a CPU share ------------------------------------------
# Two opposite flows at once: full duplex gives each the whole rate (the probe
# checks that on the shipped switched platforms); half duplex puts both through
# one budget per station, so together they get about one rate (9.56 Mbit/s of
# TCP payload at 10 Mbit/s), neither near the whole of it.
printf 'hosts: 2\nmedium: switched\nrate: 10mbit\nduplex: half\ncpu: 0.2\n' | mkplat hrelthd${TG} ha hb
if "$P" up "$T/hrelthd${TG}.platform" >"$T/hrelthd.up" 2>&1; then
    PB=$ROOT/bin/$PVM_ARCH/hrel-probe D=$T/hrelthd${TG}.platform
    # up to 3 tries, as the rate probes above: the senders run on 0.2 of a
    # CPU each, and a busy machine can starve one of them for a while
    for _try in 1 2 3; do
        "$P" exec "$D" hb -- "$PB" recv 5901 >"$T/hd.r1" 2>&1 &
        r1=$!
        "$P" exec "$D" ha -- "$PB" recv 5902 >"$T/hd.r2" 2>&1 &
        r2=$!
        sleep 0.3
        # both flows start writing at one instant (each exec into a 0.2-CPU host
        # can take a second under load; a flow alone for that second had the
        # whole port and its median showed it)
        at=$(awk -v t="$("$PB" now)" 'BEGIN { printf "%.6f", t + 2.5 }')
        "$P" exec "$D" ha -- "$PB" send hb 5901 2 "$at" >/dev/null 2>&1 &
        s1=$!
        "$P" exec "$D" hb -- "$PB" send ha 5902 2 "$at" >/dev/null 2>&1 &
        s2=$!
        wait $r1 $r2 $s1 $s2
        a=$(sed -n 's/^rate_mbit \([0-9.]*\) .*/\1/p' "$T/hd.r1")
        b=$(sed -n 's/^rate_mbit \([0-9.]*\) .*/\1/p' "$T/hd.r2")
        skew=$(cat "$T/hd.r1" "$T/hd.r2" | awk '/^rate_mbit/ { for (i = 1; i < NF; i++) if ($i == "t_first") t[n++] = $(i+1) }
            END { d = t[0] - t[1]; if (n == 2) printf "%.3f", d < 0 ? -d : d }')
        awk -v a="${a:-0}" -v b="${b:-0}" -v s="${skew:-9}" \
            'BEGIN { exit !(s < 0.2 && a > 0 && b > 0 && a + b >= 0.85 * 9.56 && a + b <= 1.15 * 9.56 && a < 7.5 && b < 7.5) }' && break
        echo "  duplex half try $_try: $a + $b Mbit/s, ${skew:-?} s apart" >&2
    done
    check "duplex half: the two flows start within 0.2 s of each other (${skew:-?} s apart)" \
        awk -v s="${skew:-9}" 'BEGIN { exit !(s < 0.2) }'
    # one budget: together at most 15% above one rate (full duplex would give
    # two); at least 70% of it (the senders on 0.2 of a CPU each slow down on a
    # busy machine: 7.9-8.1 Mbit/s in all 3 tries once)
    check "duplex half: opposite flows ${a:-?} + ${b:-?} Mbit/s, together -30/+15% of 9.56" \
        awk -v a="${a:-0}" -v b="${b:-0}" 'BEGIN { exit !(a > 0 && b > 0 && a + b >= 0.7 * 9.56 && a + b <= 1.15 * 9.56) }'
    check "duplex half: neither direction has the whole port (each < 7.5 Mbit/s)" \
        awk -v a="${a:-99}" -v b="${b:-99}" 'BEGIN { exit !(a < 7.5 && b < 7.5) }'
    # a busy loop of 1.5 s wall time on host ha: at most about 0.2 of it on a CPU
    "$P" exec "$D" ha -- bash -c 't0=$(date +%s%N); while [ $(( $(date +%s%N) - t0 )) -lt 1500000000 ]; do :; done
        echo "wall $(( ($(date +%s%N) - t0) / 1000000 ))"; echo "cg $(grep -c hrelthd /proc/self/cgroup)"; times' >"$T/hd.cpu" 2>&1
    share=$(awk '/^wall/ { w = $2 / 1000 } /^[0-9]+m/ { split($1, u, "m"); split($2, s, "m"); c += u[1] * 60 + u[2] + s[1] * 60 + s[2] }
                 END { if (w > 0) printf "%.3f", c / w }' "$T/hd.cpu")
    check "cpu 0.2: a host's processes are in its cgroup" grep -q '^cg 1$' "$T/hd.cpu"
    check "cpu 0.2: a busy host gets ${share:-?} of a CPU (at most 0.3)" \
        awk -v s="${share:-9}" 'BEGIN { exit !(s > 0 && s <= 0.3) }'
else
    bad "duplex half + cpu platform up: $(head -n 1 "$T/hrelthd.up")"
fi
"$P" down "$T/hrelthd${TG}.platform" >/dev/null 2>&1
# the virtual machine on it: the second pvmd is started from inside the first host
# and the benchmark on it: a rank under a CPU limit below one CPU must not poll
# or spin (it would spend its period's budget and be held back when its
# message comes), so hrel_bench says it found the limit on both workers
cp "$BIN/hrel_bworker" "$T/pbin/hrel_bworker"
"$P" run "$T/hrelthd${TG}.platform" --no-probe -- sh -c 'echo conf | pvm; $0/hrel_platform_hello
    '"$BIN"'/hrel_bench -q -P PP -p 2 -s 6720 -r 3 -w 0 -o $1' "$T/pbin" "$T/bcpu" \
    >"$T/hrelthd.out" 2>"$T/hrelthd.err"; rc=$?
check "duplex half + cpu: run exits 0 ($(head -n 1 "$T/hrelthd.err"))" test $rc -eq 0
check "duplex half + cpu: a worker runs on each host (pvmd of hb in its cgroup)" \
    test "$(grep -cE '^worker (h[ab]) on \1$' "$T/hrelthd.out")" -eq 2
check "duplex half + cpu: hrel_bench finds the limit on both workers (no poll, no spin)" \
    grep -qE '^# cpu_limit: 2 of 2 workers .*\(ha 0\.2, hb 0\.2\)' "$T/bcpu/raw.csv"
check "duplex half + cpu: hrel_bench's PP case measured (3 repetitions)" \
    test "$(grep -c '^PP,2,6720,' "$T/bcpu/raw.csv")" -eq 3
# the state of the virtual machine a characterisation measures in
# (platform_facts.sh's pvmd_state.csv): the first pvmd's estimate for the other
# host as the command began and as it ended; the command's status comes back
# and, as it failed, no facts follow
mkdir -p "$T/pst"
"$P" run "$T/hrelthd${TG}.platform" --no-probe -- "$ROOT/experiments/platform_facts.sh" --after "$T/pst" \
    -- sh -c 'exit 3' >"$T/pst.out" 2>&1; rc=$?
check "platform_facts --after: the command's exit 3 comes back (got $rc)" test $rc -eq 3
check "pvmd_state.csv: before and after the command, one other host each" \
    test "$(grep -cE '^(before|after)_benchmark,1,[0-9.e-]+,[0-9.e-]+,[0-9.e-]+$' "$T/pst/pvmd_state.csv" 2>/dev/null)" -eq 2
check "platform_facts --after: no facts after a failed command" test ! -e "$T/pst/calibration.csv"
check "duplex half + cpu: teardown leaves nothing (no cgroup either)" \
    eval "nothing_left hrelthd${TG} && ! ls -d /sys/fs/cgroup/cpu/hrel.hrelthd${TG}.* >/dev/null 2>&1"

pvmd_tmp_after=$(ls -d /tmp/pvmd.* /tmp/pvml.* 2>/dev/null | sort)
check "no new /tmp/pvmd.* or /tmp/pvml.* files" test "$pvmd_tmp_before" = "$pvmd_tmp_after"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
