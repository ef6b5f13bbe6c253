#!/bin/bash
# How far a characterisation's fitted PP,2 line is from PP,2's medians at the
# measured sizes (docs/predict.md, "A message priced at its own size"): for
# each characterisation folder with a raw.csv, `hrel fit` into a scratch folder,
# then per size the median, the mean and the line (g_use h + L_use), and the
# median's distance from the line in %.
# usage: line_vs_sizes.sh CHAR...   (output on stdout)
set -eu
. "$(dirname "$0")/common.sh"
for c in "$@"; do
    [ -s "$c/raw.csv" ] || { echo "line_vs_sizes.sh: $c has no raw.csv" >&2; exit 1; }
    rm -rf "$t/f"; mkdir -p "$t/f"
    "$HREL" fit "$c/raw.csv" -o "$t/f" --csv >"$t/f/fit.out"
    read -r g L < <(awk -F, '$1 == "PP" && $2 == 2 { print $10, $11 }' "$t/f/fit.out")
    echo "# $c: PP,2 line g_use $g L_use $L"
    awk -F, -v g="$g" -v L="$L" '$1 == "PP" && $2 == 2 {
        l = g * $3 + L; printf "h %s median %.4g mean %.4g line %.4g (median %+.1f %% from the line)\n",
        $3, $6, $5, l, 100 * ($6 - l) / $6 }' "$t/f/sizes.csv"
done
