#!/bin/bash
# reprice.sh HREL_BEFORE: the lan-utp-wire cells of this folder priced by
# HREL_BEFORE (an hrel built before 2026-11-26's switch model, e.g. at commit
# cf6589e: the ports one reservation of both links, Ethernet frames) and by this
# checkout's hrel (the userspace wire's store-and-forward switch); prints
# cell,replay_pvmd_before_s,err_before,replay_pvmd_after_s,err_after (error % against
# the median of the cell's 5 untraced runs, + = predicted short). Run from the
# checkout's root.
set -eu
before=$1
D=docs/data/predict_matrix_utpwire
R=docs/data/heldout_daemon/reprice_wire.sh
tmp=$(mktemp -d)
bash "$R" "$before" "$D"/cells/*/ | tail -n +2 | sort >"$tmp/b"
bash "$R" bin/LINUX64/hrel "$D"/cells/*/ | tail -n +2 | sort >"$tmp/a"
echo "cell,replay_pvmd_before_s,err_before,replay_pvmd_after_s,err_after"
join -t, "$tmp/b" "$tmp/a"
rm -rf "$tmp"
