#!/bin/bash
# The traced run (the one each cell was predicted from, the one whose tev
# files are kept) of the local direct-route cells with more tasks than cores
# (psrs, stencil-d, farm-d) of the stored matrices H and I, replayed by this
# checkout against its own traced time: as stored (the import of its day), and
# imported again from its tev files with the calls' CPU (default) and without
# (--no-call-cpu); and per task the CPU time spent inside PVM calls (hrel trace
# calls: every kind but pack, whose CPU is not recorded). Errors: (traced -
# replay) / traced, %. usage (repository root): docs/data/call_cpu/self_replay.sh
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HREL=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rep() { "$HREL" predict "$1" --on "$2" --platform local --hosts 1 --route direct $3 2>/dev/null |
        sed -n 's/^replay,\([^,]*\).*/\1/p'; }
echo "# self_replay.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD)"
echo "# matrix cell run: traced ms | replay ms (error %): stored trace | calls' CPU | without | CPU in calls per task ms"
for m in H I; do
    for c in psrs stencil-d farm-d; do
        src=$ROOT/docs/data/predict_matrix_local/$m/cells/local/$c
        for r in "$src"/run*; do
            k=$(basename "$r"); w=$tmp/$m.$c.$k
            [ -d "$r/tev" ] || continue
            mkdir -p "$w"; cp "$r/calibration.csv" "$w/"
            "$HREL" trace import "$r/tev" -o "$w" >/dev/null 2>&1 || { echo "$m $c $k: import failed"; continue; }
            tt=$(sed -n "s/^# measured_runs_s: //p" "$src/predict.csv" | cut -d, -f"${k#run}")
            a=$(rep "$r" "$src" "") b=$(rep "$w" "$src" "") d=$(rep "$w" "$src" --no-call-cpu)
            cpu=$("$HREL" trace calls "$r/tev" 2>/dev/null | awk -F, 'NR > 2 && $4 != "pack" { s[$1] += $7 }
                  END { for (k in s) printf "%.1f ", s[k] * 1e3 }')
            awk -v n="$m $c $k" -v t="$tt" -v a="$a" -v b="$b" -v d="$d" -v cpu="$cpu" 'BEGIN {
                printf "%s: %.1f | %.1f (%+.1f) | %.1f (%+.1f) | %.1f (%+.1f) | %s\n", n, t * 1e3,
                    a * 1e3, (t - a) / t * 100, b * 1e3, (t - b) / t * 100, d * 1e3, (t - d) / t * 100, cpu }'
        done
    done
done
echo "# hrel trace calls of I's psrs run5 (wall and CPU time per task and kind of call, voluntary switches)"
"$HREL" trace calls "$ROOT/docs/data/predict_matrix_local/I/cells/local/psrs/run5/tev" 2>&1 | tail -n +2
