#!/bin/bash
# A call's own CPU as load on the cores (docs/predict.md, "A call's own CPU"):
# the stored local matrices H, I and J (J run with this change;
# docs/data/predict_matrix_local, the predicting runs' tev files kept), each
# predicting run imported again by this checkout (which adds
# msgs.csv's call_cpu_s) into a scratch copy, then priced again (no new runs) by
# predict_matrix.sh --reprice with the calls' CPU (hrel predict's default on the
# direct route), without it (--predict-opt --no-call-cpu) and on the daemon
# route too (--predict-opt --call-cpu: tried, not the default); and the
# fast-switch daemon-route matrix G (its tev files kept too) by replay_pvmd_shared
# as it is and with --call-cpu. Prints the model's summary rows and its error per
# cell against the untraced median (%; D/ the direct route, d/ the daemon route).
# usage (from the repository root): docs/data/call_cpu/reprice.sh > docs/data/call_cpu/reprice.txt
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HREL=$ROOT/bin/${PVM_ARCH:-LINUX64}/hrel
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "# reprice.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD)"
# one MATRIXDIR PLATFORM MODEL VARIANT...: copy, import again, price each variant
# (with: hrel predict's default; without: --no-call-cpu; daemon: --call-cpu, the
# calls' CPU on the daemon route too)
one() {
    local src=$1 plat=$2 model=$3 m pm c r v opt
    m=$(basename "$src")
    shift 3
    rm -rf "${tmp:?}/$m"; cp -r "$src" "$tmp/$m"
    "$ROOT/docs/data/predict_matrix_local/reimport.sh" "$tmp/$m" "$plat"
    for v in "$@"; do
        rm -rf "$tmp/$m.$v"; cp -r "$tmp/$m" "$tmp/$m.$v"
        case $v in without) opt=(--predict-opt --no-call-cpu) ;; daemon) opt=(--predict-opt --call-cpu) ;;
                   *) opt=() ;; esac
        "$ROOT/experiments/predict_matrix.sh" --reprice --run "$tmp/$m.$v" --platforms "$plat" "${opt[@]}" \
            >"$tmp/$m.$v.log" 2>&1 || { echo "# $m $v: reprice failed"; tail -n 3 "$tmp/$m.$v.log"; }
        echo "== matrix $m ($plat), the calls' CPU: $v${opt[*]:+ (${opt[*]})}"
        grep "| $model |" "$tmp/$m.$v.log" | grep -v "| all |\|| LANs |"
        awk -F, -v mo="$model" '$5==mo{printf "%s/%s %s  ", $3=="daemon"?"d":"D", $2, $10} END{print ""}' \
            "$tmp/$m.$v/matrix.csv"
    done
}
one "$ROOT/docs/data/predict_matrix_local/H" local replay with without daemon
one "$ROOT/docs/data/predict_matrix_local/I" local replay with without daemon
one "$ROOT/docs/data/predict_matrix_local/J" local replay with without
one "$ROOT/docs/data/predict_matrix_fastswitch/G" fast-switch replay_pvmd_shared with daemon
