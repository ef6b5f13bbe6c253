# vm.sh -- start and stop a private PVM virtual machine (sourced by scripts and tests).
#
#   . hostfiles/vm.sh
#   hrel_vm_start HOSTFILE     # exports PVM_ROOT, PVM_ARCH, PVM_TMP, HREL_ROOT,
#                              # starts pvmd from HOSTFILE, waits until it answers
#   ...                        # run PVM programs
#   hrel_vm_stop               # halts the pvmd, removes its private PVM_TMP
#
# The daemon's files (pvmd.<uid>, pvml.<uid>) live in a private PVM_TMP under
# .pvm/ in the project, never in /tmp, so a user's own pvmd is left alone and
# nothing of ours stays in /tmp. hrel_vm_stop is safe to call twice; callers
# install it as an EXIT/INT/TERM trap so it also runs on failure and Ctrl-C.
#
# A run killed with SIGKILL runs no trap. So each PVM_TMP holds an `owner` file
# (the owning shell's pid and its kernel start time, the pvmd's pid, HREL_ROOT), and
# hrel_vm_start first reaps the runs of this checkout whose owner is provably gone
# (no process with that pid and start time): every process whose environment names
# that PVM_TMP (its pvmd, master, workers) is killed and the folder removed. Folders
# without an owner file, of a live owner, or of another checkout are left alone.

: "${HREL_ROOT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
export HREL_ROOT
export PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
export PVM_ARCH=${PVM_ARCH:-$("$PVM_ROOT/lib/pvmgetarch" 2>/dev/null || echo LINUX64)}
[ "$(id -u)" -eq 0 ] && export PVM_ALLOW_ROOT=yes
HREL_VM_PID=""

# The kernel start time of process PID (field 22 of /proc/PID/stat), or nothing.
hrel_vm_starttime() {
    local st
    st=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    st=${st##*) }                       # the fields after "(comm) "
    set -- $st
    echo "${20}"
}

# PVM's group servers (pvmgs) on this machine whose environment holds the line
# VAR=VALUE (e.g. HREL_ROOT=..., PVM_TMP=..., HREL_TRACE_RUN=...): their pids.
hrel_vm_group_servers() {
    local p
    for p in $(pgrep -x pvmgs 2>/dev/null); do
        grep -qxF "$1" <<<"$(tr '\0' '\n' 2>/dev/null <"/proc/$p/environ")" && echo "$p"
    done
    return 0
}

# End those group servers (SIGTERM: a traced one writes its last records) and
# wait up to a second for each to go. A group server outlives the program that
# started it; the next group call starts a new one.
hrel_vm_end_group_servers() {
    local p
    for p in $(hrel_vm_group_servers "$1"); do
        kill "$p" 2>/dev/null
        for _ in $(seq 1 20); do kill -0 "$p" 2>/dev/null || break; sleep 0.05; done
    done
    return 0
}

# Kill every process whose environment holds PVM_TMP=DIR.
hrel_vm_kill_env() {
    local dir=$1 e pid
    for e in /proc/[0-9]*/environ; do
        pid=${e#/proc/}; pid=${pid%/environ}
        [ "$pid" = "$$" ] && continue
        tr '\0' '\n' 2>/dev/null <"$e" | grep -qxF "PVM_TMP=$dir" && kill -9 "$pid" 2>/dev/null
    done
    return 0   # (not the last process's test: a caller under set -e goes on)
}

# Reap the virtual machines of this checkout whose owner died without stopping them.
hrel_vm_reap() {
    local d opid ostart vpid
    for d in "$HREL_ROOT"/.pvm/vm.*; do
        [ -f "$d/owner" ] || continue
        read -r opid ostart vpid _ <"$d/owner" 2>/dev/null || continue
        case "$opid$ostart" in *[!0-9]*|'') continue ;; esac
        [ "$(hrel_vm_starttime "$opid")" = "$ostart" ] && continue   # owner alive
        hrel_vm_kill_env "$d"
        rm -rf "$d"
        echo "hrel: ended a dead run's virtual machine (${d#"$HREL_ROOT"/}: owner pid $opid gone, pvmd pid $vpid)" >&2
    done
}

# Start pvmd from HOSTFILE. Return non-zero with one line on stderr on failure.
hrel_vm_start() {
    local hf=$1 i
    if [ ! -r "$hf" ]; then
        echo "hrel: cannot read hostfile '$hf'" >&2; return 1
    fi
    mkdir -p "$HREL_ROOT/.pvm"
    hrel_vm_reap
    PVM_TMP=$(mktemp -d "$HREL_ROOT/.pvm/vm.XXXXXX") || return 1
    export PVM_TMP
    pvmd "$hf" >"$PVM_TMP/pvmd.out" 2>&1 </dev/null &
    HREL_VM_PID=$!
    disown "$HREL_VM_PID" 2>/dev/null   # no "Terminated" notice when halt ends it
    echo "$$ $(hrel_vm_starttime $$) $HREL_VM_PID $HREL_ROOT" >"$PVM_TMP/owner"
    for i in $(seq 1 300); do
        if [ -e "$PVM_TMP/pvmd.$(id -u)" ] && hrel_vm_hostlist >/dev/null 2>&1; then
            hrel_vm_check "$hf" || { hrel_vm_stop; return 1; }
            return 0
        fi
        if ! kill -0 "$HREL_VM_PID" 2>/dev/null; then
            echo "hrel: pvmd did not start from hostfile '$hf': $(grep -v '^$' "$PVM_TMP/pvmd.out" "$PVM_TMP"/pvml.* 2>/dev/null | tail -n 1)" >&2
            hrel_vm_stop; return 1
        fi
        sleep 0.1
    done
    echo "hrel: pvmd did not answer within 30 s (hostfile '$hf')" >&2
    hrel_vm_stop; return 1
}

# Print the hosts of our virtual machine, one per line; fail if our pvmd is not
# alive. Uses bin/$PVM_ARCH/hrel_vmhosts, which (unlike the pvm console) never
# starts a pvmd of its own; the console is the fallback before the build.
hrel_vm_hostlist() {
    [ -n "$HREL_VM_PID" ] && kill -0 "$HREL_VM_PID" 2>/dev/null || return 1
    if [ -x "$HREL_ROOT/bin/$PVM_ARCH/hrel_vmhosts" ]; then
        timeout 10 "$HREL_ROOT/bin/$PVM_ARCH/hrel_vmhosts" 2>/dev/null
    else
        echo conf | timeout 5 pvm 2>/dev/null | awk 'f && NF>=2 {print $1} /HOST/ {f=1}'
    fi
}

# Check the running virtual machine against HOSTFILE: pvmd found no errors in
# it, and every host it lists (not those marked '&', added later) has joined.
hrel_vm_check() {
    local hf=$1 bad want have h
    bad=$(grep -E 'readhostfile\(\)|parsehost\(\)' "$PVM_TMP/pvmd.out" "$PVM_TMP"/pvml.* 2>/dev/null \
          | grep -v 'errors in hostfile' | head -n 1 | sed -E 's/^[^]]*\] [0-9/]+ [0-9:]+ //')
    if [ -n "$bad" ]; then
        echo "hrel: bad hostfile '$hf': $bad" >&2; return 1
    fi
    want=$(grep -vE '^[[:space:]]*(#|\*|&|$)' "$hf" | awk '{print $1}')
    for h in $want; do
        for _ in $(seq 1 100); do
            have=$(hrel_vm_hostlist 2>/dev/null)
            echo "$have" | grep -qx "$h" && break
            sleep 0.3
        done
        if ! echo "$have" | grep -qx "$h"; then
            echo "hrel: host '$h' of hostfile '$hf' did not join the virtual machine (unreachable, or no pvmd there)" >&2
            return 1
        fi
    done
    return 0
}

# Halt the pvmd started by hrel_vm_start and remove its PVM_TMP.
hrel_vm_stop() {
    if [ -n "${PVM_TMP:-}" ] && [ -d "$PVM_TMP" ]; then
        if [ -n "$HREL_VM_PID" ] && kill -0 "$HREL_VM_PID" 2>/dev/null; then
            # halt kills the console too (its status 143 must not end a caller under set -e)
            (echo halt | timeout 10 pvm) >/dev/null 2>&1 || true
            for _ in $(seq 1 50); do kill -0 "$HREL_VM_PID" 2>/dev/null || break; sleep 0.1; done
            if kill -0 "$HREL_VM_PID" 2>/dev/null; then
                kill -9 "$HREL_VM_PID" 2>/dev/null
                sleep 0.2
            fi
        fi
        # a pvmd that the console may have started in our PVM_TMP (it starts one
        # when none answers): any pvmd whose environment names this PVM_TMP
        local pid
        for pid in $(pgrep -x pvmd 2>/dev/null) $(pgrep -f '/pvm3/lib/pvmd' 2>/dev/null); do
            tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qx "PVM_TMP=$PVM_TMP" &&
                kill -9 "$pid" 2>/dev/null
        done
        rm -rf "$PVM_TMP"
    fi
    HREL_VM_PID=""
    unset PVM_TMP
}
