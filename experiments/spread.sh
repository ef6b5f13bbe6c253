#!/bin/bash
# spread.sh -- how a platform's run times spread around hrel's predictions:
# the spread.csv of a characterisation (lib/model/spread.h), from which
# `hrel predict` gives a model's 80 % interval (docs/predict.md, "An interval
# from the measured spread").
# From predict.sh run folders of several programs on one platform, each with
# untraced runs (predict.sh --runs N: predict_untraced.csv), it takes for every
# route and model the ratio  untraced run time / the model's prediction  over
# every run, and writes its 10th and 90th percentile as the split-conformal
# ranks floor(0.1 (n + 1)) and ceil(0.9 (n + 1)) of the n sorted ratios (a
# new run of a like program falls between them with probability >= 80 %), and
# its median (the arithmetic: bin/$PVM_ARCH/hrel trace spread). The ratios hold both what varies from run to run on the platform
# and what the model misses on those programs.
#
# Usage: experiments/spread.sh [-o FILE] [--min-runs N] [--min-programs N]
#            [--exclude NAME] [--coverage [--check SPREAD.csv]] CELL...
#   CELL            a predict.sh run folder (predict.csv and predict_untraced.csv),
#                   or a folder of them (a matrix's cells/PLATFORM)
#   -o FILE         write there (default standard output); as spread.csv in the
#                   platform's characterisation folder, hrel predict --on finds it
#   --min-runs N    fewest runs behind a row (default 10)
#   --min-programs N  fewest programs behind a row (default 3)
#   --exclude NAME  leave out cell folders of this name (repeatable): a program
#                   held out of its own interval
#   --coverage      instead: how many untraced runs of each CELL fall inside the
#                   80 % interval of the model it recommends, the interval taken
#                   from the spread of the other CELLs (leave one program out), or
#                   with --check from SPREAD.csv (programs it never saw); --model M:
#                   of model M in every cell instead of the one it recommends. Prints
#     platform,cell,route,model,predicted_s,lo_s,hi_s,runs,inside
#                   and a last line "# inside: K of N runs (P %)"
# Every cell must be of one platform (its predict.csv "# platform:" line).
# Exit 1 with one line on bad input (a folder without predict_untraced.csv,
# cells of two platforms, no route and model with enough runs).
set -u -o pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "spread: $1" >&2; exit "${2:-1}"; }
out="" minruns=10 minprog=3 excl=() cells=() coverage=0 check="" only_model=""
while [ $# -gt 0 ]; do
    case "$1" in
        --coverage) coverage=1; shift ;;
        -o|--min-runs|--min-programs|--exclude|--check|--model)
            [ $# -ge 2 ] || die "$1 needs a value" 2
            case "$1" in -o) out=$2 ;; --min-runs) minruns=$2 ;; --min-programs) minprog=$2 ;;
                         --exclude) excl+=("$2") ;; --check) check=$2 ;; --model) only_model=$2 ;;
            esac; shift 2 ;;
        -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) die "unknown option '$1' (see --help)" 2 ;;
        *) cells+=("$1"); shift ;;
    esac
done
for n in "$minruns" "$minprog"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "--min-runs and --min-programs take a whole number >= 1, not '$n'" 2
done
[ ${#cells[@]} -gt 0 ] || die "give the predict.sh run folders (see --help)" 2
[ -z "$only_model" ] || [ $coverage = 1 ] || die "--model goes with --coverage" 2

# the run folders: each CELL, or the folders under it that hold a predict.csv
dirs=()
for c in "${cells[@]}"; do
    [ -d "$c" ] || die "$c: no such folder"
    if [ -f "$c/predict.csv" ]; then dirs+=("$c")
    else
        found=0
        for d in "$c"/*/; do
            [ -f "$d/predict.csv" ] || continue
            dirs+=("${d%/}"); found=1
        done
        [ $found = 1 ] || die "$c: neither a predict.sh run folder (predict.csv) nor a folder of them"
    fi
done
keep=()
for d in "${dirs[@]}"; do
    skip=0
    for x in ${excl[@]+"${excl[@]}"}; do [ "$(basename "$d")" = "$x" ] && skip=1; done
    [ $skip = 1 ] || keep+=("$d")
done
[ ${#keep[@]} -gt 0 ] || die "every run folder was excluded"

platform=""
for d in "${keep[@]}"; do
    [ -s "$d/predict_untraced.csv" ] ||
        die "$d: no predict_untraced.csv (predict.sh's untraced runs: run it with --runs N)"
    p=$(sed -n 's/^# platform: \([^ ]*\).*/\1/p' "$d/predict.csv" | head -n 1)
    [ -n "$p" ] || die "$d/predict.csv: no '# platform:' line"
    [ -z "$platform" ] || [ "$p" = "$platform" ] ||
        die "$d is of platform $p, the others of $platform: a spread is one platform's"
    platform=$p
done

HREL=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
[ -x "$HREL" ] || die "no $HREL: build first (make)"
# runs_of DIR [MODEL]: DIR's untraced runs, one row each, with the prediction
# of every model (or MODEL only): route,model,program,run_s,predicted_s
runs_of() {
    local d=$1 route
    route=$(sed -n 's/^# route: \([a-z]*\).*/\1/p' "$d/predict.csv" | head -n 1)
    [ "$route" = direct ] || [ "$route" = daemon ] || die "$d/predict.csv: no '# route: direct|daemon' line"
    awk -F, -v route="$route" -v prog="$d" -v only="${2:-}" -v f="$d/predict_untraced.csv" '
        /^# measured_runs_s:/ { s = $0; sub(/^# measured_runs_s: */, "", s); n = split(s, r, ",") }
        /^#/ { next }
        $1 == "model" { for (i = 1; i <= NF; i++) c[$i] = i; hdr = 1; next }
        hdr && (only == "" || $1 == only) {
            for (i = 1; i <= n; i++) {
                if (r[i] !~ /^[0-9.eE+-]+$/ || r[i] + 0 <= 0) {
                    printf "spread: %s: run time '\''%s'\'' is not seconds\n", f, r[i] > "/dev/stderr"
                    exit 1
                }
                printf "%s,%s,%s,%s,%s\n", route, $1, prog, r[i], $(c["predicted_s"])
            }
        }
        END { if (!n) { printf "spread: %s: no '\''# measured_runs_s:'\'' line\n", f > "/dev/stderr"; exit 1 } }
    ' "$d/predict_untraced.csv"
}
runs_header="route,model,program,run_s,predicted_s"

# --coverage: each cell's runs against the interval from the others' spread
# (hrel trace spread --check)
if [ $coverage = 1 ]; then
    [ -z "$check" ] || [ -r "$check" ] || die "cannot read --check file '$check'"
    tmp=$(mktemp) || die "cannot make a temporary file"
    trap 'rm -f "$tmp" "$tmp.err"' EXIT
    echo "platform,cell,route,model,predicted_s,lo_s,hi_s,runs,inside"
    tin=0 tn=0
    for d in "${keep[@]}"; do
        model=$only_model
        [ -n "$model" ] || model=$(sed -n 's/^# recommended: \([a-z_]*\).*/\1/p' "$d/predict_untraced.csv" | head -n 1)
        [ -n "$model" ] || die "$d/predict_untraced.csv: no '# recommended:' line"
        sp=$check
        if [ -z "$sp" ]; then
            sp=$tmp
            "$0" --min-runs "$minruns" --min-programs "$minprog" --exclude "$(basename "$d")" \
                ${excl[@]+$(printf -- '--exclude %s ' "${excl[@]}")} -o "$tmp" "${keep[@]}" \
                >/dev/null 2>"$tmp.err" ||
                { echo "spread: $d: no interval: $(sed 's/^spread: //' "$tmp.err" | head -n 1)" >&2; continue; }
        fi
        runs=$(runs_of "$d" "$model") || exit 1
        [ -n "$runs" ] || { echo "spread: $d: no $model row in predict_untraced.csv" >&2; continue; }
        row=$(printf '%s\n%s\n' "$runs_header" "$runs" | "$HREL" trace spread --check "$sp" -) || exit 1
        [ -n "$row" ] || { echo "spread: $d: $sp has no row for $(echo "$runs" | head -n 1 | cut -d, -f1-2 | tr , ' ')" >&2; continue; }
        echo "$platform,$(basename "$d"),$(echo "$row" | cut -d, -f1,2),$(echo "$row" | cut -d, -f4-)"
        tn=$((tn + $(echo "$row" | cut -d, -f7))) tin=$((tin + $(echo "$row" | cut -d, -f8)))
    done
    [ $tn -gt 0 ] || die "no cell could be checked"
    awk -v k=$tin -v n=$tn 'BEGIN { printf "# inside: %d of %d runs (%.0f %%)\n", k, n, 100 * k / n }'
    exit 0
fi

runs=$(for d in "${keep[@]}"; do runs_of "$d" || exit 1; done) || exit 1
rows=$(printf '%s\n%s\n' "$runs_header" "$runs" |
       "$HREL" trace spread --min-runs "$minruns" --min-programs "$minprog" -) || exit 1
[ -n "$rows" ] || die "no route and model has $minruns runs of $minprog programs in these folders (${#keep[@]} of them)"

write() {
    echo "# hrel_spread: untraced run time / prediction, per route and model; 10th, 50th, 90th percentile"
    echo "# platform: $platform"
    echo "# created: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "# minimum: $minruns runs of $minprog programs per row"
    for d in "${keep[@]}"; do echo "# cell: $d"; done
    echo "route,model,programs,runs,q10,q50,q90"
    printf '%s\n' "$rows"
}
if [ -n "$out" ]; then
    write >"$out.tmp" && mv "$out.tmp" "$out" || die "cannot write $out"
    echo "spread: $out ($(printf '%s\n' "$rows" | wc -l) rows, ${#keep[@]} run folders of $platform)"
else
    write
fi
