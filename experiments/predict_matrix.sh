#!/bin/bash
# predict_matrix.sh -- the validation matrix of docs/predict.md in one command:
# programs x platforms, each predicted on its own platform and (LANs) from a
# trace recorded on one host, with every number kept from raw run to table.
#
# Usage: experiments/predict_matrix.sh [--platforms LIST] [--cells LIST] [--runs N]
#            [--run DIR] [--char DIR]
#   --platforms LIST  comma-separated (default local,lan-utp,lan-coax,lan-coax-wire,
#                     fast-switch); local must come first for the cross-platform cells
#   --cells LIST      cells to run (default: all; names below)
#   --runs N          traced and untraced runs per cell, each in a virtual machine
#                     of its own (predict.sh --fresh-vm); default 15 on local and 5
#                     on an emulated platform: on this 2-core machine five runs leave
#                     the median of a local cell uncertain by more than the goal
#                     (docs/predict.md, "Enough runs to know the median")
#   --run DIR         the matrix folder (default results/predict-matrix-<UTC time>);
#                     an interrupted matrix resumes: cells with a predict.csv are kept
#   --reprice         run nothing: price every cell of DIR again with this hrel
#                     (its stored predicting trace, predicting_msgs.csv or the
#                     predict.csv's run, and characterisation: char/, the cell's
#                     calibration, set-up and lifecycle files, the platform's
#                     description in hostfiles/), keeping its measured runs; then
#                     the tables and the figure again. For a model change: the
#                     predictions move, the runs stay (a '# repriced:' line says so);
#                     each cell's '# recommended:' line is this hrel's too
#   --lifecycle-now   every cell measures the platform's task lifecycle with its
#                     runs (predict.sh's default since 2026-11-26; a failure ends the cell)
#   --lifecycle-stored  every cell charges the characterisation's lifecycle
#   --predict-opt OPT with --reprice: pass OPT on to every hrel predict (repeat it
#                     for several; e.g. --predict-opt --share-cpus)
#   --char DIR        reuse characterisations DIR/PLATFORM-ROUTE/raw.csv (quick
#                     studies, `experiments/study.sh --quick -- --route ROUTE`) or
#                     their fit.csv; missing ones are run into DIR (default:
#                     DIR/char of the matrix)
#
# Cells (program and the route it uses; B = bin/$PVM_ARCH):
#   stencil   B/hrel_stencil -p 4 -i 30 -w 20        daemon route (PVM's default)
#   stencil-d B/hrel_stencil -d -p 4 -i 30 -w 20     direct routes (-d)
#   stencil2  B/hrel_stencil -p 2 -i 30 -w 20        local only: tasks <= cores
#   farm      B/hrel_farm -p 3 -j 24 -b 65536 -w 50  daemon route, wildcard receives
#   farm-d    B/hrel_farm -d -p 3 -j 24 -b 65536 -w 50
#   demo16    B/hrel_mstep_demo --bytes 16384         direct (hrel's programs ask for it)
#   fft       B/hrel_fft --algo mstep -p 2 --n 262144 -r 1 -w 0
#   fftccm    B/hrel_fft --algo ccm -p 2 --n 262144 -r 1 -w 0
#   psrs      B/hrel_psrs -p 4 --n 262144 -r 1 -w 0
#   groups    B/hrel_groups -p 4 -n 5000 -r 5        daemon route, PVM's group functions
#   exit1     B/hrel_exit1 -n 200 -b 4096            daemon route, psend/precv, exits 1
#   ring      B/hrel_ring -n 4 -b 1024 -r 1000       daemon route, SPMD token ring
#   poll      B/hrel_poll -p 3 -j 80 -b 32768 -w 20 -s 400 daemon route, pvm_nrecv polls
#   short     B/hrel_short -p 3 -n 16                daemon route, over in 10-20 ms
#   stdin     B/hrel_stdin                           daemon route, reads stdin (/dev/null
#                                                    here: its default problem)
#   fmw       B/hrel_fmw 3 400000                    daemon route, Fortran (libfpvm3)
#
# Writes in DIR: cwd/PLATFORM/CELL/ (the working directory the cell's program ran
# in: what it wrote there), cells/PLATFORM/CELL/ (predict.sh's run folder; for a LAN also
# predict_x.csv and predict_x_untraced.csv: the local cell's trace predicted with
# this platform's fit, against this cell's runs), matrix.csv (one row per cell,
# source and model; on emulated platforms with the median count of datagrams
# over one frame per run, untraced and traced: pvmd's packets and their
# re-sent copies), cells.md (that table for a report: predicted seconds and
# error % against the untraced median per model), summary.csv and summary.md
# (median and maximum |error| per platform, source, route and model, against
# the untraced and the traced medians; route "all" and platform "LANs" = every
# emulated platform pool them), matrix.png/.pdf (predicted against measured),
# spread/PLATFORM.csv (experiments/spread.sh: the runs' spread around each
# model, for hrel predict --spread) and spread/PLATFORM_coverage.csv (each
# cell's runs inside the interval from the other cells' spread), goal.csv and
# goal.md (experiments/matrix_goal.sh: issues 21's and 22's goals per platform and
# route, each cell's untraced median with its 95 % interval; the verdicts are
# printed too). Last line: predict_matrix: DIR.
set -u -o pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export HREL_ROOT=$ROOT
die() { echo "predict_matrix: $1" >&2; exit "${2:-1}"; }
say() { echo "predict_matrix: $*"; }

platforms=local,lan-utp,lan-coax,lan-coax-wire,fast-switch cells="" runs="" run="" char="" reprice=0 popts=() lcopt=()
while [ $# -gt 0 ]; do
    case "$1" in
        --reprice) reprice=1; shift ;;
        --lifecycle-now) lcopt=(--lifecycle-now); shift ;;
        --lifecycle-stored) lcopt=(--lifecycle-stored); shift ;;
        --predict-opt) [ $# -ge 2 ] || { echo "predict_matrix: --predict-opt needs a value" >&2; exit 2; }
                       popts+=("$2"); shift 2 ;;
        --platforms|--cells|--runs|--run|--char)
            [ $# -ge 2 ] || die "$1 needs a value" 2
            case "$1" in --platforms) platforms=$2 ;; --cells) cells=$2 ;; --runs) runs=$2 ;;
                         --run) run=$2 ;; --char) char=$2 ;; esac; shift 2 ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" 2 ;;
    esac
done
[ -z "$runs" ] || case "$runs" in *[!0-9]*|0) die "--runs needs a whole number >= 1, not '$runs'" 2 ;; esac
# runs per cell on platform $1: --runs, else 15 on local (short programs on 2 shared
# cores: the median of 5 runs moves by more than the goal) and 5 elsewhere
runs_of() { if [ -n "$runs" ]; then echo "$runs"; elif [ "$1" = local ]; then echo 15; else echo 5; fi; }
[[ $platforms =~ ^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$ ]] || die "--platforms: '$platforms' is not a list of names" 2
for p in ${platforms//,/ }; do
    [ "$p" = local ] || [ -f "$ROOT/hostfiles/$p.platform" ] || die "--platforms: no platform '$p' in hostfiles/" 2
done
export PVM_ROOT=${PVM_ROOT:-/usr/lib/pvm3}
[ -n "${PVM_ARCH:-}" ] || PVM_ARCH=$("$PVM_ROOT/lib/pvmgetarch" 2>/dev/null) || PVM_ARCH=LINUX64
B="$ROOT/bin/$PVM_ARCH"
HREL=$B/hrel
[ -x "$HREL" ] || die "$HREL is not built: run make first"

# name|route|program and arguments
CELLS="stencil|daemon|$B/hrel_stencil -p 4 -i 30 -w 20
stencil-d|direct|$B/hrel_stencil -d -p 4 -i 30 -w 20
stencil2|daemon|$B/hrel_stencil -p 2 -i 30 -w 20
farm|daemon|$B/hrel_farm -p 3 -j 24 -b 65536 -w 50
farm-d|direct|$B/hrel_farm -d -p 3 -j 24 -b 65536 -w 50
demo16|direct|$B/hrel_mstep_demo --bytes 16384
fft|direct|$B/hrel_fft --algo mstep -p 2 --n 262144 -r 1 -w 0
fftccm|direct|$B/hrel_fft --algo ccm -p 2 --n 262144 -r 1 -w 0
psrs|direct|$B/hrel_psrs -p 4 --n 262144 -r 1 -w 0
groups|daemon|$B/hrel_groups -p 4 -n 5000 -r 5
exit1|daemon|$B/hrel_exit1 -n 200 -b 4096
ring|daemon|$B/hrel_ring -n 4 -b 1024 -r 1000
poll|daemon|$B/hrel_poll -p 3 -j 80 -b 32768 -w 20 -s 400
short|daemon|$B/hrel_short -p 3 -n 16
stdin|daemon|$B/hrel_stdin
fmw|daemon|$B/hrel_fmw 3 400000"
if [ -n "$cells" ]; then
    for c in ${cells//,/ }; do
        grep -q "^$c|" <<<"$CELLS" || die "--cells: no cell '$c' (see --help)" 2
    done
fi
want() { [ -z "$cells" ] || [[ ",$cells," == *",$1,"* ]]; }

[ -n "$run" ] || run="$ROOT/results/predict-matrix-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$run" || die "cannot create '$run'"
run=$(cd "$run" && pwd)
[ -n "$char" ] || char=$run/char
mkdir -p "$char" || die "cannot create '$char'"
char=$(cd "$char" && pwd)
# info: what ran when; a resumed matrix adds its own lines, the first ones stay
{ [ -s "$run/info" ] && echo "# resumed:"
  echo "# predict_matrix: $(date -u +%FT%TZ) on $(hostname), $(nproc) cores"
  echo "# commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  if [ "$reprice" = 1 ]; then echo "# repriced: the stored cells of $platforms priced again (no runs)"
  else echo "# platforms: $platforms; runs per cell (traced, and as many untraced): $(for p in ${platforms//,/ }; do printf '%s %s ' "$p" "$(runs_of "$p")"; done | sed 's/ $//'), --fresh-vm"; fi
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"; } >>"$run/info"

# the characterisation of PLATFORM with ROUTE: its fit.csv (quick study run when missing)
fit_of() {   # fit_of PLATFORM ROUTE -> prints the path of fit.csv
    local d=$char/$1-$2
    if [ ! -s "$d/raw.csv" ] && [ ! -s "$d/fit.csv" ]; then
        say "characterising $1 (--route $2, quick study) into $d" >&2
        "$ROOT/experiments/study.sh" --platform "$1" --quick --no-report --run "$d" -- --route "$2" \
            >"$d.log" 2>&1 || { echo "predict_matrix: the quick study of $1 --route $2 failed (see $d.log)" >&2; return 1; }
    fi
    [ -s "$d/fit.csv" ] || "$HREL" fit "$d/raw.csv" --csv >"$d/fit.csv" 2>"$d/fit.err" ||
        { echo "predict_matrix: hrel fit $d/raw.csv: $(head -n 1 "$d/fit.err")" >&2; return 1; }
    echo "$d/fit.csv"
}

# the cross-platform cell: the local cell's predicting trace, predicted by
# hrel predict on this cell's run folder (its fit, medium, hosts, route set-up,
# CPU calibration, pvmd estimates), against this cell's runs
cross() {   # cross LOCALCELLDIR CELLDIR PLATFORM ROUTE
    local ldir=$1 dir=$2 src times utimes here place rtr rtu pvmd=() nhosts
    src=$(sed -n 's/^# predicted_from: //p' "$ldir/predict.csv")
    [ -n "$src" ] && [ -s "$src/msgs.csv" ] || { echo "predict_matrix: $ldir has no predicting trace" >&2; return 1; }
    nhosts=$(sed -n 's/^# platform: .*(replay medium [a-z]*, \([0-9]*\) hosts)$/\1/p' "$dir/predict.csv")
    times=$(sed -n 's/^# measured_runs_s: //p' "$dir/predict.csv")
    utimes=$(sed -n 's/^# untraced_runs_s: //p' "$dir/predict.csv")
    # the local ranks go where PVM put them on this platform (this cell's predicting run)
    here=$(sed -n 's/^# predicted_from: //p' "$dir/predict.csv")
    place=(--hosts "${nhosts:-1}")
    [ -s "$here/msgs.csv" ] && place=(--hosts-from "$here/msgs.csv")
    # the daemon route packet by packet, with this cell's measured pvmd estimates
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$dir/predict.csv")
    [ -z "${rtu:-}" ] || pvmd=(--rtt0 "$rtr" --rtt0-fresh "$rtu")
    mkdir -p "$dir/x" || return 1
    "$HREL" predict "$src" --on "$dir" --platform "$3" --route "$4" --all-models "${place[@]}" \
        "${pvmd[@]}" --measured "$times" --untraced "$utimes" -o "$dir/x" >"$dir/x/hrel_predict.txt" \
        2>"$dir/x/hrel_predict.err" ||
        { echo "predict_matrix: hrel predict of the local trace on $dir: $(head -n 1 "$dir/x/hrel_predict.err")" >&2; return 1; }
    { echo "# predicted_from: $src (recorded on local)"; cat "$dir/x/predict.csv"; } >"$dir/predict_x.csv" &&
        cp "$dir/x/predict_untraced.csv" "$dir/predict_x_untraced.csv"
}

# --reprice: price cell DIR again from TRACE (placement as in HOSTS) into
# OUT.csv and OUT_untraced.csv, keeping their runs and comment lines (the
# '# recommended:' line is the new one)
reprice_cell() {   # reprice_cell DIR PLATFORM ROUTE TRACE HOSTS OUT
    local dir=$1 on times utimes rtr rtu pvmd=() rc=0 f
    on=$(mktemp -d) || return 1
    cp "$dir"/calibration.csv "$dir"/setup.csv "$dir"/lifecycle.csv "$dir"/pvmd_cpu.csv "$on/" 2>/dev/null
    [ ! -s "$char/$2-$3/wire.csv" ] || cp "$char/$2-$3/wire.csv" "$on/"   # the userspace wire's lateness
    [ ! -s "$char/$2-$3/streamq.csv" ] || cp "$char/$2-$3/streamq.csv" "$on/"   # the wait behind a stream
    [ ! -s "$char/$2-$3/sizes.csv" ] || cp "$char/$2-$3/sizes.csv" "$on/"  # a message's cost at its size
    cp "$char/$2-$3/fit.csv" "$on/fit.csv" 2>/dev/null ||
        { echo "predict_matrix: --reprice: no $char/$2-$3/fit.csv" >&2; rm -rf "$on"; return 1; }
    mkdir -p "$on/platform" "$on/out"
    for f in "$ROOT/hostfiles/$2" "$ROOT/hostfiles/$2.platform"; do [ ! -f "$f" ] || cp "$f" "$on/platform/"; done
    times=$(sed -n 's/^# measured_runs_s: //p' "$dir/predict.csv")
    utimes=$(sed -n 's/^# untraced_runs_s: //p' "$dir/predict.csv")
    read -r rtr rtu < <(sed -n 's/^# pvmd: .* rtt_traced \([^ ]*\) rtt_untraced \([^ ]*\)$/\1 \2/p' "$dir/predict.csv")
    [ -z "${rtu:-}" ] || pvmd=(--rtt0 "$rtr" --rtt0-fresh "$rtu")
    "$HREL" predict "$4" --on "$on" --platform "$2" --route "$3" --all-models --hosts-from "$5" \
        "${pvmd[@]}" "${popts[@]}" --measured "$times" --untraced "$utimes" -o "$on/out" >"$on/out.txt" 2>"$on/err.txt" || rc=1
    if [ $rc = 0 ]; then
        for f in "$6" "$6_untraced"; do
            # the stored comment lines but the recommendation, which is this hrel's (its
            # summary's) like the predictions
            { grep '^#' "$dir/$f.csv" | grep -v '^# repriced:' | grep -v '^# recommended:'
              grep '^# recommended:' "$on/out/predict${f#"$6"}.csv"
              echo "# repriced: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown) (hrel predict on the stored trace; the runs are the cell's)"
              grep -v '^#' "$on/out/predict${f#"$6"}.csv"; } >"$dir/$f.csv.new" &&
                mv "$dir/$f.csv.new" "$dir/$f.csv" || rc=1
        done
    else
        echo "predict_matrix: --reprice $dir: $(head -n 1 "$on/err.txt")" >&2
    fi
    rm -rf "$on"
    return $rc
}

failed=0 repriced=0
for p in ${platforms//,/ }; do
    while IFS='|' read -r name route prog; do
        want "$name" || continue
        [ "$name" = stencil2 ] && [ "$p" != local ] && continue
        dir=$run/cells/$p/$name
        if [ "$reprice" = 1 ]; then
            [ -s "$dir/predict.csv" ] || continue
            tr=$dir/predicting_msgs.csv
            [ -s "$tr" ] || tr=$(sed -n 's/^# predicted_from: //p' "$dir/predict.csv")/msgs.csv
            say "repricing $p $name"
            reprice_cell "$dir" "$p" "$route" "$tr" "$tr" predict || { failed=$((failed + 1)); continue; }
            repriced=$((repriced + 1))
            ltr=$run/cells/local/$name/predicting_msgs.csv
            [ -s "$ltr" ] || [ ! -s "$run/cells/local/$name/predict.csv" ] ||
                ltr=$(sed -n 's/^# predicted_from: //p' "$run/cells/local/$name/predict.csv")/msgs.csv
            if [ "$p" != local ] && [ -s "$dir/predict_x.csv" ]; then
                if [ -s "$ltr" ]; then
                    reprice_cell "$dir" "$p" "$route" "$ltr" "$tr" predict_x || failed=$((failed + 1))
                else
                    echo "predict_matrix: --reprice $dir: the local cell's trace is gone; predict_x.csv not priced again" >&2
                    failed=$((failed + 1))
                fi
            fi
            continue
        fi
        if [ ! -s "$dir/predict.csv" ]; then
            fit=$(fit_of "$p" "$route") || { failed=$((failed + 1)); continue; }
            rm -rf "$dir" "$run/cwd/$p/$name"; mkdir -p "$(dirname "$dir")" "$run/cwd/$p/$name"
            say "$p $name: predict.sh --route $route --fresh-vm --runs $(runs_of "$p") -- ${prog#"$B/"}"
            # the program runs in a folder of its own, where what it writes into its
            # working directory stays (hrel_mstep_demo's trace.csv)
            # shellcheck disable=SC2086  # prog is a program and its arguments
            (cd "$run/cwd/$p/$name" &&
             "$ROOT/experiments/predict.sh" --platform "$p" --route "$route" --fit "$fit" --fresh-vm --all-models "${lcopt[@]}" \
                --runs "$(runs_of "$p")" --run "$dir" -- $prog) >"$dir.log" 2>&1 ||
                { echo "predict_matrix: $p $name failed: $(grep -v '^predict: [a-z_]* refused' "$dir.log" | tail -n 1)" >&2
                  failed=$((failed + 1)); continue; }
        fi
        if [ "$p" != local ] && [ -s "$run/cells/local/$name/predict.csv" ] && [ ! -s "$dir/predict_x.csv" ]; then
            cross "$run/cells/local/$name" "$dir" "$p" "$route" || failed=$((failed + 1))
        fi
    done <<<"$CELLS"
done

# --reprice that found no cell: say so, and leave the folder's matrix as it is
if [ "$reprice" = 1 ] && [ "$repriced" -eq 0 ]; then
    echo "predict_matrix: --reprice: no cell of $platforms under $run/cells/PLATFORM/CELL (predict.csv): nothing priced, nothing written" >&2
    exit 1
fi

# spread/PLATFORM.csv: each platform's run times over its cells' predictions
# (experiments/spread.sh; hrel predict --spread gives intervals from it) and
# spread/PLATFORM_coverage.csv: each cell's runs against the interval from the
# other cells' spread (leave one program out)
for p in ${platforms//,/ }; do
    [ -d "$run/cells/$p" ] || continue
    mkdir -p "$run/spread"
    "$ROOT/experiments/spread.sh" -o "$run/spread/$p.csv" "$run/cells/$p" >/dev/null 2>"$run/spread/$p.err" &&
        "$ROOT/experiments/spread.sh" --coverage "$run/cells/$p" >"$run/spread/${p}_coverage.csv" 2>>"$run/spread/$p.err" ||
        echo "predict_matrix: no spread for $p: $(sed 's/^spread: //' "$run/spread/$p.err" | head -n 1)" >&2
    [ -s "$run/spread/$p.err" ] || rm -f "$run/spread/$p.err"
done

# matrix.csv: one row per cell, source and model
# median over a cell's untraced (or traced) runs of net.csv's third column
bigmed() {   # bigmed NET.csv untraced|run
    [ -s "$1" ] || { echo nan; return; }
    awk -F, -v k="$2" 'NR > 1 && $1 ~ "^" k "[0-9]+$" { print $3 }' "$1" | sort -n |
        awk '{ v[NR] = $1 } END { if (!NR) print "nan"; else print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
{ echo "platform,cell,route,source,model,predicted_s,measured_s,untraced_s,err_pct,err_untraced_pct,overhead_pct,big_datagrams_untraced,big_datagrams_traced"
  for f in "$run"/cells/*/*/predict.csv "$run"/cells/*/*/predict_x.csv; do
      [ -s "$f" ] || continue
      d=$(dirname "$f"); cell=$(basename "$d"); p=$(basename "$(dirname "$d")")
      case "$f" in *_x.csv) src=local; u=$d/predict_x_untraced.csv ;; *) src=same; u=$d/predict_untraced.csv ;; esac
      route=$(sed -n 's/^# route: \([a-z]*\);.*/\1/p' "$d/predict.csv")
      ov=$(sed -n 's/^# tracing_overhead_pct: //p' "$f")
      bu=$(bigmed "$d/net.csv" untraced) bt=$(bigmed "$d/net.csv" run)
      awk -F, -v OFS=, -v p="$p" -v c="$cell" -v r="$route" -v s="$src" -v ov="$ov" -v bu="$bu" -v bt="$bt" '
          FNR == NR { if ($0 !~ /^#/ && $1 != "model") { up[$1] = $3; ue[$1] = $4 }; next }
          /^#/ || $1 == "model" { next }
          { print p, c, r, s, $1, $2, $3, up[$1], $4, ue[$1], ov, bu, bt }' "$u" "$f"
  done; } >"$run/matrix.csv"

# summary: median and maximum |error| per platform, source, route and model
"$ROOT/experiments/matrix_summary.sh" -o "$run/summary.csv" "$run/matrix.csv" ||
    die "no summary of $run/matrix.csv"
{ echo "| platform | route | trace | model | cells | median / max abs. error % vs untraced | vs traced |"
  echo "|---|---|---|---|---|---|---|"
  grep -v '^#' "$run/summary.csv" | tail -n +2 | awk -F, '{ printf "| %s | %s | %s | %s | %d | %s / %s | %s / %s |\n", $1, $3, $2, $4, $5, $6, $7, $8, $9 }'; } >"$run/summary.md"

# cells.md: one row per cell and source, every model's prediction and error
awk -F, '
    NR == 1 { next }
    { k = $1 "|" $2 "|" $4; if (!(k in seen)) { seen[k] = 1; order[++n] = k
          meta[k] = sprintf("%s | %s | %s | %s | %.3f | %.3f | %s | %s | %s", $1, $2, $3, $4, $8, $7, $11, $12, $13) }
      cell[k, $5] = sprintf("%.3f (%+.1f)", $6, $10) }
    END { print "| platform | cell | route | trace | untraced s | traced s | overhead % | big dgrams untraced | traced | BSPWB | MPM | replay | replay, no medium | pvmd packets, traced state | pvmd packets, fresh state | pvmd packets, cores shared |"
          print "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
          for (i = 1; i <= n; i++) { k = order[i]; printf "| %s", meta[k]
              split("bspwb mpm replay replay_nomedium replay_pvmd replay_pvmd_fresh replay_pvmd_shared", m, " ")
              for (j = 1; j <= 7; j++) printf " | %s", ((k, m[j]) in cell) ? cell[k, m[j]] : (j > 4 ? "—" : "refused")
              print " |" } }' "$run/matrix.csv" >"$run/cells.md"

if command -v gnuplot >/dev/null 2>&1 && [ "$(wc -l <"$run/matrix.csv")" -gt 1 ]; then
    . "$ROOT/experiments/figure.sh"
    hrel_figure predict_matrix "$run/matrix" "$run/matrix.csv" || true
fi
cat "$run/summary.md"
# the goals (issues 21 and 22) on this matrix, with each cell's median's interval
if "$ROOT/experiments/matrix_goal.sh" -o "$run" "$run" >"$run/goal.txt" 2>&1; then
    sed 's/^/predict_matrix: goal: /' "$run/goal.txt"; rm -f "$run/goal.txt"
else
    echo "predict_matrix: no goal check: $(head -n 1 "$run/goal.txt")" >&2
fi
[ "$failed" -eq 0 ] || echo "predict_matrix: $failed cell(s) failed; rerun with --run $run to retry them" >&2
echo "predict_matrix: $run"
[ "$failed" -eq 0 ]
