#!/bin/bash
# Price a local matrix's direct-route cells again with PP,2's cost by size
# measured with blocking receives (docs/predict.md, "The receive a program
# makes"). MATRIX is copied to OUT; the PP,2 rows of OUT/char/local-direct/
# sizes.csv are replaced by those of `hrel fit` on the PP,2 rows of RAW... (raw.csv
# files of hrel_bench --recv block, e.g. pp_recv.sh's), pooled; then
# predict_matrix.sh --reprice. Prints both matrices' direct-route summary rows
# and, per direct cell, the replay's error before and after.
# usage: reprice_block.sh MATRIX OUT RAW...
set -u
[ $# -ge 3 ] || { echo "usage: reprice_block.sh MATRIX OUT RAW..." >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
HREL=$ROOT/bin/LINUX64/hrel
m=$1 out=$2; shift 2
[ -s "$m/char/local-direct/sizes.csv" ] || { echo "reprice_block.sh: $m/char/local-direct/sizes.csv: none" >&2; exit 1; }
[ ! -e "$out" ] || { echo "reprice_block.sh: $out exists" >&2; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
{ grep '^#' "$1" | grep -v '^# complete:'; echo 'pattern,procs,h,msg_bytes,rep,seconds'
  for r in "$@"; do awk -F, '$1 == "PP" && $2 == 2' "$r"; done; echo '# complete: yes'; } >"$t/raw.csv"
"$HREL" fit "$t/raw.csv" --out "$t" >/dev/null || exit 1
cp -a "$m" "$out"
s=$out/char/local-direct/sizes.csv
{ grep -v '^PP,2,' "$s" | grep -v '^#'; } >"$t/rest"
{ grep '^#' "$s"; echo "# PP,2 rows: hrel_bench --recv block, $# runs pooled (docs/data/recv_block/reprice_block.sh)"
  head -n 1 "$t/rest"; grep '^PP,2,' "$t/sizes.csv"; tail -n +2 "$t/rest"; } >"$s.new" && mv "$s.new" "$s"
"$ROOT/experiments/predict_matrix.sh" --reprice --run "$out" --platforms local >/dev/null 2>"$t/err" ||
    { cat "$t/err" >&2; exit 1; }
echo "# $(date -u +%FT%TZ) reprice_block.sh $m -> $out, PP,2 with blocking receives:"
grep '^PP,2,' "$s" | awk -F, '{ printf "#   %s B: median %.0f us\n", $3, $6 * 1e6 }'
echo "# before: $(grep '^| local | direct | same | replay |' "$m/summary.md")"
echo "# after:  $(grep '^| local | direct | same | replay |' "$out/summary.md")"
echo "# daemon (unchanged): $(grep '^| local | daemon | same | replay |' "$out/summary.md")"
paste -d'|' <(grep '^| local .* | direct |' "$m/cells.md" | awk -F'|' '{ print $3 "|" $13 }') \
            <(grep '^| local .* | direct |' "$out/cells.md" | awk -F'|' '{ print $13 }')
