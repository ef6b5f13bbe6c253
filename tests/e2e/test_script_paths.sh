#!/bin/bash
# End-to-end tests of how the experiment scripts treat paths (issue 14 items 2
# and 7, script side): a run directory whose name is gnuplot or shell code
# (x';system('touch PWNED');y=' and a'$(touch PWNED)'b) is only ever data --
# report.sh and compare.sh make their figures and no file PWNED appears; run
# directories with a space work in compare.sh, also through --latest; every
# script's --help prints its usage, not source lines; a user's hostfile (a
# copy of hostfiles/local under another name, in a folder with a space) drives
# mstep_demo.sh, fft_study.sh and psrs_study.sh, given as relative paths from
# another directory (outputs in directories with a space), and their results
# name it. Ends with "N passed, N failed".
. "$(dirname "$0")/common.sh"
X=$ROOT/experiments
cd "$T" || exit 1                 # a command that ran would write PWNED here
gp="x';system('touch PWNED');y='"
sh="a'\$(touch PWNED)'b"
k=0
no_pwned() { test -z "$(find "$T" "$ROOT" -maxdepth 3 -name 'PWNED*' 2>/dev/null)"; }

# --- report.sh on run directories named like code ---------------------------------
for name in "$gp" "$sh" "run with space"; do
    d="$T/$name"
    mkdir -p "$d"
    k=$((k + 1))
    "$ROOT/tests/data/make_seed_raw.sh" UTP 5 | sed "s/^# platform: .*/# platform: p$k/" >"$d/raw.csv"
    "$X/report.sh" "$d" >"$T/rep.out" 2>&1; rc=$?
    check "report.sh on '$name' exits 0 ($(head -n 1 "$T/rep.out"))" test "$rc" -eq 0
    for f in fig_T.png fig_gprocs.pdf fig_pooled.png report.html; do
        check "report.sh on '$name' wrote $f" test -s "$d/$f"
    done
    check "report.sh on '$name': no file PWNED" no_pwned
done

# the report takes its tables' order, captions and notes from fit_tables.tsv
# (hrel fit writes it), not from the text tables
d="$T/run with space"
ntab=$(grep -v '^#' "$d/fit_tables.tsv" | tail -n +2 | wc -l)
check "fit_tables.tsv lists every fit_table_*.csv" test "$ntab" -gt 0 -a "$ntab" -eq "$(ls "$d"/fit_table_*.csv | wc -l)"
check "fit_tables.tsv starts with the fit's settings" grep -q '^# hrel fit ' "$d/fit_tables.tsv"
check "report.html: one captioned table per listed table (plus quality ones)" \
    test "$(grep -c '<table><caption>Pattern' "$d/report.html")" -eq "$(grep -c $'^[A-Z.0-9]*\tPattern' "$d/fit_tables.tsv")"
check "report.html shows a table's note" grep -q 'class="note">L&lt;0' "$d/report.html"

# --- compare.sh on the same directories, output into a folder with a space ---------
"$X/compare.sh" -o "$T/cmp $gp" "$T/$gp" "$T/$sh" "$T/run with space" >"$T/cmp.out" 2>&1; rc=$?
check "compare.sh on code-named runs exits 0 ($(tail -n 1 "$T/cmp.out"))" test "$rc" -eq 0
check "compare.sh: figure made" test -s "$T/cmp $gp/fig_compare.png"
check "compare.sh: three runs in the CSV" \
    test "$(cut -d, -f1 "$T/cmp $gp/compare.csv" | tail -n +2 | sort -u | wc -l)" -eq 3
check "compare.sh: no file PWNED" no_pwned
"$X/compare.sh" --out="$T/cmp2" "$T/run with space" >/dev/null 2>&1
check "compare.sh --out=DIR with a run directory holding a space" test -s "$T/cmp2/compare.csv"
"$X/compare.sh" --frob >/dev/null 2>"$T/frob.err"; rc=$?
check "compare.sh unknown option: exit 2, one line" eval "[ $rc -eq 2 ] && [ \$(wc -l <'$T/frob.err') -eq 1 ]"

# --latest reads results/ (this test's own, HREL_RESULTS): a run directory with a
# space there is found, not skipped
plat=space-test-$$
lat="$HREL_RESULTS/h3 space test $$"
mkdir -p "$lat"
cp "$T/run with space/fit.csv" "$lat/fit.csv"
sed "s/^# platform: .*/# platform: $plat/" "$T/run with space/raw.csv" >"$lat/raw.csv"
grep -q "^# platform: $plat" "$lat/raw.csv" || printf '# platform: %s\n' "$plat" >>"$lat/raw.csv"
"$X/compare.sh" --latest -o "$T/cmp3" >"$T/lat.out" 2>&1; rc=$?
check "compare.sh --latest exits 0 ($(tail -n 1 "$T/lat.out"))" test "$rc" -eq 0
check "compare.sh --latest takes the run whose directory has a space" grep -q "$plat" "$T/cmp3/compare.csv"
rm -rf "$lat"

# --- --help prints the usage, never source lines ---------------------------------
for s in study fft_study psrs_study hyper_study mstep_demo bench compare report predict; do
    "$X/$s.sh" --help >"$T/help.out" 2>&1 </dev/null; rc=$?
    check "$s.sh --help exits 0" test "$rc" -eq 0
    check "$s.sh --help has a usage line" grep -qi '^usage:' "$T/help.out"
    check_not "$s.sh --help shows no source line" \
        grep -qE '^(set -u|ROOT=|\. |while |case |if |for |[A-Za-z_]+=\$)' "$T/help.out"
done

# --- a user's hostfile drives mstep_demo.sh ------------------------------------------
mkdir -p "$T/my hosts"
cp "$ROOT/hostfiles/local" "$T/my hosts/office.hosts"
# relative paths, from the user's directory (the script itself works in the checkout)
(cd "$T" && "$X/mstep_demo.sh" --hostfile "my hosts/office.hosts" --out "ms run" --g 1e-8 --L 1e-4 \
    -- --heavy 0.05 --light 0.01 --bytes 1024 --timeout 30) >"$T/ms.out" 2>&1; rc=$?
check "mstep_demo.sh --hostfile FILE exits 0 ($(tail -n 1 "$T/ms.out"))" test "$rc" -eq 0
check "mstep_demo.sh: trace written" test -s "$T/ms run/trace.csv"
check "mstep_demo.sh: the trace names the user's hostfile" \
    grep -qF "# hostfile: $T/my hosts/office.hosts" "$T/ms run/trace.csv"
check "mstep_demo.sh: platform named after the hostfile" grep -qx "# platform: office" "$T/ms run/trace.csv"
check "mstep_demo.sh: no pvmd of ours left" test -z "$(our_pvmds)"

# ... and fft_study.sh and psrs_study.sh, output directories with a space
"$BIN/hrel" fit "$T/run with space/raw.csv" --csv --no-files >"$T/my hosts/fit.csv" 2>/dev/null
(cd "$T/my hosts" && "$X/fft_study.sh" --fit fit.csv --hostfile office.hosts --out "fft run" \
    --procs 2 --reps 1 --n 4096) >"$T/fft.out" 2>&1; rc=$?
check "fft_study.sh --hostfile FILE (relative) exits 0 ($(tail -n 1 "$T/fft.out"))" test "$rc" -eq 0
check "fft_study.sh: runs.csv names the user's hostfile" \
    grep -qF "# hostfile: $T/my hosts/office.hosts" "$T/my hosts/fft run/office/runs.csv"
check "fft_study.sh: figure made in a directory with a space" test -s "$T/my hosts/fft run/fft_error.png"
for f in ccm_path.dat ccm_path.png ccm_path.pdf; do   # issue 15: the CCM figure
    check "fft_study.sh: CCM critical path $f" test -s "$T/my hosts/fft run/office/$f"
done
(cd "$T/my hosts" && "$X/psrs_study.sh" --fit fit.csv --hostfile office.hosts --out "psrs run" \
    --quick) >"$T/psrs.out" 2>&1; rc=$?
check "psrs_study.sh --hostfile FILE (relative) exits 0 ($(tail -n 1 "$T/psrs.out"))" test "$rc" -eq 0
check "psrs_study.sh: psrs.csv names the user's hostfile" \
    grep -qF "# hostfile: $T/my hosts/office.hosts" "$T/my hosts/psrs run/psrs.csv"
check "psrs_study.sh: figures made in a directory with a space" \
    test -s "$T/my hosts/psrs run/psrs_total.png" -a -s "$T/my hosts/psrs run/psrs_steps.pdf"
check "no pvmd of ours left" test -z "$(our_pvmds)"
finish
