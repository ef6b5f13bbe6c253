# Sourced by run.sh, run2.sh and run3.sh: ROOT (the checkout), O (the output folder, $1,
# made), F (matrix D's local daemon-route characterisation, or HREL_EXAMPLES_FIT), R (the
# untraced and traced runs of each program: HREL_EXAMPLES_RUNS, default 5), O/gex.txt
# (gexample's and fgexample's stdin: 20, then 3).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
O=${1:?usage: $(basename "$0") OUT}
mkdir -p "$O"
F=${HREL_EXAMPLES_FIT:-$ROOT/docs/data/predict_matrix_lcnow/char/local-daemon/fit.csv}
R=${HREL_EXAMPLES_RUNS:-5}
printf '20\n3\n' >"$O/gex.txt"
