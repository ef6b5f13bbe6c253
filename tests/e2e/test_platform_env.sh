#!/bin/bash
# End-to-end tests of experiments/platform_env.sh through experiments/study.sh:
# a user's own hostfile (a copy of hostfiles/local elsewhere, under another
# name) drives the study and raw.csv names it; --attach uses a virtual machine
# started the pvm-console way and leaves it running; bad platform names and a
# directory given as a hostfile are refused with one line before anything is
# created. Ends with "N passed, N failed".
. "$(dirname "$0")/common.sh"
S=$ROOT/experiments/study.sh
bench=(-- -P PP -p 2 -s 6720 -r 2 -w 0)

# --- hrel_script_args: the option loop the scripts share (no virtual machine) ----
args_of() {    # run hrel_script_args in a subshell from $T, print what it set
    (cd "$T" && HREL_CALLER_PWD=$T HREL_PLAT_PROG=t.sh && . "$ROOT/experiments/platform_env.sh" &&
     x="" q=0 && hrel_script_args "--x=x --q=q:1" "$@" &&
     printf '%s|%s|%s|%s|%s\n' "$HREL_OUT" "$x" "$q" "${HREL_REST[*]}" "$HREL_PLAT_NAME")
}
check "script args: values, flag, --out relative to the caller, rest after --" \
    test "$(args_of --x 'a b' --q -o out -- -P PP 2>&1)" = "$T/out|a b|1|-P PP|local"
check "script args: --opt=value forms" \
    test "$(args_of --out=/o --x=7 2>&1)" = "/o|7|0||local"
check "script args: unknown option refused in one line" \
    test "$(args_of --y 1 2>&1)" = "t.sh: unknown argument '--y' (see --help)"
check "script args: missing value refused" test "$(args_of --x 2>&1)" = "t.sh: --x needs a value"
check "script args: a flag takes no value" test "$(args_of --q=1 2>&1)" = "t.sh: --q takes no value"
check "script args: an operand is refused" \
    test "$(args_of stray 2>&1)" = "t.sh: unknown argument 'stray' (see --help)"

# --- a user's hostfile ------------------------------------------------------------
mkdir -p "$T/my files"
cp "$ROOT/hostfiles/local" "$T/my files/mycluster.hosts"
"$S" --hostfile "$T/my files/mycluster.hosts" --no-report -o "$T/run1" "${bench[@]}" >"$T/r1.out" 2>"$T/r1.err"
check "study --hostfile FILE exits 0 ($(tail -n 1 "$T/r1.err"))" test $? -eq 0
check "raw.csv names the user's hostfile" grep -qF "# hostfile: $T/my files/mycluster.hosts" "$T/run1/raw.csv"
check "platform named after the hostfile" grep -qx "# platform: mycluster" "$T/run1/raw.csv"
check "rows measured" test "$(grep -c '^PP,2,' "$T/run1/raw.csv")" -eq 2
check "the private copy with ep= is kept in the run" grep -q 'ep=.*bin/\$PVM_ARCH' "$T/run1/platform/hostfile"
check "no pvmd of ours left" test -z "$(our_pvmds)"

# --- --attach: a virtual machine started the pvm-console way ---------------------
att=$(attach_vm_start)
PVM_TMP=$att "$S" --attach --no-report -o "$T/run2" "${bench[@]}" >"$T/r2.out" 2>"$T/r2.err"
check "study --attach exits 0 ($(tail -n 1 "$T/r2.err"))" test $? -eq 0
check "--attach: rows measured" test "$(grep -c '^PP,2,' "$T/run2/raw.csv" 2>/dev/null)" -eq 2
check "--attach: metadata says attached" grep -qx "# hostfile: attached" "$T/run2/raw.csv"
check "--attach: the user's virtual machine is still running" \
    env PVM_TMP="$att" timeout 10 "$BIN/hrel_vmhosts"
attach_vm_stop "$att"
"$S" --attach --no-report -o "$T/run3" "${bench[@]}" >/dev/null 2>"$T/r3.err" </dev/null &
pid=$!; wait $pid; rc=$?
check "--attach with no virtual machine: non-zero exit" test $rc -ne 0
check "--attach with no virtual machine: one line" test "$(grep -c . "$T/r3.err")" -eq 1

# --- refusals before anything is created ----------------------------------------
before=$(ls "$HREL_RESULTS" 2>/dev/null | wc -l)
"$S" --platform ../../x --no-report >/dev/null 2>"$T/r4.err"; rc=$?
check "--platform ../../x: exit 2" test $rc -eq 2
check "--platform ../../x: one line naming it" eval "[ \$(wc -l <'$T/r4.err') -eq 1 ] && grep -qF \"bad platform name '../../x'\" '$T/r4.err'"
check "--platform ../../x: no directory created" test ! -e "$ROOT/../x" -a "$(ls "$HREL_RESULTS" 2>/dev/null | wc -l)" -eq "$before"
"$S" --hostfile "$T" --no-report >/dev/null 2>"$T/r5.err"; rc=$?
check "a directory as hostfile: exit 2, one line" eval "[ $rc -eq 2 ] && [ \$(wc -l <'$T/r5.err') -eq 1 ] && grep -q 'is a directory' '$T/r5.err'"
"$S" --platform no-such-platform --no-report >/dev/null 2>"$T/r6.err"; rc=$?
check "unknown platform: exit 2, one line" eval "[ $rc -eq 2 ] && [ \$(wc -l <'$T/r6.err') -eq 1 ] && grep -q \"unknown platform 'no-such-platform'\" '$T/r6.err'"
"$S" --hostfile "$T/none" --no-report >/dev/null 2>"$T/r7.err"; rc=$?
check "missing hostfile: exit 2" test $rc -eq 2
finish
