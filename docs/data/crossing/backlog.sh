#!/bin/bash
# backlog.sh OUT CMD [ARGS...] -- (inside hostfiles/platform.sh run) utp1's
# eth0 tbf backlog in bytes, sampled every 5 ms while CMD runs, one per line
OUT=$1; shift
ns=$(cat "$HREL_PLATFORM_STATE"/ns.utp1)
( while :; do ip netns exec "$ns" tc -s qdisc show dev eth0 | awk '/backlog/ { sub("b", "", $2); print $2 }'; sleep 0.005; done ) >"$OUT" &
sp=$!
"$@" >/dev/null 2>&1
kill $sp
