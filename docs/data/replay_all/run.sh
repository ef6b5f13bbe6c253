#!/bin/bash
# replay_all.sh over the folders of "Every traced run priced" (docs/predict.md),
# writing replay_all.txt here: the two local matrices of 2026-11-26 (session 19)
# and the placement folders.
set -u
H=$(cd "$(dirname "$0")" && pwd)
D=$(dirname "$H")
{ for s in E E2; do
      echo "# predict_matrix_local/$s"
      "$H/replay_all.sh" "$D/predict_matrix_local/$s"/cells/local/*
  done
  echo "# placement/pinned, placement/earlier"
  "$H/replay_all.sh" "$D/placement/pinned"/*/ "$D/placement/earlier"/*/
} 2>&1 | sed "s|$D/||g" >"$H/replay_all.txt"
