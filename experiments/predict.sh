#!/bin/bash
# predict.sh -- predict an unmodified PVM program's run time on a platform from
# its trace, run it there, and compare.
#
# usage: experiments/predict.sh [--platform NAME | --hostfile FILE | --attach] [--fit FIT.csv]
#                               [--trace TRACE] [--runs N] [--run DIR]
#                               [--timeout DURATION] [--cpu-ratio X] [--route daemon|direct]
#                               [--tags LIST] [--marker TAG] [--rule switch|marker]
#                               [--fresh-vm | --same-vm] [--lifecycle-now | --lifecycle-stored]
#                               [--tracer preload|pvm] [--stdin FILE] [--spread FILE]
#                               -- PROGRAM [ARGS...]
#
#   --platform NAME  local (default) or an emulated platform of hostfiles/
#                    (NAME.platform + NAME); a copy with PROGRAM's folder added
#                    to ep= is brought up under the same name
#   --hostfile FILE  start the virtual machine from FILE (local hosts) instead
#                    (a copy with PROGRAM's folder first in ep=)
#   --attach         run on the virtual machine you already run (left running;
#                    PROGRAM's folder must be in its ep=, or give a path PVM finds)
#                    (platform options: experiments/platform_env.sh)
#   --fit FIT.csv    g and L (hrel fit --csv rows); default: the newest run of
#                    this platform in results/, else its quick study is run first
#   --trace TRACE    predict from this trace (recorded elsewhere, e.g. on local)
#                    instead of this platform's own traced run: the kinds
#                    hrel predict takes: a preload trace folder (*.tev), a runK
#                    folder of an earlier predict.sh run, a msgs.csv, or a file
#                    of PVM's tracer; its calibration.csv comes with it
#   --tracer T       preload (default): hrel's preload tracer (libhrel_trace.so,
#                    experiments/trace.sh), which sees the whole PVM API, group
#                    functions and the process's start and end included, and
#                    leaves the pvmds alone; pvm: PVM's own tracer (used, with a
#                    line saying so, when PROGRAM does not load libpvm3.so)
#   --stdin FILE     PROGRAM's standard input in every run (- : this script's
#                    own, read once); default none (/dev/null)
#   --spread FILE    the platform's measured spread of run times around the
#                    models (experiments/spread.sh): a model with a row there
#                    gets its 80 % interval from it (hrel predict --spread)
#   --all-models     also the internal variants of the replay (replay_nomedium,
#                    replay_nosetup, replay_pvmd_fresh) in the tables
#   --runs N         traced runs (default 3), each after an untraced run (the
#                    untraced runs measure the tracing overhead)
#   --run DIR        output folder (default results/predict-<platform>-<time>)
#   --timeout D      longest run of PROGRAM (default 300s; 90, 2m, 500ms)
#   --cpu-ratio X    computation of the trace takes X times as long here
#                    (default: from the CPU calibrations of the trace and of
#                    this platform, hrel predict; 1 for a trace without one)
#   --tags LIST, --marker TAG, --rule switch|marker
#                    M-step inference helpers for irregular programs, passed to
#                    hrel trace import (docs/predict.md)
#   --route R        the route PROGRAM's messages take: daemon (what a program
#                    gets unless it calls pvm_setopt(PvmRoute, PvmRouteDirect))
#                    or direct; picks the characterisation measured with that
#                    route. Default: the runs start as on the daemon route, then
#                    the prediction takes the route the program asked for (the
#                    preload tracer records pvm_setopt(PvmRoute, ...): msgs.csv
#                    '# route:'), with that route's characterisation and its
#                    route set-up measured again
#   --fresh-vm       start a new virtual machine for every run (untraced and
#                    traced): on the daemon route a run's time depends on what
#                    the pvmds learnt in earlier runs (docs/predict.md); the
#                    default with --route daemon (not with --attach); there,
#                    on a platform of one host, the daemon route's 8-byte
#                    round trips are measured again in each run's virtual
#                    machine after the run (setup_untracedK.csv, setup_runK.csv),
#                    and setup.csv gets their rows: the replay's L is half the
#                    median over every virtual machine's pairs (where the
#                    scheduler puts the pvmd and the tasks is a draw per
#                    virtual machine; docs/predict.md)
#   --same-vm        every run in one virtual machine (the default with
#                    --route direct)
#   --lifecycle-now  (the default) measure the platform's task lifecycle
#                    (hrel_lifecycle, 10 repetitions, each copy after 0.1 s idle: about 6 s on local;
#                    lifecycle.csv) in the runs' first virtual machine, as
#                    setup.csv is: on this machine its costs drift by a quarter
#                    over hours, and a program of a few milliseconds is mostly
#                    lifecycle (docs/predict.md). Where the measurement fails,
#                    a warning and the characterisation's lifecycle
#   --lifecycle-stored  charge the characterisation's lifecycle.csv instead
#                    (as hrel predict --on does for a platform not run on)
# Writes DIR/predict.csv (model,predicted_s,measured_s,err_pct,lo_s,hi_s; measured_s the
# median of the traced runs; predict_untraced.csv: against the untraced
# runs), DIR/steps.csv (per step), DIR/predict.png, the
# runs' traces (runK/tev/ or runK/trace.trc, msgs.csv, trace.csv; with the preload
# tracer runK/calls.csv: hrel trace calls), on an emulated platform
# DIR/net.csv (per run: UDP datagrams, datagrams over one frame = pvmd packets
# with their re-sent copies, TCP retransmits) and per run LABEL.pvmd_rtt (the
# pvmd's retransmission estimates as the run started, hrel_pvmdrtt); there with
# --route daemon also the models replay_pvmd (the daemon route packet by packet
# from the traced runs' estimates: compare with the traced runs) and
# replay_pvmd_fresh (from the untraced runs'), and replay_pvmd_shared (every
# host's ranks and pvmds on the machine's cores). Last line: predict: DIR.
# See docs/predict.md.
set -u -o pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export HREL_ROOT=$ROOT
die() { echo "predict: $*" >&2; exit "${2:-1}"; }
die2() { echo "predict: $1" >&2; exit 2; }

# --- inner mode: runs inside the virtual machine (on the platform's first host)
if [ "${1:-}" = "--inner" ]; then
    dir=$2 runs=$3 tmo=$4; shift 4
    prog=$1; shift
    # the clock around a run: hrel_timed forks and execs PROGRAM and times
    # fork to waitpid, with its time limit inside (no shell and no timeout(1)
    # process of their own in the timed interval: an exec costs about 1.3 ms
    # here; docs/predict.md "The clock around a run")
    TIMED=$HREL_ROOT/bin/$PVM_ARCH/hrel_timed
    # on an emulated platform: what the run put on the network, summed over its
    # hosts' namespaces (/proc/net/snmp): UDP datagrams sent, datagrams larger
    # than a frame (pvmd's 4 KB packets, re-sent copies included) and TCP
    # segments retransmitted (direct routes)
    netcount() {
        [ -n "${HREL_PLATFORM_STATE:-}" ] || return 0
        local f u=0 b=0 r=0 x y z
        for f in "$HREL_PLATFORM_STATE"/ns.*; do
            [ "$f" = "$HREL_PLATFORM_STATE/ns.sw" ] && continue
            read -r x y z < <(ip netns exec "$(cat "$f")" awk '
                $1 ~ /:$/ && $2 !~ /^[0-9-]+$/ { for (i = 2; i <= NF; i++) h[$1, i] = $i; next }
                { for (i = 2; i <= NF; i++) v[$1 h[$1, i]] = $i }
                END { print v["Udp:OutDatagrams"] + 0, v["Ip:FragOKs"] + 0, v["Tcp:RetransSegs"] + 0 }' /proc/net/snmp 2>/dev/null) || continue
            u=$((u + x)) b=$((b + y)) r=$((r + z))
        done
        echo "$u $b $r"
    }
    run_once() {   # run_once LABEL: runs PROGRAM, prints its wall time
        local rc n0 n1
        n0=$(netcount)
        # the local pvmd's retransmission estimates as this run starts (after the
        # tracer registered, for a traced run); nothing on one host
        "$HREL_ROOT/bin/$PVM_ARCH/hrel_pvmdrtt" >"$dir/$label.pvmd_rtt" 2>/dev/null || rm -f "$dir/$label.pvmd_rtt"
        rm -f "$dir/$label.wall"
        if [ "$tracer" = preload ] && [ "${label#run}" != "$label" ]; then
            # what experiments/trace.sh sets up, without a shell between the clock and PROGRAM
            LD_PRELOAD="$HREL_ROOT/bin/$PVM_ARCH/libhrel_trace.so${LD_PRELOAD:+ $LD_PRELOAD}" \
            HREL_TRACE_DIR=$dir/$label/tev HREL_TRACE_RUN=$label-${dir##*/}-$$ \
            PVM_EXPORT="${PVM_EXPORT:+$PVM_EXPORT:}LD_PRELOAD:HREL_TRACE_DIR:HREL_TRACE_RUN" \
                "$TIMED" -o "$dir/$label.wall" -t "$tmo" -k 5 -- "$prog" "$@" >"$dir/$label.out" 2>&1 <"$input"
        else
            PVMTRCBUF=${HREL_TRACE_BUF:-4000000} "$TIMED" -o "$dir/$label.wall" -t "$tmo" -k 5 -- "$prog" "$@" \
                >"$dir/$label.out" 2>&1 <"$input"
        fi
        rc=$?
        if [ ! -s "$dir/$label.wall" ]; then   # hrel_timed itself failed
            echo "predict: $(basename "$prog") could not be timed ($label): $(tail -n 1 "$dir/$label.out")" >&2
            return 1
        fi
        n1=$(netcount)
        if [ -n "$n0" ] && [ -n "$n1" ]; then
            set -- $n0 $n1
            echo "$label,$(($4 - $1)),$(($5 - $2)),$(($6 - $3))" >>"$dir/net.csv"
        fi
        if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
            echo "predict: $(basename "$prog") did not finish within ${tmo}s ($label); stopped" >&2
            return 1
        elif [ $rc -gt 128 ]; then
            echo "predict: $(basename "$prog") was killed by signal $((rc - 128)) ($label): $(tail -n 1 "$dir/$label.out")" >&2
            return 1
        elif [ $rc -ne 0 ]; then
            # many PVM programs end with exit(1) after a normal run: kept, and said
            # once the trace shows whether it ran (below, after the import)
            echo "$rc" >"$dir/$label.rc"
        fi
        sed -n 's/^wall_s //p' "$dir/$label.wall" >"$dir/$label.time" && rm -f "$dir/$label.wall"
    }
    # route set-up on first contact, on the route and the hosts PROGRAM uses
    # (once: with --fresh-vm in the first run's virtual machine)
    [ -s "$dir/setup.csv" ] ||
    "$HREL_ROOT/bin/$PVM_ARCH/hrel_firstcontact" -p "${HREL_FC_PROCS:-3}" --route "${HREL_FC_ROUTE:-daemon}" \
        >"$dir/setup.csv" 2>"$dir/setup.err" ||
        { echo "predict: measuring the route set-up failed: $(tail -n 1 "$dir/setup.err")" >&2; exit 1; }
    # the task lifecycle now (unless --lifecycle-stored), in the same virtual
    # machine; HREL_LC_NOW=1: asked for (a failure ends the prediction),
    # 2: the default (a failure: a warning, and the characterisation's is charged)
    if [ -n "${HREL_LC_NOW:-}" ] && [ ! -s "$dir/lifecycle.now" ] && [ ! -e "$dir/lifecycle.failed" ]; then
        # (HREL_LIFECYCLE_ARGS: hrel_lifecycle's options, default -r 10 and its own --pause 0.1)
        if "$HREL_ROOT/bin/$PVM_ARCH/hrel_lifecycle" ${HREL_LIFECYCLE_ARGS:--r 10} --platform "${HREL_PLATFORM:-local}" \
                -o "$dir/lifecycle.csv.new" 2>"$dir/lifecycle.err"; then
            mv "$dir/lifecycle.csv.new" "$dir/lifecycle.csv"
            date -u +%FT%TZ >"$dir/lifecycle.now"; rm -f "$dir/lifecycle.err"
        elif [ "$HREL_LC_NOW" = 2 ]; then
            echo "predict: warning: measuring the task lifecycle failed ($(tail -n 1 "$dir/lifecycle.err")):" \
                 "$( [ -s "$dir/lifecycle.csv" ] && echo "the characterisation's is charged" || echo "none is charged")" >&2
            rm -f "$dir/lifecycle.csv.new"; mv "$dir/lifecycle.err" "$dir/lifecycle.failed"
        else
            echo "predict: measuring the task lifecycle failed: $(tail -n 1 "$dir/lifecycle.err")" >&2
            rm -f "$dir/lifecycle.csv.new"; exit 1
        fi
    fi
    # the CPU calibration of the platform's hosts, when the characterisation had none
    [ -s "$dir/calibration.csv" ] ||
    "$HREL_ROOT/bin/$PVM_ARCH/hrel_calibrate" ${HREL_CALIBRATE_ARGS:-} -o "$dir/calibration.csv" 2>"$dir/calibration.err" ||
        { echo "predict: the CPU calibration failed: $(tail -n 1 "$dir/calibration.err")" >&2; rm -f "$dir/calibration.csv"; }
    # RUNS is N (runs 1..N, each untraced then traced), K:untraced / K:run
    # (that one run only: --fresh-vm starts a virtual machine for each) or
    # 0:setup (the route set-up only: --fresh-vm measures it in a virtual
    # machine of its own, because its messages teach the pvmds' timers)
    case "$runs" in *:setup) exit 0 ;; esac
    first=1 kinds="untraced run"
    case "$runs" in *:*) kinds=${runs#*:}; runs=${runs%%:*}; first=$runs ;; esac
    # which virtual machine ran what: its PVM_TMP and its pvmd's socket file
    vm_id() { echo "$PVM_TMP $(stat -c %i.%Y "$PVM_TMP/pvmd.$(id -u)" 2>/dev/null)"; }
    tracer=${HREL_PREDICT_TRACER:-preload} input=${HREL_PREDICT_STDIN:-/dev/null}
    # PVM's group server outlives a run: end it, so every run starts its own (a
    # traced run's is traced); a process of this checkout's virtual machines only
    . "$ROOT/hostfiles/vm.sh"   # hrel_vm_end_group_servers
    end_group_server() { hrel_vm_end_group_servers "HREL_ROOT=$HREL_ROOT"; }
    # one host, daemon route, a virtual machine per run (HREL_FC_MORE=1): the
    # 8-byte round trips again in each run's virtual machine once the run is
    # over, each a draw of where the scheduler puts the pvmd and the tasks
    # (docs/predict.md, "Where the scheduler puts the pvmd"); merged into
    # setup.csv after the runs
    more_pairs() {
        [ "${HREL_FC_MORE:-0}" = 1 ] || return 0
        end_group_server
        "$HREL_ROOT/bin/$PVM_ARCH/hrel_firstcontact" -p "${HREL_FC_PROCS:-3}" --route "${HREL_FC_ROUTE:-daemon}" \
            >"$dir/setup_$label.csv" 2>/dev/null || rm -f "$dir/setup_$label.csv"
    }
    for k in $(seq "$first" "$runs"); do
      for kind in $kinds; do
        echo "$kind$k $(vm_id)" >>"$dir/vms"
        end_group_server
        if [ "$kind" = untraced ]; then label=untraced$k; run_once "$@" || exit 1; more_pairs; continue; fi
        label=run$k
        mkdir -p "$dir/$label"
        if [ "$tracer" = preload ]; then
            mkdir -p "$dir/$label/tev" || exit 1
            run_once "$@" || exit 1
            # the group server, if any, runs on: its last records are written when it ends
            end_group_server
            sleep 0.3
            mv "$dir/$label.time" "$dir/$label/time"; mv "$dir/$label.out" "$dir/$label/out"
            more_pairs
            continue
        fi
        rm -f "$dir/$label.fifo"; mkfifo "$dir/$label.fifo" || exit 1
        tracer -T "$dir/$label/trace.trc" -B "${HREL_TRACE_BUF:-4000000}" full <"$dir/$label.fifo" >"$dir/$label/tracer.out" 2>&1 &
        tpid=$!
        exec 9>"$dir/$label.fifo"
        for _ in $(seq 1 50); do grep -q "Tracer connected" "$dir/$label/tracer.out" 2>/dev/null && break; sleep 0.1; done
        run_once "$@"; rc=$?
        sleep 0.5          # let the last trace events reach the tracer
        echo quit >&9; exec 9>&-
        for _ in $(seq 1 50); do kill -0 "$tpid" 2>/dev/null || break; sleep 0.1; done
        kill "$tpid" 2>/dev/null; wait "$tpid" 2>/dev/null
        rm -f "$dir/$label.fifo"
        [ $rc -eq 0 ] || exit 1
        mv "$dir/$label.time" "$dir/$label/time"; mv "$dir/$label.out" "$dir/$label/out"
      done
    done
    exit 0
fi

fit="" xtrace="" runs=3 run="" tmo=300s ratio=1 ratio_given=0 route="" fresh="" tracer=preload input="" allmodels=0 spread="" lcnow=2
import_args=()
HREL_PLAT_PROG=predict
. "$ROOT/experiments/platform_env.sh"
while [ $# -gt 0 ]; do
    [ "$1" = -- ] && { shift; break; }
    hrel_plat_opt "$@"; n=$?
    [ "$n" -eq 255 ] && exit 2
    [ "$n" -gt 0 ] && { shift "$n"; continue; }
    case "$1" in
        --tags|--marker|--rule)
            [ $# -ge 2 ] || die2 "$1 needs a value"
            case "$1:$2" in
                --tags:[0-9]*) [[ $2 =~ ^[0-9]+(,[0-9]+)*$ ]] || die2 "--tags needs tags like 12,13, not '$2'" ;;
                --marker:*) [[ $2 =~ ^[0-9]+$ ]] || die2 "--marker needs a tag number, not '$2'" ;;
                --rule:switch|--rule:marker) ;;
                --rule:*) die2 "--rule must be switch or marker, not '$2'" ;;
                *) die2 "--tags needs tags like 12,13, not '$2'" ;;
            esac
            import_args+=("$1" "$2"); shift 2 ;;
        --fit|--trace|--runs|--run|--timeout|--cpu-ratio|--route|--tracer|--stdin|--spread)
            [ $# -ge 2 ] || die2 "$1 needs a value"
            case "$1" in
                --fit) fit=$2 ;; --spread) spread=$2 ;;
                --trace) xtrace=$2 ;; --runs) runs=$2 ;; --run) run=$2 ;;
                --timeout) tmo=$2 ;; --cpu-ratio) ratio=$2 ratio_given=1 ;; --route) route=$2 ;;
                --tracer) tracer=$2 ;; --stdin) input=$2 ;;
            esac; shift 2 ;;
        --fit=*|--trace=*|--runs=*|--run=*|--timeout=*|--cpu-ratio=*|--route=*|--tags=*|--marker=*|--rule=*|--tracer=*|--stdin=*|--spread=*)
            set -- "${1%%=*}" "${1#*=}" "${@:2}" ;;
        --fresh-vm) fresh=1; shift ;;
        --same-vm) fresh=0; shift ;;
        --all-models) allmodels=1; shift ;;
        --lifecycle-now) lcnow=1; shift ;;
        --lifecycle-stored) lcnow=0; shift ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die2 "unknown argument '$1' (PROGRAM goes after --; see --help)" ;;
    esac
done
[ $# -ge 1 ] || die2 "no PROGRAM given (usage: predict.sh [options] -- PROGRAM [ARGS...])"
prog=$1; shift
case "$runs" in ''|*[!0-9]*|0) die2 "--runs needs a whole number >= 1, not '$runs'" ;; esac
# no --route: the runs start as on the daemon route, and the prediction takes the
# route the program asks for (its trace says; below)
route_auto=0; [ -n "$route" ] || { route=daemon route_auto=1; }
case "$route" in direct|daemon) ;; *) die2 "--route must be direct or daemon, not '$route'" ;; esac
case "$tracer" in preload|pvm) ;; *) die2 "--tracer must be preload or pvm, not '$tracer'" ;; esac
# on the daemon route every run starts from a fresh virtual machine unless told
[ -n "$fresh" ] || { [ "$route" = daemon ] && fresh=1 || fresh=0; }
[ -z "$input" ] || [ "$input" = - ] || [ -r "$input" ] || die2 "cannot read --stdin file '$input'"
if [ -n "$spread" ]; then
    [ -f "$spread" ] && [ -r "$spread" ] || die2 "cannot read --spread file '$spread' (experiments/spread.sh makes one)"
    spread=$(cd "$(dirname "$spread")" && pwd)/$(basename "$spread")
fi
case "$tmo" in
    *ms) die2 "--timeout: give at least 1s" ;;
    *[0-9]|*[0-9]s|*[0-9]m|*[0-9]h) ;;
    *) die2 "--timeout: '$tmo' is not a duration (90, 90s, 2m)" ;;
esac
tmo_s=${tmo%s}; case "$tmo_s" in *m) tmo_s=$(( ${tmo_s%m} * 60 )) ;; *h) tmo_s=$(( ${tmo_s%h} * 3600 )) ;; esac
case "$tmo_s" in ''|*[!0-9]*) die2 "--timeout: '$tmo' is not a whole duration" ;; esac
# the program: a path, or a name on PATH
case "$prog" in
    */*) ;;
    *) p=$(command -v -- "$prog" 2>/dev/null) && case "$p" in /*) prog=$p ;; esac ;;
esac
[ -e "$prog" ] || die2 "program '$prog' not found"
[ -f "$prog" ] && [ -x "$prog" ] || die2 "program '$prog' is not an executable file"
progdir=$(cd "$(dirname "$prog")" && pwd); prog=$progdir/$(basename "$prog")
case "$progdir" in *[[:space:]:]*) die2 "the folder of '$prog' has a space or ':'; PVM's ep= cannot hold it" ;; esac
[ -z "$fit" ] || [ -r "$fit" ] || die2 "cannot read fit file '$fit'"
[ -z "$xtrace" ] || [ -r "$xtrace" ] || die2 "cannot read trace '$xtrace'"
hrel_plat_resolve || exit 2
platform=$HREL_PLAT_NAME
HREL="$ROOT/bin/$PVM_ARCH/hrel"   # PVM_ARCH: hostfiles/vm.sh, via platform_env.sh
[ -x "$HREL" ] || die "$HREL is not built: run make first"
# the preload tracer sees a program's calls into libpvm3.so; a program built
# with libpvm3.a keeps them inside: PVM's tracer then
# (ldd's output taken whole first: grep -q closing the pipe early would fail it
# under pipefail)
if [ "$tracer" = preload ] && ! { deps=$(ldd "$prog" 2>/dev/null); grep -q 'libpvm3\.so' <<<"$deps"; }; then
    echo "predict: $(basename "$prog") does not load libpvm3.so (statically linked?): traced with PVM's tracer (--tracer pvm)"
    tracer=pvm
fi
[ "$tracer" = preload ] && [ ! -f "$ROOT/bin/$PVM_ARCH/libhrel_trace.so" ] && die "$ROOT/bin/$PVM_ARCH/libhrel_trace.so is not built: run make first"
[ "$tracer" = pvm ] && { command -v tracer >/dev/null || die "PVM's tracer is not installed (Debian package pvm-dev)"; }
[ -n "$run" ] || run="$ROOT/results/predict-$platform-$(date -u +%Y%m%dT%H%M%SZ)"
[ -e "$run" ] && [ -n "$(ls -A "$run" 2>/dev/null)" ] && die2 "run folder '$run' exists and is not empty"
mkdir -p "$run" || die "cannot create '$run'"
run=$(cd "$run" && pwd)
# the program's input, the same for every run
if [ "$input" = - ]; then
    cat >"$run/stdin" || die "cannot read this script's standard input"; input=$run/stdin
elif [ -n "$input" ]; then
    cp "$input" "$run/stdin" || die "cannot copy '$input'"; input=$run/stdin
else
    input=/dev/null
fi
export HREL_PREDICT_TRACER=$tracer HREL_PREDICT_STDIN=$input

# a trace from elsewhere is checked before anything runs
if [ -n "$xtrace" ]; then
    mkdir -p "$run/xtrace"
    if [ -d "$xtrace" ] && [ -s "$xtrace/msgs.csv" ]; then   # a runK folder
        cp "$xtrace/msgs.csv" "$run/xtrace/msgs.csv" || die "cannot copy '$xtrace/msgs.csv'"
        { [ ! -s "$xtrace/trace.csv" ] || cp "$xtrace/trace.csv" "$run/xtrace/trace.csv"; } || die "cannot copy '$xtrace/trace.csv'"
    elif [ -f "$xtrace" ] && [ "${xtrace%.csv}" != "$xtrace" ]; then   # a msgs.csv
        cp "$xtrace" "$run/xtrace/msgs.csv" || die "cannot copy '$xtrace'"
    elif [ -d "$xtrace" ]; then                              # a preload trace folder
        cp -r "$xtrace" "$run/xtrace/tev" || die "cannot copy '$xtrace'"
        "$HREL" trace import "${import_args[@]}" "$run/xtrace/tev" -o "$run/xtrace" >"$run/xtrace/import.txt" || exit 1
    else
        cp "$xtrace" "$run/xtrace/trace.trc" || die "cannot copy '$xtrace'"
        "$HREL" trace import "${import_args[@]}" "$run/xtrace/trace.trc" -o "$run/xtrace" >"$run/xtrace/import.txt" || exit 1
    fi
    # the calibration of the CPUs it was recorded on, where it has one (trace.sh
    # writes it into the trace folder, predict.sh beside each runK's msgs.csv)
    xd=$xtrace; [ -d "$xd" ] || xd=$(dirname "$xtrace")
    for c in "$xd/calibration.csv" "$xd/tev/calibration.csv"; do
        [ -s "$c" ] && { cp "$c" "$run/xtrace/calibration.csv"; break; }
    done
fi

# the hostfile (or platform copy) with PROGRAM's folder first in ep=
hrel_plat_prepare "$run/platform" "$progdir" || die "cannot write the platform copy in '$run/platform'"
medium=none nhosts=1 gwire="" wiremodel=tc
case "$HREL_PLAT_KIND" in
    hostfile) nhosts=$(grep -cvE '^[[:space:]]*(#|\*|&|$)' "$HREL_PLAT_RUNHF"); [ "$nhosts" -ge 1 ] || nhosts=1 ;;
    attach) nhosts=$(timeout 10 "$ROOT/bin/$PVM_ARCH/hrel_vmhosts" 2>/dev/null | wc -l); [ "$nhosts" -ge 1 ] || nhosts=1 ;;
    emulated)
       nhosts=$(grep -cvE '^[[:space:]]*(#|\*|&|$)' "$HREL_PLAT_RUNHF")
       read -r _ pmedium _ < <(grep -E '^medium:' "$HREL_PLAT_DESC")
       case "${pmedium:-}" in shared) medium=bus ;; *) medium=port ;; esac
       # the link rate and wire, for the daemon route packet by packet (pvmdnet)
       read -r _ prate _ < <(grep -E '^rate:' "$HREL_PLAT_DESC")
       read -r _ pwire _ < <(grep -E '^wire:' "$HREL_PLAT_DESC")
       gwire=$(awk -v r="${prate:-}" 'BEGIN { n = r + 0; u = tolower(substr(r, length(n "") + 1))
           m = u == "kbit" ? 1e3 : u == "mbit" ? 1e6 : u == "gbit" ? 1e9 : u == "bit" ? 1 : 0
           if (n > 0 && m > 0) printf "%.6g\n", 8 / (n * m) }')
       case "${pwire:-tc}" in user) wiremodel=user ;; *) wiremodel=tc ;; esac ;;   # user: the wire's own model (its CSMA/CD segment or its switch)
esac

# g and L of route $1: --fit, else the newest run of this platform and route in
# results/, else its quick study run first; with the characterisation's CPU
# calibration, task lifecycle, pvmd state and pvmd CPU where it has them
char_fit() {
    local r=$1 newest="" raw fitdir
    if [ -z "$fit" ]; then
        for raw in $(ls -t "$ROOT"/results/*/raw.csv 2>/dev/null | grep -v '/latest/'); do
            if grep -qx "# platform: $platform" "$raw" && grep -qx "# routing: $r" "$raw"; then
                newest=$raw; break
            fi
        done
        if [ -z "$newest" ]; then
            [ "$HREL_PLAT_KIND" = emulated ] || [ "$platform" = local ] ||
                die "no characterisation of '$platform' (--hostfile or --attach) in results/: give --fit FIT.csv"
            echo "predict: no characterisation of '$platform' with --route $r in results/: running its quick study first"
            rm -rf "$run/study"
            "$ROOT/experiments/study.sh" --platform "$platform" --quick --no-report \
                --run "$run/study" -- --route "$r" >"$run/study.log" 2>&1 ||
                die "the quick study of '$platform' failed (see $run/study.log)"
            newest=$run/study/raw.csv
        fi
        "$HREL" fit "$newest" --csv >"$run/fit.csv" 2>"$run/fit.err" || die "hrel fit $newest failed: $(head -n 1 "$run/fit.err")"
        echo "$newest" >"$run/fit.src"
        echo "predict: g and L from $newest"
    else
        cp "$fit" "$run/fit.csv" || die "cannot copy '$fit'"
        echo "$fit" >"$run/fit.src"
    fi
    # the platform's CPU calibration (hrel predict scales a trace's computation by
    # it): the characterisation's, when the fit came from one that has it;
    # otherwise measured in the runs' virtual machine (below)
    fitdir=$(dirname "$(head -n 1 "$run/fit.src")")
    [ -s "$fitdir/calibration.csv" ] && cp "$fitdir/calibration.csv" "$run/calibration.csv"
    # and its task lifecycle (lifecycle.csv, hrel_lifecycle), where it measured one
    # (not over one measured with the runs, the default): hrel predict then
    # charges enrolment, spawn and exit as the platform costs them
    [ -s "$fitdir/lifecycle.csv" ] && [ ! -e "$run/lifecycle.now" ] && cp "$fitdir/lifecycle.csv" "$run/lifecycle.csv"
    # and the virtual machine state its g and L were measured in (pvmd_state.csv)
    [ -s "$fitdir/pvmd_state.csv" ] && cp "$fitdir/pvmd_state.csv" "$run/pvmd_state.csv"
    # and the pvmds' CPU per message and per datagram it measured (replay_pvmd's)
    [ -s "$fitdir/pvmd_cpu.csv" ] && cp "$fitdir/pvmd_cpu.csv" "$run/pvmd_cpu.csv"
    # and how long a pvmd's packet waits behind a direct-route stream (streamq.csv:
    # crossing first messages)
    [ -s "$fitdir/streamq.csv" ] && cp "$fitdir/streamq.csv" "$run/streamq.csv"
    # and, on the userspace wire, how late that wire handed frames over (wire.csv)
    [ -s "$fitdir/wire.csv" ] && cp "$fitdir/wire.csv" "$run/wire.csv"
    # and what each size took, summarised as the fit did (sizes.csv, written by
    # hrel fit beside raw.csv or fit.csv): hrel predict prices a point-to-point
    # message at its size's time
    [ -s "$fitdir/sizes.csv" ] && cp "$fitdir/sizes.csv" "$run/sizes.csv"
    return 0
}
char_fit "$route"
"$HREL" model replay --help >/dev/null   # built with replay

# the runs (hrel_firstcontact first: one worker per host, 3 to 8)
export HREL_FC_ROUTE=$route HREL_FC_PROCS=$(( nhosts < 3 ? 3 : (nhosts > 8 ? 8 : nhosts) ))
if [ "$lcnow" != 0 ]; then export HREL_LC_NOW=$lcnow HREL_PLATFORM=$platform; rm -f "$run/lifecycle.now" "$run/lifecycle.failed"; fi
if [ "$fresh" = 1 ] && [ "$HREL_PLAT_KIND" != attach ]; then
    # every run, untraced or traced, in a virtual machine of its own: the
    # pvmds' retransmission timers learn from each run (docs/predict.md); on
    # one host the 8-byte round trips measured again in each (more_pairs)
    rm -f "$run"/setup_untraced*.csv "$run"/setup_run*.csv
    [ "$nhosts" = 1 ] && [ "$route" = daemon ] && export HREL_FC_MORE=1
    HREL_PLAT_NO_PROBE=1 hrel_plat_run "$ROOT/experiments/predict.sh" --inner "$run" \
        "0:setup" "$tmo_s" "$prog" "$@" || exit 1
    for k in $(seq 1 "$runs"); do
        for kind in untraced run; do
            HREL_PLAT_NO_PROBE=1 hrel_plat_run "$ROOT/experiments/predict.sh" --inner "$run" \
                "$k:$kind" "$tmo_s" "$prog" "$@" || exit 1
        done
    done
else
    inner=("$ROOT/experiments/predict.sh" --inner "$run" "$runs" "$tmo_s" "$prog" "$@")
    HREL_PLAT_NO_PROBE=1 hrel_plat_run "${inner[@]}" || exit 1
fi

# the round trips of the runs' virtual machines (more_pairs) join setup.csv's
# rows: hrel predict's L is half the median of every row's later_s (its
# set-up, median_setup_s, stays the first virtual machine's)
more=()
[ "${HREL_FC_MORE:-0}" = 1 ] && for f in "$run"/setup_untraced*.csv "$run"/setup_run*.csv; do
    [ -f "$f" ] && more+=("$f")
done
if [ ${#more[@]} -gt 0 ] && ! grep -q '^# pairs of the runs' "$run/setup.csv"; then
    { echo "# pairs of the runs' virtual machines (where the scheduler put the pvmd and the tasks," \
           "a draw each): ${#more[@]} more measurements ($(for f in "${more[@]}"; do basename "$f"; done | tr '\n' ' ' | sed 's/ $//')) below"
      for f in "${more[@]}"; do grep -E '^[0-9]+,[0-9]+,' "$f"; done; } >>"$run/setup.csv"
    echo "predict: the 8-byte round trips of $(( ${#more[@]} + 1 )) virtual machines (where the scheduler put the pvmd and the tasks): L from the median of $(grep -cE '^[0-9]+,[0-9]+,' "$run/setup.csv") pairs"
fi

# the network counters of the runs (emulated platforms), with their header
if [ -s "$run/net.csv" ]; then
    { echo "run,udp_datagrams_out,datagrams_over_one_frame,tcp_retransmits"; cat "$run/net.csv"; } >"$run/net.tmp" &&
        mv "$run/net.tmp" "$run/net.csv"
fi

# import, predict
times="" utimes=""
status=$(cat "$run"/untraced*.rc "$run"/run*.rc 2>/dev/null | sort -u | tr '\n' ' '); status=${status% }
for k in $(seq 1 "$runs"); do
    utimes="$utimes${utimes:+,}$(cat "$run/untraced$k.time")"
    tin=$run/run$k/trace.trc; [ "$tracer" = preload ] && tin=$run/run$k/tev
    if ! "$HREL" trace import "${import_args[@]}" "$tin" -o "$run/run$k" >"$run/run$k/import.txt" 2>"$run/run$k/import.err"; then
        msg=$(grep -vE '^hrel trace: (rank [0-9]+ \(task|no M-steps)' "$run/run$k/import.err" | head -n 1)
        [ -n "$status" ] && die "$(basename "$prog") exited with status $status and left no usable trace (run$k): ${msg#hrel trace: }"
        echo "$msg" >&2; exit 1
    fi
    grep -E '^hrel trace: no M-steps' "$run/run$k/import.err" | head -n 1 | sed 's/^hrel trace: /predict: /' >&2
    # where the time went inside the calls (a diagnostic; nothing depends on it)
    [ "$tracer" != preload ] || "$HREL" trace calls "$tin" >"$run/run$k/calls.csv" 2>/dev/null ||
        rm -f "$run/run$k/calls.csv"
    times="$times${times:+,}$(cat "$run/run$k/time")"
done
# a program that exits non-zero after running to its end (its trace says it
# ran: imported above) is timed and predicted as it ran
[ -z "$status" ] ||
    echo "predict: warning: $(basename "$prog") exited with status $status after running to its end; timed and predicted as it ran" >&2
# the trace to predict from: --trace FILE, else the traced run whose time is the median
here=$run/run1 hosts=()
med=$(printf '%s\n' ${times//,/ } | sort -g | sed -n "$(( (runs + 1) / 2 ))p")
for k in $(seq 1 "$runs"); do [ "$(cat "$run/run$k/time")" = "$med" ] && { here=$run/run$k; break; }; done
src=$here
if [ -n "$xtrace" ]; then
    # the foreign trace's ranks go where PVM put the same ranks here (the median
    # traced run), else round the platform's hosts
    src=$run/xtrace
    if [ "$(sed -n 's/^# ranks: //p' "$src/msgs.csv")" = "$(sed -n 's/^# ranks: //p' "$here/msgs.csv")" ]; then
        hosts=(--hosts-from "$here/msgs.csv")
    else
        hosts=(--hosts "$nhosts")
        echo "predict: --trace has another number of ranks than the runs here: rank r on host r % $nhosts" >&2
    fi
fi
# the route the program asked for (the preload tracer records pvm_setopt(PvmRoute,
# ...): msgs.csv '# route:'). With no --route the prediction takes that one: its
# characterisation, and the route set-up and buffering measured again on it
asked=$(sed -n 's/^# route: \(direct\|daemon\|mixed\) (\(.*\))$/\1 \2/p' "$here/msgs.csv" | head -n 1)
case "${asked%% *}" in
    direct|daemon)
        if [ "${asked%% *}" != "$route" ] && [ "$route_auto" = 1 ]; then
            echo "predict: $(basename "$prog") asked for the ${asked%% *} route (its trace: ${asked#* }): priced on that route (--route chooses)"
            oldroute=$route route=${asked%% *}
            char_fit "$route"
            [ -z "$fit" ] || echo "predict: warning: --fit $fit is used as given; it should be a characterisation of the $route route" >&2
            mv "$run/setup.csv" "$run/setup_$oldroute.csv"
            HREL_FC_ROUTE=$route HREL_PLAT_NO_PROBE=1 hrel_plat_run "$ROOT/experiments/predict.sh" --inner "$run" \
                "0:setup" "$tmo_s" "$prog" "$@" || exit 1
        elif [ "${asked%% *}" != "$route" ]; then
            echo "predict: warning: $(basename "$prog") asked for the ${asked%% *} route (its trace: ${asked#* }), but --route $route prices the $route route" >&2
        fi ;;
    mixed) [ "$route_auto" = 0 ] ||
        echo "predict: $(basename "$prog") sent some messages on the direct route and some on the daemon route (its trace: ${asked#* }): priced on the $route route (--route chooses)" ;;
esac
# on an emulated LAN's daemon route, a set-up measurement whose 8-byte round
# trips (median of setup.csv's later_s) are over twice the characterisation's
# is taken as disturbed: 49 of 54 stored daemon-route cells measured 0.66-1.79 times their
# characterisation's, five 2.0-4.4 times (docs/predict.md, "A disturbed set-up
# measurement"; pvmd's jitter in the packet model is an eighth of it). It is
# measured again in a fresh virtual machine (--fresh-vm), and where it is still
# over twice, the characterisation's setup.csv is taken; the measurements are
# kept as setup_disturbed*.csv, and each step is said. Not on the direct route:
# there fast-switch's cells measured 1.8-4.1 times a characterisation whose own
# round trips were the short ones; not on one host, whose round trips through
# its pvmd are bimodal (30 us or 80-180 us from one measurement to the next)
median() { sort -g | awk '{ v[NR] = $1 } END {   # of the numbers on stdin, empty when none
    if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
setup_rt() {   # setup_rt FILE: the median of its later_s, empty when none
    awk -F, '!/^#/ && $1 != "a" && $6 ~ /^[0-9.e+-]+$/ { print $6 }' "$1" 2>/dev/null | median |
        awk '{ printf "%.6g\n", $1 }'
}
charsetup=$(dirname "$(head -n 1 "$run/fit.src")")/setup.csv
if [ "$HREL_PLAT_KIND" = emulated ] && [ "$route" = daemon ] && [ -s "$charsetup" ] &&
   grep -q "^# hrel_firstcontact: route daemon," "$charsetup"; then
    c_rt=$(setup_rt "$charsetup") m_rt=$(setup_rt "$run/setup.csv")
    over2() { [ -n "$c_rt" ] && [ -n "$1" ] && awk -v c="$c_rt" -v m="$1" 'BEGIN { exit !(c > 0 && m > 2 * c) }'; }
    if over2 "$m_rt" && [ "$fresh" = 1 ] && [ "$HREL_PLAT_KIND" != attach ]; then
        echo "predict: the route set-up's 8-byte round trips (median $m_rt s) are over twice the characterisation's ($c_rt s, $charsetup): measured again in a fresh virtual machine"
        mv "$run/setup.csv" "$run/setup_disturbed1.csv"
        HREL_FC_ROUTE=$route HREL_PLAT_NO_PROBE=1 hrel_plat_run "$ROOT/experiments/predict.sh" --inner "$run" \
            "0:setup" "$tmo_s" "$prog" "$@" || exit 1
        m_rt=$(setup_rt "$run/setup.csv")
    fi
    if over2 "$m_rt"; then
        echo "predict: the route set-up's 8-byte round trips (median $m_rt s) are over twice the characterisation's ($c_rt s): its setup.csv is taken (the measurement kept as setup_disturbed.csv)"
        mv "$run/setup.csv" "$run/setup_disturbed.csv"
        cp "$charsetup" "$run/setup.csv" || die "cannot copy '$charsetup'"
    fi
fi
# first-contact set-up: the median over pairs of setup.csv (hrel predict reads
# it from this run folder, never below 0)
setup=$(sed -n 's/^# median_setup_s //p' "$run/setup.csv")
case "$setup" in ''|-*|*[!0-9.e+-]*) setup=0 ;; esac
echo "predict: route set-up on first contact (hrel_firstcontact, median over pairs): ${setup} s"
# every trace carries the calibration of the CPUs it was recorded on
for k in $(seq 1 "$runs"); do
    [ ! -s "$run/calibration.csv" ] || cp "$run/calibration.csv" "$run/run$k/calibration.csv"
done
[ "$src" = "$here" ] && hosts=(--hosts-from "$here/msgs.csv")

# the models: hrel predict, the one path from a trace to a number; this run
# folder is the characterisation (fit.csv, setup.csv, calibration.csv,
# platform/). With --route daemon on an emulated platform also the daemon
# route packet by packet (docs/predict.md), from the pvmd estimates measured
# before the traced runs (replay_pvmd: compare with the traced runs) and the
# untraced ones (replay_pvmd_fresh, --all-models)
rtt_med() { sed -n 's/^# median_rtt_s //p' "$@" 2>/dev/null | median; }
pvmd=() pvmdline=""
if [ "$route" = daemon ] && [ -n "$gwire" ]; then
    rtt_tr=$(rtt_med "$run"/run*.pvmd_rtt) rtt_un=$(rtt_med "$run"/untraced*.pvmd_rtt)
    if [ -n "$rtt_tr" ] && [ -n "$rtt_un" ]; then
        pvmd=(--rtt0 "$rtt_tr" --rtt0-fresh "$rtt_un")
        pvmdline="# pvmd: g_wire $gwire wire $wiremodel medium $medium rtt_traced $rtt_tr rtt_untraced $rtt_un"
    fi
fi
ropt=(); [ "$ratio_given" = 1 ] && ropt=(--cpu-ratio "$ratio")
aopt=(); [ "$allmodels" = 1 ] && aopt=(--all-models)
[ -z "$spread" ] || aopt+=(--spread "$spread")
"$HREL" predict "$src" --on "$run" --platform "$platform" --route "$route" "${hosts[@]}" \
    "${ropt[@]}" "${aopt[@]}" "${pvmd[@]}" --measured "$times" --untraced "$utimes" -o "$run" \
    >"$run/hrel_predict.txt" 2>"$run/hrel_predict.err" ||
    die "hrel predict: $(sed 's/^hrel predict: //' "$run/hrel_predict.err" | head -n 3 | tr '\n' ' ')"
grep -E '^# fit\.csv row' "$run/hrel_predict.txt" | sed 's/^# /predict: /'
grep -E '^# refused:' "$run/hrel_predict.txt" | sed 's/^# refused: \([^:]*\):/predict: \1 refused:/' >&2
grep -E '^# cpu_ratio:' "$run/hrel_predict.txt" | sed 's/^# /predict: /'
# predict.sh's own lines first in predict.csv
comments=("# program: $prog $*" "# platform: $platform (replay medium $medium, $nhosts hosts)"
          "# predicted_from: $src" "# route: $route; g and L: $(head -n 1 "$run/fit.src" 2>/dev/null)"
          "# tracer: $tracer")
[ -z "$pvmdline" ] || comments+=("$pvmdline")
{ printf '%s\n' "${comments[@]}"; cat "$run/predict.csv"; } >"$run/predict.tmp" &&
    mv "$run/predict.tmp" "$run/predict.csv" || die "cannot write $run/predict.csv"
if command -v gnuplot >/dev/null 2>&1 && [ -s "$run/steps_mpm.csv" ] && [ -s "$run/trace.csv" ]; then
    # the M-step timeline, measured against MPM, with communication on its own axis
    { "$HREL" model mpm "$run/trace.csv" --fit "$run/fit.csv" --plot-data "$run/msteps.dat" \
        >/dev/null 2>"$run/plot.err" ||
        echo "predict: the M-step plot data failed: $(head -n 1 "$run/plot.err")" >&2; }
    . "$ROOT/experiments/figure.sh"
    [ -s "$run/msteps.dat" ] && { hrel_figure msteps "$run/msteps" "$run/msteps.dat" || true; }
fi
# one answer: the model the validation matrix trusts on this kind of cell
# (hrel predict's first line: "predicted: S s (MODEL[, 80 % interval LO to HI s]; WHY)")
IFS=$'\t' read -r rec_s rec_model rec_iv rec_why < <(sed -n \
    '1s/^predicted: \([^ ]*\) s (\([^;,]*\)\(, [^;]*\)\{0,1\}; \(.*\))$/\1\t\2\t\3 \t\4/p' "$run/hrel_predict.txt")
rec_iv=${rec_iv# }; rec_iv=${rec_iv#, }; rec_iv=${rec_iv% }
printf 'predict: recommended: %s %.6g s (%s%s)\n' "$rec_model" "$rec_s" "${rec_iv:+$rec_iv; }" "$rec_why"
grep -v '^#' "$run/predict.csv" | column -t -s, 2>/dev/null || grep -v '^#' "$run/predict.csv"
echo "against the untraced runs:"
grep -v '^#' "$run/predict_untraced.csv" | column -t -s, 2>/dev/null || grep -v '^#' "$run/predict_untraced.csv"
grep '^# tracing_overhead_pct' "$run/predict.csv" | sed 's/^# /predict: /'
echo "predict: $run"
