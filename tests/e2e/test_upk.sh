#!/bin/bash
# End-to-end test of the bounded string unpack (pvmsrc/common/upk, issue 14
# item 3): on a private pvmd, hrel_upk_check sends itself strings longer than
# the receiving buffer; they must be refused, never written past the buffer.
. "$(dirname "$0")/common.sh"
cd "$ROOT" || exit 1
# (the preload tracer wraps pvm_upkstr for the program it traces, unpacking nothing itself)
check "no pvm_upkstr left in pvmsrc (bounded helper only)" \
    bash -c "! grep -rn 'pvm_upkstr' pvmsrc --include='*.c' | grep -v -e 'pvmsrc/common/upk' -e 'pvmsrc/preload/'"
if ! hrel_vm_start hostfiles/local; then
    check "pvmd starts" false; finish
fi
timeout 60 "$BIN/hrel_upk_check" >"$T/out" 2>&1; rc=$?
check "strings longer than the buffer refused, fitting ones intact" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || cat "$T/out"
finish
