#!/bin/bash
# The emulated platforms' direct-route matrices run with this change (their traces
# carry call_cpu_s): fast-switch D1 (docs/data/predict_matrix_fastswitch/D1) and
# lan-utp D1 (docs/data/predict_matrix_lanutp/D1), each priced again three ways:
# as hrel predict does by default on an emulated platform (no processor sharing,
# so the calls' CPU prices nothing), with --share-cpus (the gaps, the messages and
# the calls' CPU on the 2 shared cores), and with --share-cpus --no-call-cpu.
# Prints the replay's and MPM's summary rows and the replay's error per cell (%,
# against the untraced median).
# usage (repository root): docs/data/call_cpu/emulated_direct.sh > docs/data/call_cpu/emulated_direct.txt
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "# emulated_direct.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD)"
for pd in fast-switch:predict_matrix_fastswitch/D1 lan-utp:predict_matrix_lanutp/D1; do
    plat=${pd%%:*} set=${pd#*:}
    for v in default share share_nocall; do
        rm -rf "$tmp/$v"; cp -r "$ROOT/docs/data/$set" "$tmp/$v"
        case $v in default) o=() ;; share) o=(--predict-opt --share-cpus) ;;
                   share_nocall) o=(--predict-opt --share-cpus --predict-opt --no-call-cpu) ;; esac
        "$ROOT/experiments/predict_matrix.sh" --reprice --run "$tmp/$v" --platforms "$plat" "${o[@]}" \
            >"$tmp/$v.log" 2>&1 || { echo "# $plat $v: reprice failed"; tail -n 3 "$tmp/$v.log"; }
        echo "== $plat ($set), $v${o[*]:+ (${o[*]})}"
        grep "| $plat | direct | same | \(replay\|mpm\) |" "$tmp/$v.log"
        awk -F, '$5=="replay"{printf "%s %s  ", $2, $10} END{print ""}' "$tmp/$v/matrix.csv"
    done
done
