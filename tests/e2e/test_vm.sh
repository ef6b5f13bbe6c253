#!/bin/bash
# End-to-end test of hostfiles/vm.sh's reaping (issue 14 item 8): a run killed with
# SIGKILL leaves its pvmd, master and PVM_TMP; the next hrel_vm_start of this
# checkout ends them (owner provably gone), and leaves alone a live run of this
# checkout and a pvmd that is not ours. Prints "N passed, N failed".
. "$(dirname "$0")/common.sh"

alive() { kill -0 "$1" 2>/dev/null; }
# gone: no such process, or a zombie (killed; its parent died, so nobody reaps it)
gone() { [ ! -e "/proc/$1" ] || grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

# 1. a live run of this checkout (its owner shell still running)
bash -c '. "$HREL_ROOT/hostfiles/vm.sh"
         hrel_vm_start "$HREL_ROOT/hostfiles/local" || exit 1
         trap hrel_vm_stop EXIT
         echo "$PVM_TMP $HREL_VM_PID" >"'"$T"'/live"
         sleep 60' >/dev/null 2>&1 &
lsh=$!
for _ in $(seq 1 100); do [ -s "$T/live" ] && break; sleep 0.1; done
read -r ltmp lpvmd <"$T/live"

# 2. a run that is killed with SIGKILL: its pvmd and a "master" (a process with its
#    PVM_TMP in the environment) stay behind with the folder
bash -c '. "$HREL_ROOT/hostfiles/vm.sh"
         hrel_vm_start "$HREL_ROOT/hostfiles/local" || exit 1
         sleep 300 &
         echo "$PVM_TMP $HREL_VM_PID $!" >"'"$T"'/dead"
         kill -9 $$' >/dev/null 2>&1
read -r dtmp dpvmd dmaster <"$T/dead"
check "killed run left its pvmd (setup)" alive "$dpvmd"
check "killed run left its master (setup)" alive "$dmaster"
check "killed run left its PVM_TMP with an owner file (setup)" test -f "$dtmp/owner"

# 3. a pvmd that is not ours (another PVM_TMP, outside this checkout's .pvm/)
mkdir -p "$T/foreign"
PVM_TMP=$T/foreign pvmd "$ROOT/hostfiles/local" >/dev/null 2>&1 </dev/null &
fpvmd=$!
for _ in $(seq 1 100); do [ -e "$T/foreign/pvmd.$(id -u)" ] && break; sleep 0.1; done

# the next start reaps only the dead run
hrel_vm_start "$ROOT/hostfiles/local" 2>"$T/start.err"
check "next start succeeds" test -n "${PVM_TMP:-}"
check "it says it ended the dead run" grep -q "ended a dead run's virtual machine" "$T/start.err"
check "dead run's pvmd ended" gone "$dpvmd"
check "dead run's master ended" gone "$dmaster"
check "dead run's PVM_TMP removed" test ! -e "$dtmp"
check "live run's pvmd untouched" alive "$lpvmd"
check "live run's PVM_TMP kept" test -d "$ltmp"
check "foreign pvmd untouched" alive "$fpvmd"
hrel_vm_stop

# a folder without an owner file (e.g. from an older hrel) is not touched
mkdir -p "$ROOT/.pvm/vm.noowner$$"
hrel_vm_start "$ROOT/hostfiles/local" 2>/dev/null
check "a folder with no owner file is left alone" test -d "$ROOT/.pvm/vm.noowner$$"
hrel_vm_stop
rmdir "$ROOT/.pvm/vm.noowner$$"

kill "$lsh" 2>/dev/null; wait "$lsh" 2>/dev/null
for _ in $(seq 1 50); do alive "$lpvmd" || break; sleep 0.1; done
kill -9 "$lpvmd" "$fpvmd" 2>/dev/null
rm -rf "$ltmp"
check "nothing of this test left running" test -z "$(our_pvmds)"
finish
