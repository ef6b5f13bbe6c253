#!/bin/bash
# before.sh: matrix S28 priced by the code before the HTB charge rule (commit 46485f7,
# its own spread files): a clone built in a temporary folder prices a copy of this
# set (predict_matrix.sh --reprice), then matrix_goal.sh. Run from the checkout's
# root; output: before.txt beside this script.
set -eu
here=docs/data/predict_matrix_lancoax/S28
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
git clone -q "$(pwd)" "$t/src"; git -C "$t/src" checkout -q 46485f7
make -C "$t/src" >"$t/build.log" 2>&1 || { echo "before.sh: the build failed: $t/build.log" >&2; exit 1; }
cp -r "$here" "$t/S28"
(cd "$t/src" && experiments/predict_matrix.sh --reprice --run "$t/S28" --platforms lan-coax >/dev/null &&
    experiments/matrix_goal.sh "$t/S28") | sed "s|$t|TMP|g" >"$here/before.txt"
tail -n 1 "$here/before.txt"
