#!/bin/bash
# End-to-end tests of "nothing lost" in hrel_bench on a local pvmd: the
# overwrite guard and --force, the end mark of a complete run, a killed run
# left unmarked-as-complete and stated by hrel fit, --resume keeping finished
# cases and re-running the rest, and --dry-run running nothing.
. "$(dirname "$0")/common.sh"

rows() { grep -v '^#' "$1" | tail -n +2 | wc -l; }
cases() { grep -v '^#' "$1" | tail -n +2 | wc -l; }

# --- --dry-run: the plan, no virtual machine needed, nothing written --------
"$BIN/hrel_bench" --dry-run -P PP,E -p 2 -s 6720,26880 -r 3 -o "$T/dry" >"$T/dry.out" 2>&1
check "dry run: exit 0" test $? -eq 0
check "dry run: 4 cases listed" test "$(grep -c '^\(PP\|E\),2,' "$T/dry.out")" -eq 4
check "dry run: an estimated duration" grep -qE '^# 4 cases to run .*estimated [0-9]+:[0-9]{2}:[0-9]{2}' "$T/dry.out"
check "dry run: nothing written" test ! -e "$T/dry"
printf 'pattern,procs,g,L,r2,n\nPP,all,1e-3,0.5,1,3\n' >"$T/slow.csv"
"$BIN/hrel_bench" --dry-run -P PP -p 2 -s 1000 -r 3 -w 1 --fit "$T/slow.csv" >"$T/dry2.out"
check "dry run with --fit: 4 x (0.5 + 1e-3*1000) s + set-up = 6.02 s" grep -q '^PP,2,1000,1000,3,6.020$' "$T/dry2.out"

hrel_vm_start "$ROOT/hostfiles/local" || { echo "FAIL: cannot start pvmd"; echo "0 passed, 1 failed"; exit 1; }

# --- a complete run ends with the mark; the guard refuses to overwrite -------
"$BIN/hrel_bench" -q -P PP,E -p 2 -s 6720,26880 -r 3 -w 0 -o "$T/r" 2>"$T/r.err"
check "complete run: exit 0" test $? -eq 0
check "complete run: last line '# complete: yes'" test "$(tail -n 1 "$T/r/raw.csv")" = "# complete: yes"
check "complete run: 4 cases x 3 reps" test "$(rows "$T/r/raw.csv")" -eq 12
"$BIN/hrel" fit "$T/r/raw.csv" --no-files >"$T/fit.out" 2>"$T/fit.err"
check "hrel fit states a complete run" grep -q '^# run: complete$' "$T/fit.out"
check "hrel fit: no warning on a complete run" test ! -s "$T/fit.err"
sum=$(md5sum <"$T/r/raw.csv")
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720 -r 2 -o "$T/r" 2>"$T/again.err"
check "existing raw.csv: exit 2" test $? -eq 2
check "existing raw.csv: one line naming it and the way out" \
    grep -qx "hrel_bench: $T/r/raw.csv exists: --force overwrites it, --resume $T/r continues it" "$T/again.err"
check "existing raw.csv: untouched" test "$(md5sum <"$T/r/raw.csv")" = "$sum"
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720 -r 2 -o "$T/r" --force 2>"$T/force.err"
check "--force: exit 0 and overwritten" test $? -eq 0 -a "$(rows "$T/r/raw.csv")" -eq 2
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720 -r 2 --resume "$T/r" 2>"$T/rc.err"
check "--resume of a complete run: nothing to do, exit 0" grep -q 'is complete: nothing to resume' "$T/rc.err"
check_not "--resume with --force refused" "$BIN/hrel_bench" -q --resume "$T/r" --force

# --- --budget: an unreachable precision target stops at the case's share ----
timeout 120 "$BIN/hrel_bench" -q -P PP -p 2 -s 6720,26880 --rse 1e-9 --min-reps 3 \
    --max-reps 100000000 -w 0 --budget 2s -o "$T/b" 2>"$T/b.err"
check "--budget: the run ends by itself (exit 0)" test $? -eq 0
check "--budget: stated in the metadata" grep -q '^# budget_s: 2 ' "$T/b/raw.csv"
check "--budget: each case has at least the minimum 3 repetitions" \
    test "$(grep -c '^PP,2,6720,' "$T/b/raw.csv")" -ge 3 -a "$(grep -c '^PP,2,26880,' "$T/b/raw.csv")" -ge 3
"$BIN/hrel" quality "$T/b" >"$T/bq.out"
check "--budget: both cases missed the target, and quality says so" grep -q 'missed by 2;' "$T/bq.out"

# --- a killed run: no end mark; hrel fit says so ----------------------------
# (two sizes, as a fit needs; 1000 repetitions take seconds per case here, more on a
# loaded machine: up to 2 min is waited for; and
# the run is killed once the second case has rows; --max-lag 1s: a loaded machine's
# late starts void no repetition, as 1000 void ones would end the run by itself)
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720,26880 -r 1000 -w 0 --max-lag 1s -o "$T/k" 2>"$T/k.err" &
bpid=$!
for _n in $(seq 1 1200); do n=$(grep -c '^PP,2,26880,' "$T/k/raw.csv" 2>/dev/null); [ "${n:-0}" -gt 5 ] && break; sleep 0.1; done
kill -TERM "$bpid"; wait "$bpid"
check "killed run: no '# complete: yes'" test -z "$(grep -x '# complete: yes' "$T/k/raw.csv")"
"$BIN/hrel" fit "$T/k/raw.csv" --no-files >"$T/kfit.out" 2>"$T/kfit.err"
check "hrel fit warns of an interrupted run" grep -q "warning: .*INTERRUPTED run" "$T/kfit.err"
grep -q "warning: .*INTERRUPTED run" "$T/kfit.err" ||   # for the log: what the run left
    { echo "  killed run: rows $(grep -c '^PP,2,6720,' "$T/k/raw.csv") + $(grep -c '^PP,2,26880,' "$T/k/raw.csv"), waited $_n x 0.1 s"
      tail -n 3 "$T/kfit.err" | sed 's/^/  hrel fit said: /'; grep '^#' "$T/k/raw.csv" | tail -n 3 | sed 's/^/  raw.csv: /'
      tail -n 3 "$T/k.err" | sed 's/^/  hrel_bench said: /'; }
check "hrel fit's tables state it" grep -q '^# run: INTERRUPTED' "$T/kfit.out"

# --- --resume: finished cases kept and skipped, a half case re-run ---------
# From the complete run R2 (4 cases), make an interrupted one: drop the last
# case from cases.csv, keep one of its rows in raw.csv, remove the end mark.
"$BIN/hrel_bench" -q -P PP,E -p 2 -s 6720,26880 -r 3 -w 0 -o "$T/r2" 2>/dev/null
last=$(grep -v '^#' "$T/r2/cases.csv" | tail -n 1 | cut -d, -f1-3)
grep -v "^$last," "$T/r2/cases.csv" >"$T/c.tmp" && mv "$T/c.tmp" "$T/r2/cases.csv"
{ grep -v -e "^$last," -e '^# complete: yes' "$T/r2/raw.csv"; grep "^$last,.*,0," "$T/r2/raw.csv"; } >"$T/r.tmp"
mv "$T/r.tmp" "$T/r2/raw.csv"
kept=$(grep -v "^$last," "$T/r2/raw.csv" | grep -c '^\(PP\|E\),')
old=$(grep '^PP,2,6720,' "$T/r2/raw.csv")
"$BIN/hrel_bench" -P PP,E -p 2 -s 6720,26880 -r 3 -w 0 --resume "$T/r2" 2>"$T/res.err"
check "--resume: exit 0" test $? -eq 0
check "--resume: 3 finished cases kept" grep -q 'resuming .*: 3 finished cases kept (9 rows)' "$T/res.err"
check "--resume: one case run (progress line 1/1)" grep -q '\[1/1\]' "$T/res.err"
check "--resume: 12 rows, no duplicate" test "$(rows "$T/r2/raw.csv")" -eq 12 -a "$kept" -eq 9
check "--resume: a finished case's rows unchanged" test "$(grep '^PP,2,6720,' "$T/r2/raw.csv")" = "$old"
check "--resume: the last case once (3 rows)" test "$(grep -c "^$last," "$T/r2/raw.csv")" -eq 3
check "--resume: 4 cases in cases.csv" test "$(cases "$T/r2/cases.csv")" -eq 4
check "--resume: ends complete" test "$(tail -n 1 "$T/r2/raw.csv")" = "# complete: yes"
check_not "--resume of a directory without a run refused" "$BIN/hrel_bench" -q --resume "$T/none"
"$BIN/hrel" quality "$T/r2" >"$T/q.out"
check "hrel quality: the resumed run is complete, 4 cases" grep -q "^quality: run complete; 4 cases;" "$T/q.out"
# --- --resume of a run whose cases.csv predates median_s,rse_median -------------
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720,26880 -r 2 -w 0 -o "$T/r3" 2>/dev/null
last=$(grep -v '^#' "$T/r3/cases.csv" | tail -n 1 | cut -d, -f1-3)
grep -v "^$last," "$T/r3/cases.csv" | sed 's/,median_s,rse_median$//; /^PP,/s/,[^,]*,[^,]*$//' >"$T/c.tmp"
mv "$T/c.tmp" "$T/r3/cases.csv"
grep -v -e "^$last," -e '^# complete: yes' "$T/r3/raw.csv" >"$T/r.tmp" && mv "$T/r.tmp" "$T/r3/raw.csv"
"$BIN/hrel_bench" -q -P PP -p 2 -s 6720,26880 -r 2 -w 0 --resume "$T/r3" 2>/dev/null
check "--resume of an older cases.csv: exit 0" test $? -eq 0
check "--resume of an older cases.csv: its rows keep 17 columns" \
    test "$(grep -v '^#' "$T/r3/cases.csv" | awk -F, '{print NF}' | sort -u)" = 17
"$BIN/hrel" quality "$T/r3" >"$T/q3.out" 2>&1
check "--resume of an older cases.csv: hrel quality reads it" grep -q "^quality: run complete; 2 cases;" "$T/q3.out"
"$BIN/hrel" quality "$T/k" >"$T/qk.out" 2>&1
check "hrel quality: the killed run is INTERRUPTED" grep -q "^quality: run INTERRUPTED" "$T/qk.out"
finish
