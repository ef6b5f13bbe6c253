# platform_env.sh -- the one place where an experiment script chooses its
# platform and brings the virtual machine up and down (sourced).
#
#   . "$ROOT/experiments/platform_env.sh"
#   while [ $# -gt 0 ]; do
#       hrel_plat_opt "$@"; n=$?            # 0: not a platform option
#       [ "$n" -gt 0 ] && { shift "$n"; continue; }
#       [ "$n" -eq 255 ] && exit 2          # bad value (one line printed)
#       case "$1" in ...the script's own options... esac
#   done
#   hrel_plat_resolve || exit 2             # checks, sets HREL_PLAT_* below
#   hrel_plat_prepare "$run/platform" [DIR] # private copies (DIR added to ep=)
#   hrel_plat_run CMD [ARGS...]             # CMD runs with the virtual machine up
#
# The platform options, the same in every script:
#   --platform NAME  `local` (one host: hostfiles/local) or an emulated platform
#                    of hostfiles/NAME.platform (hostfiles/platform.sh)
#   --hostfile FILE  your own PVM hostfile: a private virtual machine is started
#                    from it and halted at the end (the platform name defaults to
#                    the hostfile's base name)
#   --attach         the virtual machine you already run, found as the pvm
#                    console finds it (your PVM_TMP, default /tmp); left running
# `local` is handled like any hostfile. After hrel_plat_resolve:
#   HREL_PLAT_KIND      hostfile | emulated | attach
#   HREL_PLAT_NAME      platform name for metadata and run directories
#   HREL_PLAT_HOSTFILE  the hostfile as the user named it (metadata), or "attached"
# hrel_plat_run exports HREL_PLATFORM and HREL_HOSTFILE for CMD, halts what it
# started also on failure and Ctrl-C (then runs the shell code in
# HREL_PLAT_ON_SIGNAL, if set, and exits 130), and returns CMD's exit status,
# or 125 when the virtual machine could not be had (one line already printed).
# HREL_PLAT_NO_PROBE=1 skips an emulated platform's bandwidth probe before CMD.

: "${HREL_ROOT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
# Where runs go by default and where results/latest and the characterisations
# are: HREL_RESULTS if set (the tests point it at their own scratch directory,
# so a test never touches the user's results/), else the checkout's results/.
: "${HREL_RESULTS:=$HREL_ROOT/results}"
export HREL_RESULTS
. "$HREL_ROOT/hostfiles/vm.sh"
HREL_PLAT_KIND="" HREL_PLAT_NAME="" HREL_PLAT_HOSTFILE="" HREL_PLAT_RUNHF="" HREL_PLAT_DESC=""
_hrel_plat_platform="" _hrel_plat_hostfile="" _hrel_plat_attach=0 _hrel_plat_n=0

# The directory the user ran the script from: a script that changes to the
# checkout sets HREL_CALLER_PWD first; relative paths given in its options
# (--hostfile, --out, ...) mean that directory. hrel_abs PATH prints PATH
# made absolute against it.
: "${HREL_CALLER_PWD:=$PWD}"
hrel_abs() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$HREL_CALLER_PWD/$1" ;; esac; }

_hrel_plat_die() { echo "${HREL_PLAT_PROG:-hrel}: $*" >&2; }

# If "$1" is a platform option, take it: return how many words it used (1 or
# 2), 0 if it is not one, 255 (with one line on stderr) if its value is missing.
hrel_plat_opt() {
    case "$1" in
        --platform|--hostfile)
            if [ $# -lt 2 ] || [ -z "$2" ]; then _hrel_plat_die "$1 needs a value"; return 255; fi
            _hrel_plat_n=$((_hrel_plat_n + 1))
            if [ "$1" = --platform ]; then _hrel_plat_platform=$2; else _hrel_plat_hostfile=$(hrel_abs "$2"); fi
            return 2 ;;
        --platform=*) _hrel_plat_platform=${1#*=}; _hrel_plat_n=$((_hrel_plat_n + 1)); return 1 ;;
        --hostfile=*) _hrel_plat_hostfile=$(hrel_abs "${1#*=}"); _hrel_plat_n=$((_hrel_plat_n + 1)); return 1 ;;
        --attach) _hrel_plat_attach=1; _hrel_plat_n=$((_hrel_plat_n + 1)); return 1 ;;
    esac
    return 0
}

# hrel_script_args SPEC "$@": the option loop every experiment script shares.
# Takes the platform options (hrel_plat_opt), --out/-o/--run DIR (also
# --out=DIR, --run=DIR) into HREL_OUT made absolute (hrel_abs), -h/--help
# (prints the script's header comment and exits 0), and the script's own
# options listed in SPEC, space separated: "--name=var" stores the option's
# value (--name V or --name=V) in $var, "--name=var:WORD" sets $var to WORD.
# The words after "--" go to the array HREL_REST. Then hrel_plat_resolve.
# Returns 0, or 1 with one line on stderr (unknown argument, missing value).
hrel_script_args() {
    local spec=" $1 " n w var val; shift
    HREL_OUT="" HREL_REST=()
    while [ $# -gt 0 ]; do
        hrel_plat_opt "$@"; n=$?
        [ "$n" -eq 255 ] && return 1
        [ "$n" -gt 0 ] && { shift "$n"; continue; }
        w=${1%%=*}
        case "$1" in
            --) shift; HREL_REST=("$@"); break ;;
            -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
            --run|--out|-o|--run=*|--out=*) var=HREL_OUT ;;
            --*) case "$spec" in
                     *" $w="*) var=${spec#*" $w="}; var=${var%% *} ;;
                     *) _hrel_plat_die "unknown argument '$1' (see --help)"; return 1 ;;
                 esac ;;
            *) _hrel_plat_die "unknown argument '$1' (see --help)"; return 1 ;;
        esac
        if [ "${var#*:}" != "$var" ]; then
            [ "$w" = "$1" ] || { _hrel_plat_die "$w takes no value"; return 1; }
            printf -v "${var%%:*}" '%s' "${var#*:}"; shift; continue
        fi
        if [ "$w" != "$1" ]; then val=${1#*=}; shift
        elif [ $# -ge 2 ] && [ -n "$2" ]; then val=$2; shift 2
        else _hrel_plat_die "$1 needs a value"; return 1
        fi
        printf -v "$var" '%s' "$val"
    done
    [ -z "$HREL_OUT" ] || HREL_OUT=$(hrel_abs "$HREL_OUT")
    hrel_plat_resolve
}

# Forget the platform options taken so far (a script that runs on several
# platforms in turn sets each with hrel_plat_opt --platform NAME).
hrel_plat_reset() {
    _hrel_plat_platform="" _hrel_plat_hostfile="" _hrel_plat_attach=0 _hrel_plat_n=0
    HREL_PLAT_KIND="" HREL_PLAT_NAME="" HREL_PLAT_HOSTFILE="" HREL_PLAT_RUNHF="" HREL_PLAT_DESC=""
}

# Check the platform options and set HREL_PLAT_*; nothing is created yet.
# --platform NAME together with --hostfile names the hostfile's platform.
hrel_plat_resolve() {
    local name
    if [ "$_hrel_plat_attach" -eq 1 ] && [ -n "$_hrel_plat_hostfile" ]; then
        _hrel_plat_die "give --hostfile or --attach, not both"; return 1
    fi
    if [ -n "$_hrel_plat_hostfile" ]; then
        if [ -d "$_hrel_plat_hostfile" ]; then
            _hrel_plat_die "hostfile '$_hrel_plat_hostfile' is a directory"; return 1
        fi
        if [ ! -f "$_hrel_plat_hostfile" ] || [ ! -r "$_hrel_plat_hostfile" ]; then
            _hrel_plat_die "cannot read hostfile '$_hrel_plat_hostfile'"; return 1
        fi
        HREL_PLAT_KIND=hostfile
        HREL_PLAT_HOSTFILE=$_hrel_plat_hostfile
        name=${_hrel_plat_platform:-$(basename "$_hrel_plat_hostfile")}
        name=${name%.*}
    elif [ "$_hrel_plat_attach" -eq 1 ]; then
        HREL_PLAT_KIND=attach
        HREL_PLAT_HOSTFILE=attached
        name=${_hrel_plat_platform:-attached}
    else
        name=${_hrel_plat_platform:-local}
        if [ "$name" = local ]; then
            HREL_PLAT_KIND=hostfile
            HREL_PLAT_HOSTFILE=hostfiles/local
        else
            HREL_PLAT_KIND=emulated
            HREL_PLAT_HOSTFILE=hostfiles/$name
        fi
    fi
    # one rule for every name: it becomes a directory name and a namespace name
    if ! [[ "$name" =~ ^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$ ]]; then
        _hrel_plat_die "bad platform name '$name' (letters, digits, '-', '_'; at most 32; no paths)"
        return 1
    fi
    HREL_PLAT_NAME=$name
    if [ "$HREL_PLAT_KIND" = emulated ]; then
        HREL_PLAT_DESC=$HREL_ROOT/hostfiles/$name.platform
        if [ ! -f "$HREL_PLAT_DESC" ] || [ ! -f "$HREL_ROOT/hostfiles/$name" ]; then
            _hrel_plat_die "unknown platform '$name' (local, an emulated platform of hostfiles/*.platform, or --hostfile FILE)"
            return 1
        fi
    fi
    return 0
}

# Write DIR/hostfile: HOSTFILE with every "*" defaults line's ep= starting
# with the extra directories EP... and ending with hrel's bin/$PVM_ARCH and
# $PVM_ROOT/lib (so bare-name spawns find both, and the first group call finds
# PVM's group server pvmgs); a "*" line is added if there is none.
_hrel_plat_add_ep() {
    local in=$1 out=$2 line front="" d; shift 2
    for d in "$@"; do front="$front$d:"; done
    : >"$out" || return 1
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            \**ep=*) line=$(printf '%s' "$line" |
                            sed -E "s#ep=([^ ]*)#ep=$front\\1:\$HREL_ROOT/bin/\$PVM_ARCH:\$PVM_ROOT/lib#") ;;
            \**) line="$line ep=$front\$HREL_ROOT/bin/\$PVM_ARCH:\$PVM_ROOT/lib" ;;
        esac
        printf '%s\n' "$line" >>"$out"
    done <"$in"
    grep -q '^\*' "$in" || printf '* ep=%s$HREL_ROOT/bin/$PVM_ARCH:$PVM_ROOT/lib\n' "$front" >>"$out"
}

# Make the private copies the run uses in DIR (created): DIR/hostfile, or
# DIR/NAME.platform + DIR/NAME for an emulated platform. Extra directories
# (e.g. a user program's) go to the front of ep=; they may hold no space or ':'.
hrel_plat_prepare() {
    local dir=$1 d; shift
    for d in "$@"; do
        case "$d" in *[[:space:]:]*) _hrel_plat_die "'$d' has a space or ':'; PVM's ep= cannot hold it"; return 1 ;; esac
    done
    mkdir -p "$dir" || return 1
    case "$HREL_PLAT_KIND" in
        hostfile)
            local src=$HREL_PLAT_HOSTFILE
            case "$src" in /*) ;; *) [ -f "$src" ] || src=$HREL_ROOT/$src ;; esac
            _hrel_plat_add_ep "$src" "$dir/hostfile" "$@" || return 1
            HREL_PLAT_RUNHF=$dir/hostfile ;;
        emulated)
            cp "$HREL_PLAT_DESC" "$dir/$HREL_PLAT_NAME.platform" || return 1
            _hrel_plat_add_ep "$HREL_ROOT/hostfiles/$HREL_PLAT_NAME" "$dir/$HREL_PLAT_NAME" "$@" || return 1
            HREL_PLAT_RUNHF=$dir/$HREL_PLAT_NAME ;;
        attach) HREL_PLAT_RUNHF="" ;;
    esac
}

# Run CMD with the virtual machine up; return its status. Signals stop CMD and
# halt what was started; the caller's own INT/TERM traps still run after.
hrel_plat_run() {
    local rc pid
    export HREL_PLATFORM=$HREL_PLAT_NAME HREL_HOSTFILE=$HREL_PLAT_HOSTFILE
    case "$HREL_PLAT_KIND" in
        hostfile)
            [ -n "$HREL_PLAT_RUNHF" ] || { _hrel_plat_die "internal: hrel_plat_prepare not called"; return 1; }
            hrel_vm_start "$HREL_PLAT_RUNHF" || return 125
            trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; hrel_vm_stop; eval "${HREL_PLAT_ON_SIGNAL:-}"; exit 130' INT TERM
            "$@" &
            pid=$!
            wait "$pid"; rc=$?
            trap - INT TERM
            hrel_vm_stop ;;
        emulated)
            "$HREL_ROOT/hostfiles/platform.sh" run "$(dirname "$HREL_PLAT_RUNHF")/$HREL_PLAT_NAME.platform" \
                ${HREL_PLAT_NO_PROBE:+--no-probe} -- \
                env HREL_HOSTFILE="$HREL_PLAT_HOSTFILE" "$@" &
            pid=$!
            trap 'kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; eval "${HREL_PLAT_ON_SIGNAL:-}"; exit 130' INT TERM
            wait "$pid"; rc=$?
            trap - INT TERM ;;
        attach)
            # the user's virtual machine, found as the pvm console finds it: through
            # the caller's own PVM_TMP if set, else PVM's default /tmp
            if ! timeout 10 "$HREL_ROOT/bin/$PVM_ARCH/hrel_vmhosts" >/dev/null 2>&1; then
                _hrel_plat_die "--attach: no running virtual machine answers (start one with the pvm console)"
                return 125
            fi
            "$@"; rc=$? ;;
        *) _hrel_plat_die "internal: hrel_plat_resolve not called"; return 1 ;;
    esac
    return "$rc"
}

# The newest characterisation of platform NAME in results/ (HREL_RESULTS): the
# newest run directory whose raw.csv says "# platform: NAME" and that has a
# cases.csv with rows (a study, a --quick one too). Prints it, or nothing.
hrel_plat_characterisation() {
    local d
    while IFS= read -r d; do
        d=${d%/}
        [ -L "$d" ] && continue   # results/latest is a link to one of them
        [ -f "$d/raw.csv" ] && [ -f "$d/cases.csv" ] || continue
        grep -qx "# platform: $1" "$d/raw.csv" || continue
        grep -q '^[A-Z]' "$d/cases.csv" || continue
        printf '%s\n' "$d"; return 0
    done < <(ls -dt "$HREL_RESULTS"/*/ 2>/dev/null)
}

# After hrel_plat_resolve: how hrel_bench --dry-run estimates durations on this
# platform. Sets the array HREL_PLAT_EST (hrel_bench options) and the line
# HREL_PLAT_EST_WHY. The newest characterisation in results/ when there is one
# (--estimate-from: each case as it went there); else a default that fits the
# platform: one host (local, or a hostfile with one host) the loopback as
# `make study` measured it on a 2-core machine (pooled g 3.6e-9 s/byte, L 0.16
# ms); an emulated platform its link rate (g = 8 / rate) and L 1 ms; anything
# else hrel_bench's own default, a 10 Mbit/s network.
hrel_plat_estimate() {
    local dir rate g hosts
    HREL_PLAT_EST=() HREL_PLAT_EST_WHY=""
    dir=$(hrel_plat_characterisation "$HREL_PLAT_NAME")
    if [ -n "$dir" ]; then
        HREL_PLAT_EST=(--estimate-from "$dir")
        HREL_PLAT_EST_WHY="estimate from the newest characterisation of $HREL_PLAT_NAME, $dir"
        return 0
    fi
    case "$HREL_PLAT_KIND" in
        hostfile)
            local src=$HREL_PLAT_HOSTFILE
            case "$src" in /*) ;; *) [ -f "$src" ] || src=$HREL_ROOT/$src ;; esac
            hosts=$(grep -cvE '^[[:space:]]*(#|\*|$)' "$src" 2>/dev/null)
            if [ "${hosts:-0}" -le 1 ]; then
                HREL_PLAT_EST=(--g 4e-9 --L 200us)
                HREL_PLAT_EST_WHY="no characterisation of $HREL_PLAT_NAME in $HREL_RESULTS: estimate for one host (loopback: g 4e-9 s/byte, L 0.2 ms)"
                return 0
            fi ;;
        emulated)
            rate=$(sed -n 's/^rate:[[:space:]]*\([^[:space:]#]*\).*/\1/p' "$HREL_PLAT_DESC" | head -n 1)
            g=$(awk -v r="$rate" 'BEGIN { n = r + 0; u = tolower(substr(r, length(n "") + 1))
                m = u == "kbit" ? 1e3 : u == "mbit" ? 1e6 : u == "gbit" ? 1e9 : u == "bit" ? 1 : 0
                if (n > 0 && m > 0) printf "%.6g\n", 8 / (n * m) }')
            if [ -n "$g" ]; then
                HREL_PLAT_EST=(--g "$g" --L 1ms)
                HREL_PLAT_EST_WHY="no characterisation of $HREL_PLAT_NAME in $HREL_RESULTS: estimate from its $rate links (g $g s/byte, L 1 ms)"
                return 0
            fi ;;
    esac
    HREL_PLAT_EST_WHY="no characterisation of $HREL_PLAT_NAME in $HREL_RESULTS: estimate for a 10 Mbit/s network (hrel_bench's default)"
}
