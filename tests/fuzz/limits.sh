#!/bin/bash
# limits.sh -- does any input file of at most 1 MB make an `hrel` subcommand use more
# than 200 MB or run longer than 10 s? (issue 14.) Every subcommand that reads a file
# gets the seed corpora of tests/fuzz/corpus/ and crafted worst cases of about 1 MB
# (the largest values, many distinct values, the most rows, the widest header, one
# long line, deep nesting), each run under /usr/bin/time. One row per run: command,
# input, bytes, peak RSS (MB), seconds, exit status, first line of stderr. A run
# fails if it exceeds the limits or dies of a signal (exit > 128).
#
# Usage: tests/fuzz/limits.sh [--table FILE]   (the table as Markdown into FILE too)
# Ends with "N passed, N failed".
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ARCH=${PVM_ARCH:-$(/usr/lib/pvm3/lib/pvmgetarch 2>/dev/null || echo LINUX64)}
H=$ROOT/bin/$ARCH/hrel
C=$ROOT/tests/fuzz/corpus
MAX_MB=200 MAX_S=10 MAX_BYTES=1048576
table=""
case "${1:-}" in
    --table) table=${2:?--table needs a FILE} ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    "") ;;
    *) echo "limits.sh: unknown option '$1' (--table FILE)" >&2; exit 2 ;;
esac
[ -x "$H" ] || { echo "limits.sh: $H not built (make)" >&2; echo "0 passed, 1 failed"; exit 1; }
[ -x /usr/bin/time ] || "$ROOT/experiments/deps.sh" time >/dev/null 2>&1
[ -x /usr/bin/time ] || { echo "limits.sh: /usr/bin/time missing (apt-get install time)" >&2; exit 1; }
W=$(mktemp -d "${HREL_TEST_TMP:-/tmp}/limits.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
# the seeds are copied first: some commands write their files beside their input
cp -r "$C" "$W/corpus" && C=$W/corpus
pass=0 fail=0 rows=""

# ---- crafted inputs of about 1 MB ----------------------------------------------------
# fill FILE HEADER AWK-PROGRAM: HEADER, then lines printed by the awk program for
# i = 1, 2, ... until the file holds about MAX_BYTES
fill() {
    local f=$1 head=$2 prog=$3
    { [ -n "$head" ] && printf '%s\n' "$head"
      awk -v max=$((MAX_BYTES - ${#head} - 200)) "BEGIN { n = 0; for (i = 1; n < max; i++) { s = $prog; n += length(s) + 1; print s } }"
    } >"$f"
}
RAWH="pattern,procs,h,msg_bytes,rep,seconds"
fill "$W/raw_distinct.csv" "$RAWH" 'sprintf("E,%d,%d,%d,0,%g", 2 + i % 250 * 2, 1000 + 2 * i, 500 + i, 0.001 + i * 1e-7)'
fill "$W/raw_reps.csv" "$RAWH" 'sprintf("AA,4,%d,%d,%d,%g", 6 * (1 + i % 7), (1 + i % 7), i, 0.001)'
{ echo "$RAWH"; printf 'E,2,6720,3360,0,'; head -c $((MAX_BYTES - 100)) /dev/zero | tr '\0' '9'; echo; } >"$W/raw_longnum.csv"
{ echo "$RAWH"; head -c $((MAX_BYTES - 100)) /dev/zero | tr '\0' 'x'; } >"$W/raw_oneline.csv"
{ seq -s, 1 1100 | sed 's/[0-9]*/c&/g'; } >"$W/raw_widehead.csv"
TRH="rank,step,w_seconds,in_bytes,out_bytes,partners,t_end"
fill "$W/trace_rows.csv" "$TRH" 'sprintf("0,%d,0.001,100,100,1,%g\n1,%d,0.002,100,100,0,%g", i, 0.01 * i, i, 0.01 * i)'
{ echo "$TRH"; echo "255,30000,0,0,0,,"; echo "3000,30000,0,0,0,,"; } >"$W/trace_huge_ids.csv"
fill "$W/trace_partners.csv" "$TRH" 'sprintf("%d,1,0.001,100,100,%s,1", i % 256, "0;1;2;3;4;5;6;7;8;9;10;11;12;13;14;15")'
MSH="rank,host,kind,peers,bytes,tag,t_begin,t_end"
MAX_BYTES=$((MAX_BYTES / 2)) fill "$W/msgs_r0" "" 'sprintf("0,1,send,1,100,5,%.6f,%.6f", i * 1e-4, i * 1e-4 + 1e-5)'
MAX_BYTES=$((MAX_BYTES / 2)) fill "$W/msgs_r1" "" 'sprintf("1,1,recv,0,100,5,%.6f,%.6f", i * 1e-4, i * 1e-4 + 5e-5)'
n1=$(wc -l <"$W/msgs_r0"); n2=$(wc -l <"$W/msgs_r1"); n=$((n1 < n2 ? n1 : n2))
{ echo "$MSH"; echo "0,1,start,,0,-1,0.000000,0.000000"; echo "0,1,spawn,1,0,-1,0.000001,0.000009"
  head -n "$n" "$W/msgs_r0"; echo "1,1,start,,0,-1,0.000010,0.000010"; head -n "$n" "$W/msgs_r1"; } >"$W/msgs_rows.csv"
rm -f "$W/msgs_r0" "$W/msgs_r1"
fill "$W/msgs_mcast.csv" "$MSH" 'sprintf("0,1,mcast,%s,1000,7,%.6f,%.6f", "1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20", i * 1e-3, i * 1e-3 + 1e-5)'
fill "$W/fit_rows.csv" "pattern,procs,g,L,r2,n" 'sprintf("%s,%d,1e-8,1e-4,0.99,5", (i % 2 ? "E" : "PP"), 2 + i)'
fill "$W/hyper_blocks.graph" "" '(i < 6000 ? sprintf("block B%d a=1 b=1 on=p%d", i, i % 50) : sprintf("message m%d path=B%d,B%d|B%d size=%d", i, 1 + i % 5999, 1 + (i + 1) % 5999, 1 + (i + 2) % 5999, i))'
fill "$W/hyper_phases.graph" "block A a=1 b=1" '(i % 2 ? sprintf("phase p%d", i) : sprintf("message m path=A size=%d", i))'
fill "$W/hyper_one_phase.graph" "block A a=1 b=1
block B a=2 b=2" 'sprintf("message m%d path=A,B size=%d", i, 100 + i)'
{ echo "program p=4"; for _ in $(seq 1 2000); do echo "division w=1"; echo "task"; done
  for _ in $(seq 1 2000); do echo "end"; echo "end"; done; echo "end"; } >"$W/ccm_deep.ccm"
fill "$W/ccm_long.ccm" "cost F L=0.1 g=0.001
program p=4" 'sprintf("  normal w=%g f=F h=%d", i * 1e-6, i)'
echo end >>"$W/ccm_long.ccm"
fill "$W/fft_consts.csv" "p,a,b" 'sprintf("%d,1e-9,2e-8", i)'
fill "$W/psrs_consts.csv" "procs,n,B,C,D,E,F,H,I,J" 'sprintf("%d,%d,1e-8,2e-9,3e-9,4e-9,5e-9,6e-9,7e-9,8e-9", 2 + i % 64, 1024 + i)'
# a PVM tracer (SDDF) file: one parent and one child exchanging many messages
{
    printf '/*\n * "Creation Date" "x"\n */ ;;\n\n'
    printf '#1150: "newtask(0)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tint "PT";\n\tint "TF";\n\tchar "TN"[];\n};;\n'
    printf '"newtask(0)" { 10, 0, 262147, -1, -1, [2] { "-" } };;\n'
    printf '#1104: "spawn(0.0)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tchar "SE"[];\n\tchar "SW"[];\n\tint "SF";\n\tint "SC";\n};;\n'
    printf '"spawn(0.0)" { 10, 100, 262147, [4] { "abc" }, [1] { "" }, 0, 1 };;\n'
    printf '#2105: "spawn(1.1)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tint "CC";\n\tint "STL"[];\n};;\n'
    printf '"spawn(1.1)" { 10, 900, 262147, 1, [1] { 262148 } };;\n'
    printf '#1094: "send(0.0)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tint "MNB";\n\tint "DST";\n\tint "MC";\n\tint "MCX";\n};;\n'
    printf '#2095: "send(1.1)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tint "CC";\n};;\n'
    printf '#1090: "recv(0.0)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tint "RST";\n\tint "RMC";\n\tint "RCX";\n};;\n'
    printf '#2091: "recv(1.1)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n\tint "MB";\n\tint "MNB";\n\tint "MC";\n\tint "MCX";\n\tint "SRC";\n};;\n'
    printf '#1014: "exit(0.0)"\n{\n\tint "TS";\n\tint "TU";\n\tint "TID";\n};;\n'
    awk -v max=$((MAX_BYTES - 2000)) 'BEGIN { n = 0
        for (i = 1; n < max; i++) {
            t = 1000 + 100 * i; s = 11 + int(t / 1000000); u = t % 1000000
            a = sprintf("\"send(0.0)\" { %d, %d, 262147, 100, 262148, 5, 0 };;", s, u)
            b = sprintf("\"send(1.1)\" { %d, %d, 262147, 0 };;", s, u + 10)
            c = sprintf("\"recv(0.0)\" { %d, %d, 262148, 262147, 5, 0 };;", s, u + 5)
            d = sprintf("\"recv(1.1)\" { %d, %d, 262148, 7, 100, 5, 0, 262147 };;", s, u + 50)
            print a; print b; print c; print d; n += length(a b c d) + 4 } }'
    printf '"exit(0.0)" { 99, 0, 262147 };;\n"exit(0.0)" { 99, 1, 262148 };;\n'
} >"$W/pvm_many.trc"
# a small valid trace for the commands that take a fit file
printf '%s\n0,1,0.1,100,100,1,1\n1,1,0.1,100,100,0,1\n' "$TRH" >"$W/trace_small.csv"
# quality and bench read a run directory
mkdir -p "$W/run_q"; head -c $((MAX_BYTES / 2)) "$W/raw_distinct.csv" | sed '$d' >"$W/run_q/raw.csv"
MAX_BYTES=$((MAX_BYTES / 2 - 4096)) fill "$W/run_q/cases.csv" "pattern,procs,h,reps,rse,void_reps,oversubscribed" 'sprintf("E,%d,%d,20,0.01,0,0", 2 + i % 64, 1000 + i)'

# ---- one measured run ------------------------------------------------------------------
# run NAME INPUT CMD...: CMD under /usr/bin/time with a 30 s guard
run() {
    local name=$1 input=$2 bytes mb s rc msg; shift 2
    bytes=$(stat -c %s "$input" 2>/dev/null || echo 0)
    [ -d "$input" ] && bytes=$(du -sb "$input" | cut -f1)
    /usr/bin/time -f '%M %e' -o "$W/time" timeout 30 "$@" >/dev/null 2>"$W/err"; rc=$?
    read -r kb s <"$W/time" 2>/dev/null || { kb=0; s=0; }
    [ "$(tail -n 1 "$W/time")" != "$kb $s" ] && read -r kb s < <(tail -n 1 "$W/time")
    mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
    msg=$(grep -v '^Command exited\|^Command terminated' "$W/err" | head -n 1 | cut -c1-90 | tr '|' '/')
    rows+="| \`hrel $name\` | $(basename "$input") | $bytes | $mb | $s | $rc | ${msg:-} |"$'\n'
    if awk -v m="$mb" -v t="$s" -v M=$MAX_MB -v T=$MAX_S 'BEGIN { exit !(m <= M && t <= T) }' &&
       [ "$rc" -le 128 ] && [ "$rc" -ne 124 ] && [ "$bytes" -le $((MAX_BYTES + 4096)) ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL hrel $name $(basename "$input"): ${mb} MB, ${s} s, exit $rc: ${msg:-}"
    fi
}

G=(--g 1e-8 --L 1e-4)
for f in "$C"/raw/* "$W"/raw_*.csv; do
    run "fit" "$f" "$H" fit "$f" --no-files
    run "fit --csv" "$f" "$H" fit "$f" --csv
    run "hyper fit" "$f" "$H" hyper fit "$f" --out "$W/hy"
done
for f in "$C"/trace/* "$C"/csv/* "$W"/trace_*.csv; do
    for m in bsp bspwb mpm; do run "model $m" "$f" "$H" model $m "$f" "${G[@]}"; done
done
for f in "$C"/msgtrace/* "$W"/msgs_*.csv; do
    run "model replay" "$f" "$H" model replay "$f" "${G[@]}"
    run "model replay --medium bus" "$f" "$H" model replay "$f" "${G[@]}" --medium bus
done
for f in "$C"/fitcsv/* "$W"/fit_rows.csv; do
    run "model mpm --fit" "$f" "$H" model mpm "$W/trace_small.csv" --fit "$f"
    run "compare" "$f" "$H" compare "$f"
done
for f in "$C"/pvmtrace/* "$W"/pvm_many.trc; do
    mkdir -p "$W/imp"; run "trace import" "$f" "$H" trace import "$f" -o "$W/imp"
done
for f in "$C"/hyper/* "$W"/hyper_*.graph; do run "hyper reduce" "$f" "$H" hyper reduce "$f"; done
for f in "$C"/ccm/* "$W"/ccm_*.ccm; do run "model ccm" "$f" "$H" model ccm "$f"; done
for f in "$C"/fftconst/* "$W"/fft_consts.csv; do
    run "fft predict" "$f" "$H" fft predict --consts "$f" "${G[@]}" --n 1024 --procs 2,4
done
for f in "$C"/psrsconst/* "$W"/psrs_consts.csv; do
    run "psrs predict" "$f" "$H" psrs predict --consts "$f" --n 4096 --procs 2,4 "${G[@]}"
done
run "quality" "$W/run_q" "$H" quality "$W/run_q"

out="| command | input | bytes | peak RSS (MB) | seconds | exit | first line of stderr |
|---|---|---:|---:|---:|---:|---|
$rows"
[ -n "$table" ] && printf '%s' "$out" >"$table"
printf '%s' "$out" | awk -F'|' 'NR > 2 { if ($5 + 0 > m) { m = $5 + 0; mc = $2 $3 } if ($6 + 0 > t) { t = $6 + 0; tc = $2 $3 } }
    END { printf "largest peak RSS %.1f MB (%s); longest run %.2f s (%s)\n", m, mc, t, tc }'
echo "limits: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
