#!/bin/bash
# offer_grid.sh: lan-coax-wire-5's stencil3, exit1b and ring3 (stored traces) replayed
# (31 seeds, median and 80 % interval) for pvmd's mean wait J and the wire's offer delay
# (HREL_OFFER_LATE, exponential; HREL_OFFER_BUSY: only while two ranks compute), with a
# scratch build of scratch.patch (built in a temporary clone). Output: offer_grid.txt
set -u
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
git clone -q "$root" "$tmp/c" && (cd "$tmp/c" && git apply "$here/scratch.patch" && make -s >/dev/null 2>&1) ||
    { echo "offer_grid: building the scratch hrel failed" >&2; exit 1; }
H=$tmp/c/bin/${PVM_ARCH:-LINUX64}/hrel
rep() {   # rep PROGRAM J: median and interval
    local c=$here/../heldout_daemon/lan-coax-wire-5/$1
    "$H" model replay "$c/predicting_msgs.csv" --medium bus --hosts-from "$c/predicting_msgs.csv" --daemon 8e-7 \
        --wire user --wire-delay 2e-6 --rtt0 0.024142 --pvmd-s 1.30534e-05 --pvmd-msg-s 1.37985e-05 \
        --jitter "$2" --interval 31 --seed 1 --lifecycle "$c/lifecycle.csv" 2>&1 |
        awk '/^interval/ { lo = $2; hi = $3 } /^median/ { m = $2 } END { printf "median %.4f [%.4f, %.4f]", m, lo, hi }'
}
echo "program,J_s,offer_s,busy_s,replay,untraced_runs_s"
for p in stencil3 exit1b ring3; do
    u=$(sed -n 's/^# measured_runs_s: //p' "$here/../heldout_daemon/lan-coax-wire-5/$p/predict_untraced.csv" | tr ',' ' ')
    for j in 6.44767e-05 3e-5 1e-5; do
        for o in 0 3e-5 7.2e-5 1.5e-4; do
            if [ "$o" = 0 ]; then r=$(rep $p $j); else r=$(HREL_OFFER_LATE=$o rep $p $j); fi
            echo "$p,$j,$o,,$r,$u"
        done
    done
done
for b in 2e-4 5e-4 1e-3; do
    for o in 0 2e-5; do
        echo "stencil3,6.44767e-05,$o,$b,$(HREL_OFFER_LATE=$o HREL_OFFER_BUSY=$b rep stencil3 6.44767e-05),"
    done
done
