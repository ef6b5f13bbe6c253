#!/bin/bash
# offline_check.sh -- issue 23's checks of hrel predict against runs on
# platforms the trace never ran on (docs/predict.md "Predicting without running
# there"): for each program
#   cross-CPU  the trace recorded on FROM (default lan-utp) predicts SLOW
#              (default lan-utp-half: every host at half a CPU), the CPU ratio
#              taken from the two platforms' calibrations (no ratio given);
#   what-if    FROM's characterisation with --what-if bandwidth=10 predicts FAST
#              (default lan-utp-100: the same LAN at 100 Mbit/s).
# Each platform is characterised once (experiments/study.sh --quick, into
# DIR/char/PLATFORM: g and L, CPU calibration, set-up, task lifecycle); each
# platform's runs are predict.sh's with that characterisation (--route ROUTE,
# --runs N: untraced and traced runs in turns), so every number is kept from
# raw run to table.
#
# Usage: experiments/offline_check.sh [--runs N] [--run DIR] [--route direct|daemon]
#            [--from P] [--slow P] [--fast P] [--factor X] [--cells LIST]
#   --cells LIST  programs (default stencil-d,farm-d,fft,psrs: names below)
#   --fresh-vm    every run in a virtual machine of its own (predict.sh
#                 --fresh-vm): PVM then places the ranks the same way in every
#                 run (round robin from the first host), traced or not; in one
#                 virtual machine (the default on the direct route) the place
#                 moves on from run to run, and the predicting run's placement
#                 is not the untraced runs' (docs/predict.md)
#   --reprice     run nothing: price DIR's runs again with this hrel (each
#                 platform folder's repriced/predict.csv and
#                 predict_untraced.csv, from the same trace and placement as
#                 predict.sh took; the what-if again), then offline_repriced.csv
#   stencil-d  hrel_stencil -d -p 4 -i 30 -w 60
#   farm-d     hrel_farm -d -p 3 -j 24 -b 65536 -w 100
#   fft        hrel_fft --algo mstep -p 2 --n 262144 -r 20 -w 0 --plan estimate
#              (FFTW's measuring planner times its candidates against the clock,
#              so its time does not follow the CPU's speed: estimate here)
#   psrs       hrel_psrs -p 4 --n 262144 -r 1 -w 0
# Writes DIR/PROGRAM/{FROM,SLOW,FAST}/ (predict.sh run folders; SLOW's predicts
# from FROM's trace), DIR/PROGRAM/whatif/ (hrel predict -o) and DIR/offline.csv:
#   program,check,platform,model,predicted_s,untraced_median_s,err_pct,lo_s,hi_s,cpu_ratio
# (check: same = FROM predicted from its own trace, cross-cpu, what-if, and
# SLOW's and FAST's own-trace predictions for comparison), DIR/offline_fig.csv
# and offline.png|pdf (each check's untraced runs and the recommended model's
# prediction as ratios to the check's untraced median; --reprice:
# offline_repriced*). Last line: the folder.
set -u -o pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export HREL_ROOT=$ROOT
die() { echo "offline_check: $1" >&2; exit "${2:-1}"; }
runs=3 run="" route=direct from=lan-utp slow=lan-utp-half fast=lan-utp-100 factor=10
cells=stencil-d,farm-d,fft,psrs reprice=0 vmopt=()
while [ $# -gt 0 ]; do
    case "$1" in
        --reprice) reprice=1; shift ;;
        --fresh-vm) vmopt=(--fresh-vm); shift ;;
        --runs|--run|--route|--from|--slow|--fast|--factor|--cells)
            [ $# -ge 2 ] || die "$1 needs a value" 2
            case "$1" in --runs) runs=$2 ;; --run) run=$2 ;; --route) route=$2 ;; --from) from=$2 ;;
                         --slow) slow=$2 ;; --fast) fast=$2 ;; --factor) factor=$2 ;;
                         --cells) cells=$2 ;; esac; shift 2 ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" 2 ;;
    esac
done
export PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
[ -n "${PVM_ARCH:-}" ] || PVM_ARCH=$("$PVM_ROOT/lib/pvmgetarch" 2>/dev/null) || PVM_ARCH=LINUX64
B=$ROOT/bin/$PVM_ARCH HREL=$ROOT/bin/$PVM_ARCH/hrel
prog_of() {
    case "$1" in
        stencil-d) echo "$B/hrel_stencil -d -p 4 -i 30 -w 60" ;;
        farm-d)    echo "$B/hrel_farm -d -p 3 -j 24 -b 65536 -w 100" ;;
        fft)       echo "$B/hrel_fft --algo mstep -p 2 --n 262144 -r 20 -w 0 --plan estimate" ;;
        psrs)      echo "$B/hrel_psrs -p 4 --n 262144 -r 1 -w 0" ;;
        *) return 1 ;;
    esac
}
for c in ${cells//,/ }; do prog_of "$c" >/dev/null || die "--cells: no program '$c' (see --help)" 2; done
[ -n "$run" ] || run=$ROOT/results/offline-check-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$run" || die "cannot create '$run'"
run=$(cd "$run" && pwd)
[ "$reprice" = 0 ] || [ -s "$run/offline.csv" ] || die "--reprice: $run holds no offline check (no offline.csv)"
{ [ "$reprice" = 0 ] || echo "# repriced (no runs):"
  echo "# offline_check: $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "# from $from, slow $slow, fast $fast (what-if bandwidth=$factor), route $route$([ "$reprice" = 1 ] || echo ", runs $runs")${vmopt[*]:+, ${vmopt[*]}}"; } >>"$run/info"
median_run() {   # the predicting trace of a predict.sh folder
    sed -n 's/^# predicted_from: //p' "$1/predict.csv" | head -n 1
}
row() {   # row PROGRAM CHECK PLATFORM PREDICT_UNTRACED_CSV RATIO
    grep -vE '^#|^model,' "$4" | while IFS=, read -r m p u e lo hi; do
        echo "$1,$2,$3,$m,$p,$u,$e,$lo,$hi,$5"; done
}
ratio_of() { sed -n 's/^# cpu_ratio: \([^ ]*\) .*/\1/p' "$1" | head -n 1; }
# --reprice: predict.sh's folder D of platform P priced again into D/repriced/
# (its trace: the median traced run, or the foreign trace xtrace/; its
# placement: the median traced run's)
reprice_dir() {   # reprice_dir D P
    local d=$1 times utimes med here=$1/run1 src k
    times=$(sed -n 's/^# measured_runs_s: //p' "$d/predict.csv")
    utimes=$(sed -n 's/^# untraced_runs_s: //p' "$d/predict.csv")
    med=$(printf '%s\n' ${times//,/ } | sort -g | sed -n "$(( ($(echo "$times" | tr ',' '\n' | wc -l) + 1) / 2 ))p")
    for k in "$d"/run*/time; do [ "$(cat "$k")" = "$med" ] && { here=$(dirname "$k"); break; }; done
    src=$here; [ ! -s "$d/xtrace/msgs.csv" ] || src=$d/xtrace
    mkdir -p "$d/repriced"
    "$HREL" predict "$src" --on "$d" --platform "$2" --route "$route" --hosts-from "$here/msgs.csv" \
        --measured "$times" --untraced "$utimes" -o "$d/repriced" >"$d/repriced/out.txt" 2>"$d/repriced/err.txt" ||
        die "--reprice: hrel predict on $d: $(head -n 1 "$d/repriced/err.txt")"
}
# one characterisation per platform, used by every program
for p in "$from" "$slow" "$fast"; do
    c=$run/char/$p
    [ -s "$c/fit.csv" ] && [ -s "$c/calibration.csv" ] && continue
    echo "offline_check: characterising $p (quick study, --route $route) into $c"
    rm -rf "$c"; mkdir -p "$run/char"
    "$ROOT/experiments/study.sh" --platform "$p" --quick --run "$c" -- --route "$route" >"$c.log" 2>&1 ||
        die "the quick study of $p failed (see $c.log)"
    [ -s "$c/calibration.csv" ] || die "the quick study of $p left no calibration.csv (see $c.log)"
done
out=$run/offline.csv; [ "$reprice" = 0 ] || out=$run/offline_repriced.csv
# a platform folder's predictions against its untraced runs, and hrel predict's output
pu() { if [ "$reprice" = 1 ]; then echo "$d/$1/repriced/predict_untraced.csv"; else echo "$d/$1/predict_untraced.csv"; fi; }
pt() { if [ "$reprice" = 1 ]; then echo "$d/$1/repriced/out.txt"; else echo "$d/$1/hrel_predict.txt"; fi; }
echo "program,check,platform,model,predicted_s,untraced_median_s,err_pct,lo_s,hi_s,cpu_ratio" >"$out"
for c in ${cells//,/ }; do
    read -r -a prog <<<"$(prog_of "$c")"
    d=$run/$c
    mkdir -p "$d"
    for p in "$from" "$slow" "$fast"; do
        if [ "$reprice" = 1 ]; then
            [ -s "$d/$p/predict.csv" ] || die "--reprice: $d/$p has no predict.csv"
            reprice_dir "$d/$p" "$p"
            continue
        fi
        [ -s "$d/$p/predict.csv" ] && continue
        xt=()
        [ "$p" = "$slow" ] && xt=(--trace "$(median_run "$d/$from")")
        note=""; [ ${#xt[@]} -gt 0 ] && note=" (predicted from the trace of $from)"
        echo "offline_check: $c on $p$note"
        rm -rf "$d/$p"
        "$ROOT/experiments/predict.sh" --platform "$p" --route "$route" --runs "$runs" --run "$d/$p" \
            --fit "$run/char/$p/fit.csv" ${vmopt[@]+"${vmopt[@]}"} "${xt[@]}" -- "${prog[@]}" >"$d/$p.log" 2>&1 ||
            die "predict.sh on $p failed for $c (see $d/$p.log): $(tail -n 1 "$d/$p.log")"
    done
    # what-if: FROM's trace and characterisation, bandwidth x FACTOR, the ranks
    # where PVM put them on FAST, against FAST's untraced runs
    mkdir -p "$d/whatif"
    "$HREL" predict "$(median_run "$d/$from")" --on "$d/$from" --platform "$from" --route "$route" \
        --what-if "bandwidth=$factor" --hosts-from "$(median_run "$d/$fast")/msgs.csv" \
        --measured "$(sed -n 's/^# untraced_runs_s: //p' "$d/$fast/predict.csv")" -o "$d/whatif" \
        >"$d/whatif/out.txt" 2>"$d/whatif/err.txt" || die "hrel predict what-if for $c: $(head -n 1 "$d/whatif/err.txt")"
    row "$c" same "$from" "$(pu "$from")" "$(ratio_of "$(pt "$from")")" >>"$out"
    row "$c" cross-cpu "$slow" "$(pu "$slow")" "$(ratio_of "$(pt "$slow")")" >>"$out"
    row "$c" what-if "$fast" "$d/whatif/predict.csv" "$(ratio_of "$d/whatif/out.txt")" >>"$out"
    row "$c" same "$fast" "$(pu "$fast")" "$(ratio_of "$(pt "$fast")")" >>"$out"
done
# the figure: each check's untraced runs and the recommended model's prediction,
# as ratios to the check's untraced median (offline_fig.csv, offline.png|pdf)
fig=${out%.csv}_fig.csv
fig_rows() {   # fig_rows X PROGRAM CHECK PLATFORM CSV: the runs and the prediction of CSV
    awk -F, -v x="$1" -v c="$2" -v k="$3" -v p="$4" '
        /^# recommended:/ { split($0, a, " "); m = a[3] }
        /^# measured_runs_s:/ { s = $0; sub(/^# measured_runs_s: */, "", s); n = split(s, r, ",") }
        !/^#/ && $1 == m && $3 + 0 > 0 { for (i = 1; i <= n; i++) printf "%d,%s,%s,%s,%s,run,%.6f\n", x, c, k, p, m, r[i] / $3
            printf "%d,%s,%s,%s,%s,predicted,%.6f\n", x, c, k, p, m, $2 / $3 }' "$5"
}
{ echo "x,program,check,platform,model,kind,ratio"
  x=0
  for c in ${cells//,/ }; do
      d=$run/$c
      x=$((x + 1)); fig_rows $x "$c" same "$from" "$(pu "$from")"
      x=$((x + 1)); fig_rows $x "$c" cross-cpu "$slow" "$(pu "$slow")"
      x=$((x + 1)); fig_rows $x "$c" what-if "$fast" "$d/whatif/predict.csv"
      x=$((x + 1)); fig_rows $x "$c" same "$fast" "$(pu "$fast")"
      x=$((x + 1))
  done; } >"$fig"
if command -v gnuplot >/dev/null 2>&1; then
    . "$ROOT/experiments/figure.sh"
    hrel_figure offline_check "${out%.csv}" "$fig" || true
fi
column -t -s, "$out"
echo "offline_check: $run"
