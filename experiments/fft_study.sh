#!/bin/bash
# fft_study.sh -- the FFT study in one command: constants, runs, predictions
# beside actual times, error per formula (18), tables and figures (docs/fft.md).
#
# usage: experiments/fft_study.sh (--fit FIT.csv ... | --bench) [options]
#
#   --platform LIST  platforms, comma separated: local (a private pvmd from
#                    hostfiles/local) and/or emulated ones of hostfiles/platform.sh
#                    (lan-utp, lan-coax, ...); default local
#   --hostfile FILE  instead: your own hostfile (a private virtual machine)
#   --attach         instead: the virtual machine you already run (left running)
#   --fit FILE       `hrel fit --csv` output giving g and L; repeat it once per
#                    platform (in order) or give it once for all
#   --bench          instead of --fit: measure PingPong and Exchange with
#                    hrel_bench at the FFT's own message sizes on each platform
#                    (--bench-reps R, default 3) and fit them with `hrel fit --csv`
#   --n N            points (default 524288)      --procs LIST  (default 1,2,4,8)
#   --reps R         repetitions per run (default 5; one more untimed warm-up)
#   --algos LIST     mstep,ccm (default both)     --plan measure|estimate (measure)
#   --op sum|max     @ of h for the Exchange (default sum)
#   --pattern-mstep X / --pattern-ccm X   fit rows to use (default PP / E;
#                    ALL = the pooled fit); --gl-procs step|p (see hrel fft --help)
#   -o, --out DIR    results directory (default results/fft-<UTC time>)
#   --dry-run        print the steps and runs it would make (with --bench, the
#                    benchmark's cases and estimated duration: study.sh --dry-run's
#                    estimate); start and write nothing
#
# Writes DIR/consts.csv (hrel_fft_constants, measured first, on this machine,
# with DIR/fftw.wisdom: the FFTW plans it measured, which every run then uses),
# per platform DIR/NAME/{fit.csv,runs.csv,trace_*.csv,predict.csv,table.csv,
# table.txt}, DIR/PLATFORM/ccm_path.{dat,png,pdf} (the CCM critical path of the
# divide-and-conquer FFT at the largest p: computation, communication per superstep)
# and DIR/fft_times_mstep.png, fft_times_ccm.png, fft_error.png
# (and .pdf). Every virtual machine is halted at the end, also on failure.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HREL_CALLER_PWD=$PWD    # relative paths in the options mean this directory
cd "$ROOT" || exit 1
HREL_PLAT_PROG=fft_study.sh
. "$ROOT/experiments/platform_env.sh"
BIN=$ROOT/bin/$PVM_ARCH
die() { echo "fft_study.sh: $*" >&2; exit 1; }

# ---- inner mode: runs on a started virtual machine (called below) ----------
# Environment: FS_DIR FS_PLATFORM FS_N FS_PROCS FS_REPS FS_ALGOS FS_PLAN FS_BENCH
# FS_BENCH_REPS FS_HOSTFILE FS_WISDOM
inner() {
    local algo p sizes
    if [ "$FS_BENCH" = 1 ]; then
        # the FFT's own message sizes (PingPong and Exchange of each step), from C
        sizes=$("$BIN/hrel" fft sizes --n "$FS_N" --procs "$FS_PROCS") || return 1
        local bprocs
        bprocs=$(echo "${FS_PROCS//,/ }" | tr ' ' '\n' | awk '$1 > 1' | paste -sd, -)
        echo "fft_study.sh: $FS_PLATFORM: benchmark PP,E on p=$bprocs, h=$sizes" >&2
        "$BIN/hrel_bench" -q -P PP,E -p "$bprocs" -s "$sizes" -r "$FS_BENCH_REPS" -w 1 \
            --encoding raw --platform "$FS_PLATFORM" --hostfile "$FS_HOSTFILE" \
            -o "$FS_DIR" || return 1
    fi
    for algo in ${FS_ALGOS//,/ }; do
        for p in ${FS_PROCS//,/ }; do
            echo "fft_study.sh: $FS_PLATFORM: $algo N=$FS_N p=$p" >&2
            "$BIN/hrel_fft" --algo "$algo" --n "$FS_N" --procs "$p" --reps "$FS_REPS" \
                --plan "$FS_PLAN" --wisdom "$FS_WISDOM" --platform "$FS_PLATFORM" --out "$FS_DIR" \
                >>"$FS_DIR/runs.log" || return 1
        done
    done
}
if [ "${1:-}" = --inner ]; then
    inner
    exit $?
fi

# ---- options -----------------------------------------------------------------
platforms=""; fits=(); bench=0; n=524288; procs=1,2,4,8; reps=5; algos=mstep,ccm
plan=measure; op=sum; pat_m=PP; pat_c=E; out=""; bench_reps=3; glp=step; dry=0
while [ $# -gt 0 ]; do
    case "$1" in
        --platform) platforms=${2:?}; shift 2 ;;
        --hostfile|--hostfile=*|--attach)
            hrel_plat_opt "$@"; nopt=$?; [ "$nopt" -eq 255 ] && exit 2
            single=1; shift "$nopt" ;;
        --fit) f=$(hrel_abs "${2:?}"); [ -f "$f" ] && [ -r "$f" ] || die "cannot read fit file '$2'"
               fits+=("$f"); shift 2 ;;
        --bench) bench=1; shift ;;
        --dry-run) dry=1; shift ;;
        --bench-reps) bench_reps=${2:?}; shift 2 ;;
        --n) n=${2:?}; shift 2 ;;
        --procs) procs=${2:?}; shift 2 ;;
        --reps) reps=${2:?}; shift 2 ;;
        --algos) algos=${2:?}; shift 2 ;;
        --plan) plan=${2:?}; shift 2 ;;
        --op) op=${2:?}; shift 2 ;;
        --pattern-mstep) pat_m=${2:?}; shift 2 ;;
        --pattern-ccm) pat_c=${2:?}; shift 2 ;;
        --gl-procs) glp=${2:?}; shift 2 ;;
        --out|-o|--run) out=${2:?}; shift 2 ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done
[ -z "$out" ] || out=$(hrel_abs "$out")
if [ "${single:-0}" = 1 ]; then
    [ -z "$platforms" ] || die "give --platform LIST or --hostfile/--attach, not both"
    hrel_plat_resolve || exit 2
    plist=("$HREL_PLAT_NAME")
else
    IFS=, read -r -a plist <<<"${platforms:-local}"
    for pl in "${plist[@]}"; do   # every name checked before anything runs
        hrel_plat_reset; hrel_plat_opt --platform "$pl"; hrel_plat_resolve || exit 2
    done
fi
np=${#plist[@]}
if [ "$bench" = 0 ]; then
    [ ${#fits[@]} -gt 0 ] || die "give --fit FIT.csv (hrel fit --csv output) or --bench"
    [ ${#fits[@]} -eq 1 ] || [ ${#fits[@]} -eq "$np" ] || die "give one --fit for all platforms or one per platform ($np)"
fi
for x in hrel hrel_fft hrel_fft_constants hrel_bench; do
    [ -x "$BIN/$x" ] || die "$BIN/$x is not built: run make first"
done
for a in ${algos//,/ }; do
    case "$a" in mstep|ccm) ;; *) die "--algos: '$a' is not mstep or ccm" ;; esac
done
for p in ${procs//,/ }; do
    [ "$p" -ge 1 ] 2>/dev/null || die "--procs: '$p' is not a number"
done
[ -n "$out" ] || out="$HREL_RESULTS/fft-$(date -u +%Y%m%dT%H%M%SZ)"
if [ "$dry" = 1 ]; then   # the plan only: nothing started, nothing written
    echo "fft_study.sh: --dry-run: the plan into $out (nothing is started or written)"
    echo "  (1) constants D, Ds, F, R on this machine: hrel_fft_constants --n $n --procs $procs --plan $plan"
    for ((k = 0; k < np; k++)); do
        pl=${plist[$k]}
        if [ "${single:-0}" != 1 ]; then
            hrel_plat_reset; hrel_plat_opt --platform "$pl"; hrel_plat_resolve || exit 2
        fi
        if [ "$bench" = 1 ]; then
            sizes=$("$BIN/hrel" fft sizes --n "$n" --procs "$procs") || exit 1
            bprocs=$(echo "${procs//,/ }" | tr ' ' '\n' | awk '$1 > 1' | paste -sd, -)
            hrel_plat_estimate
            echo "  (2) on $pl: benchmark PP,E on p=$bprocs, h=$sizes ($HREL_PLAT_EST_WHY):"
            "$BIN/hrel_bench" --dry-run -P PP,E -p "$bprocs" -s "$sizes" -r "$bench_reps" -w 1 \
                --platform "$pl" -o "$out/$pl" "${HREL_PLAT_EST[@]}" | sed 's/^/      /' || exit 1
        else
            echo "  (2) on $pl: g and L from ${fits[$(( ${#fits[@]} == 1 ? 0 : k ))]}"
        fi
        echo "      runs: algorithms $algos x P=$procs, N=$n, $reps timed (+1 warm-up) each"
    done
    echo "  (3) predictions and tables (hrel fft predict, hrel fft table), (4) figures"
    exit 0
fi
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)

# ---- 1. constants on this machine's processor ------------------------------------
echo "fft_study.sh: measuring the constants D, Ds, F, R" >&2
rm -f "$out/fftw.wisdom"
"$BIN/hrel_fft_constants" --n "$n" --procs "$procs" --plan "$plan" --wisdom "$out/fftw.wisdom" \
    --out "$out" || exit 1

# ---- 2. runs per platform ----------------------------------------------------
export FS_WISDOM=$out/fftw.wisdom FS_N=$n FS_PROCS=$procs FS_REPS=$reps FS_ALGOS=$algos FS_PLAN=$plan FS_BENCH=$bench FS_BENCH_REPS=$bench_reps
tables=""; names=""
for ((k = 0; k < np; k++)); do
    pl=${plist[$k]}
    dir=$out/$pl
    mkdir -p "$dir"
    rm -f "$dir/runs.csv" "$dir/runs.log"
    if [ "${single:-0}" != 1 ]; then
        hrel_plat_reset; hrel_plat_opt --platform "$pl"; hrel_plat_resolve || exit 2
    fi
    export FS_DIR=$dir FS_PLATFORM=$pl FS_HOSTFILE=$HREL_PLAT_HOSTFILE
    hrel_plat_prepare "$dir/platform" || exit 1
    hrel_plat_run bash "$ROOT/experiments/fft_study.sh" --inner
    rc=$?
    [ "$rc" -eq 125 ] && exit 1
    [ "$rc" -eq 0 ] || die "runs on platform '$pl' failed (see $dir/runs.log)"
    if [ "$bench" = 1 ]; then
        "$BIN/hrel" fit "$dir/raw.csv" --csv >"$dir/fit.csv" || die "hrel fit failed on $dir/raw.csv"
    else
        cp "${fits[$(( ${#fits[@]} == 1 ? 0 : k ))]}" "$dir/fit.csv"
    fi
    # ---- 3. predictions and the table ----------------------------------------
    targs=(--consts "$out/consts.csv" --fit "$dir/fit.csv" --pattern-mstep "$pat_m" --pattern-ccm "$pat_c" --op "$op" --gl-procs "$glp")
    "$BIN/hrel" fft predict --n "$n" --procs "$procs" --consts "$out/consts.csv" --fit "$dir/fit.csv" \
        --op "$op" --algo mstep --pattern "$pat_m" --gl-procs "$glp" >"$dir/predict.csv" || exit 1
    "$BIN/hrel" fft predict --n "$n" --procs "$procs" --consts "$out/consts.csv" --fit "$dir/fit.csv" \
        --op "$op" --algo ccm --pattern "$pat_c" --ccm-path "$dir/ccm_path.dat" |
        tail -n +2 >>"$dir/predict.csv" || exit 1
    "$BIN/hrel" fft table "$dir/runs.csv" "${targs[@]}" >"$dir/table.csv" || exit 1
    "$BIN/hrel" fft table "$dir/runs.csv" "${targs[@]}" --format text >"$dir/table.txt" || exit 1
    echo "== $pl" ; cat "$dir/table.txt"
    tables="$tables $pl/table.csv"; names="$names $pl"   # relative to $out: no spaces
done

# ---- 4. figures --------------------------------------------------------------
tables=${tables# }; names=${names# }
. "$ROOT/experiments/figure.sh"
for a in ${algos//,/ }; do
    (cd "$out" && hrel_figure fft_times "fft_times_$a" "$tables" "$names" "$a") || exit 1
done
(cd "$out" && hrel_figure fft_error fft_error "$tables" "$names") || exit 1
# the CCM view of the divide-and-conquer FFT at the largest p: its critical path
for pl in $names; do
    hrel_figure ccm "$out/$pl/ccm_path" "$out/$pl/ccm_path.dat" || exit 1
done
echo "fft_study.sh: results in $out" >&2
