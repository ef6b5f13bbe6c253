#!/bin/bash
# trace.sh -- run an unmodified PVM program under hrel's preload tracer.
#
# usage: experiments/trace.sh -o DIR [--run-id ID] [--stdin FILE] [--no-calibration]
#                             -- PROGRAM [ARGS...]
#
#   -o DIR        the trace folder: one task file per traced process
#                 (HOST.PID.tev, lib/io/tevfile.h); created if missing; must
#                 be empty; on a real cluster it must be the same path on every
#                 host (a shared folder, or copy the files into one afterwards)
#   --run-id ID   the run's name in every task file (default HOST-PID-TIME):
#                 hrel trace import refuses files of two runs in one folder
#   --stdin FILE  PROGRAM's standard input (default: this script's)
#   --no-calibration  leave out DIR/calibration.csv (below)
#
# Runs PROGRAM in the virtual machine of the environment (PVM_TMP, PVM_ROOT: the
# pvmd must run already, e.g. inside hostfiles/platform.sh or hrel_vm_start)
# with LD_PRELOAD=bin/$PVM_ARCH/libhrel_trace.so; PVM_EXPORT gains LD_PRELOAD,
# HREL_TRACE_DIR and HREL_TRACE_RUN so every task PROGRAM spawns, on every
# host, and PVM's group server are traced too. A statically linked program (no
# libpvm3.so) cannot be traced this way: use PVM's tracer (predict.sh --tracer
# pvm). PVM's group server, if the run started one, is ended after PROGRAM
# (its last records are written then; on a real cluster where it runs on
# another host, end it yourself, e.g. by halting the virtual machine, before
# the import). After PROGRAM, the CPU calibration of the virtual machine's hosts
# (bin/$PVM_ARCH/hrel_calibrate, untraced, a few seconds per host) goes into
# DIR/calibration.csv: `hrel predict DIR --on RUN` scales the trace's
# computation to another platform's CPUs with it (a failed calibration is said
# in one line; the trace stands; a run that left no task file gets none). Exits with PROGRAM's status. Then:
# hrel trace import DIR, or hrel predict DIR --on RUN.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
die() { echo "trace: $1" >&2; exit 2; }
dir="" rid="" input="" calib=1
while [ $# -gt 0 ]; do
    case "$1" in
        --) shift; break ;;
        -o|--run-id|--stdin)
            [ $# -ge 2 ] || die "$1 needs a value"
            case "$1" in -o) dir=$2 ;; --run-id) rid=$2 ;; --stdin) input=$2 ;; esac
            shift 2 ;;
        --no-calibration) calib=0; shift ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown argument '$1' (PROGRAM goes after --; see --help)" ;;
    esac
done
[ -n "$dir" ] || die "give the trace folder with -o DIR"
[ $# -ge 1 ] || die "no PROGRAM given (usage: trace.sh -o DIR -- PROGRAM [ARGS...])"
lib=$ROOT/bin/$ARCH/libhrel_trace.so
[ -f "$lib" ] || die "$lib is not built: run make first"
[ -z "$input" ] || [ -r "$input" ] || die "cannot read --stdin file '$input'"
mkdir -p "$dir" || die "cannot create '$dir'"
[ -z "$(ls -A "$dir" 2>/dev/null)" ] || die "trace folder '$dir' is not empty"
dir=$(cd "$dir" && pwd)
case "$dir" in *[[:space:]:]*) die "the trace folder '$dir' has a space or ':'" ;; esac
[ -n "$rid" ] || rid="$(hostname)-$$-$(date -u +%Y%m%dT%H%M%S.%N)"
untraced_env=(env -u HREL_TRACE_DIR -u HREL_TRACE_RUN "LD_PRELOAD=${LD_PRELOAD:-}" "PVM_EXPORT=${PVM_EXPORT:-}")
export HREL_TRACE_DIR=$dir HREL_TRACE_RUN=$rid
export LD_PRELOAD="$lib${LD_PRELOAD:+ $LD_PRELOAD}"
export PVM_EXPORT="${PVM_EXPORT:+$PVM_EXPORT:}LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN"
if [ -n "$input" ]; then "$@" <"$input"; else "$@"; fi
rc=$?
# PVM's group server, started by this run's first group call, runs on after the
# program; its last records are written when it ends: end the run's own (a
# process on this machine whose environment names this run)
. "$ROOT/hostfiles/vm.sh"
hrel_vm_end_group_servers "HREL_TRACE_RUN=$rid"
# the CPUs the trace was recorded on (untraced: the environment before the tracer's)
if [ "$calib" = 1 ] && compgen -G "$dir/*.tev" >/dev/null; then
    # shellcheck disable=SC2086
    "${untraced_env[@]}" "$ROOT/bin/$ARCH/hrel_calibrate" \
        ${HREL_CALIBRATE_ARGS:-} -o "$dir/calibration.csv" 2>"$dir/calibration.err" </dev/null ||
        echo "trace: no CPU calibration ($(tail -n 1 "$dir/calibration.err")); hrel predict will take the trace's computation as recorded" >&2
    [ -s "$dir/calibration.err" ] || rm -f "$dir/calibration.err"
fi
exit "$rc"
