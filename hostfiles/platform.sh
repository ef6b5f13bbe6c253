#!/bin/bash
# platform.sh -- emulated hrel platforms (LANs of PVM hosts) on one machine.
#
# Usage: hostfiles/platform.sh up    NAME
#        hostfiles/platform.sh run   NAME [--no-probe] -- CMD [ARGS...]
#        hostfiles/platform.sh down  NAME [--force]
#        hostfiles/platform.sh probe NAME [--pairs K] [--seconds S]
#        hostfiles/platform.sh exec  NAME HOST -- CMD [ARGS...]
#        hostfiles/platform.sh check NAME
#
# NAME is a platform of hostfiles/ (description hostfiles/NAME.platform,
# hostfile hostfiles/NAME) or a path DIR/X.platform (hostfile DIR/X).
#   up     builds the platform: one network namespace per host (eth0, an
#          address in 10.99.0.0/24) linked through a "switch" namespace, either
#          by a bridge and tc shaping (wire: tc) or by the userspace wire
#          bin/$PVM_ARCH/hrel-wire on TAP devices (wire: user), plus the hosts
#          file and per-host PVM_TMP. It stays up until `down`.
#   run    brings it up, starts the virtual machine on all its hosts from the
#          first host, checks the network with the bandwidth probe, runs CMD on
#          the first host with PVM_ROOT PVM_ARCH PVM_TMP HREL_ROOT PVM_ALLOW_ROOT
#          PVM_RSH HREL_PLATFORM HREL_HOSTFILE HREL_PLATFORM_PROBE exported (on
#          the userspace wire also HREL_WIRE_PID and HREL_WIRE_LOG: `kill -USR1`
#          makes the wire write its counters so far into that log), and
#          always tears everything down (also on failure, Ctrl-C, SIGTERM).
#          Exit status: CMD's; 1 if the platform or the probe failed.
#   down   tears down whatever of NAME is left (pvmds, processes, namespaces,
#          state directory); safe to call when nothing is up. Prints the
#          wire's counters (frames, drops, collisions) when there was one.
#          `down NAME --force` takes down a platform of another checkout whose
#          owning command is no longer running (see Ownership).
#   probe  raw TCP probe: K disjoint simultaneous pairs (h1->h2, h3->h4, ...)
#          for S seconds (default 1 pair, 2 s). Expected TCP payload rate:
#          rate * 1448/1514 (tc) or * 1448/1538 (wire); switched: each pair
#          gets it, shared with tc: each 1/K of it, shared on the wire
#          (CSMA/CD): all pairs together; within HREL_PROBE_TOL (0.10).
#          Uses the platform if it is up, else brings it up and down.
#   exec   runs CMD as emulated HOST of a platform that is up.
#   check  only parses the description and hostfile.
# Only namespaces named hrel.NAME.* are created; the root namespace is untouched.
# Ownership: namespaces are machine-wide, so `up`/`run` record an owner in
# /run/hrel/platform.NAME (HREL_PLATFORM_OWNERS overrides the folder): the checkout
# (HREL_ROOT), a run id, and the pid and start time of the command that built it.
# up, run, down, probe and exec act only on a platform of their own checkout; one
# of another checkout gets one line naming that checkout, and is left untouched.
# Every error is one line "hrel platform: ..." on stderr and a non-zero exit.
set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${HREL_ROOT:=$(cd "$HERE/.." && pwd)}"
export HREL_ROOT
export PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
export PVM_ARCH=${PVM_ARCH:-$("$PVM_ROOT/lib/pvmgetarch" 2>/dev/null || echo LINUX64)}
[ "$(id -u)" -eq 0 ] && export PVM_ALLOW_ROOT=yes
NET=10.99.0              # private /24 of every emulated platform (own namespaces only)
PROBE_PORT=5901          # first TCP port of the probe receivers
PROBE=$HREL_ROOT/bin/$PVM_ARCH/hrel-probe
WIRE=$HREL_ROOT/bin/$PVM_ARCH/hrel-wire
TOL=${HREL_PROBE_TOL:-0.10}
CPU_CG=/sys/fs/cgroup/cpu   # cgroup v1 cpu controller (cpu: SHARE in a description)
OWNERS=${HREL_PLATFORM_OWNERS:-/run/hrel}   # machine-wide owner records (see Ownership)

die() { echo "hrel platform: $*" >&2; exit 1; }

usage() { sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }

# ---------------------------------------------------------------------------
# Description and hostfile
# ---------------------------------------------------------------------------

# Resolve NAME into P_NAME, P_DESC (description path), P_HF (hostfile path).
resolve() {
    local arg=$1
    case "$arg" in
        */*|*.platform)
            [[ "$arg" == *.platform ]] || die "'$arg': a description path must end in .platform"
            P_DESC=$(cd "$(dirname "$arg")" 2>/dev/null && pwd)/$(basename "$arg")
            P_NAME=$(basename "$arg" .platform) ;;
        *)  P_NAME=$arg; P_DESC=$HERE/$arg.platform ;;
    esac
    [[ "$P_NAME" =~ ^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$ ]] ||
        die "bad platform name '$P_NAME' (letters, digits, '-', '_'; at most 32)"
    P_STATE=$HREL_ROOT/.pvm/platform.$P_NAME
    # a platform that is up is found by its bare name, wherever it came from
    if [[ "$arg" != */* && "$arg" != *.platform ]] && [ -r "$P_STATE/info" ]; then
        P_DESC=$(sed -n 's/^desc=//p' "$P_STATE/info")
    fi
    P_HF=${P_DESC%.platform}
    P_NSPRE=hrel.$P_NAME
    P_OWNFILE=$OWNERS/platform.$P_NAME
}

# ---------------------------------------------------------------------------
# Ownership
# ---------------------------------------------------------------------------

# Kernel start time of process PID (field 22 of /proc/PID/stat), or nothing.
starttime() {
    local st
    st=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    st=${st##*) }
    set -- $st
    echo "${20}"
}

# Record this checkout and command as the owner of P_NAME.
owner_write() {
    mkdir -p "$OWNERS" 2>/dev/null || die "cannot create '$OWNERS' (owner records)"
    { echo "root=$HREL_ROOT"; echo "run=$(date -u +%Y%m%dT%H%M%SZ)-$$"
      echo "pid=$$"; echo "start=$(starttime $$)"; } >"$P_OWNFILE" ||
        die "cannot write '$P_OWNFILE'"
}

# Field KEY of the owner record (nothing if there is none).
owner_field() { sed -n "s/^$1=//p" "$P_OWNFILE" 2>/dev/null | head -n 1; }

# 0 if the command that built P_NAME still runs (same pid and start time).
owner_running() {
    local pid
    pid=$(owner_field pid)
    [ -n "$pid" ] && [ "$(starttime "$pid")" = "$(owner_field start)" ]
}

# Die unless P_NAME is ours: no record (nothing up, or built before records were
# kept) or a record of this checkout. VERB names what was refused.
owner_guard() {
    local root
    [ -r "$P_OWNFILE" ] || return 0
    root=$(owner_field root)
    [ "$root" = "$HREL_ROOT" ] && return 0
    die "$1: platform '$P_NAME' belongs to another checkout, $root (run $(owner_field run), $(owner_running && echo "its command pid $(owner_field pid) still running" || echo "its command no longer running")); not touching it$(owner_running || echo "; 'down $P_NAME --force' takes it down")"
}

# Convert "10mbit" etc. into bits per second on stdout; return 1 if malformed.
rate_bps() {
    [[ "$1" =~ ^([0-9]+(\.[0-9]+)?)(kbit|mbit|gbit)$ ]] || return 1
    awk -v v="${BASH_REMATCH[1]}" -v u="${BASH_REMATCH[3]}" 'BEGIN {
        m = (u == "kbit") ? 1e3 : (u == "mbit") ? 1e6 : 1e9; r = v * m
        if (r < 64e3 || r > 40e9) exit 1; printf "%.0f\n", r }'
}

# Convert "50us" / "0.2ms" / "0" into integer microseconds; return 1 if malformed.
delay_us() {
    [ "$1" = 0 ] && { echo 0; return 0; }
    [[ "$1" =~ ^([0-9]+(\.[0-9]+)?)(us|ms)$ ]] || return 1
    awk -v v="${BASH_REMATCH[1]}" -v u="${BASH_REMATCH[3]}" 'BEGIN {
        r = (u == "ms") ? v * 1000 : v; if (r > 1e6) exit 1; printf "%.0f\n", r }'
}

# Parse the description and hostfile of P_NAME into P_* variables.
load() {
    local ln=0 line key val seen=" " n first
    [ -r "$P_DESC" ] || die "no platform description '$P_DESC'"
    P_NHOSTS="" P_MEDIUM="" P_RATE="" P_BPS="" P_DELAY="0" P_DELAY_US=0 P_WIRE=tc P_TCP=reno
    P_DUPLEX=full P_CPU="" P_CORES=shared
    while IFS= read -r line || [ -n "$line" ]; do
        ln=$((ln + 1))
        line=${line%%#*}
        [[ "$line" =~ ^[[:space:]]*$ ]] && continue
        [[ "$line" =~ ^[[:space:]]*([a-z]+):[[:space:]]*([^[:space:]]+)[[:space:]]*$ ]] ||
            die "$P_DESC:$ln: expected 'key: value', got '$line'"
        key=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
        [[ "$seen" == *" $key "* ]] && die "$P_DESC:$ln: '$key' given twice"
        seen="$seen$key "
        case "$key" in
            hosts)  [[ "$val" =~ ^[0-9]+$ ]] && [ "$val" -ge 1 ] && [ "$val" -le 64 ] ||
                        die "$P_DESC:$ln: hosts must be a number from 1 to 64, got '$val'"
                    P_NHOSTS=$val ;;
            medium) [ "$val" = switched ] || [ "$val" = shared ] ||
                        die "$P_DESC:$ln: medium must be 'switched' or 'shared', got '$val'"
                    P_MEDIUM=$val ;;
            rate)   P_BPS=$(rate_bps "$val") ||
                        die "$P_DESC:$ln: rate must look like 10mbit, 100kbit or 1gbit (64kbit..40gbit), got '$val'"
                    P_RATE=$val ;;
            delay)  P_DELAY_US=$(delay_us "$val") ||
                        die "$P_DESC:$ln: delay must look like 0, 50us or 0.5ms (at most 1 s), got '$val'"
                    P_DELAY=$val ;;
            wire)   [ "$val" = tc ] || [ "$val" = user ] ||
                        die "$P_DESC:$ln: wire must be 'tc' or 'user', got '$val'"
                    P_WIRE=$val ;;
            tcp)    [[ " $(cat /proc/sys/net/ipv4/tcp_allowed_congestion_control 2>/dev/null) " == *" $val "* ]] ||
                        die "$P_DESC:$ln: tcp must be one of: $(cat /proc/sys/net/ipv4/tcp_allowed_congestion_control 2>/dev/null), got '$val'"
                    P_TCP=$val ;;
            duplex) [ "$val" = full ] || [ "$val" = half ] ||
                        die "$P_DESC:$ln: duplex must be 'full' or 'half', got '$val'"
                    P_DUPLEX=$val ;;
            cpu)    [[ "$val" =~ ^(0?\.[0-9]{1,3}|1(\.0{1,3})?)$ ]] &&
                        awk -v c="$val" 'BEGIN { exit !(c >= 0.01) }' ||
                        die "$P_DESC:$ln: cpu must be a share of one CPU from 0.01 to 1 (e.g. 0.3), got '$val'"
                    P_CPU=$val ;;
            cores)  [ "$val" = shared ] ||
                        die "$P_DESC:$ln: cores must be 'shared' (every host of an emulated platform runs on this machine's cores), got '$val'"
                    P_CORES=$val ;;
            *)      die "$P_DESC:$ln: unknown key '$key' (hosts, medium, rate, delay, wire, tcp, duplex, cpu, cores)" ;;
        esac
    done <"$P_DESC"
    for key in hosts medium rate; do
        [[ "$seen" == *" $key "* ]] || die "$P_DESC: missing '$key:'"
    done
    if [ "$P_WIRE" = tc ] && [ "$P_DELAY_US" -gt 0 ]; then
        die "$P_DESC: delay $P_DELAY needs 'wire: user' (tc here has no netem)"
    fi
    if [ "$P_DUPLEX" = half ] && { [ "$P_MEDIUM" != switched ] || [ "$P_WIRE" != tc ]; }; then
        die "$P_DESC: duplex: half needs 'medium: switched' and 'wire: tc' (a shared medium is half duplex already)"
    fi
    if [ -n "$P_CPU" ] && [ ! -w "$CPU_CG" ]; then
        die "$P_DESC: cpu: $P_CPU needs the cgroup v1 cpu controller writable at $CPU_CG"
    fi
    # Hostfile: '*' defaults lines, then one host per line (options after it).
    [ -r "$P_HF" ] || die "no hostfile '$P_HF' next to '$P_DESC'"
    P_HOSTS=() ln=0
    while IFS= read -r line || [ -n "$line" ]; do
        ln=$((ln + 1))
        line=${line%%#*}
        [[ "$line" =~ ^[[:space:]]*$ ]] && continue
        read -r first _ <<<"$line"
        [ "$first" = "*" ] && continue
        n=${first#&}
        [[ "$n" =~ ^[a-z][a-z0-9-]{0,30}$ ]] ||
            die "$P_HF:$ln: bad host name '$first' (lower-case letters, digits, '-')"
        case "$n" in   # names the switch namespace and the state files use
            sw|hosts|info) die "$P_HF:$ln: host name '$n' is reserved (sw, hosts, info)" ;;
        esac
        [[ " ${P_HOSTS[*]} " == *" $n "* ]] && die "$P_HF:$ln: host '$n' listed twice"
        P_HOSTS+=("$n")
    done <"$P_HF"
    [ "${#P_HOSTS[@]}" -eq "$P_NHOSTS" ] ||
        die "$P_HF: lists ${#P_HOSTS[@]} hosts but '$P_DESC' says hosts: $P_NHOSTS"
}

# ---------------------------------------------------------------------------
# Up and down
# ---------------------------------------------------------------------------

# Namespaces of P_NAME that exist now, one per line.
leftover_ns() { ip netns list 2>/dev/null | awk '{print $1}' | grep -F "$P_NSPRE." | grep -E "^${P_NSPRE//./\\.}\\." ; }

# Tear down only what this process built: a run that finds the platform
# already up (another run's) must fail without touching it.
P_OWNED=0
own_teardown() { [ "$P_OWNED" = 1 ] && teardown; }

# Run a setup command; on failure tear down and die naming the command.
q() {
    local out
    if ! out=$("$@" 2>&1); then
        own_teardown >/dev/null 2>&1
        die "setting up '$P_NAME' failed: $* : $(echo "$out" | head -n 1)"
    fi
}

# tbf burst in bytes: one full frame, or 1 ms worth of rate on fast links.
burst_bytes() { awk -v b="$P_BPS" 'BEGIN { x = b / 8 / 1000; if (x < 1600) x = 1600; printf "%.0f\n", x }'; }

# Build namespaces, links and shaping of the loaded platform.
setup() {
    local i h ns sw=$P_NSPRE.sw burst child
    owner_guard up
    [ -z "$(leftover_ns)" ] || die "platform '$P_NAME' is already up (hostfiles/platform.sh down $P_NAME)"
    if [ "$P_WIRE" = user ]; then need_prog "$WIRE"; fi
    P_OWNED=1   # from here on, what exists of this platform is ours to tear down
    owner_write
    rm -rf "$P_STATE"
    mkdir -p "$P_STATE" || die "cannot create '$P_STATE'"
    { echo "127.0.0.1 localhost"; echo "::1 localhost"
      for i in "${!P_HOSTS[@]}"; do echo "$NET.$((i + 1)) ${P_HOSTS[$i]}"; done; } >"$P_STATE/hosts"
    { echo "name=$P_NAME"; echo "desc=$P_DESC"; echo "hostfile=$P_HF"
      echo "hosts=${P_HOSTS[*]}"; } >"$P_STATE/info"
    burst=$(burst_bytes)
    q ip netns add "$sw"
    echo "$sw" >"$P_STATE/ns.sw"
    q ip -n "$sw" link set lo up
    q ip -n "$sw" link add br0 type bridge
    q ip -n "$sw" link set br0 up
    for i in "${!P_HOSTS[@]}"; do
        h=${P_HOSTS[$i]} ns=$P_NSPRE.$h
        mkdir -p "$P_STATE/$h/tmp"
        q ip netns add "$ns"
        echo "$ns" >"$P_STATE/ns.$h"
        q ip -n "$ns" link set lo up
        q ip netns exec "$ns" sysctl -q -w "net.ipv4.tcp_congestion_control=$P_TCP"
        [ "$P_WIRE" = user ] && continue   # eth0 is a TAP of the wire, below
        q ip -n "$sw" link add "p$((i + 1))" type veth peer name eth0 netns "$ns"
        q ip -n "$sw" link set "p$((i + 1))" master br0
        q ip -n "$sw" link set "p$((i + 1))" up
        q ip -n "$ns" addr add "$NET.$((i + 1))/24" dev eth0
        # one frame per packet: no TSO/GSO super-packets, which the shapers
        # would charge as one 64 KB lump (the wire carries 1514-byte frames);
        # above 100 Mbit/s the CPU cost per frame matters more (tbf still
        # splits super-packets into frames when it charges them)
        if [ "$P_BPS" -le 100000000 ] || [ "$P_MEDIUM" = shared ]; then
            q ip -n "$ns" link set dev eth0 gso_max_segs 1 gso_max_size 1514
            q ip -n "$sw" link set dev "p$((i + 1))" gso_max_segs 1 gso_max_size 1514
        fi
        q ip -n "$ns" link set eth0 up
        if [ "$P_MEDIUM" = switched ]; then
            # full duplex port: the host's transmitter and the switch's
            # transmitter towards the host have a budget each; half duplex:
            # the host's frames out and in pass one budget (an ifb in the
            # host's namespace fed by both directions of eth0)
            if [ "$P_DUPLEX" = half ]; then
                q ip -n "$ns" link add ifb0 type ifb
                q ip -n "$ns" link set ifb0 up
                q tc -n "$ns" qdisc add dev ifb0 root tbf rate "${P_BPS}bit" burst "$burst" limit 64kb
                q tc -n "$ns" qdisc add dev eth0 root handle 1: htb
                q tc -n "$ns" filter add dev eth0 parent 1: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0
                q tc -n "$ns" qdisc add dev eth0 handle ffff: ingress
                q tc -n "$ns" filter add dev eth0 parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0
            else
                q tc -n "$ns" qdisc add dev eth0 root tbf rate "${P_BPS}bit" burst "$burst" limit 64kb
            fi
            q tc -n "$sw" qdisc add dev "p$((i + 1))" root tbf rate "${P_BPS}bit" burst "$burst" limit 64kb
        fi
        if [ -n "$P_CPU" ]; then
            # CPU share: every process of the host (hostexec.sh puts it there)
            # in one cgroup with a CFS quota of P_CPU of one CPU per period
            q mkdir "$CPU_CG/$ns"
            q sh -c "echo 100000 >'$CPU_CG/$ns/cpu.cfs_period_us'"
            q sh -c "echo $(awk -v c="$P_CPU" 'BEGIN { printf "%d", c * 100000 }') >'$CPU_CG/$ns/cpu.cfs_quota_us'"
            mkdir -p "$P_STATE/$h/cg"   # hostexec.sh mounts the cpu hierarchy here
            echo "$ns" >"$P_STATE/cg.$h"
        fi
    done
    if [ "$P_WIRE" = user ]; then setup_wire; return; fi
    if [ "$P_MEDIUM" = shared ]; then
        # one segment: every frame entering the switch from any station goes
        # through one HTB budget, fair per station (class by source address)
        q ip -n "$sw" link add ifb0 type ifb
        q ip -n "$sw" link set ifb0 up
        q tc -n "$sw" qdisc add dev ifb0 root handle 1: htb default 99
        q tc -n "$sw" class add dev ifb0 parent 1: classid 1:1 htb rate "${P_BPS}bit" ceil "${P_BPS}bit" burst "$burst" cburst "$burst"
        q tc -n "$sw" class add dev ifb0 parent 1:1 classid 1:99 htb rate "$((P_BPS / 100))bit" ceil "${P_BPS}bit" burst "$burst" cburst "$burst" quantum 1600
        q tc -n "$sw" qdisc add dev ifb0 parent 1:99 pfifo limit 100
        for i in "${!P_HOSTS[@]}"; do
            child=$((i + 10))
            q tc -n "$sw" class add dev ifb0 parent 1:1 classid "1:$child" htb rate "$((P_BPS / P_NHOSTS))bit" ceil "${P_BPS}bit" burst "$burst" cburst "$burst" quantum 1600
            q tc -n "$sw" qdisc add dev ifb0 parent "1:$child" pfifo limit 100
            q tc -n "$sw" filter add dev ifb0 parent 1: protocol ip prio 1 u32 match ip src "$NET.$((i + 1))/32" flowid "1:$child"
            q tc -n "$sw" qdisc add dev "p$((i + 1))" handle ffff: ingress
            q tc -n "$sw" filter add dev "p$((i + 1))" parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0
        done
    fi
}

# Start the userspace wire in the switch namespace and give every host one
# of its TAP devices as eth0 (a TAP keeps working in another namespace).
setup_wire() {
    local i h ns sw=$P_NSPRE.sw model=switch
    [ "$P_MEDIUM" = shared ] && model=hub
    ip netns exec "$sw" setsid "$WIRE" --model "$model" --rate "$P_BPS" \
        --delay "$(awk -v u="$P_DELAY_US" 'BEGIN { printf "%.9f", u / 1e6 }')" \
        --ports "$P_NHOSTS" --prefix w --queue 65536 >"$P_STATE/wire.log" 2>&1 </dev/null &
    echo $! >"$P_STATE/wire.pid"
    for i in $(seq 1 50); do
        grep -q '^ready' "$P_STATE/wire.log" 2>/dev/null && break
        if ! kill -0 $! 2>/dev/null; then
            own_teardown >/dev/null 2>&1
            die "the userspace wire did not start: $(head -n 1 "$P_STATE/wire.log" 2>/dev/null)"
        fi
        sleep 0.1
    done
    grep -q '^ready' "$P_STATE/wire.log" || { own_teardown >/dev/null 2>&1; die "the userspace wire did not start within 5 s"; }
    for i in "${!P_HOSTS[@]}"; do
        h=${P_HOSTS[$i]} ns=$P_NSPRE.$h
        q ip -n "$sw" link set "w$((i + 1))" netns "$ns"
        q ip -n "$ns" link set "w$((i + 1))" name eth0
        q ip -n "$ns" addr add "$NET.$((i + 1))/24" dev eth0
        q ip -n "$ns" link set eth0 up
    done
}

# Stop everything of P_NAME: pvmds, processes in its namespaces, namespaces, state.
teardown() {
    local ns pids h1
    WIRE_STATS=""
    if [ -d "$P_STATE" ] && [ -r "$P_STATE/info" ]; then
        h1=$(sed -n 's/^hosts=\([^ ]*\).*/\1/p' "$P_STATE/info")
        if [ -n "$h1" ] && [ -r "$P_STATE/ns.$h1" ] && ls "$P_STATE/$h1/tmp"/pvmd.* >/dev/null 2>&1; then
            echo halt | timeout 10 "$HERE/hostexec.sh" "$P_STATE" "$h1" pvm >/dev/null 2>&1
        fi
    fi
    for ns in $(leftover_ns); do
        pids=$(ip netns pids "$ns" 2>/dev/null)
        [ -n "$pids" ] && kill -TERM $pids 2>/dev/null
    done
    for _ in $(seq 1 30); do
        pids=""
        for ns in $(leftover_ns); do pids="$pids $(ip netns pids "$ns" 2>/dev/null)"; done
        [ -z "${pids// /}" ] && break
        sleep 0.1
    done
    for ns in $(leftover_ns); do
        pids=$(ip netns pids "$ns" 2>/dev/null)
        [ -n "$pids" ] && kill -KILL $pids 2>/dev/null
        ip netns del "$ns" 2>/dev/null
    done
    # CPU-share cgroups (empty now: their processes were in the namespaces)
    for ns in "$CPU_CG/$P_NSPRE".*; do
        [ -d "$ns" ] && rmdir "$ns" 2>/dev/null
    done
    # the userspace wire's counters (written when it got SIGTERM)
    WIRE_STATS=$(grep -hs '^hrel-wire: frames_in' "$P_STATE/wire.log")
    rm -rf "$P_STATE"
    [ -z "$(leftover_ns)" ] || return 1
    rm -f "$P_OWNFILE"
}

# ---------------------------------------------------------------------------
# Virtual machine and probe
# ---------------------------------------------------------------------------

# Run CMD as emulated host H of the platform that is up.
hexec() { local h=$1; shift; "$HERE/hostexec.sh" "$P_STATE" "$h" "$@"; }

# Start the master pvmd on the first host with the hostfile; wait until every
# host is in the virtual machine. Die (caller's trap tears down) on failure.
vm_start() {
    local h1=${P_HOSTS[0]} n=0 i
    export PVM_RSH=$HERE/rsh.sh HREL_PLATFORM_STATE=$P_STATE
    hexec "$h1" pvmd "$P_HF" >"$P_STATE/pvmd.out" 2>&1 </dev/null &
    VM_PID=$!
    for i in $(seq 1 200); do
        if ls "$P_STATE/$h1/tmp"/pvmd.* >/dev/null 2>&1; then
            n=$(echo conf | timeout 5 "$HERE/hostexec.sh" "$P_STATE" "$h1" pvm 2>/dev/null |
                sed -n 's/^ *\([0-9][0-9]*\) hosts*,.*/\1/p' | head -n 1)
            [ "${n:-0}" -ge "$P_NHOSTS" ] && return 0
        fi
        if grep -qs 'startack() host .* got' "$P_STATE/$h1/tmp"/pvml.*; then
            die "a host of '$P_NAME' did not start: $(grep -hs -e 'stderr@' -e 'startack() host' "$P_STATE/$h1/tmp"/pvml.* | head -n 1 | sed 's/^\[[^]]*\] [^ ]* [^ ]* //')"
        fi
        kill -0 "$VM_PID" 2>/dev/null ||
            die "pvmd did not start on '$h1': $(cat "$P_STATE/pvmd.out" "$P_STATE/$h1/tmp"/pvml.* 2>/dev/null | grep -v '^$' | tail -n 1)"
        sleep 0.1
    done
    die "virtual machine of '$P_NAME' has ${n:-0} of $P_NHOSTS hosts after 20 s: $(cat "$P_STATE/$h1/tmp"/pvml.* 2>/dev/null | grep -v '^$' | tail -n 1)"
}

# Make sure program PROG (built by Makefile.aimk from hostfiles/probe, hostfiles/wire) exists.
need_prog() {
    [ -x "$1" ] || die "'$1' is not built: run make in $HREL_ROOT"
}

# probe_slow FILE: 0 when every OFF line of probe_pairs' output FILE read below
# its expected rate but at least half of it, and no probe failed
probe_slow() {
    ! grep -q 'failed' "$1" && grep -q ' OFF' "$1" &&
        awk '/ OFF/ { for (i = 1; i < NF; i++) { if ($i == "rate_mbit") r = $(i+1); if ($i == "expected_mbit") w = $(i+1) }
                      if (!(r + 0 < w + 0 && r + 0 >= 0.5 * w)) bad = 1 }
             END { exit bad }' "$1"
}

# Probe K disjoint pairs for S seconds at once. Prints one line per pair (and
# an aggregate line for K > 1) and sets PROBE_SUMMARY; return 1 if the network
# is off its description. Expected TCP payload rate of one full-size segment:
# 1448 of the 1514 bytes tc charges per frame, or of the 1538 bytes a frame
# occupies on the userspace wire (preamble and gap included). Switched: every
# pair gets it; shared with tc (fair per station): each pair 1/K of it; shared
# on the CSMA/CD wire (unfair: capture effect): all pairs together get it.
probe_pairs() {
    local k=$1 s=$2 j a b want eff bad=0 r m line agg per=1
    local -a rpids=()
    [ "$P_NHOSTS" -ge $((2 * k)) ] || die "probe: $k pairs need $((2 * k)) hosts, '$P_NAME' has $P_NHOSTS"
    need_prog "$PROBE"
    if [ "$P_WIRE" = user ]; then eff=$(awk 'BEGIN { printf "%.6f", 1448 / 1538 }')
    else eff=$(awk 'BEGIN { printf "%.6f", 1448 / 1514 }'); fi
    want=$(awk -v b="$P_BPS" -v e="$eff" 'BEGIN { printf "%.4f", b * e / 1e6 }')
    if [ "$P_MEDIUM" = shared ]; then
        if [ "$P_WIRE" = user ]; then [ "$k" -gt 1 ] && per=0
        else want=$(awk -v w="$want" -v k="$k" 'BEGIN { printf "%.4f", w / k }'); fi
    fi
    for j in $(seq 0 $((k - 1))); do
        b=${P_HOSTS[$((2 * j + 1))]}
        hexec "$b" "$PROBE" recv $((PROBE_PORT + j)) >"$P_STATE/probe.$j" 2>&1 &
        rpids+=($!)
    done
    for j in $(seq 0 $((k - 1))); do
        a=${P_HOSTS[$((2 * j))]} b=${P_HOSTS[$((2 * j + 1))]}
        hexec "$a" "$PROBE" send "$b" $((PROBE_PORT + j)) "$s" >"$P_STATE/probe.send.$j" 2>&1 &
        rpids+=($!)
    done
    wait "${rpids[@]}"   # not a bare wait: the userspace wire is a child too
    PROBE_SUMMARY=""
    for j in $(seq 0 $((k - 1))); do
        a=${P_HOSTS[$((2 * j))]} b=${P_HOSTS[$((2 * j + 1))]}
        r=$(sed -n 's/^rate_mbit \([0-9.]*\) .*/\1/p' "$P_STATE/probe.$j")
        if [ -z "$r" ]; then
            if [ $per = 0 ]; then
                # CSMA/CD capture: one station may hold the medium for the whole
                # probe and starve the other; only the aggregate is checked then
                echo "probe $P_NAME $a->$b starved (capture effect): $(cat "$P_STATE/probe.$j" "$P_STATE/probe.send.$j" | head -n 1)"
            else
                echo "probe $P_NAME $a->$b failed: $(cat "$P_STATE/probe.$j" "$P_STATE/probe.send.$j" | head -n 1)"
                bad=1
            fi
            continue
        fi
        m=$(sed -n 's/.* mean_mbit \([0-9.]*\) .*/\1/p' "$P_STATE/probe.$j")
        if [ $per = 0 ]; then
            line="share"
        elif awk -v r="$r" -v w="$want" -v t="$TOL" 'BEGIN { exit !(r >= w * (1 - t) && r <= w * (1 + t)) }'; then
            line="ok"
        else
            line="OFF"; bad=1
        fi
        echo "probe $P_NAME $a->$b rate_mbit $r expected_mbit $([ $per = 1 ] && echo "$want" || echo "-") tol $TOL $line mean_mbit $m"
        PROBE_SUMMARY="${PROBE_SUMMARY:+$PROBE_SUMMARY; }$a->$b $r Mbit/s"
    done
    if [ "$k" -gt 1 ] && [ $bad = 0 ]; then
        agg=$(for j in $(seq 0 $((k - 1))); do cat "$P_STATE/probe.$j"; done |
              awk '/^rate_mbit/ { for (i = 1; i < NF; i++) { if ($i == "total_bytes") tb += $(i+1);
                     if ($i == "t_first" && (t0 == "" || $(i+1) < t0)) t0 = $(i+1);
                     if ($i == "t_last" && $(i+1) > t1) t1 = $(i+1) } }
                   END { if (t1 > t0) printf "%.4f", 8e-6 * tb / (t1 - t0) }')
        if [ $per = 0 ]; then
            if awk -v r="${agg:-0}" -v w="$want" -v t="$TOL" 'BEGIN { exit !(r >= w * (1 - t) && r <= w * (1 + t)) }'; then line=ok
            else line=OFF; bad=1; fi
            echo "probe $P_NAME aggregate of $k pairs rate_mbit ${agg:-?} expected_mbit $want tol $TOL $line"
        else
            echo "probe $P_NAME aggregate of $k pairs rate_mbit ${agg:-?}"
        fi
    fi
    PROBE_SUMMARY="$PROBE_SUMMARY (expected payload $want Mbit/s $([ $per = 1 ] && echo "per pair" || echo "for all pairs together"), $P_MEDIUM $P_RATE, wire $P_WIRE, $k pair(s) for $s s, raw TCP)"
    return $bad
}

# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------

cmd_up() {
    owner_guard up
    load
    # an interrupted setup leaves nothing half built
    trap 'trap "" INT TERM HUP; own_teardown >/dev/null 2>&1; exit 130' INT
    trap 'trap "" INT TERM HUP; own_teardown >/dev/null 2>&1; exit 143' TERM
    trap 'trap "" INT TERM HUP; own_teardown >/dev/null 2>&1; exit 129' HUP
    setup
    trap - INT TERM
    echo "platform $P_NAME up: ${P_HOSTS[*]} ($P_MEDIUM $P_RATE, wire $P_WIRE$([ "$P_DUPLEX" = half ] && echo ", duplex half")${P_CPU:+, cpu $P_CPU})"
}

cmd_down() {
    local force=0
    case "${1:-}" in
        --force) force=1 ;;
        "") ;;
        *) die "down: unexpected argument '$1' (down NAME [--force])" ;;
    esac
    if [ -r "$P_OWNFILE" ] && [ "$(owner_field root)" != "$HREL_ROOT" ]; then
        if [ $force = 0 ] || owner_running; then
            owner_guard down
        fi
        echo "platform $P_NAME: taking down the platform of $(owner_field root) (run $(owner_field run); its command is no longer running)" >&2
    fi
    [ -d "$P_STATE" ] || [ -n "$(leftover_ns)" ] || { rm -f "$P_OWNFILE"; echo "platform $P_NAME: nothing to tear down"; return 0; }
    teardown || die "could not remove every namespace of '$P_NAME': $(leftover_ns | tr '\n' ' ')"
    echo "platform $P_NAME down${WIRE_STATS:+; $WIRE_STATS}"
}

cmd_probe() {
    local k=1 s=2 was_up=0 rc
    while [ $# -gt 0 ]; do
        case "$1" in
            --pairs)   [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "probe: --pairs needs a positive number"; k=$2; shift 2 ;;
            --seconds) [[ "${2:-}" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "probe: --seconds needs a number"; s=$2; shift 2 ;;
            *) die "probe: unknown option '$1'" ;;
        esac
    done
    owner_guard probe
    load
    if [ -n "$(leftover_ns)" ]; then
        was_up=1
    else
        trap 'trap "" INT TERM HUP; own_teardown >/dev/null 2>&1' EXIT
        trap 'exit 130' INT; trap 'exit 143' TERM
        setup
    fi
    probe_pairs "$k" "$s"; rc=$?
    [ $was_up = 0 ] && { teardown >/dev/null 2>&1; trap - EXIT; }
    return $rc
}

cmd_exec() {
    local h=${1:-}
    [ -n "$h" ] && shift || die "exec: expected HOST -- CMD"
    [ "${1:-}" = "--" ] && shift
    [ $# -gt 0 ] || die "exec: expected HOST -- CMD"
    owner_guard exec
    [ -d "$P_STATE" ] || die "platform '$P_NAME' is not up"
    [ -r "$P_STATE/ns.$h" ] || die "'$h' is not a host of platform '$P_NAME'"
    export PVM_RSH=$HERE/rsh.sh HREL_PLATFORM_STATE=$P_STATE
    exec "$HERE/hostexec.sh" "$P_STATE" "$h" "$@"
}

# Tear down on any exit of `run`; keep the command's status.
run_cleanup() {
    local rc=$?
    trap - EXIT
    trap '' INT TERM HUP   # a second Ctrl-C must not cut the teardown short
    [ -n "${CMD_PID:-}" ] && kill -TERM "$CMD_PID" 2>/dev/null
    if [ "$P_OWNED" = 1 ]; then
        teardown >/dev/null 2>&1 ||
            echo "hrel platform: teardown of '$P_NAME' left: $(leftover_ns | tr '\n' ' ')" >&2
    fi
    [ -n "${WIRE_STATS:-}" ] && echo "platform $P_NAME: $WIRE_STATS" >&2
    exit $rc
}

cmd_run() {
    local probe=1 rc
    while [ $# -gt 0 ]; do
        case "$1" in
            --no-probe) probe=0; shift ;;
            --) shift; break ;;
            *) die "run: unknown option '$1' (expected: run NAME [--no-probe] -- CMD ...)" ;;
        esac
    done
    [ $# -gt 0 ] || die "run: no command given (run NAME -- CMD ...)"
    owner_guard run
    load
    CMD_PID=""
    trap run_cleanup EXIT
    trap 'exit 130' INT; trap 'exit 143' TERM
    setup
    if [ $probe = 1 ] && [ "$P_NHOSTS" -ge 2 ]; then
        local try
        for try in 1 2 3; do
            probe_pairs 1 2 >"$P_STATE/probe.txt" && break
            # a busy CPU slows a probe and nothing makes it faster than its
            # shaping: a reading somewhat below the rate is probed again (twice
            # at most); one above it, far below it, or a failed probe is final
            [ $try -lt 3 ] && probe_slow "$P_STATE/probe.txt" ||
                die "calibration failed, the network is not what '$P_DESC' says: $(grep -E ' OFF|failed' "$P_STATE/probe.txt" | head -n 1)"
            echo "platform: calibration below the rate ($(grep ' OFF' "$P_STATE/probe.txt" | head -n 1)); probing again" >&2
        done
        cat "$P_STATE/probe.txt" >&2
        export HREL_PLATFORM_PROBE=$PROBE_SUMMARY
    else
        export HREL_PLATFORM_PROBE="none"
    fi
    vm_start
    export HREL_PLATFORM=$P_NAME HREL_HOSTFILE=$P_HF HREL_PLATFORM_DESC=$P_DESC
    # the userspace wire, for the command to ask its counters (kill -USR1; they go
    # into the log: experiments/platform_facts.sh's wire.csv)
    if [ "$P_WIRE" = user ] && [ -s "$P_STATE/wire.pid" ]; then
        export HREL_WIRE_PID=$(cat "$P_STATE/wire.pid") HREL_WIRE_LOG=$P_STATE/wire.log
    fi
    export PATH=$HREL_ROOT/bin/$PVM_ARCH:$PATH
    echo "platform $P_NAME: virtual machine on ${P_HOSTS[*]}; running: $*" >&2
    hexec "${P_HOSTS[0]}" "$@" <&0 &   # keep stdin (an async command would get /dev/null)
    CMD_PID=$!
    wait "$CMD_PID"; rc=$?
    CMD_PID=""
    exit $rc
}

case "${1:-}" in
    -h|--help|help) usage; exit 0 ;;
    up|down|run|probe|exec|check) ;;
    "") die "expected a command: up, run, down, probe, exec, check (--help)" ;;
    *) die "unknown command '$1' (up, run, down, probe, exec, check; --help)" ;;
esac
sub=$1; shift
[ $# -gt 0 ] || die "$sub: expected a platform NAME"
[ "$1" = --help ] && { usage; exit 0; }
resolve "$1"; shift
if [ "$sub" != check ] && [ "$sub" != exec ] && [ "$(id -u)" -ne 0 ]; then
    die "$sub needs root (network namespaces)"
fi
case "$sub" in
    up)    [ $# -eq 0 ] || die "up: unexpected argument '$1'"; cmd_up ;;
    down)  [ $# -le 1 ] || die "down: unexpected argument '$2'"; cmd_down "$@" ;;
    run)   cmd_run "$@" ;;
    probe) cmd_probe "$@" ;;
    exec)  cmd_exec "$@" ;;
    check) [ $# -eq 0 ] || die "check: unexpected argument '$1'"; load
           echo "platform $P_NAME: ${P_HOSTS[*]} ($P_MEDIUM $P_RATE, delay $P_DELAY, wire $P_WIRE$([ "$P_DUPLEX" = half ] && echo ", duplex half")${P_CPU:+, cpu $P_CPU})" ;;
esac
