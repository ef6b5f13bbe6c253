#!/bin/bash
# platform_facts.sh -- what a prediction needs of a platform besides g and L,
# measured into a characterisation's run folder (issue 23; docs/predict.md
# "Predicting without running there"):
#   calibration.csv  the CPU calibration of every host (bin/$PVM_ARCH/hrel_calibrate:
#                    host,cores,kernel,seconds,cpu)
#   setup.csv        the route set-up on first contact (hrel_firstcontact), on
#                    the route the run's raw.csv measured; on one host's daemon
#                    route with 12 more pairs below it (4 more measurements)
#   lifecycle.csv    the task lifecycle's costs (hrel_lifecycle: enrolment,
#                    spawn, exit, the group server's start; its log lifecycle.log)
#   pvmd_cpu.csv     the pvmds' CPU time per message and per datagram on the
#                    daemon route (hrel_pvmdcpu; its log pvmd_cpu.err on failure)
#   wire.csv         (the userspace wire only: wire: user) its counters over
#                    hrel_pvmdcpu's ping-pongs (kill -USR1 before and after):
#                    frames, collisions and how late, on average, it handed the
#                    frames over against its model's time (`hrel predict`
#                    says it; --wire-late prices it): frames,collisions,late_mean_s
#   streamq.csv      (two hosts or more) how long a pvmd's packet waits behind
#                    a direct-route TCP stream leaving its host (hrel_streamq:
#                    phase,rep,roundtrips,median_rtt_s,q10_rtt_s,q90_rtt_s,stream_bytes_per_s)
#   pvmd_state.csv   (--after only, and only with other hosts) the state of the
#                    virtual machine the benchmark measured in: the first pvmd's
#                    round-trip estimates for the other hosts (hrel_pvmdrtt) as
#                    CMD began and as it ended:
#                    when,hosts,median_rtt_s,min_rtt_s,max_rtt_s
#
# usage: experiments/platform_facts.sh [--platform NAME | --hostfile FILE | --attach] --run RUN
#          measures them now for the run folder RUN (a study of that platform,
#          made before these files existed), the virtual machine brought up as
#          study.sh does
#        experiments/platform_facts.sh --after RUN -- CMD [ARGS...]
#          (study.sh, inside the virtual machine) runs CMD; when it succeeds, the
#          facts follow in the same virtual machine; CMD's status is returned
#
# HREL_CALIBRATE_ARGS, HREL_PVMDCPU_ARGS, HREL_STREAMQ_ARGS: extra options of
# hrel_calibrate, hrel_pvmdcpu and hrel_streamq (the tests: --quick; --reps 1
# --seconds 0.05; --reps 1 -r 5).
# A fact that cannot be measured is said in one line; the run stays valid.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL_CALLER_PWD=$PWD
ARCH=${PVM_ARCH:-LINUX64}

facts() {   # facts RUN: inside the virtual machine
    local run=$1 route w0 w1
    # shellcheck disable=SC2086
    if ! "$ROOT/bin/$ARCH/hrel_calibrate" ${HREL_CALIBRATE_ARGS:-} -o "$run/calibration.csv.new" \
            2>"$run/calibration.err"; then
        echo "platform_facts: the CPU calibration failed: $(tail -n 1 "$run/calibration.err")" >&2
        rm -f "$run/calibration.csv.new"
    else
        mv "$run/calibration.csv.new" "$run/calibration.csv"; rm -f "$run/calibration.err"
    fi
    route=$(sed -n 's/^# routing: //p' "$run/raw.csv" 2>/dev/null | head -n 1)
    case "$route" in direct|daemon) ;; *) route=daemon ;; esac
    if ! "$ROOT/bin/$ARCH/hrel_firstcontact" --route "$route" >"$run/setup.csv.new" 2>"$run/setup.err"; then
        echo "platform_facts: the route set-up on first contact failed: $(tail -n 1 "$run/setup.err")" >&2
        rm -f "$run/setup.csv.new"
    else
        mv "$run/setup.csv.new" "$run/setup.csv"; rm -f "$run/setup.err"
        # one host, daemon route: where the scheduler puts the pvmd and the
        # tasks moves the round trips by up to four times, pair to pair; 4 more
        # measurements (12 pairs) give hrel predict their spread (the replay's
        # interval from the placement draws) and a steadier median
        if [ "$route" = daemon ] && [ "$("$ROOT/bin/$ARCH/hrel_vmhosts" 2>/dev/null | wc -l)" = 1 ]; then
            local k more=""
            for k in 1 2 3 4; do
                "$ROOT/bin/$ARCH/hrel_firstcontact" --route daemon 2>/dev/null | grep -E '^[0-9]+,[0-9]+,' >>"$run/setup.more" &&
                    more="$more $k"
            done
            if [ -s "$run/setup.more" ]; then
                { echo "# pairs measured again in this virtual machine (where the scheduler put the pvmd and" \
                       "the tasks, a draw each):$more of 4 more measurements below"
                  cat "$run/setup.more"; } >>"$run/setup.csv"
            fi
            rm -f "$run/setup.more"
        fi
    fi
    # (HREL_LIFECYCLE_ARGS: hrel_lifecycle's options, as predict.sh's; default its own:
    # 20 repetitions, each copy after 0.1 s of idle)
    # shellcheck disable=SC2086
    if ! "$ROOT/bin/$ARCH/hrel_lifecycle" ${HREL_LIFECYCLE_ARGS:-} --platform "${HREL_PLATFORM:-local}" \
            -o "$run/lifecycle.csv" >"$run/lifecycle.log" 2>&1; then
        echo "platform_facts: the task lifecycle failed: $(tail -n 1 "$run/lifecycle.log"); no lifecycle.csv" >&2
        rm -f "$run/lifecycle.csv"
    fi
    w0=$(wire_snap)   # the userspace wire's lateness over the blocks below (wire.csv)
    # shellcheck disable=SC2086
    if ! "$ROOT/bin/$ARCH/hrel_pvmdcpu" ${HREL_PVMDCPU_ARGS:-} >"$run/pvmd_cpu.csv.new" \
            2>"$run/pvmd_cpu.err"; then
        echo "platform_facts: the pvmds' CPU time failed: $(tail -n 1 "$run/pvmd_cpu.err"); no pvmd_cpu.csv" >&2
        rm -f "$run/pvmd_cpu.csv.new"
    else
        mv "$run/pvmd_cpu.csv.new" "$run/pvmd_cpu.csv"; rm -f "$run/pvmd_cpu.err"
    fi
    if [ -n "${HREL_WIRE_PID:-}" ]; then w1=$(wire_snap); wire_facts "$run/wire.csv" "$w0" "$w1"; fi
    # with two hosts or more: how long a pvmd's packet waits behind a
    # direct-route stream leaving its host (hrel predict prices crossing first
    # messages with it)
    if [ "$("$ROOT/bin/$ARCH/hrel_vmhosts" 2>/dev/null | wc -l)" -ge 2 ]; then
        # shellcheck disable=SC2086
        if ! "$ROOT/bin/$ARCH/hrel_streamq" ${HREL_STREAMQ_ARGS:-} >"$run/streamq.csv.new" 2>"$run/streamq.err"; then
            echo "platform_facts: the wait behind a direct-route stream failed: $(tail -n 1 "$run/streamq.err"); no streamq.csv" >&2
            rm -f "$run/streamq.csv.new"
        else
            mv "$run/streamq.csv.new" "$run/streamq.csv"; rm -f "$run/streamq.err"
        fi
    fi
    return 0
}

# wire_snap: the userspace wire's counters so far, "delivered late_mean_us
# frames_in collisions" (HREL_WIRE_PID and HREL_WIRE_LOG, exported by
# hostfiles/platform.sh run on a wire: user platform), asked with SIGUSR1 and
# read from its log; nothing (status 1) where there is no wire or no answer
wire_snap() {
    local n i
    [ -n "${HREL_WIRE_PID:-}" ] && [ -n "${HREL_WIRE_LOG:-}" ] || return 1
    n=$(grep -c '^hrel-wire: frames_in' "$HREL_WIRE_LOG" 2>/dev/null)
    kill -USR1 "$HREL_WIRE_PID" 2>/dev/null || return 1
    for i in $(seq 1 30); do
        [ "$(grep -c '^hrel-wire: frames_in' "$HREL_WIRE_LOG" 2>/dev/null)" -gt "${n:-0}" ] || { sleep 0.1; continue; }
        grep '^hrel-wire: frames_in' "$HREL_WIRE_LOG" | tail -n 1 |
            awk '{ for (i = 2; i < NF; i++) v[$i] = $(i + 1) }
                 END { print v["delivered"] + 0, v["late_mean_us"] + 0, v["frames_in"] + 0, v["collisions"] + 0 }'
        return 0
    done
    return 1
}

# wire_facts FILE BEFORE AFTER: wire.csv from two snapshots (wire_snap) around
# hrel_pvmdcpu's blocks: the frames, collisions and mean lateness between them
wire_facts() {
    [ -n "$2" ] && [ -n "$3" ] || { echo "platform_facts: the userspace wire did not answer SIGUSR1 (pid ${HREL_WIRE_PID:-?}); no wire.csv" >&2; return 0; }
    { echo "# hrel_wire: the userspace wire's counters over hrel_pvmdcpu's ping-pongs on ${HREL_PLATFORM:-the platform} (hrel-wire, kill -USR1 before and after; $(date -u +%FT%TZ))"
      echo "frames,collisions,late_mean_s"
      echo "$2 $3" | awk '{ d = $5 - $1; printf "%d,%d,%.7g\n", $7 - $3, $8 - $4, (d > 0 ? ($6 * $5 - $2 * $1) / d / 1e6 : 0) }'; } >"$1"
}

# pvmd_state WHEN FILE: a row of the first pvmd's round-trip estimates for the
# other hosts now (nothing on one host: hrel_pvmdrtt finds no other host)
pvmd_state() {
    local est
    est=$("$ROOT/bin/$ARCH/hrel_pvmdrtt" 2>/dev/null) || return 0
    [ -s "$2" ] || { echo "# hrel_pvmd_state: the first pvmd's round-trip estimates (hrel_pvmdrtt) for the other hosts, around the benchmark"
                     echo "when,hosts,median_rtt_s,min_rtt_s,max_rtt_s"; } >"$2"
    # its median line, the hosts' count and range
    printf '%s\n' "$est" | awk -v w="$1" '
        /^# median_rtt_s / { med = $3; next }
        !/^#/ && NF == 2 && $2 + 0 > 0 { n++; if (n == 1 || $2 + 0 < lo) lo = $2 + 0; if ($2 + 0 > hi) hi = $2 + 0 }
        END { if (n && med != "") printf "%s,%d,%s,%.6g,%.6g\n", w, n, med, lo, hi }' >>"$2"
}

if [ "${1:-}" = --after ]; then
    run=$2; shift 2; [ "${1:-}" = -- ] && shift
    rm -f "$run/pvmd_state.csv"
    pvmd_state before_benchmark "$run/pvmd_state.csv"
    "$@"; rc=$?
    pvmd_state after_benchmark "$run/pvmd_state.csv"
    [ "$rc" -eq 0 ] && facts "$run"
    exit "$rc"
fi
if [ "${1:-}" = --inner ]; then facts "$2"; exit 0; fi

HREL_PLAT_PROG=platform_facts
. "$ROOT/experiments/platform_env.sh"
hrel_script_args "" "$@" || exit 2
[ ${#HREL_REST[@]} -eq 0 ] || { echo "platform_facts: unexpected '${HREL_REST[0]}'" >&2; exit 2; }
run=$HREL_OUT
if [ -z "$run" ]; then echo "platform_facts: give the run folder (--run RUN)" >&2; exit 2; fi
[ -d "$run" ] || { echo "platform_facts: no run folder '$run'" >&2; exit 2; }
hrel_plat_prepare "$run/platform" || exit 1
hrel_plat_run "$0" --inner "$run"
rc=$?
[ -s "$run/calibration.csv" ] && echo "platform_facts: $run/calibration.csv"
[ -s "$run/setup.csv" ] && echo "platform_facts: $run/setup.csv"
[ -s "$run/lifecycle.csv" ] && echo "platform_facts: $run/lifecycle.csv"
[ -s "$run/pvmd_cpu.csv" ] && echo "platform_facts: $run/pvmd_cpu.csv"
[ -s "$run/streamq.csv" ] && echo "platform_facts: $run/streamq.csv"
exit "$rc"
