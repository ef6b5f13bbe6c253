#!/bin/bash
# model_xfirst.sh -- what hrel predict's replay gives for hrel_xfirst's crossed
# first exchange (xfirst.csv) on lan-utp, from the characterisation of matrix
# Y's lan-utp fftccm cell: a trace of hrel_xfirst's shape (rank 0 on host 1
# starts ranks 1 on host 1 and 2 on host 2, tells both to go; each sends the
# other BYTES first, then receives), priced with crossing (the default), with
# --rtt0 0.002 (pvmds that have learnt a short round trip) and with
# --no-crossing; the exchange is from the first of the two sends' start to the
# last of the two receives' end in the replay (--timeline). Writes
# model_xfirst.txt here. Runs nothing on a platform.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
C=$ROOT/docs/data/predict_matrix_2026-11-27/cells/lan-utp/fftccm
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
{ echo "# model_xfirst.sh: $(date -u +%FT%TZ), commit $(git -C "$ROOT" rev-parse --short HEAD); characterisation ${C#$ROOT/}"
  echo "bytes,variant,exchange_s"
  for b in 65536 262144 1048576; do
      printf 'rank,host,kind,peers,bytes,tag,t_begin,t_end\n0,1,start,,0,-1,0,0\n0,1,spawn,1;2,0,-1,0,0.001\n0,1,mcast,1;2,8,1,0.002,0.002\n0,1,recv,1,8,3,0.002,0.3\n0,1,recv,2,8,3,0.3,0.3\n1,1,start,,0,-1,0.001,0.001\n1,1,recv,0,8,1,0.001,0.010\n1,1,send,2,%d,2,0.0101,0.1\n1,1,recv,2,%d,2,0.1,0.2\n1,1,send,0,8,3,0.2,0.2\n2,2,start,,0,-1,0.001,0.001\n2,2,recv,0,8,1,0.001,0.010\n2,2,send,1,%d,2,0.0100,0.012\n2,2,recv,1,%d,2,0.012,0.2\n2,2,send,0,8,3,0.2,0.2\n' \
          "$b" "$b" "$b" "$b" >"$T/x.csv"
      for v in crossing rtt0_0.002 no-crossing; do
          case $v in crossing) o=() ;; rtt0_0.002) o=(--rtt0 0.002) ;; no-crossing) o=(--no-crossing) ;; esac
          "$ROOT/bin/LINUX64/hrel" predict "$T/x.csv" --on "$C" --platform lan-utp --route direct \
              --hosts-from "$T/x.csv" --no-lifecycle "${o[@]}" --timeline "$T/tl.csv" >/dev/null
          grep -v '^#' "$T/tl.csv" | awk -F, -v b="$b" -v v="$v" '
              $3 == "send" && $5 == b { if (s == "" || $9 < s) s = $9 }
              $3 == "recv" && $5 == b { if ($10 > e) e = $10 }
              END { printf "%d,%s,%.4f\n", b, v, e - s }'
      done
  done; } >"$HERE/model_xfirst.txt"
cat "$HERE/model_xfirst.txt"
