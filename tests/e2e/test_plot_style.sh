#!/bin/bash
# test_plot_style.sh -- one style per pattern in every figure (issue 15): the
# committed plots/patterns.gp is what the registry generates, each pattern of a
# family has its own colour+marker+dash, figure scripts pick pattern styles by
# name (pat_ls) and nothing else uses the pattern style numbers; a figure made
# with it names the pattern styles it drew.
. "$(dirname "$0")/common.sh"
H=$BIN/hrel
P=$ROOT/plots

check "hrel patterns --gnuplot runs" "$H" patterns --gnuplot
"$H" patterns --gnuplot > "$T/patterns.gp" 2>/dev/null
check "plots/patterns.gp is the registry's output (regenerate: hrel patterns --gnuplot > plots/patterns.gp)" \
    cmp -s "$T/patterns.gp" "$P/patterns.gp"
check_not "--csv with --gnuplot is refused" "$H" patterns --csv --gnuplot

# every registry pattern has a style line; within a family no two share colour+marker+dash
"$H" patterns --csv | tail -n +2 | cut -d, -f1,3,11 > "$T/reg"
check "registry lists patterns" test -s "$T/reg"
missing=0
while IFS=, read -r name fam style; do
    grep -q "^set style line $style .*# $name " "$P/patterns.gp" || missing=1
    grep -q "(n eq \"$name\") ? $style :" "$P/patterns.gp" || missing=1
done < "$T/reg"
check "each pattern has its style line and pat_ls entry" test "$missing" = 0
for fam in hrelation hyper; do
    styles=$(grep ",$fam," "$T/reg" | cut -d, -f3)
    looks=$(for s in $styles; do grep "^set style line $s " "$P/patterns.gp" | sed 's/   # .*//; s/^set style line [0-9]* //'; done)
    check "family $fam: distinct looks" test "$(echo "$looks" | sort -u | wc -l)" = "$(echo "$looks" | wc -l)"
done
# scripts: no positional pattern styles, no style number 1-19 used directly
check_not "no figure assigns pattern styles by position" grep -nE 'ls \(i *%|ls i\b' "$P"/*.gp
check_not "no figure uses a pattern style number for a non-pattern series" \
    grep -nE '\bls ([1-9]|1[0-9])\b' $(ls "$P"/*.gp | grep -v '/patterns.gp$')
check "common.gp loads patterns.gp" grep -q 'load plotdir."/patterns.gp"' "$P/common.gp"
for f in fig_T fig_gprocs fig_pooled; do
    check "$f picks pattern styles by name" grep -q 'pat_ls(word(names' "$P/$f.gp"
done

# no titles baked into the study figures (captions live in report.html/LaTeX)
check_not "no title inside fig_T/fig_gprocs/fig_pooled" grep -nE '^set title|multiplot.* title' \
    "$P/fig_gprocs.gp" "$P/fig_pooled.gp" "$P/fig_T.gp"
check "fig_pooled: one legend (bottom panel unsets the key)" grep -q '^unset key' "$P/fig_pooled.gp"

# a figure drawn with the styles: gnuplot resolves pat_ls for the blocks' names
if command -v gnuplot >/dev/null 2>&1; then
    cat > "$T/g.dat" <<'DAT'
# figure (b): g per pattern per processor count
# unit: bytes
procs POA ci_g L
2 1e-7 1e-9 0.001
4 1.1e-7 1e-9 0.001


procs AO ci_g L
2 2e-7 1e-9 0.001
4 2.1e-7 1e-9 0.001
DAT
    check "fig_gprocs draws with the registry styles" gnuplot -c "$P/fig_gprocs.gp" "$T/g.dat" "$T/g.png"
    check "fig_gprocs wrote a PNG" test -s "$T/g.png"
    # paper sizes: double column 7 in (504 pt), single column 3.4 in (244 pt) wide
    gnuplot -c "$P/fig_gprocs.gp" "$T/g.dat" "$T/g.pdf" >/dev/null 2>&1
    gnuplot -c "$P/fig_gprocs.gp" "$T/g.dat" "$T/g_1col.pdf" >/dev/null 2>&1
    check "double-column PDF is 504 pt wide" grep -aq 'MediaBox \[ 0 0 504 ' "$T/g.pdf"
    check "single-column PDF is 244 pt wide" grep -aq 'MediaBox \[ 0 0 244 ' "$T/g_1col.pdf"
    gnuplot -e "plotdir='$P'; out='$T/x.png'; load '$P/common.gp'; print pat_ls('POA'), pat_ls('AO'), pat_ls('nope')" > "$T/ls" 2>&1
    check "pat_ls gives POA 4, AO 5, unknown 19" grep -qx '4 5 19' "$T/ls"
fi
# issue 15: no titles baked into figures unless with_title=1 (captions go into the
# report and the LaTeX); panel labels of multi-panel figures are not titles
for f in "$P"/*.gp; do
    check "$(basename "$f"): a title only under with_title" \
        test -z "$(grep -nE '^[[:space:]]*set title' "$f" | grep -v 'sprintf("pattern\|sprintf("P = ')"
done
# the FFT figures' p axis follows the runs present (p = 1, 2, 4: no empty 8 column)
printf 'algo,n,p,reps,actual_s,actual_min_s,actual_max_s,model_s,error_pct,mpm_s,mpm_error_pct\n' >"$T/ft.csv"
for p in 1 2 4; do
    printf 'mstep,1024,%d,3,0.1,0.09,0.11,0.1,1,0.1,1\nccm,1024,%d,3,0.1,0.09,0.11,0.1,1,0.1,1\n' $p $p >>"$T/ft.csv"
done
for gp in fft_times fft_error; do
    xmax=$(cd "$T" && echo 'print sprintf("%g", GPVAL_X_MAX)' |
           gnuplot -e "tables='ft.csv'; names='local'; algo='mstep'; out='$gp.png'" "$P/$gp.gp" - 2>&1 | tail -n 1)
    check "$gp: p axis ends after the largest p run (4), not at 8 or 10 (x max $xmax)" \
        awk -v x="$xmax" 'BEGIN { exit !(x >= 4 && x < 8) }'
done

finish
